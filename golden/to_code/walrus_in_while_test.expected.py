def f(n):
    i = 0
    s = 0
    test_ = (j := (i * 2)) < n

    def loop_test(i, j, s, test_):
        return test_

    def loop_body(i, j, s, test_):
        s += j
        i += 1
        test_ = (j := (i * 2)) < n
        return (i, j, s, test_)
    i, j, s, test_ = ag__.while_stmt(loop_test, loop_body, (i, j, s, test_), ('i', 'j', 's', 'test_'))
    return s
