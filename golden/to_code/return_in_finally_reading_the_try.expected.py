def f(x):
    retval_ = ag__.UndefinedReturnValue()
    y = 0
    try:
        with ag__.handling(BaseException):
            y = x + 1

            def if_body(y):
                y = y * 2
                return y
            y = ag__.if_stmt(y > 2, if_body, None, (y,), ('y',))
            raise ValueError('discarded')
    finally:
        ag__.finally_entered()
        y = ag__.recovered('y', y)
        retval_ = y * 10
        return ag__.finally_return(retval_)
    return retval_
