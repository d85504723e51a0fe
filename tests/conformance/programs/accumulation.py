"""TensorArray and Python lists appended to inside tensor loops and returned."""


def prog_tensorarray_write_stack(tf):
    @tf.function
    def f(n):
        ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
        for i in tf.range(n):
            ta = ta.write(i, i * i)
        return ta.stack()
    return f(tf.constant(5))


def prog_tensorarray_fixed_size(tf):
    @tf.function
    def f(x):
        ta = tf.TensorArray(tf.float32, size=3)
        for i in tf.range(3):
            ta = ta.write(i, x * tf.cast(i, tf.float32))
        return ta.stack()
    return f(tf.constant(2.0))


def prog_tensorarray_read_back(tf):
    @tf.function
    def f(n):
        ta = tf.TensorArray(tf.int32, size=n)
        for i in tf.range(n):
            ta = ta.write(i, i + 1)
        s = tf.constant(0)
        for i in tf.range(n):
            s += ta.read(i)
        return s
    return f(tf.constant(4))


def prog_tensorarray_unstack_then_loop(tf):
    @tf.function
    def f(x):
        ta = tf.TensorArray(tf.float32, size=3).unstack(x)
        s = tf.constant(0.0)
        for i in tf.range(3):
            s += ta.read(i)
        return s
    return f(tf.constant([1.0, 2.0, 4.0]))


def prog_tensorarray_of_vectors(tf):
    @tf.function
    def f(n):
        ta = tf.TensorArray(tf.float32, size=n, element_shape=[2])
        for i in tf.range(n):
            v = tf.cast(i, tf.float32)
            ta = ta.write(i, tf.stack([v, -v]))
        return ta.stack()
    return f(tf.constant(3))


def prog_tensorarray_size_after_loop(tf):
    @tf.function
    def f(n):
        ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
        i = tf.constant(0)
        while i < n:
            ta = ta.write(ta.size(), i)
            i += 2
        return ta.size()
    return f(tf.constant(7))


def prog_tensorarray_eager(tf):
    ta = tf.TensorArray(tf.int32, size=2)
    ta = ta.write(0, 10)
    ta = ta.write(1, 20)
    return ta.stack()


def prog_tensorarray_concat(tf):
    ta = tf.TensorArray(tf.int32, size=2, infer_shape=False)
    ta = ta.write(0, [1, 2])
    ta = ta.write(1, [3])
    return ta.concat()


def prog_python_list_append_in_tensor_loop(tf):
    @tf.function
    def f(n):
        out = []
        for i in tf.range(n):
            out.append(i)
        return tf.stack(out)
    return f(tf.constant(3))


def prog_python_list_append_in_python_loop(tf):
    @tf.function
    def f(x):
        out = []
        for k in range(3):
            out.append(x + k)
        return tf.stack(out)
    return f(tf.constant(10))


def prog_list_pop_in_python_loop(tf):
    @tf.function
    def f(x):
        items = [x, x + 1, x + 2]
        s = tf.constant(0)
        while items:
            s += items.pop()
        return s
    return f(tf.constant(1))


def prog_tensorarray_in_cond(tf):
    @tf.function
    def f(x):
        ta = tf.TensorArray(tf.int32, size=1)
        if x > 0:
            ta = ta.write(0, x)
        else:
            ta = ta.write(0, -x)
        return ta.stack()
    return f(tf.constant(-5))
