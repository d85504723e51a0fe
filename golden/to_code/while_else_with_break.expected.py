def f(n):
    d = 2
    break_ = False

    def loop_test(break_, d):
        return ag__.and_(ag__.not_(break_), lambda: d * d <= n)

    def loop_body(break_, d):

        def if_body(break_, d):
            break_ = True
            return (break_, d)

        def else_body(break_, d):
            d += 1
            return (break_, d)
        break_, d = ag__.if_stmt(n % d == 0, if_body, else_body, (break_, d), ('break_', 'd'))
        return (break_, d)
    break_, d = ag__.while_stmt(loop_test, loop_body, (break_, d), ('break_', 'd'))

    def if_body_1(d):
        d = n
        return d
    d = ag__.if_stmt(ag__.not_(break_), if_body_1, None, (d,), ('d',))
    return d
