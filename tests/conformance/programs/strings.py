"""String tensors: split, to_number, join, length, and strings in control flow."""


def prog_strings_split_scalar(tf):
    return tf.strings.split(tf.constant("a b  c"))


def prog_strings_split_sep(tf):
    return tf.strings.split(tf.constant("1,2,,3"), sep=",")


def prog_strings_to_number_float(tf):
    return tf.strings.to_number(tf.constant(["1.5", "-2"]))


def prog_strings_to_number_int(tf):
    return tf.strings.to_number(tf.constant(["12", "7"]), out_type=tf.int32)


def prog_strings_to_number_invalid_raises(tf):
    return tf.strings.to_number(tf.constant(["abc"]))


def prog_strings_join(tf):
    return tf.strings.join([tf.constant("ab"), tf.constant("cd")], separator="-")


def prog_strings_length(tf):
    return tf.strings.length(tf.constant(["", "abc", "hello"]))


def prog_string_concat_operator(tf):
    return tf.constant("foo") + tf.constant("bar")


def prog_string_in_tf_function_cond(tf):
    @tf.function
    def f(x):
        if x > 0:
            s = tf.constant("pos")
        else:
            s = tf.constant("neg")
        return s
    return f(tf.constant(1)), f(tf.constant(-1))


def prog_string_plus_int_raises(tf):
    return tf.constant("a") + tf.constant(1)


def prog_string_accumulate_in_loop(tf):
    @tf.function
    def f(n):
        s = tf.constant("")
        for _ in tf.range(n):
            s = s + "x"
        return s
    return f(tf.constant(3))


def prog_split_then_to_number_sum(tf):
    @tf.function
    def f(line):
        parts = tf.strings.split(line, sep=" ")
        return tf.reduce_sum(tf.strings.to_number(parts))
    return f(tf.constant("1.5 2.5 3"))


def prog_string_dtype_name(tf):
    return tf.constant("x").dtype.name


def prog_string_equal(tf):
    return tf.equal(tf.constant(["a", "b"]), tf.constant("a"))


def prog_strings_upper(tf):
    return tf.strings.upper(tf.constant("MiXed"))
