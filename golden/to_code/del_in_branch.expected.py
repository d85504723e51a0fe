def f(flag, x):
    a = x
    b = x + 1

    def if_body(a, b):
        a = ag__.Undefined('a')
        a = b * 2
        return (a, b)

    def else_body(a, b):
        b = ag__.Undefined('b')
        b = a
        return (a, b)
    a, b = ag__.if_stmt(flag, if_body, else_body, (a, b), ('a', 'b'))
    return a + b
