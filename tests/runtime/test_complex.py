"""complex64 and complex128: conversion, arithmetic, the complex ops, casts, printing, functions.

Expected values are TensorFlow 2.21's answers for the same calls.
"""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.core.errors import InvalidArgumentError
from tests.op_testing import assert_tensor

A = [1 + 2j, 3 - 4j]
B = [2 - 1j, 0.5 + 0.5j]


def _a():
    return ag.constant(A)


def _b():
    return ag.constant(B)


# dtypes and conversion ---------------------------------------------------------------------------
def test_complex_dtypes_describe_themselves_as_tensorflow_does():
    assert (ag.complex64.is_complex, ag.complex64.is_floating, ag.complex64.is_numeric) == (
        True, False, True)
    assert ag.complex64.real_dtype is ag.float32 and ag.complex128.real_dtype is ag.float64
    assert ag.float32.real_dtype is ag.float32 and not ag.float32.is_complex
    assert (ag.complex64.size, ag.complex64.enum, ag.complex128.enum) == (8, 8, 18)
    assert ag.as_dtype("complex64") is ag.complex64
    assert ag.as_dtype(np.complex128) is ag.complex128 and ag.as_dtype("DT_COMPLEX64") is (
        ag.complex64)


def test_complex_dtypes_have_no_min_as_in_tensorflow():
    with pytest.raises(TypeError, match="complex64 has no min or max"):
        ag.complex64.min


def test_python_complex_becomes_complex128():
    assert_tensor(ag.constant(5 + 4j), np.complex128(5 + 4j), dtype=ag.complex128)


def test_explicit_complex64_dtype():
    assert_tensor(ag.constant([1 + 2j], dtype=ag.complex64), np.array([1 + 2j], np.complex64),
                  dtype=ag.complex64)


def test_lists_mixing_complex_and_real_numbers_are_complex128():
    assert_tensor(ag.constant([1 + 2j, 3]), [1 + 2j, 3 + 0j], dtype=ag.complex128)
    assert_tensor(ag.constant([[1j], [2]]), [[1j], [2 + 0j]], dtype=ag.complex128)


def test_real_numbers_convert_to_complex_dtypes():
    assert_tensor(ag.constant(1.5, dtype=ag.complex64), np.complex64(1.5), dtype=ag.complex64)
    assert_tensor(ag.constant([1, 2], dtype=ag.complex128), [1 + 0j, 2 + 0j],
                  dtype=ag.complex128)


def test_complex_to_a_real_dtype_is_a_type_error():
    with pytest.raises(TypeError, match=r"Cannot convert \(1\+2j\) to a tensor of dtype float32"):
        ag.constant(1 + 2j, dtype=ag.float32)


def test_numpy_complex64_keeps_its_dtype():
    assert ag.constant(np.array([1 + 1j], np.complex64)).dtype is ag.complex64


# printing ----------------------------------------------------------------------------------------
def test_repr_and_str_print_as_tensorflow_does():
    assert repr(ag.constant(5 + 4j)) == "<ag.Tensor: shape=(), dtype=complex128, numpy=(5+4j)>"
    assert repr(ag.constant(1.5 - 2j, ag.complex64)) == (
        "<ag.Tensor: shape=(), dtype=complex64, numpy=(1.5-2j)>")
    assert str(_a()) == "ag.Tensor([1.+2.j 3.-4.j], shape=(2,), dtype=complex128)"
    assert repr(ag.constant([1 + 2j], ag.complex64)) == (
        "<ag.Tensor: shape=(1,), dtype=complex64, numpy=array([1.+2.j], dtype=complex64)>")


# arithmetic --------------------------------------------------------------------------------------
@pytest.mark.parametrize("fn, expected", [
    (lambda a, b: a + b, [3 + 1j, 3.5 - 3.5j]),
    (lambda a, b: a - b, [-1 + 3j, 2.5 - 4.5j]),
    (lambda a, b: a * b, [4 + 3j, 3.5 - 0.5j]),
    (lambda a, b: a / b, [1j, -1 - 7j]),
    (lambda a, b: a ** 2, [-3 + 4j, -7 - 24j]),
    (lambda a, b: a ** b, [2.42844775 + 14.93241487j, 3.35025932 + 1.18915022j]),
    (lambda a, b: -a, [-1 - 2j, -3 + 4j]),
    (lambda a, b: a + 1, [2 + 2j, 4 - 4j]),
    (lambda a, b: a + 1.5, [2.5 + 2j, 4.5 - 4j]),
], ids=["add", "sub", "mul", "div", "pow2", "pow", "neg", "add_int", "add_float"])
def test_arithmetic_matches_tensorflow(fn, expected, device):
    assert_tensor(fn(_a(), _b()), expected, dtype=ag.complex128)


