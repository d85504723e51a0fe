def f(n):
    x = ag.zeros([0])
    i = 0

    def loop_test(i, x):
        return i < n

    def loop_body(i, x):
        x = ag.concat([x, [1.0]], 0)
        i += 1
        return (i, x)
    i, x = ag__.while_stmt(loop_test, loop_body, (i, x), ('i', 'x'), opts={'shape_invariants': [('x', ag.TensorShape([None]))], 'maximum_iterations': 3})
    return ag.size(x)
