def f(x, y):
    retval_ = ag__.UndefinedReturnValue()

    def if_body(retval_):
        retval_ = x - y
        return retval_

    def else_body(retval_):
        retval_ = y - x
        return retval_
    retval_ = ag__.if_stmt(x > y, if_body, else_body, (retval_,), ('retval_',))
    return retval_
