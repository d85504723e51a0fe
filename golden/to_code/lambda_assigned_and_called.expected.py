def f(x):
    square = lambda v: v * v
    return ag__.converted_call(square, x) + 1
