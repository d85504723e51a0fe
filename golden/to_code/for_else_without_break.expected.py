def f(n):
    total = 0

    def loop_body(i, total):
        total += i
        return total
    total = ag__.for_stmt(ag.range(n), loop_body, (total,), ('total',))
    total = total * 10
    return total
