def f(x, c):
    do_return = False
    retval_ = ag__.UndefinedReturnValue()

    def if_body(do_return, retval_):
        try:
            with ag__.handling(ValueError):
                retval_ = ag__.converted_call(g, x)
                do_return = True
        except ValueError as error_:
            ag__.reraise_traced(error_)
            do_return = False
            pass
        return (do_return, retval_)
    do_return, retval_ = ag__.if_stmt(c > 0, if_body, None, (do_return, retval_), ('do_return', 'retval_'))

    def if_body_1(retval_):
        retval_ = 1
        return retval_
    retval_ = ag__.if_stmt(ag__.not_(do_return), if_body_1, None, (retval_,), ('retval_',))
    return retval_
