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
                except ValueError:
                    s += 10
                return s
            s = ag__.if_stmt(c > 0, if_body, else_body, (s,), ('s',))
    except ValueError as error_:
        ag__.reraise_traced(error_, live=('s',))
        s += 100
    return s
