"""Nested loops with break/continue, walrus in conditions, del, and comprehensions."""
# Lambdas bound to names, closures over loop variables and unused loop variables are what
# these programs test.
# ruff: noqa: E731, B023, B007


def prog_nested_for_break_inner(tf):
    @tf.function
    def f(n):
        s = tf.constant(0)
        for i in tf.range(n):
            for j in tf.range(n):
                if j > i:
                    break
                s += 1
        return s
    return f(tf.constant(4))


def prog_nested_while_continue_outer_var(tf):
    @tf.function
    def f(n):
        i = tf.constant(0)
        s = tf.constant(0)
        while i < n:
            i += 1
            if i % 2 == 0:
                continue
            j = tf.constant(0)
            while j < i:
                s += j
                j += 1
        return s
    return f(tf.constant(5))


def prog_break_in_for_range(tf):
    @tf.function
    def f(n):
        s = tf.constant(0)
        for i in tf.range(n):
            if s > 10:
                break
            s += i
        return s
    return f(tf.constant(100))


def prog_continue_in_while(tf):
    @tf.function
    def f(n):
        i = tf.constant(0)
        s = tf.constant(0)
        while i < n:
            i += 1
            if i % 3 == 0:
                continue
            s += i
        return s
    return f(tf.constant(10))


def prog_break_and_continue_same_loop(tf):
    @tf.function
    def f(n):
        s = tf.constant(0)
        for i in tf.range(n):
            if i % 2 == 1:
                continue
            if i > 6:
                break
            s += i
        return s
    return f(tf.constant(20))


def prog_while_else_without_break(tf):
    @tf.function
    def f(n):
        i = tf.constant(0)
        r = tf.constant(0)
        while i < n:
            i += 1
        else:
            r = i * 10
        return r
    return f(tf.constant(3))


def prog_walrus_in_if(tf):
    @tf.function
    def f(x):
        if (y := x * 2) > 5:
            return y
        return -y
    return f(tf.constant(3)), f(tf.constant(1))


def prog_walrus_in_while(tf):
    @tf.function
    def f(n):
        i = tf.constant(0)
        while (j := i + 1) < n:
            i = j
        return i, j
    return f(tf.constant(4))


def prog_del_python_temporary(tf):
    @tf.function
    def f(x):
        t = x * 3
        y = t + 1
        del t
        return y
    return f(tf.constant(2))


def prog_del_in_tensor_loop_body(tf):
    @tf.function
    def f(n):
        s = tf.constant(0)
        for i in tf.range(n):
            t = i * 2
            s += t
            del t
        return s
    return f(tf.constant(4))


def prog_list_comprehension_python_range(tf):
    @tf.function
    def f(x):
        parts = [x * k for k in range(4)]
        return tf.stack(parts)
    return f(tf.constant(3))


def prog_dict_comprehension_python_range(tf):
    @tf.function
    def f(x):
        d = {k: x + k for k in range(3)}
        return d[0] + d[1] + d[2]
    return f(tf.constant(1))


def prog_comprehension_with_condition(tf):
    @tf.function
    def f(x):
        return tf.add_n([x * k for k in range(6) if k % 2 == 0])
    return f(tf.constant(1.5))


def prog_nested_python_and_tensor_loop(tf):
    @tf.function
    def f(n):
        s = tf.constant(0)
        for k in range(3):
            for i in tf.range(n):
                s += i * k
        return s
    return f(tf.constant(4))


def prog_triple_nested_tensor_loops(tf):
    @tf.function
    def f(n):
        s = tf.constant(0)
        for i in tf.range(n):
            for j in tf.range(i):
                for k in tf.range(j):
                    s += 1
        return s
    return f(tf.constant(5))
