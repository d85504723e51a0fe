def f(x, y):
    retval_ = ag__.UndefinedReturnValue()

    def if_body(retval_):

        def if_body_1(retval_):
            retval_ = 1
            return retval_

        def else_body_1(retval_):

            def if_body_2(retval_):
                retval_ = 4
                return retval_

            def else_body_2(retval_):
                retval_ = 0
                return retval_
            retval_ = ag__.if_stmt(y < 0, if_body_2, else_body_2, (retval_,), ('retval_',))
            return retval_
        retval_ = ag__.if_stmt(y > 0, if_body_1, else_body_1, (retval_,), ('retval_',))
        return retval_

    def else_body(retval_):

        def if_body_3(retval_):

            def if_body_4(retval_):
                retval_ = 2
                return retval_

            def else_body_4(retval_):
                retval_ = 3
                return retval_
            retval_ = ag__.if_stmt(y > 0, if_body_4, else_body_4, (retval_,), ('retval_',))
            return retval_

        def else_body_3(retval_):
            retval_ = 0
            return retval_
        retval_ = ag__.if_stmt(x < 0, if_body_3, else_body_3, (retval_,), ('retval_',))
        return retval_
    retval_ = ag__.if_stmt(x > 0, if_body, else_body, (retval_,), ('retval_',))
    return retval_
