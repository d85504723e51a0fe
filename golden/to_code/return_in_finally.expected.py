def f(x):
    retval_ = ag__.UndefinedReturnValue()
    try:
        with ag__.handling(BaseException):
            retval_ = 2
    finally:

        def if_body(retval_):
            retval_ = 1
            return retval_

        def else_body(retval_):
            retval_ = 0
            return retval_
        retval_ = ag__.if_stmt(x > 0, if_body, else_body, (retval_,), ('retval_',))
        return ag__.finally_return(retval_)
    return retval_
