"""Eager tensors: value access, Python protocols, text forms."""

import numpy as np
import pytest

import autograph as ag


def test_numpy_returns_a_copy_and_scalars_as_numpy_scalars():
    t = ag.convert_to_tensor([1.0, 2.0])
    value = t.numpy()
    value[0] = 99
    assert t.numpy()[0] == 1.0
    scalar = ag.convert_to_tensor(3.0).numpy()
    assert isinstance(scalar, np.float32) and scalar == 3.0


def test_shape_dtype_device_ndim():
    t = ag.convert_to_tensor(np.zeros((2, 3), np.float64))
    assert t.shape == ag.TensorShape([2, 3]) and t.dtype is ag.float64 and t.ndim == 2
    assert t.device.startswith("/job:localhost/replica:0/task:0/device:")


def test_repr_and_str_follow_tensorflow():
    assert repr(ag.convert_to_tensor(1.5)) == (
        "<ag.Tensor: shape=(), dtype=float32, numpy=1.5>")
    assert repr(ag.convert_to_tensor([1, 2])) == (
        "<ag.Tensor: shape=(2,), dtype=int32, numpy=array([1, 2], dtype=int32)>")
    assert str(ag.convert_to_tensor([1, 2])) == "ag.Tensor([1 2], shape=(2,), dtype=int32)"
    assert repr(ag.convert_to_tensor("hi")) == (
        "<ag.Tensor: shape=(), dtype=string, numpy=b'hi'>")


def test_format_shows_the_numpy_value_as_tensorflow():
    # TensorFlow 2.21: '{}'.format(t) formats t.numpy(), so a format spec applies to scalars.
    assert "{}".format(ag.constant([1, 2])) == "[1 2]"
    assert "{}".format(ag.constant([b"a"])) == "[b'a']"
    assert "{:.2f}".format(ag.constant(1.5)) == "1.50"
    assert f"{ag.constant('x')}" == "b'x'"


def test_scalar_repr_shows_the_python_number_and_str_the_numpy_scalar():
    # As TensorFlow 2.21 (checked there): repr goes through `.item()`, str does not.
    cases = [(ag.constant(2.2), "float32", "2.200000047683716", "2.2"),
             (ag.constant(2.2, ag.float16), "float16", "2.19921875", "2.2"),
             (ag.constant(27.3, ag.float64), "float64", "27.3", "27.3"),
             (ag.constant(True), "bool", "True", "True"),
             (ag.constant(3, ag.int8), "int8", "3", "3")]
    for t, dtype, shown_by_repr, shown_by_str in cases:
        assert repr(t) == f"<ag.Tensor: shape=(), dtype={dtype}, numpy={shown_by_repr}>"
        assert str(t) == f"ag.Tensor({shown_by_str}, shape=(), dtype={dtype})"
    assert repr(ag.Variable(2.2)).endswith("shape=() dtype=float32, numpy=2.200000047683716>")


def test_len_bool_and_numbers():
    assert len(ag.convert_to_tensor([1, 2, 3])) == 3
    assert bool(ag.convert_to_tensor(1)) and not bool(ag.convert_to_tensor(0.0))
    assert int(ag.convert_to_tensor(7)) == 7 and float(ag.convert_to_tensor(2.5)) == 2.5
    assert [10, 20, 30][ag.convert_to_tensor(1)] == 20
    assert f"{ag.convert_to_tensor(2.5):.2f}" == "2.50"


def test_scalar_has_no_len():
    with pytest.raises(TypeError, match="Scalar tensor has no len"):
        len(ag.convert_to_tensor(1))


def test_bool_of_many_elements_is_ambiguous():
    with pytest.raises(ValueError, match="ambiguous"):
        bool(ag.convert_to_tensor([1, 2]))


def test_float_tensor_is_not_an_index():
    with pytest.raises(TypeError, match="Only scalar integer tensors"):
        [1, 2][ag.convert_to_tensor(1.0)]


def test_tensors_are_unhashable_but_refs_are():
    t = ag.convert_to_tensor(1)
    with pytest.raises(TypeError, match="Use tensor.ref"):
        hash(t)
    assert {t.ref(): 1}[t.ref()] == 1 and t.ref().deref() is t


def test_eager_tensor_has_no_name():
    with pytest.raises(AttributeError, match="eager"):
        ag.convert_to_tensor(1).name


def test_numpy_functions_accept_tensors():
    np.testing.assert_array_equal(np.asarray(ag.convert_to_tensor([1, 2])), [1, 2])


def test_iterating_a_tensor_yields_its_rows():
    rows = [r.numpy().tolist() for r in ag.constant([[1, 2], [3, 4]])]
    assert rows == [[1, 2], [3, 4]]


def test_iterating_a_scalar_is_a_type_error():
    with pytest.raises(TypeError, match="Cannot iterate over a scalar tensor"):
        iter(ag.constant(1))


# format(tensor, spec) formats its NumPy value, as TensorFlow 2.21's EagerTensor.__format__;
# the expected strings are TensorFlow's.
def test_format_with_no_spec_shows_the_numpy_value():
    assert "{}".format(ag.constant([[1, 3], [0, 0]])) == "[[1 3]\n [0 0]]"
    assert "{}".format(ag.constant([1.5, 2.0])) == "[1.5 2. ]"
    assert "{}".format(ag.constant(1.1)) == "1.100000023841858"
    assert "{}".format(ag.constant(["a", "b"])) == "[b'a' b'b']"


def test_format_spec_applies_to_a_scalar():
    assert "{:.2f}".format(ag.constant(2.5)) == "2.50"
    assert "{:5d}".format(ag.constant(3)) == "    3"


def test_f_strings_format_and_repr_tensors():
    s, t = ag.constant(2.5), ag.constant(7)
    assert f"{s:.1f}|{t}|{t!r}" == "2.5|7|<ag.Tensor: shape=(), dtype=int32, numpy=7>"


def test_a_spec_numpy_arrays_do_not_take_is_their_type_error():
    with pytest.raises(TypeError, match="unsupported format string passed to numpy.ndarray"):
        "{:.2f}".format(ag.constant([1.0, 2.0]))
