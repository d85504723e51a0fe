def f(limit, n):
    s = 0
    break_ = False

    def loop_body(i, break_, s):

        def if_body(break_, s):
            break_ = True
            return (break_, s)

        def else_body(break_, s):
            s += i
            return (break_, s)
        break_, s = ag__.if_stmt(s + i > limit, if_body, else_body, (break_, s), ('break_', 's'))
        return (break_, s)

    def extra_test(break_, s):
        return ag__.not_(break_)
    break_, s = ag__.for_stmt(ag.range(n), loop_body, (break_, s), ('break_', 's'), extra_test=extra_test)
    return s
