def f(n):
    do_return = False
    retval_ = ag__.UndefinedReturnValue()
    i = 1

    def loop_test(do_return, i, retval_):
        return ag__.and_(ag__.not_(do_return), lambda: i < n)

    def loop_body(do_return, i, retval_):

        def if_body(do_return, i, retval_):
            retval_ = i
            do_return = True
            return (do_return, i, retval_)

        def else_body(do_return, i, retval_):
            i += 1
            return (do_return, i, retval_)
        do_return, i, retval_ = ag__.if_stmt(i * i >= n, if_body, else_body, (do_return, i, retval_), ('do_return', 'i', 'retval_'))
        return (do_return, i, retval_)
    do_return, i, retval_ = ag__.while_stmt(loop_test, loop_body, (do_return, i, retval_), ('do_return', 'i', 'retval_'))

    def if_body_1(retval_):
        retval_ = n
        return retval_
    retval_ = ag__.if_stmt(ag__.not_(do_return), if_body_1, None, (retval_,), ('retval_',))
    return retval_
