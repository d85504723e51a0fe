"""Tests of the Python operators on tensors (`runtime.ops.operators`), on every device."""

import operator

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.ops.array import ops as array_ops
from tests.op_testing import assert_tensor


def tensor(values, dtype):
    return ag.convert_to_tensor(np.asarray(values, dtype=dtype))


ARITHMETIC = [  # operator, NumPy reference
    (operator.add, np.add), (operator.sub, np.subtract), (operator.mul, np.multiply),
    (operator.floordiv, np.floor_divide), (operator.mod, np.remainder),
    (operator.pow, np.power),
]


@pytest.mark.parametrize("op, reference", ARITHMETIC, ids=[o.__name__ for o, _ in ARITHMETIC])
@pytest.mark.parametrize("dtype", [np.float32, np.int32, np.int64])
def test_arithmetic_operator_between_tensors(device, op, reference, dtype):
    x, y = np.array([[7, 8], [9, 10]], dtype), np.array([2, 3], dtype)
    assert_tensor(op(tensor(x, dtype), tensor(y, dtype)), reference(x, y),
                  dtype=ag.as_dtype(dtype))


@pytest.mark.parametrize("op, reference", ARITHMETIC, ids=[o.__name__ for o, _ in ARITHMETIC])
def test_reflected_operator_with_a_python_int(device, op, reference):
    y = np.array([2, 3], np.int32)
    assert_tensor(op(10, tensor(y, np.int32)), reference(np.int32(10), y), dtype=ag.int32)


def test_reflected_operators_with_python_floats_keep_the_tensor_dtype(device):
    t = tensor([1.0, 2.0], np.float64)
    assert_tensor(1 + t, [2.0, 3.0], dtype=ag.float64)
    assert_tensor(2.0 * t, [2.0, 4.0], dtype=ag.float64)
    assert_tensor(3.0 - t, [2.0, 1.0], dtype=ag.float64)
    assert_tensor(1.0 / t, [1.0, 0.5], dtype=ag.float64)


def test_numpy_scalar_on_the_left_gives_a_tensor(device):
    result = np.float32(2.0) * tensor([1.0, 3.0], np.float32)
    assert isinstance(result, Tensor)
    assert_tensor(result, [2.0, 6.0], dtype=ag.float32)


def test_true_division_operator_follows_truediv(device):
    assert_tensor(tensor([1, 3], np.int32) / 2, [0.5, 1.5], dtype=ag.float64)
    assert_tensor(tensor([1.0, 3.0], np.float32) / tensor([2.0, 4.0], np.float32),
                  [0.5, 0.75], dtype=ag.float32)
    assert_tensor(3 / tensor([2, 4], np.int8), [1.5, 0.75], dtype=ag.float32)


def test_matmul_operator_and_its_reflection(device):
    a = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)
    assert_tensor(tensor(a, np.float32) @ tensor(a, np.float32), a @ a, dtype=ag.float32)
    assert_tensor([[1.0, 1.0]] @ tensor(a, np.float32), np.array([[4.0, 6.0]]))


def test_int_tensor_plus_a_fractional_float_is_invalid_argument(device):
    # Recorded from TensorFlow 2.21: InvalidArgumentError ("cannot compute AddV2 as input
    # #1(zero-based) was expected to be a int32 tensor but is a float tensor").
    with pytest.raises(InvalidArgumentError, match="float32"):
        tensor([1, 2], np.int32) + 1.5


def test_fractional_float_plus_an_int_tensor_is_a_type_error(device):
    # Recorded from TensorFlow 2.21: TypeError ("Cannot convert 1.5 to EagerTensor of dtype
    # int32"): the reflected operator converts 1.5 with the tensor's dtype.
    with pytest.raises(TypeError, match="lose information"):
        1.5 + tensor([1, 2], np.int32)


def test_operator_between_mixed_dtype_tensors_is_an_error(device):
    with pytest.raises(InvalidArgumentError, match="never promoted"):
        tensor([1, 2], np.int32) * tensor([1.0, 2.0], np.float32)


def test_string_concatenation(device):
    assert_tensor(ag.convert_to_tensor(["a", "b"]) + "!", np.array([b"a!", b"b!"], object),
                  dtype=ag.string)
    assert_tensor("<" + ag.convert_to_tensor("x"), np.array(b"<x", object))


def test_unary_operators(device):
    t = tensor([-1.5, 2.0], np.float32)
    assert_tensor(-t, [1.5, -2.0], dtype=ag.float32)
    assert_tensor(abs(t), [1.5, 2.0], dtype=ag.float32)


