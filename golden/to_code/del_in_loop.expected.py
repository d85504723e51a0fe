def f(n):
    y = 1.0

    def loop_body(_, y):
        ag__.ld(y)
        y = ag__.Undefined('y')
        return y
    y = ag__.for_stmt(ag__.range(n), loop_body, (y,), ('y',))
    y = 5.0
    return y
