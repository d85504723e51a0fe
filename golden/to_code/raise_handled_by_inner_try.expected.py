def f(a, c):
    s = a
    try:
        with ag__.handling(ValueError):

            def if_body(s):
                s += 1
                return s

            def else_body(s):
                try:
                    raise ValueError()
                except ValueError as error_:
                    ag__.reraise_traced(error_)
                    s += 10
                return s
            s = ag__.if_stmt(c > 0, if_body, else_body, (s,), ('s',))
    except ValueError as error__1:
        ag__.reraise_traced(error__1)
        s = ag__.recovered('s', s, error__1)
        s += 100
    return s
