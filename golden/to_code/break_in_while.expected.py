def f(x, limit):
    total = 0.0
    i = 0
    break_ = False

    def loop_test(break_, i, total):
        return ag__.and_(ag__.not_(break_), lambda: i < 10)

    def loop_body(break_, i, total):
        total += x

        def if_body(break_, i):
            break_ = True
            return (break_, i)

        def else_body(break_, i):
            i += 1
            return (break_, i)
        break_, i = ag__.if_stmt(total > limit, if_body, else_body, (break_, i), ('break_', 'i'))
        return (break_, i, total)
    break_, i, total = ag__.while_stmt(loop_test, loop_body, (break_, i, total), ('break_', 'i', 'total'))
    return total
