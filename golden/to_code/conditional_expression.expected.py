def f(x, y):
    return ag__.if_exp(x > y, lambda: x, lambda: y, 'x if x > y else y')
