def f(x, limit):
    handlers_ = ag__.Handlers((ValueError,))
    handler_ = 0
    try:
        with ag__.handling(ValueError):
            y = ag__.Undefined('y')

            def if_body(handler_, y):
                handler_ = ag__.raise_to(handlers_, ValueError('too big'))
                return (handler_, y)

            def else_body(handler_, y):
                y = x * 2
                return (handler_, y)
            handler_, y = ag__.if_stmt(x > limit, if_body, else_body, (handler_, y), ('handler_', 'y'))
    except ValueError as error_:
        ag__.reraise_traced(error_)
        y = limit
    else:

        def if_body_1(y):
            y = limit
            return y
        y = ag__.if_stmt(handler_ == 1, if_body_1, None, (y,), ('y',))
    return ag__.ld(y)
