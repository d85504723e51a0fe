def f(x):
    steps = 0

    def loop_test(steps, x):
        return x > 1.0

    def loop_body(steps, x):
        x = x / 2.0
        steps += 1
        return (steps, x)
    steps, x = ag__.while_stmt(loop_test, loop_body, (steps, x), ('steps', 'x'))
    steps = steps * 10
    return steps
