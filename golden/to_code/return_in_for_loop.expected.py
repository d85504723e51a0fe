def f(xs, threshold):
    do_return = False
    retval_ = ag__.UndefinedReturnValue()

    def loop_body(x, do_return, retval_):

        def if_body(do_return, retval_):
            retval_ = x
            do_return = True
            return (do_return, retval_)
        do_return, retval_ = ag__.if_stmt(x > threshold, if_body, None, (do_return, retval_), ('do_return', 'retval_'))
        return (do_return, retval_)

    def extra_test(do_return, retval_):
        return ag__.not_(do_return)
    do_return, retval_ = ag__.for_stmt(xs, loop_body, (do_return, retval_), ('do_return', 'retval_'), extra_test=extra_test)

    def if_body_1(retval_):
        retval_ = -1.0
        return retval_
    retval_ = ag__.if_stmt(ag__.not_(do_return), if_body_1, None, (retval_,), ('retval_',))
    return retval_
