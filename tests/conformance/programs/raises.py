"""Programs that raise under a tensor condition, and lists changed in place in a tensor `if`."""


def prog_raise_in_branch_not_taken(tf):
    @tf.function
    def f(x):
        if x > 2:
            raise ValueError("too big")
        return x + 1
    return f(tf.constant(1))


def prog_raise_in_branch_taken(tf):
    @tf.function
    def f(x):
        if x > 2:
            raise ValueError("too big")
        return x + 1
    return f(tf.constant(5))


def prog_raise_handled_by_try_in_tensor_if(tf):
    @tf.function
    def f(x, limit):
        try:
            if x > limit:
                raise ValueError("too big")
            y = x * 2
        except ValueError:
            y = limit
        return y
    return f(tf.constant(5), tf.constant(3)), f(tf.constant(1), tf.constant(3))


def prog_raise_handled_by_try_stops_tensor_loop(tf):
    @tf.function
    def f(n):
        total = tf.constant(0)
        try:
            for i in tf.range(n):
                if i == 3:
                    raise KeyError("three")
                total += i
        except KeyError:
            total = -total
        return total
    return f(tf.constant(10)), f(tf.constant(3))


def prog_list_item_set_then_list_rebound_in_tensor_if(tf):
    @tf.function
    def f(n):
        xs = [tf.constant(0), tf.constant(1)]
        ys = xs
        if n > 0:
            xs[1] = n + 5
            xs = [xs[1], tf.constant(0)]
        return ys[1], xs[0]
    return f(tf.constant(1))
