def f(xs, stop):
    do_return = False
    retval_ = ag__.UndefinedReturnValue(may_return_none=True)
    total = 0

    def loop_body(x, do_return, retval_, total):

        def if_body(do_return, retval_, total):
            retval_ = None
            do_return = True
            return (do_return, retval_, total)

        def else_body(do_return, retval_, total):
            total += x

            def if_body_1(do_return, retval_):
                retval_ = total
                do_return = True
                return (do_return, retval_)
            do_return, retval_ = ag__.if_stmt(total > stop, if_body_1, None, (do_return, retval_), ('do_return', 'retval_'))
            return (do_return, retval_, total)
        do_return, retval_, total = ag__.if_stmt(x is None, if_body, else_body, (do_return, retval_, total), ('do_return', 'retval_', 'total'))
        return (do_return, retval_, total)

    def extra_test(do_return, retval_, total):
        return ag__.not_(do_return)
    do_return, retval_, total = ag__.for_stmt(xs, loop_body, (do_return, retval_, total), ('do_return', 'retval_', 'total'), extra_test=extra_test)
    return ag__.retval(retval_)
