def f(x):
    retval_ = ag__.UndefinedReturnValue()

    def if_body(retval_):
        retval_ = 0.0
        return retval_

    def else_body(retval_):
        y = x * x
        retval_ = y + 1.0
        return retval_
    retval_ = ag__.if_stmt(x < 0.0, if_body, else_body, (retval_,), ('retval_',))
    return retval_
