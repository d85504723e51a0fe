"""Control flow with return/break/continue inside with-blocks and try statements."""
import contextlib


def prog_return_in_name_scope_if(tf):
    @tf.function
    def f(x):
        with tf.name_scope("s"):
            if x > 0:
                return x + 1
            return x - 1
    return f(tf.constant(1)), f(tf.constant(-1))


def prog_break_in_name_scope_while(tf):
    @tf.function
    def f(n):
        i = tf.constant(0)
        while i < n:
            with tf.name_scope("body"):
                if i == 3:
                    break
                i += 1
        return i
    return f(tf.constant(10))


def prog_continue_in_control_dependencies(tf):
    @tf.function
    def f(n):
        s = tf.constant(0)
        for i in tf.range(n):
            with tf.control_dependencies([tf.identity(i)]):
                if i % 2 == 0:
                    continue
                s += i
        return s
    return f(tf.constant(6))


def prog_return_in_user_context_manager(tf):
    log = []

    @contextlib.contextmanager
    def cm():
        log.append("enter")
        yield
        log.append("exit")

    @tf.function
    def f(x):
        with cm():
            if x > 0:
                return x * 2
            return x
    return f(tf.constant(2)), len(log)


def prog_try_finally_in_tensor_loop(tf):
    @tf.function
    def f(n):
        s = tf.constant(0)
        for i in tf.range(n):
            try:
                s += i
            finally:
                s += 1
        return s
    return f(tf.constant(3))


def prog_try_except_in_tensor_if(tf):
    @tf.function
    def f(x):
        if x > 0:
            try:
                y = x * 2
            except ValueError:
                y = x
        else:
            y = -x
        return y
    return f(tf.constant(3)), f(tf.constant(-3))


def prog_return_in_try_inside_tensor_if(tf):
    @tf.function
    def f(x):
        try:
            if x > 0:
                return x
            return -x
        finally:
            pass
    return f(tf.constant(-2))


def prog_break_in_user_context_manager_loop(tf):
    entered = []

    @contextlib.contextmanager
    def cm():
        entered.append(1)
        yield

    @tf.function
    def f(n):
        i = tf.constant(0)
        while i < n:
            with cm():
                if i >= 2:
                    break
                i += 1
        return i
    return f(tf.constant(10)), len(entered)


def prog_name_scope_op_names(tf):
    @tf.function
    def f(x):
        with tf.name_scope("outer"):
            y = tf.identity(x, name="y")
        return y
    g = f.get_concrete_function(tf.constant(1.0)).graph
    return sorted(op.name for op in g.get_operations() if op.name.startswith("outer"))


def prog_control_dependencies_with_assign(tf):
    v = tf.Variable(0)

    @tf.function
    def f(x):
        with tf.control_dependencies([v.assign(x)]):
            out = v.read_value() + 1
        return out
    return f(tf.constant(5))


def prog_raise_in_python_branch_of_traced_function(tf):
    @tf.function
    def f(x, check):
        if check:
            raise ValueError("bad")
        return x
    return f(tf.constant(1), True)


def prog_try_except_catches_trace_time_error(tf):
    @tf.function
    def f(x):
        try:
            y = tf.reshape(x, [3])
        except (ValueError, tf.errors.InvalidArgumentError):
            y = x
        return y
    return f(tf.constant([1, 2]))