@pytest.mark.parametrize("fn, expected", [
    (ag.exp, [-1.13120438 + 2.47172667j, -13.12878308 + 15.20078446j]),
    (ag.sqrt, [1.27201965 + 0.78615138j, 2 - 1j]),
    (ag.math.log, [0.80471896 + 1.10714872j, 1.60943791 - 0.92729522j]),
    (ag.square, [-3 + 4j, -7 - 24j]),
    (ag.sign, [0.4472136 + 0.89442719j, 0.6 - 0.8j]),
    (ag.sigmoid, [1.02141536 + 0.40343871j, 1.0320722 + 0.04019551j]),
    (ag.tanh, [1.16673626 - 0.2434582j, 1.00070954 - 0.00490826j]),
    (ag.sin, [3.16577851 + 1.95960104j, 3.85373804 + 27.01681326j]),
    (ag.cos, [2.03272301 - 3.0518978j, -27.0349456 + 3.85115333j]),
], ids=["exp", "sqrt", "log", "square", "sign", "sigmoid", "tanh", "sin", "cos"])
def test_unary_math_matches_tensorflow(fn, expected, device):
    assert_tensor(fn(_a()), expected, dtype=ag.complex128, rtol=1e-7)


def test_sign_of_zero_is_zero():
    assert_tensor(ag.sign(ag.constant([0j])), [0j], dtype=ag.complex128)


def test_mixed_complex_widths_are_not_promoted():
    with pytest.raises(InvalidArgumentError, match="complex128 but input 'x' has dtype complex64"):
        ag.constant([1j], ag.complex64) + _a()


# complex-only functions --------------------------------------------------------------------------
def test_real_imag_conj_abs_and_angle_match_tensorflow(device):
    a = _a()
    assert_tensor(ag.math.real(a), [1.0, 3.0], dtype=ag.float64)
    assert_tensor(ag.math.imag(a), [2.0, -4.0], dtype=ag.float64)
    assert_tensor(ag.math.conj(a), [1 - 2j, 3 + 4j], dtype=ag.complex128)
    assert_tensor(ag.abs(a), [2.23606798, 5.0], dtype=ag.float64)
    assert_tensor(ag.math.angle(a), [1.10714872, -0.92729522], dtype=ag.float64)


def test_parts_of_complex64_are_float32():
    c = ag.constant([3 + 4j], ag.complex64)
    assert_tensor(ag.abs(c), [5.0], dtype=ag.float32)
    assert_tensor(ag.math.real(c), [3.0], dtype=ag.float32)


def test_real_tensors_pass_through_real_imag_conj_and_angle():
    x = ag.constant([1.5])
    assert ag.math.real(x) is x and ag.math.conj(x) is x
    assert_tensor(ag.math.imag(x), [0.0], dtype=ag.float32)
    assert_tensor(ag.math.angle(ag.constant([-1.0, 2.0])), [np.pi, 0.0], dtype=ag.float32)
    assert_tensor(ag.math.real(ag.constant([1])), [1], dtype=ag.int32)


def test_angle_of_integers_is_a_type_error():
    with pytest.raises(TypeError, match="cast it to a float dtype"):
        ag.math.angle(ag.constant([1]))


def test_complex_builds_complex64_or_complex128(device):
    assert_tensor(ag.complex(ag.constant([1.0, 2.0]), ag.constant([3.0, 4.0])),
                  np.array([1 + 3j, 2 + 4j], np.complex64), dtype=ag.complex64)
    assert_tensor(ag.complex(ag.constant([1.0, 2.0], ag.float64), ag.constant([3.0, 4.0],
                                                                              ag.float64)),
                  [1 + 3j, 2 + 4j], dtype=ag.complex128)
    assert_tensor(ag.complex(1.0, 2.0), np.complex64(1 + 2j), dtype=ag.complex64)


