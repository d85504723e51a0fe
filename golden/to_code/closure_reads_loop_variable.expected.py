def f(xs):
    i = 0

    def at():
        return i + 2
    s = 0

    def loop_body(itr, s):
        nonlocal i
        i = itr
        s = s * 10 + ag__.converted_call(at)
        return s

    def get_state():
        return (i,)

    def set_state(values):
        nonlocal i
        i, = values
    s = ag__.for_stmt(xs, loop_body, (s,), ('s',), composites=(get_state, set_state, ('i',)))
    return s + ag__.converted_call(at) * 100
