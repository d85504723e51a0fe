def f(x):
    retval_ = ag__.UndefinedReturnValue()
    y = -1

    def if_body(retval_, y):
        try:
            with ag__.handling(BaseException):
                y = 10 // (x % 3)
        finally:
            ag__.finally_entered()
            y = ag__.recovered('y', y)
            retval_ = y + 100
            ag__.finally_return(retval_)
            return (retval_, y)
        return (retval_, y)

    def else_body(retval_, y):
        retval_ = y
        return (retval_, y)
    retval_, y = ag__.if_stmt(x > 0, if_body, else_body, (retval_, y), ('retval_', 'y'))
    return retval_
