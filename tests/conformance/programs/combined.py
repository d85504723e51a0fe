"""Programs that combine several idioms: composite state, closures, scopes and loop options."""
import contextlib


def prog_nested_dict_item_in_for_with_continue(tf):
    @tf.function
    def f(n):
        d = {"a": {"b": tf.constant(0)}}
        for i in tf.range(n):
            if i % 2 == 0:
                continue
            d["a"]["b"] = d["a"]["b"] + i
        return d["a"]["b"]
    return f(tf.constant(7))


def prog_lambda_in_while_body_reads_loop_var(tf):
    @tf.function
    def f(n):
        i = tf.constant(0)
        s = tf.constant(0)
        while i < n:
            g = lambda: i * i  # noqa: E731, B023 (the point of the program)
            s += g()
            i += 1
        return s
    return f(tf.constant(4))


def prog_walrus_in_while_with_break(tf):
    @tf.function
    def f(n):
        i = tf.constant(0)
        while (j := i * 2) < n:
            if j > 6:
                break
            i += 1
        return i, j
    return f(tf.constant(100))


def prog_del_temporary_in_for_body(tf):
    @tf.function
    def f(n):
        s = tf.constant(0.0)
        for i in tf.range(n):
            t = tf.cast(i, tf.float32) * 0.5
            s += t
            del t
        return s
    return f(tf.constant(5))


def prog_var_first_assigned_in_for_with_break(tf):
    @tf.function
    def f(n):
        for i in tf.range(n):
            last = i * 10
            if i >= 2:
                break
        return last
    return f(tf.constant(5))


def prog_shape_invariants_on_for(tf):
    @tf.function
    def f(n):
        v = tf.zeros([0], tf.int32)
        for i in tf.range(n):
            tf.autograph.experimental.set_loop_options(
                shape_invariants=[(v, tf.TensorShape([None]))])
            v = tf.concat([v, [i]], 0)
        return v
    return f(tf.constant(4))


def prog_maximum_iterations_caps_while_true(tf):
    @tf.function
    def f():
        i = tf.constant(0)
        while i >= 0:
            tf.autograph.experimental.set_loop_options(maximum_iterations=3)
            i += 5
        return i
    return f()


def prog_tensorarray_dynamic_size_returned(tf):
    @tf.function
    def f(n):
        ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
        for i in tf.range(n):
            ta = ta.write(i, tf.cast(i, tf.float32) ** 2)
        return ta.stack()
    return f(tf.constant(4))


def prog_return_in_try_finally_in_while(tf):
    @tf.function
    def f(n):
        i = tf.constant(0)
        try:
            while i < n:
                i += 2
        finally:
            i = i + 100
        return i
    return f(tf.constant(5))


def prog_user_context_manager_around_tensor_if(tf):
    log = []

    @contextlib.contextmanager
    def scope():
        log.append("enter")
        yield
        log.append("exit")

    @tf.function
    def f(x):
        with scope():
            if x > 0:
                y = x + 1
            else:
                y = x - 1
        return y
    return f(tf.constant(2)), f(tf.constant(-2)), len(log)


def prog_name_scope_around_nested_loops(tf):
    @tf.function
    def f(n):
        s = tf.constant(0)
        with tf.name_scope("outer"):
            for i in tf.range(n):
                with tf.name_scope("inner"):
                    j = tf.constant(0)
                    while j < i:
                        s += 1
                        j += 1
        return s
    return f(tf.constant(4))


def prog_variable_assign_in_for_over_tensor_rows(tf):
    v = tf.Variable(0.0)

    @tf.function
    def f(x):
        for row in x:
            v.assign_add(tf.reduce_sum(row))
        return v.read_value()
    return f(tf.constant([[1.0, 2.0], [3.0, 4.0]]))


def prog_list_of_dicts_item_in_while(tf):
    @tf.function
    def f(n):
        items = [{"v": tf.constant(1)}, {"v": tf.constant(2)}]
        i = tf.constant(0)
        while i < n:
            items[1]["v"] = items[1]["v"] * 3
            i += 1
        return items[0]["v"], items[1]["v"]
    return f(tf.constant(3))


def prog_complex_accumulate_in_while(tf):
    @tf.function
    def f(n):
        z = tf.constant(1 + 0j, tf.complex64)
        i = tf.constant(0)
        while i < n:
            z = z * tf.constant(0 + 1j, tf.complex64)
            i += 1
        return tf.math.real(z), tf.math.imag(z)
    return f(tf.constant(3))


def prog_strings_split_in_for_sum(tf):
    @tf.function
    def f(s):
        parts = tf.strings.split(s, ",")
        total = tf.constant(0.0)
        for p in parts:
            total += tf.strings.to_number(p)
        return total
    return f(tf.constant("1.5,2.5,3"))


def prog_attribute_of_plain_object_in_if_and_while(tf):
    class State:
        pass

    @tf.function
    def f(x):
        st = State()
        st.v = tf.constant(0)
        if x > 0:
            st.v = x
        while st.v < 10:
            st.v = st.v * 2 + 1
        return st.v
    return f(tf.constant(1))
