"""tf.range, enumerate, zip and iteration directly over tensors inside tf.function."""


def prog_for_over_tensor_rows(tf):
    @tf.function
    def f(x):
        s = tf.zeros([2])
        for row in x:
            s += row
        return s
    return f(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))


def prog_enumerate_over_tensor(tf):
    @tf.function
    def f(x):
        s = tf.constant(0)
        for i, v in enumerate(x):
            s += tf.cast(i, tf.int32) * v
        return s
    return f(tf.constant([5, 6, 7]))


def prog_zip_over_tensors(tf):
    @tf.function
    def f(a, b):
        s = tf.constant(0.0)
        for x, y in zip(a, b):
            s += x * y
        return s
    return f(tf.constant([1.0, 2.0, 3.0]), tf.constant([4.0, 5.0, 6.0]))


def prog_range_with_start_stop_step(tf):
    @tf.function
    def f(a, b, c):
        s = tf.constant(0)
        for i in tf.range(a, b, c):
            s += i
        return s
    return f(tf.constant(2), tf.constant(20), tf.constant(3))


def prog_range_negative_step(tf):
    @tf.function
    def f(n):
        out = tf.constant(0)
        for i in tf.range(n, 0, -1):
            out = out * 10 + i
        return out
    return f(tf.constant(4))


def prog_python_range_with_tensor_bound(tf):
    @tf.function
    def f(n):
        s = tf.constant(0)
        for i in range(n):
            s += i
        return s
    return f(tf.constant(5))


def prog_tf_range_float(tf):
    return tf.range(0.0, 1.0, 0.25)


def prog_tf_range_dtype(tf):
    return tf.range(5, dtype=tf.int64)


def prog_tf_range_empty_loop(tf):
    @tf.function
    def f(n):
        s = tf.constant(7)
        for i in tf.range(n):
            s += i
        return s
    return f(tf.constant(0))


def prog_for_over_tensor_unknown_length(tf):
    @tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
    def f(x):
        s = tf.constant(0)
        for v in x:
            s += v
        return s
    return f(tf.constant([1, 2, 3, 4]))


def prog_for_over_python_list_of_tensors(tf):
    @tf.function
    def f(a, b):
        s = tf.constant(0)
        for t in [a, b, a]:
            s += t
        return s
    return f(tf.constant(1), tf.constant(10))


def prog_for_over_scalar_tensor_raises(tf):
    @tf.function
    def f(x):
        for v in x:
            x += v
        return x
    return f(tf.constant(1))
