def f(x):
    y = x * 2
    ag__.print('doubled:', y)
    return y
