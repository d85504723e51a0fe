def f(xs):
    positive_sum = 0.0

    def loop_body(x, positive_sum):

        def if_body(positive_sum):
            positive_sum += x
            return positive_sum
        positive_sum = ag__.if_stmt(ag__.not_(x <= 0.0), if_body, None, (positive_sum,), ('positive_sum',))
        return positive_sum
    positive_sum = ag__.for_stmt(xs, loop_body, (positive_sum,), ('positive_sum',))
    return positive_sum
