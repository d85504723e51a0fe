def f(n):
    last = ag__.Undefined('last')

    def loop_body(i, last):
        last = i * 2
        return last
    last = ag__.for_stmt(ag.range(n), loop_body, (last,), ('last',))
    return ag__.ld(last)
