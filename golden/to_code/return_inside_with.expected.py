def f(x):
    do_return = False
    retval_ = ag__.UndefinedReturnValue()
    with ag.name_scope('s'):

        def if_body(do_return, retval_):
            retval_ = x
            do_return = True
            return (do_return, retval_)
        do_return, retval_ = ag__.if_stmt(x > 0, if_body, None, (do_return, retval_), ('do_return', 'retval_'))

    def if_body_1(retval_):
        retval_ = -x
        return retval_
    retval_ = ag__.if_stmt(ag__.not_(do_return), if_body_1, None, (retval_,), ('retval_',))
    return retval_
