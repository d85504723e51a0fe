"""Closures defined inside loop bodies that read the loop variable."""
# Lambdas bound to names, closures over loop variables and unused loop variables are what
# these programs test.
# ruff: noqa: E731, B023, B007


def prog_lambda_reads_loop_var(tf):
    @tf.function
    def f(n):
        s = tf.constant(0)
        for i in tf.range(n):
            g = lambda: i * 10
            s += g()
        return s
    return f(tf.constant(4))


def prog_def_reads_loop_var(tf):
    @tf.function
    def f(n):
        s = tf.constant(0.0)
        i = tf.constant(0)
        while i < n:
            def g(y):
                return tf.cast(i, tf.float32) + y
            s = g(s)
            i += 1
        return s
    return f(tf.constant(4))


def prog_closure_over_python_range(tf):
    @tf.function
    def f(x):
        fns = [lambda k=k: x * k for k in range(3)]
        return tf.add_n([g() for g in fns])
    return f(tf.constant(2))


def prog_closure_in_cond_branch(tf):
    @tf.function
    def f(x):
        if x > 0:
            h = lambda: x + 100
        else:
            h = lambda: x - 100
        return h()
    return f(tf.constant(1)), f(tf.constant(-1))


def prog_closure_called_after_loop(tf):
    @tf.function
    def f(n):
        g = lambda: tf.constant(-1)
        for i in tf.range(n):
            g = lambda: i
        return g()
    return f(tf.constant(3))


def prog_closure_captures_accumulator(tf):
    @tf.function
    def f(n):
        s = tf.constant(1)
        for i in tf.range(n):
            step = lambda v: v * 2 + i
            s = step(s)
        return s
    return f(tf.constant(3))


def prog_nested_def_uses_outer_tensor_in_while(tf):
    @tf.function
    def f(x):
        def scale(v):
            return v * x
        i = tf.constant(0)
        s = tf.constant(1)
        while i < 3:
            s = scale(s)
            i += 1
        return s
    return f(tf.constant(2))


def prog_closure_in_tf_cond_fns(tf):
    @tf.function
    def f(n):
        s = tf.constant(0)
        for i in tf.range(n):
            s = tf.cond(i % 2 == 0, lambda: s + i, lambda: s - i)
        return s
    return f(tf.constant(5))


def prog_recursive_python_helper_in_loop(tf):
    def power(v, k):
        return v if k == 1 else v * power(v, k - 1)

    @tf.function
    def f(n):
        s = tf.constant(0)
        for i in tf.range(n):
            s += power(i, 3)
        return s
    return f(tf.constant(4))
