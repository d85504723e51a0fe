def f(x):
    y = ag__.Undefined('y')

    def if_body(y):
        y = x * 2
        return y
    y = ag__.if_stmt(x > 0, if_body, None, (y,), ('y',))
    return ag__.ld(y)
