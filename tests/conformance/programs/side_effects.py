"""Python side effects during tracing: how often a converted body's Python code runs."""
# Lambdas bound to names, closures over loop variables and unused loop variables are what
# these programs test.
# ruff: noqa: E731, B023, B007
import contextlib
import io


def _captured(fn):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        fn()
    return buf.getvalue()


def prog_print_in_tensor_loop_runs_once(tf):
    @tf.function
    def f(n):
        for i in tf.range(n):
            print("body")
        return n

    return _captured(lambda: f(tf.constant(5)))


def prog_print_in_python_loop_runs_each_iteration(tf):
    @tf.function
    def f(x):
        for i in range(3):
            print("iter", i)
        return x

    return _captured(lambda: f(tf.constant(5)))


def prog_print_only_on_first_call(tf):
    @tf.function
    def f(x):
        print("traced")
        return x + 1

    return _captured(lambda: (f(tf.constant(1)), f(tf.constant(2))))


def prog_retrace_on_new_dtype(tf):
    @tf.function
    def f(x):
        print("traced")
        return x + x

    return _captured(lambda: (f(tf.constant(1)), f(tf.constant(1.0)), f(tf.constant(2))))


def prog_retrace_on_python_value(tf):
    @tf.function
    def f(x):
        print("traced", x)
        return x

    return _captured(lambda: (f(1), f(2), f(1)))


def prog_list_append_in_tensor_while_body_count(tf):
    calls = []

    @tf.function
    def f(n):
        i = tf.constant(0)
        while i < n:
            calls.append(1)
            i += 1
        return i
    f(tf.constant(10))
    return len(calls)


def prog_list_append_in_tensor_if_both_branches(tf):
    calls = []

    @tf.function
    def f(x):
        if x > 0:
            calls.append("t")
        else:
            calls.append("f")
        return x
    f(tf.constant(1))
    return sorted(calls)


def prog_tracing_count(tf):
    @tf.function
    def f(x):
        return x * 2
    f(tf.constant(1))
    f(tf.constant(2))
    f(tf.constant([1, 2]))
    return f.experimental_get_tracing_count()
