def f(n):
    result_ = 0

    def loop_body(i, result_):
        result_ = result_ + i * i
        return result_
    result_ = ag__.for_stmt(ag.range(n), loop_body, (result_,), ('result_',))
    total = result_ % 7
    return total
