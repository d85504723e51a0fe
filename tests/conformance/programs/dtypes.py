"""dtype promotion and TensorFlow's errors on mixed dtypes, complex numbers, big constants."""


def prog_int_plus_python_float_raises(tf):
    return tf.constant(1) + 1.5


def prog_float_plus_python_int(tf):
    return tf.constant(1.5) + 2


def prog_int32_plus_int64_raises(tf):
    return tf.constant(1, tf.int32) + tf.constant(1, tf.int64)


def prog_float32_times_float64_raises(tf):
    return tf.constant(1.0) * tf.constant(2.0, tf.float64)


def prog_int_true_division_gives_float64(tf):
    return tf.constant(7) / tf.constant(2)


def prog_int16_true_division_gives_float32(tf):
    return tf.constant(7, tf.int16) / tf.constant(2, tf.int16)


def prog_int_floor_division_negative(tf):
    return tf.constant([-7, 7]) // tf.constant(2)


def prog_int_mod_negative(tf):
    return tf.constant([-7, 7]) % tf.constant(3)


def prog_float_mod_negative(tf):
    return tf.constant([-7.5, 7.5]) % tf.constant(2.0)


def prog_constant_python_int_is_int32(tf):
    return tf.constant(3).dtype.name


def prog_constant_python_float_is_float32(tf):
    return tf.constant(3.0).dtype.name


def prog_constant_numpy_float64_kept(tf):
    import numpy as np
    return tf.constant(np.array([1.0, 2.0])).dtype.name


def prog_constant_2_pow_70_raises(tf):
    return tf.constant(2 ** 70)


def prog_constant_2_pow_40_is_int64(tf):
    return tf.constant(2 ** 40)


def prog_cast_float_to_int_truncates(tf):
    return tf.cast(tf.constant([-1.7, 1.7]), tf.int32)


def prog_cast_bool_to_float(tf):
    return tf.cast(tf.constant([True, False]), tf.float32)


def prog_pow_int_negative_exponent_raises(tf):
    return tf.constant(2) ** tf.constant(-1)


def prog_complex_constant(tf):
    return tf.constant(1 + 2j)


def prog_complex_multiply(tf):
    a = tf.constant([1 + 1j, 2 - 1j], tf.complex64)
    return a * a


def prog_complex_abs_dtype(tf):
    return tf.abs(tf.constant([3 + 4j], tf.complex64))


def prog_complex_real_imag(tf):
    z = tf.complex(tf.constant(1.0), tf.constant(-2.0))
    return tf.math.real(z), tf.math.imag(z)


def prog_complex_in_tf_function_loop(tf):
    @tf.function
    def f(n):
        z = tf.constant(1 + 0j, tf.complex128)
        for _ in tf.range(n):
            z = z * tf.constant(1j, tf.complex128)
        return z
    return f(tf.constant(3))


def prog_bool_arithmetic_raises(tf):
    return tf.constant(True) + tf.constant(False)


def prog_loop_carried_dtype_mismatch_in_cond(tf):
    @tf.function
    def f(x):
        y = tf.constant(0)
        if x > 0:
            y = tf.constant(1.0)
        return y
    return f(tf.constant(1))


def prog_compare_int_with_float_tensor_raises(tf):
    return tf.constant(1) < tf.constant(1.5)


def prog_uint8_wraparound(tf):
    return tf.constant([250], tf.uint8) + tf.constant([10], tf.uint8)


def prog_reduce_mean_int_truncates(tf):
    return tf.reduce_mean(tf.constant([1, 2]))


def prog_matmul_int_float_raises(tf):
    return tf.matmul(tf.constant([[1]]), tf.constant([[1.0]]))


def prog_float16_addition(tf):
    return tf.constant([1.5, 2.25], tf.float16) + tf.constant([0.25, 0.25], tf.float16)


def prog_sum_of_empty_is_zero(tf):
    return tf.reduce_sum(tf.zeros([0], tf.int32))
