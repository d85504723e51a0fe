def f(n):
    count = 0

    def loop_body(i, count):

        def if_body(count):
            ag.print('fizzbuzz')
            return count

        def else_body(count):

            def if_body_1(count):
                ag.print('fizz')
                return count

            def else_body_1(count):

                def if_body_2(count):
                    ag.print('buzz')
                    return count

                def else_body_2(count):
                    ag.print(i)
                    count += 1
                    return count
                count = ag__.if_stmt(i % 5 == 0, if_body_2, else_body_2, (count,), ('count',))
                return count
            count = ag__.if_stmt(i % 3 == 0, if_body_1, else_body_1, (count,), ('count',))
            return count
        count = ag__.if_stmt(i % 15 == 0, if_body, else_body, (count,), ('count',))
        return count
    count = ag__.for_stmt(ag.range(1, n + 1), loop_body, (count,), ('count',))
    return count
