def f(x, k):
    try:
        with ag__.handling(ZeroDivisionError):
            y = ag__.Undefined('y')

            def if_body(y):
                y = 10 // k
                return y

            def else_body(y):
                y = 0
                return y
            y = ag__.if_stmt(x > 0, if_body, else_body, (y,), ('y',))
    except ZeroDivisionError as error_:
        ag__.reraise_traced(error_)
        y = -1
    return y