def test_complex_keeps_infinite_parts_apart():
    value = ag.complex(ag.constant([1.0]), ag.constant([np.inf], ag.float32)).numpy()
    assert value.real[0] == 1.0 and value.imag[0] == np.inf


@pytest.mark.parametrize("real, imag, names", [
    ([1.0], ag.constant([3.0], ag.float64), "float32 float64"),
    (ag.constant([1]), ag.constant([2]), "int32 int32"),
])
def test_complex_of_mismatched_or_integer_parts_is_a_type_error(real, imag, names):
    with pytest.raises(TypeError, match=f"incorrect types: {names}"):
        ag.complex(real, imag)


# casts -------------------------------------------------------------------------------------------
def test_cast_complex_to_real_drops_the_imaginary_part(device):
    assert_tensor(ag.cast(_a(), ag.float32), [1.0, 3.0], dtype=ag.float32)
    assert_tensor(ag.cast(ag.constant([3.7 + 2j, -2.5 - 1j]), ag.int32), [3, -2],
                  dtype=ag.int32)


def test_cast_to_and_between_complex_dtypes(device):
    assert_tensor(ag.cast(ag.constant([1.5]), ag.complex64), [1.5 + 0j], dtype=ag.complex64)
    assert_tensor(ag.cast(ag.constant([3]), ag.complex128), [3 + 0j], dtype=ag.complex128)
    assert_tensor(ag.cast(_a(), ag.complex64), np.array(A, np.complex64), dtype=ag.complex64)
    assert_tensor(ag.cast(ag.constant([True, False]), ag.complex64), [1 + 0j, 0j],
                  dtype=ag.complex64)


@pytest.mark.parametrize("dtype", [ag.complex64, ag.complex128], ids=lambda d: d.name)
def test_cast_complex_to_bool_tests_the_real_part_as_tensorflow(device, dtype):
    # TensorFlow 2.21, eagerly and in tf.function: [False, True, False, False, True].
    assert_tensor(ag.cast(ag.constant([1j, 2 + 0j, 0.5j, 0j, -1 + 3j], dtype), ag.bool),
                  [False, True, False, False, True], dtype=ag.bool)


def test_cast_between_complex_dtypes_keeps_the_imaginary_part(device):
    assert_tensor(ag.cast(ag.constant([1 + 2j], ag.complex64), ag.complex128), [1 + 2j],
                  dtype=ag.complex128)


# reductions, products, comparisons ---------------------------------------------------------------
def test_reductions_match_tensorflow(device):
    assert_tensor(ag.reduce_sum(_a()), 4 - 2j, dtype=ag.complex128)
    assert_tensor(ag.reduce_mean(_a()), 2 - 1j, dtype=ag.complex128)
    assert_tensor(ag.reduce_prod(_a()), 11 + 2j, dtype=ag.complex128)
    assert_tensor(ag.reduce_mean(ag.constant([1 + 1j, 2 + 4j], ag.complex64)),
                  np.complex64(1.5 + 2.5j), dtype=ag.complex64)
    assert_tensor(ag.cumsum(ag.constant([1 + 1j, 2j])), [1 + 1j, 1 + 3j], dtype=ag.complex128)
    assert_tensor(ag.add_n([ag.constant([1j]), ag.constant([2 + 1j])]), [2 + 2j])


def test_matmul_and_einsum_match_tensorflow(device):
    product = ag.matmul(ag.reshape(_a(), [1, 2]), ag.reshape(_b(), [2, 1]))
    assert_tensor(product, [[7.5 + 2.5j]], dtype=ag.complex128)
    assert_tensor(ag.einsum("i,i->", ag.constant([1j, 2]), ag.constant([1j, 1])), 1 + 0j)


X = [[1 + 2j, 3 - 1j], [0.5j, 2]]


