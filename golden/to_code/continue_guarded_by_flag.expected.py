def f(n):
    total = 0

    def loop_body(i, total):
        continue_ = False

        def if_body(continue_, total):

            def if_body_1(continue_, total):
                continue_ = True
                return (continue_, total)

            def else_body(continue_, total):
                total += 100
                return (continue_, total)
            continue_, total = ag__.if_stmt(i % 2 == 0, if_body_1, else_body, (continue_, total), ('continue_', 'total'))
            return (continue_, total)
        continue_, total = ag__.if_stmt(i % 3 == 0, if_body, None, (continue_, total), ('continue_', 'total'))

        def if_body_2(total):
            total += i
            return total
        total = ag__.if_stmt(ag__.not_(continue_), if_body_2, None, (total,), ('total',))
        return total
    total = ag__.for_stmt(ag.range(n), loop_body, (total,), ('total',))
    return total
