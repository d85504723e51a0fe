def f(n):
    i = 0
    odd_sum = 0

    def loop_test(i, odd_sum):
        return i < n

    def loop_body(i, odd_sum):
        i += 1

        def if_body(odd_sum):
            odd_sum += i
            return odd_sum
        odd_sum = ag__.if_stmt(ag__.not_(i % 2 == 0), if_body, None, (odd_sum,), ('odd_sum',))
        return (i, odd_sum)
    i, odd_sum = ag__.while_stmt(loop_test, loop_body, (i, odd_sum), ('i', 'odd_sum'))
    return odd_sum
