def f(xs):
    squares = []

    def loop_body(x, squares):

        def if_body(squares):
            squares = ag__.list_append(squares, x * x)
            return squares
        squares = ag__.if_stmt(x > 0, if_body, None, (squares,), ('squares',))
        return squares
    squares = ag__.for_stmt(xs, loop_body, (squares,), ('squares',))
    return squares