@pytest.mark.parametrize("batch", [False, True])
def test_matmul_adjoints_conjugate_and_transposes_do_not(batch, device):
    x = ag.constant([X] if batch else X)

    def unbatched(t):
        return t.numpy()[0] if batch else t.numpy()
    np.testing.assert_allclose(unbatched(ag.matmul(x, x, adjoint_a=True)),
                               [[5.25, 1 - 8j], [1 + 8j, 14]])
    np.testing.assert_allclose(unbatched(ag.matmul(x, x, transpose_b=True)),
                               [[5 - 2j, 5 - 1.5j], [5 - 1.5j, 3.75]])
    np.testing.assert_allclose(unbatched(ag.matmul(x, x, adjoint_b=True)),
                               [[15, 7 - 2.5j], [7 + 2.5j, 4.25]])


def test_equality_compares_complex_values(device):
    other = ag.constant([1 + 2j, 3 + 4j])
    assert_tensor(ag.equal(_a(), other), [True, False], dtype=ag.bool)
    assert_tensor(ag.not_equal(_a(), other), [False, True], dtype=ag.bool)
    assert_tensor(ag.constant([1 + 0j]) == ag.constant([1 + 0j]), [True])


@pytest.mark.parametrize("fn", [
    ag.less, ag.greater, ag.maximum, ag.minimum, ag.floordiv, ag.math.floormod,
    lambda a, b: ag.reduce_max(a), lambda a, b: ag.reduce_min(a), lambda a, b: ag.argmax(a),
    lambda a, b: ag.relu(a), lambda a, b: ag.round(a), lambda a, b: ag.floor(a),
    lambda a, b: ag.math.is_nan(a), lambda a, b: ag.clip_by_value(a, 0j, 1j),
], ids=["less", "greater", "maximum", "minimum", "floordiv", "floormod", "reduce_max",
        "reduce_min", "argmax", "relu", "round", "floor", "is_nan", "clip_by_value"])
def test_ops_that_tensorflow_does_not_run_on_complex_reject_it(fn):
    # Recorded from TensorFlow 2.21: InvalidArgumentError (complex128 not among attr T's
    # allowed values) for all of them but floordiv and round, whose op allows complex but has
    # no kernel for it there: NotFoundError ("Could not find device for node").
    with pytest.raises(InvalidArgumentError, match="does not support dtype complex128"):
        fn(_a(), _b())


# state and functions -----------------------------------------------------------------------------
def test_creation_ops_and_variables_take_complex_dtypes():
    assert_tensor(ag.zeros([2], ag.complex64), [0j, 0j], dtype=ag.complex64)
    assert_tensor(ag.ones([2], ag.complex64), [1 + 0j, 1 + 0j], dtype=ag.complex64)
    v = ag.Variable([1 + 1j])
    v.assign_add([1j])
    assert_tensor(v.read_value(), [1 + 2j], dtype=ag.complex128)


@ag.function
def _mix(x, y):
    return x * y + ag.math.conj(x), ag.abs(x)


def test_functions_trace_and_run_complex_values():
    product, magnitude = _mix(_a(), _b())
    assert_tensor(product, [5 + 1j, 6.5 + 3.5j], dtype=ag.complex128)
    assert_tensor(magnitude, [2.23606798, 5.0], dtype=ag.float64)


def test_complex_specs_give_complex_placeholders():
    spec = ag.TensorSpec([None], ag.complex64)
    concrete = _mix.get_concrete_function(spec, spec)
    assert [t.dtype for t in concrete.inputs] == [ag.complex64, ag.complex64]
    assert [t.dtype for t in concrete.outputs] == [ag.complex64, ag.float32]
    assert_tensor(concrete(ag.constant([1j], ag.complex64), ag.constant([2 + 0j], ag.complex64))[0],
                  np.array([0 + 1j], np.complex64))


def test_python_complex_and_float_operands_share_complex128():
    # TensorFlow: tf.add(2j, 1.0) is complex128 (1+2j); tf.add(1.0, 2j) is an error there,
    # where we let the complex operand decide either way.
    assert_tensor(ag.add(2j, 1.0), np.complex128(1 + 2j), dtype=ag.complex128)
    assert_tensor(ag.add(1.0, 2j), np.complex128(1 + 2j), dtype=ag.complex128)


def test_python_complex_scalars_keep_the_sign_of_zero_parts():
    assert np.signbit(ag.constant(complex(0.0, -0.0)).numpy().imag)
    assert not np.signbit(ag.constant(0j).numpy().imag)
