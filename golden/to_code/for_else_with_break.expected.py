def f(xs, target):
    index = 0
    break_ = False

    def loop_body(x, break_, index):

        def if_body(break_, index):
            break_ = True
            return (break_, index)

        def else_body(break_, index):
            index += 1
            return (break_, index)
        break_, index = ag__.if_stmt(x == target, if_body, else_body, (break_, index), ('break_', 'index'))
        return (break_, index)

    def extra_test(break_, index):
        return ag__.not_(break_)
    break_, index = ag__.for_stmt(xs, loop_body, (break_, index), ('break_', 'index'), extra_test=extra_test)

    def if_body_1(index):
        index = -1
        return index
    index = ag__.if_stmt(ag__.not_(break_), if_body_1, None, (index,), ('index',))
    return index
