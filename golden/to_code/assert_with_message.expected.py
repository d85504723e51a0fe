def f(x):
    ag__.assert_stmt(x > 0, lambda: 'x must be positive')
    return x * 2
