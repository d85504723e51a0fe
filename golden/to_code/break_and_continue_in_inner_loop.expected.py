def f(n):
    count = 0

    def loop_body(i, count):
        j = 0
        break_ = False

        def loop_test(break_, count, j):
            return ag__.and_(ag__.not_(break_), lambda: j < i)

        def loop_body_1(break_, count, j):
            j += 1

            def if_body(break_, count):

                def if_body_1(break_, count):
                    break_ = True
                    return (break_, count)

                def else_body(break_, count):
                    count += j
                    return (break_, count)
                break_, count = ag__.if_stmt(j > 5, if_body_1, else_body, (break_, count), ('break_', 'count'))
                return (break_, count)
            break_, count = ag__.if_stmt(ag__.not_(j % 2 == 0), if_body, None, (break_, count), ('break_', 'count'))
            return (break_, count, j)
        break_, count, j = ag__.while_stmt(loop_test, loop_body_1, (break_, count, j), ('break_', 'count', 'j'))
        return count
    count = ag__.for_stmt(ag.range(n), loop_body, (count,), ('count',))
    return count
