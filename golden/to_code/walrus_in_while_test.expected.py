def f(n):
    i = 0
    s = 0
    break_ = False

    def loop_test(break_, i, s):
        return ag__.not_(break_)

    def loop_body(break_, i, s):

        def if_body(break_, i, s):
            break_ = True
            return (break_, i, s)

        def else_body(break_, i, s):
            s += j
            i += 1
            return (break_, i, s)
        break_, i, s = ag__.if_stmt(ag__.not_((j := (i * 2)) < n), if_body, else_body, (break_, i, s), ('break_', 'i', 's'))
        return (break_, i, s)
    break_, i, s = ag__.while_stmt(loop_test, loop_body, (break_, i, s), ('break_', 'i', 's'))
    return s
