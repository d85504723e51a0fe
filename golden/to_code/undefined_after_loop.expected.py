def f(xs):
    last = ag__.Undefined('last')

    def loop_body(x, last):
        last = x
        return last
    last = ag__.for_stmt(xs, loop_body, (last,), ('last',))
    return ag__.ld(last)
