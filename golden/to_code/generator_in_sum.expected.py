def f(xs):
    total = 0

    def loop_body(x, total):
        total = total + x * x
        return total
    total = ag__.for_stmt(xs, loop_body, (total,), ('total',))
    return total
