def f(n):
    s = n * 0

    def loop_body(i, s):
        double = lambda: i * 2
        s += ag__.converted_call(double)
        return s
    s = ag__.for_stmt(ag.range(n), loop_body, (s,), ('s',))
    return s
