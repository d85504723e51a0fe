def f(xs):
    squares = ag.TensorArray(ag.float32, size=ag.size(xs))

    def loop_body(i, squares):
        squares = ag__.converted_call(squares.write, i, xs[i] * xs[i])
        return squares
    squares = ag__.for_stmt(ag.range(ag.size(xs)), loop_body, (squares,), ('squares',))
    total = 0.0

    def loop_body_1(i, total):
        total += ag__.get_item(squares, i)
        return total
    total = ag__.for_stmt(ag.range(ag.size(xs)), loop_body_1, (total,), ('total',))
    return total
