"""tf.Variable updates inside tensor loops and conditions, and tf.Module methods."""


def prog_variable_assign_add_in_loop(tf):
    v = tf.Variable(0)

    @tf.function
    def f(n):
        for i in tf.range(n):
            v.assign_add(i)
        return v.read_value()
    return f(tf.constant(5))


def prog_variable_assign_in_cond(tf):
    v = tf.Variable(1.0)

    @tf.function
    def f(x):
        if x > 0:
            v.assign(x)
        else:
            v.assign(-x * 10)
        return v.read_value()
    return f(tf.constant(3.0)), f(tf.constant(-2.0))


def prog_variable_persists_across_calls(tf):
    v = tf.Variable(0)

    @tf.function
    def f():
        v.assign_add(1)
        return v.read_value()
    f()
    f()
    return f()


def prog_variable_created_on_second_trace_raises(tf):
    @tf.function
    def f(x):
        v = tf.Variable(1.0)
        return v + x
    return f(tf.constant(1.0))


def prog_variable_created_once_pattern(tf):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = None

        @tf.function
        def __call__(self, x):
            if self.v is None:
                self.v = tf.Variable(2.0)
            return self.v * x
    m = M()
    return m(tf.constant(3.0)), m(tf.constant(4.0))


def prog_variable_in_while_condition(tf):
    v = tf.Variable(10)

    @tf.function
    def f():
        while v > 3:
            v.assign_sub(2)
        return v.read_value()
    return f()


def prog_variable_assign_sub_returns_value(tf):
    v = tf.Variable([1.0, 2.0])
    v.assign_sub([0.5, 0.5])
    return v.numpy()


def prog_variable_dtype_mismatch_assign(tf):
    v = tf.Variable(1)
    v.assign(1.5)
    return v


def prog_variable_shape_mismatch_assign(tf):
    v = tf.Variable([1.0, 2.0])
    v.assign([1.0, 2.0, 3.0])
    return v


def prog_variable_name(tf):
    v = tf.Variable(1.0, name="w")
    return v.name


def prog_variable_trainable_flag(tf):
    v = tf.Variable(1.0, trainable=False)
    return v.trainable


def prog_module_variables_count(tf):
    class Dense(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable(tf.ones([2, 2]))
            self.b = tf.Variable(tf.zeros([2]), trainable=False)

    d = Dense()
    return len(d.variables), len(d.trainable_variables)


def prog_module_submodules(tf):
    class Inner(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable(1.0)

    class Outer(tf.Module):
        def __init__(self):
            super().__init__()
            self.a = Inner()
            self.b = Inner()

    o = Outer()
    return len(o.submodules), len(o.variables)


def prog_module_function_method_with_loop(tf):
    class Acc(tf.Module):
        def __init__(self):
            super().__init__()
            self.total = tf.Variable(0.0)

        @tf.function
        def add_all(self, xs):
            for x in xs:
                self.total.assign_add(x)
            return self.total.read_value()

    a = Acc()
    a.add_all(tf.constant([1.0, 2.0]))
    return a.add_all(tf.constant([3.0]))


def prog_module_method_early_return(tf):
    class Clip(tf.Module):
        def __init__(self):
            super().__init__()
            self.limit = tf.Variable(5.0)

        @tf.function
        def __call__(self, x):
            if x > self.limit:
                return self.limit.read_value()
            return x

    c = Clip()
    return c(tf.constant(9.0)), c(tf.constant(1.0))


def prog_variable_in_nested_loop(tf):
    v = tf.Variable(0)

    @tf.function
    def f(n):
        for i in tf.range(n):
            for j in tf.range(i):
                v.assign_add(j)
        return v.read_value()
    return f(tf.constant(4))
