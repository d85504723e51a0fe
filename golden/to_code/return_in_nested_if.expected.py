def f(x, y):
    do_return = False
    retval_ = ag__.UndefinedReturnValue()

    def if_body(do_return, retval_, x):

        def if_body_1(do_return, retval_, x):
            retval_ = x + y
            do_return = True
            return (do_return, retval_, x)

        def else_body(do_return, retval_, x):
            x = x - y
            return (do_return, retval_, x)
        do_return, retval_, x = ag__.if_stmt(y > 0.0, if_body_1, else_body, (do_return, retval_, x), ('do_return', 'retval_', 'x'))
        return (do_return, retval_, x)
    do_return, retval_, x = ag__.if_stmt(x > 0.0, if_body, None, (do_return, retval_, x), ('do_return', 'retval_', 'x'))

    def if_body_2(retval_):
        z = x * 2.0
        retval_ = z
        return retval_
    retval_ = ag__.if_stmt(ag__.not_(do_return), if_body_2, None, (retval_,), ('retval_',))
    return retval_
