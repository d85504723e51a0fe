"""Dicts, lists and attributes assigned inside tensor control flow."""


def prog_dict_item_in_if(tf):
    @tf.function
    def f(x):
        d = {"a": tf.constant(0)}
        if x > 0:
            d["a"] = x * 2
        else:
            d["a"] = x - 1
        return d["a"]
    return f(tf.constant(3)), f(tf.constant(-3))


def prog_dict_item_in_while(tf):
    @tf.function
    def f(n):
        d = {"s": tf.constant(0)}
        i = tf.constant(0)
        while i < n:
            d["s"] = d["s"] + i
            i += 1
        return d["s"]
    return f(tf.constant(5))


def prog_list_item_in_for(tf):
    @tf.function
    def f(n):
        acc = [tf.constant(0), tf.constant(1)]
        for i in tf.range(n):
            acc[0] = acc[0] + i
            acc[1] = acc[1] * 2
        return acc[0], acc[1]
    return f(tf.constant(4))


def prog_nested_dict_in_if(tf):
    @tf.function
    def f(x):
        d = {"a": {"b": tf.constant(1.0)}}
        if x > 1.0:
            d["a"]["b"] = x
        return d["a"]["b"]
    return f(tf.constant(5.0)), f(tf.constant(0.0))


def prog_object_attribute_in_while(tf):
    class State:
        pass

    @tf.function
    def f(n):
        s = State()
        s.total = tf.constant(0)
        i = tf.constant(0)
        while i < n:
            s.total = s.total + 2
            i += 1
        return s.total
    return f(tf.constant(3))


def prog_module_self_attr_in_loop(tf):
    class Counter(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable(0)

        @tf.function
        def __call__(self, n):
            for i in tf.range(n):
                self.v.assign_add(i)
            return self.v.read_value()
    return Counter()(tf.constant(5))


def prog_dict_rebuilt_each_iteration(tf):
    @tf.function
    def f(n):
        d = {"x": tf.constant(1), "y": tf.constant(0)}
        for _ in tf.range(n):
            d = {"x": d["y"] + 1, "y": d["x"] * 3}
        return d["x"], d["y"]
    return f(tf.constant(3))


def prog_list_rebuilt_each_iteration(tf):
    @tf.function
    def f(n):
        pair = [tf.constant(0), tf.constant(1)]
        for _ in tf.range(n):
            pair = [pair[1], pair[0] + pair[1]]
        return pair[0]
    return f(tf.constant(10))


def prog_dict_key_created_in_one_branch(tf):
    @tf.function
    def f(x):
        d = {}
        if x > 0:
            d["a"] = x
        return d["a"]
    return f(tf.constant(1))


def prog_dict_key_created_in_loop(tf):
    @tf.function
    def f(n):
        d = {}
        for i in tf.range(n):
            d["k"] = i
        return d["k"]
    return f(tf.constant(3))


def prog_dict_item_updated_in_python_loop_over_keys(tf):
    @tf.function
    def f(x):
        d = {"a": x, "b": x * 2}
        for k in ["a", "b"]:
            if d[k] > 3:
                d[k] = d[k] - 3
        return d["a"], d["b"]
    return f(tf.constant(2))


def prog_list_of_lists_item_in_while(tf):
    @tf.function
    def f(n):
        grid = [[tf.constant(0), tf.constant(0)], [tf.constant(0), tf.constant(0)]]
        i = tf.constant(0)
        while i < n:
            grid[1][0] = grid[1][0] + i
            i += 1
        return grid[1][0]
    return f(tf.constant(4))


def prog_attribute_on_module_non_variable_in_if(tf):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.scale = tf.constant(3.0)

        @tf.function
        def __call__(self, x):
            if x > 0:
                self.scale = self.scale * 2
            return self.scale * x

    return M()(tf.constant(1.0))


def prog_dict_value_changes_dtype_in_if_raises(tf):
    @tf.function
    def f(x):
        d = {"a": tf.constant(0)}
        if x > 0:
            d["a"] = tf.constant(1.5)
        return d["a"]
    return f(tf.constant(1))


def prog_dataclass_like_attribute_in_for(tf):
    class Box:
        def __init__(self, v):
            self.v = v

    @tf.function
    def f(n):
        b = Box(tf.constant(1.0))
        for _ in tf.range(n):
            b.v = b.v * 1.5
        return b.v
    return f(tf.constant(2))
