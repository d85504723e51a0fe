def f(n):
    i = 0
    g = lambda: i * 3
    s = 0

    def loop_test(s):
        return i < n

    def loop_body(s):
        nonlocal i
        i += 1

        def if_body(s):
            s += ag__.converted_call(g)
            return s
        s = ag__.if_stmt(i % 2 == 0, if_body, None, (s,), ('s',))
        return s

    def get_state():
        return (i,)

    def set_state(values):
        nonlocal i
        i, = values
    s = ag__.while_stmt(loop_test, loop_body, (s,), ('s',), composites=(get_state, set_state, ('i',)))
    return (s, ag__.converted_call(g))