def test_invert_is_logical_on_bools_and_bitwise_on_integers(device):
    assert_tensor(~tensor([True, False], np.bool_), [False, True], dtype=ag.bool)
    assert_tensor(~tensor([0, 5], np.uint8), [255, 250], dtype=ag.uint8)


def test_invert_of_floats_is_an_error(device):
    with pytest.raises(InvalidArgumentError, match="float32"):
        ~tensor([1.0], np.float32)


@pytest.mark.parametrize("op, logical, bitwise", [
    (operator.and_, np.logical_and, np.bitwise_and), (operator.or_, np.logical_or, np.bitwise_or),
    (operator.xor, np.logical_xor, np.bitwise_xor)], ids=["and", "or", "xor"])
def test_bit_operators_are_logical_on_bools_and_bitwise_on_integers(device, op, logical,
                                                                    bitwise):
    p, q = np.array([True, True, False, False]), np.array([True, False, True, False])
    assert_tensor(op(tensor(p, np.bool_), tensor(q, np.bool_)), logical(p, q), dtype=ag.bool)
    assert_tensor(op(True, tensor(q, np.bool_)), logical(True, q), dtype=ag.bool)
    x = np.array([12, 10, 7], np.int16)
    assert_tensor(op(tensor(x, np.int16), 6), bitwise(x, np.int16(6)), dtype=ag.int16)
    assert_tensor(op(6, tensor(x, np.int16)), bitwise(np.int16(6), x), dtype=ag.int16)


COMPARISONS = [(operator.lt, np.less), (operator.le, np.less_equal),
               (operator.gt, np.greater), (operator.ge, np.greater_equal)]


@pytest.mark.parametrize("op, reference", COMPARISONS,
                         ids=[o.__name__ for o, _ in COMPARISONS])
def test_ordering_operators(device, op, reference):
    x = np.array([1.0, 2.0, 3.0], np.float32)
    assert_tensor(op(tensor(x, np.float32), 2.0), reference(x, 2.0), dtype=ag.bool)
    assert_tensor(op(2.0, tensor(x, np.float32)), reference(2.0, x), dtype=ag.bool)


def test_equality_operators_compare_elementwise(device):
    t = tensor([1, 2, 3], np.int32)
    assert_tensor(t == 2, [False, True, False], dtype=ag.bool)
    assert_tensor(t != [1, 0, 3], [False, True, False], dtype=ag.bool)
    assert_tensor(t == tensor([3, 2, 1], np.int32), [False, True, False], dtype=ag.bool)
    assert_tensor(2 == t, [False, True, False], dtype=ag.bool)


def test_equality_of_shapes_that_do_not_broadcast_is_a_scalar(device):
    t = tensor([1, 2, 3], np.int32)
    assert_tensor(t == [1, 2], np.bool_(False), dtype=ag.bool)
    assert_tensor(t != [1, 2], np.bool_(True), dtype=ag.bool)


def test_equality_with_none_is_plain_python(device):
    t = tensor([1, 2], np.int32)
    assert (t == None) is False  # noqa: E711  (the operator itself is under test)
    assert (t != None) is True  # noqa: E711


def test_equality_with_an_incompatible_value_is_plain_python(device):
    # Unlike TensorFlow 2.21, which raises here (recorded): TypeError "Cannot convert 1.5 to
    # EagerTensor of dtype int32" for 1.5 and "a", InvalidArgumentError for the float32 tensor.
    t = tensor([1, 2], np.int32)
    assert (t == "a") is False
    assert (t == 1.5) is False
    assert (t != tensor([1.0, 2.0], np.float32)) is True
    assert (t == t) is not True  # elementwise, even for the same tensor


def test_equality_of_strings(device):
    t = ag.convert_to_tensor(["a", "b"])
    assert_tensor(t == "b", [False, True], dtype=ag.bool)


def test_tensors_stay_unhashable():
    with pytest.raises(TypeError, match="unhashable"):
        hash(tensor([1], np.int32))


def test_operators_name_their_ops_as_tensorflow_does():
    with ag.Graph().as_default():
        x = ag.placeholder(ag.float32, [2, 2])
        names = [(x + 1.0).op.name, (x * x).op.name, (1.0 - x).op.name, (x / 2.0).op.name,
                 (x @ x).op.name, (x ** 2.0).op.name, (-x).op.name, (x < 1.0).op.name]
    assert names == ["add", "mul", "sub", "truediv", "matmul", "pow", "Neg", "Less"]


def test_indexing_delegates_to_array_ops_at_call_time(monkeypatch):
    seen = []
    monkeypatch.setattr(array_ops, "tensor_getitem",
                        lambda t, key: seen.append(key) or "sliced", raising=False)
    assert tensor([1, 2], np.int32)[1:] == "sliced"
    assert seen == [slice(1, None)]
