def f(n):
    steps = 0

    def loop_test(n, steps):
        return n != 1

    def loop_body(n, steps):
        n = ag__.if_exp(n % 2 == 0, lambda: n // 2, lambda: 3 * n + 1, 'n // 2 if n % 2 == 0 else 3 * n + 1')
        steps += 1
        return (n, steps)
    n, steps = ag__.while_stmt(loop_test, loop_body, (n, steps), ('n', 'steps'))
    return steps
