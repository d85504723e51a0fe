"""Early returns of many shapes inside tensor control flow."""


def prog_return_in_both_branches(tf):
    @tf.function
    def f(x):
        if x > 0:
            return x
        else:
            return -x
    return f(tf.constant(-4)), f(tf.constant(4))


def prog_return_in_one_branch_then_fallthrough(tf):
    @tf.function
    def f(x):
        if x > 10:
            return x - 10
        x = x * 2
        return x
    return f(tf.constant(11)), f(tf.constant(3))


def prog_return_inside_while(tf):
    @tf.function
    def f(n):
        i = tf.constant(0)
        while i < 100:
            if i * i > n:
                return i
            i += 1
        return tf.constant(-1)
    return f(tf.constant(20)), f(tf.constant(100000))


def prog_return_inside_for_range(tf):
    @tf.function
    def f(n):
        for i in tf.range(n):
            if i == 3:
                return i * 100
        return n
    return f(tf.constant(10)), f(tf.constant(2))


def prog_return_tuple_in_branches(tf):
    @tf.function
    def f(x):
        if x > 0:
            return x, x + 1
        return x - 1, x
    return f(tf.constant(1)), f(tf.constant(-1))


def prog_return_dict_in_branches(tf):
    @tf.function
    def f(x):
        if x > 0:
            return {"a": x, "b": x * 2}
        return {"a": -x, "b": x}
    return f(tf.constant(2)), f(tf.constant(-2))


def prog_return_none_vs_tensor(tf):
    @tf.function
    def f(x):
        if x > 0:
            return x
    return f(tf.constant(1))


def prog_return_mismatched_dtypes(tf):
    @tf.function
    def f(x):
        if x > 0:
            return tf.constant(1)
        return tf.constant(1.0)
    return f(tf.constant(1))


def prog_return_mismatched_structures(tf):
    @tf.function
    def f(x):
        if x > 0:
            return x, x
        return x
    return f(tf.constant(1))


def prog_nested_if_returns(tf):
    @tf.function
    def f(x, y):
        if x > 0:
            if y > 0:
                return tf.constant(1)
            return tf.constant(2)
        if y > 0:
            return tf.constant(3)
        return tf.constant(4)
    c = tf.constant
    return f(c(1), c(1)), f(c(1), c(-1)), f(c(-1), c(1)), f(c(-1), c(-1))


def prog_return_in_python_if_inside_tensor_loop(tf):
    @tf.function
    def f(n, flag):
        s = tf.constant(0)
        for i in tf.range(n):
            if flag:
                s += i
            else:
                s -= i
        return s
    return f(tf.constant(4), True), f(tf.constant(4), False)


def prog_return_from_python_loop(tf):
    @tf.function
    def f(x):
        for k in range(5):
            if k == 2:
                return x + k
        return x
    return f(tf.constant(10))


def prog_return_different_shapes_in_branches(tf):
    @tf.function
    def f(x):
        if x > 0:
            return tf.constant([1, 2])
        return tf.constant([1, 2, 3])
    return f(tf.constant(1)), f(tf.constant(-1))
