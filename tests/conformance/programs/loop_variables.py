"""Variables first assigned inside tensor loops, temporaries, and loop options."""
# Lambdas bound to names, closures over loop variables and unused loop variables are what
# these programs test.
# ruff: noqa: E731, B023, B007


def prog_var_first_assigned_in_while_used_after(tf):
    @tf.function
    def f(n):
        i = tf.constant(0)
        while i < n:
            last = i * 2
            i += 1
        return last
    return f(tf.constant(3))


def prog_var_first_assigned_in_for_used_after(tf):
    @tf.function
    def f(n):
        for i in tf.range(n):
            y = i + 10
        return y
    return f(tf.constant(3))


def prog_temporary_in_loop_body(tf):
    @tf.function
    def f(n):
        s = tf.constant(0)
        for i in tf.range(n):
            tmp = i * i
            s += tmp
        return s
    return f(tf.constant(4))


def prog_loop_var_used_after_for(tf):
    @tf.function
    def f(n):
        i = tf.constant(-1)
        for i in tf.range(n):
            pass
        return i
    return f(tf.constant(5))


def prog_loop_var_changes_dtype(tf):
    @tf.function
    def f(n):
        x = tf.constant(0)
        for _ in tf.range(n):
            x = tf.cast(x, tf.float32) + 1.0
        return x
    return f(tf.constant(2))


def prog_loop_var_changes_shape_without_invariant(tf):
    @tf.function
    def f(n):
        x = tf.constant([0])
        for _ in tf.range(n):
            x = tf.concat([x, [1]], 0)
        return x
    return f(tf.constant(3))


def prog_shape_invariants_option(tf):
    @tf.function
    def f(n):
        x = tf.constant([0])
        for _ in tf.range(n):
            tf.autograph.experimental.set_loop_options(
                shape_invariants=[(x, tf.TensorShape([None]))])
            x = tf.concat([x, [1]], 0)
        return x
    return f(tf.constant(3))


def prog_maximum_iterations_option(tf):
    @tf.function
    def f(n):
        i = tf.constant(0)
        while i < n:
            tf.autograph.experimental.set_loop_options(maximum_iterations=4)
            i += 1
        return i
    return f(tf.constant(100))


def prog_maximum_iterations_on_for(tf):
    @tf.function
    def f(n):
        s = tf.constant(0)
        for i in tf.range(n):
            tf.autograph.experimental.set_loop_options(maximum_iterations=3)
            s += i
        return s
    return f(tf.constant(10))


def prog_while_loop_maximum_iterations(tf):
    return tf.while_loop(lambda i: i < 100, lambda i: (i + 1,), (tf.constant(0),),
                         maximum_iterations=7)


def prog_var_defined_in_one_branch_only(tf):
    @tf.function
    def f(x):
        if x > 0:
            y = x
        return y
    return f(tf.constant(1))


def prog_none_loop_var_becomes_tensor(tf):
    @tf.function
    def f(n):
        y = None
        for i in tf.range(n):
            y = i
        return y
    return f(tf.constant(3))
