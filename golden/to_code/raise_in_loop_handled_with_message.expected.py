def f(xs):
    total = 0
    try_ = ag__.TryTrace()
    handlers_ = ag__.Handlers((ValueError,))
    handler_ = 0
    try:
        with ag__.handling(ValueError):

            def loop_body(x, handler_, total):

                def if_body(handler_, total):
                    handler_ = ag__.raise_to(handlers_, ValueError('negative'))
                    return (handler_, total)

                def else_body(handler_, total):
                    total += x
                    return (handler_, total)
                handler_, total = ag__.if_stmt(x < 0, if_body, else_body, (handler_, total), ('handler_', 'total'))
                return (handler_, total)

            def extra_test(handler_, total):
                return ag__.not_(handler_)
            handler_, total = ag__.for_stmt(xs, loop_body, (handler_, total), ('handler_', 'total'), extra_test=extra_test)
    except ValueError as error:
        ag__.reraise_traced(error)
        total = ag__.recovered('total', total, error)
        ag__.print(error)
        total = -1
    else:

        def if_body_1(total):
            error = ag__.handled_error(handlers_, 1)
            ag__.print(error)
            total = -1
            return total
        total = ag__.if_stmt(handler_ == 1, if_body_1, None, (total,), ('total',))
    finally:
        ag__.finally_begins(try_)
        total = ag__.recovered('total', total)
        ag__.print('done')
        ag__.finally_ends(try_)
    return total
