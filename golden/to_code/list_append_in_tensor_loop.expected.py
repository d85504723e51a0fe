def f(xs):
    doubled = []

    def loop_body(x, doubled):
        doubled = ag__.list_append(doubled, x * 2.0)
        return doubled
    doubled = ag__.for_stmt(xs, loop_body, (doubled,), ('doubled',))
    return ag__.len(doubled)
