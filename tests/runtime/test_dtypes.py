"""DType objects and as_dtype."""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.core import dtypes


@pytest.mark.parametrize("value, expected", [
    ("float32", ag.float32), ("float", ag.float32), ("double", ag.float64), ("half", ag.float16),
    ("DT_INT32", ag.int32), ("bool", ag.bool), ("string", ag.string), (np.float32, ag.float32),
    (np.dtype("int64"), ag.int64), (np.uint8, ag.uint8), (float, ag.float64), (int, ag.int64),
    (bool, ag.bool), (str, ag.string), (np.dtype("U3"), ag.string), (ag.int16, ag.int16),
])
def test_as_dtype_accepts_names_numpy_and_python_types(value, expected):
    assert ag.as_dtype(value) is expected


@pytest.mark.parametrize("value", ["float128x", np.dtype("datetime64[D]"), object(), 3])
def test_as_dtype_rejects_unknown_types_listing_the_supported_ones(value):
    with pytest.raises(TypeError, match="Supported dtypes: bool, complex128, complex64, float16"):
        ag.as_dtype(value)


def test_dtype_properties():
    assert ag.float16.is_floating and not ag.float16.is_integer
    assert ag.uint8.is_integer and ag.uint8.is_unsigned
    assert ag.int8.is_integer and not ag.int8.is_unsigned
    assert ag.bool.is_bool and not ag.bool.is_numeric
    assert ag.string.is_string
    assert ag.float32.as_numpy_dtype is np.float32
    assert ag.int16.size == 2
    assert (ag.int8.min, ag.int8.max, ag.uint8.max) == (-128, 127, 255)


def test_dtype_equality_with_other_spellings():
    assert ag.float32 == "float32" and ag.float32 == np.float32
    assert ag.float32 != ag.float64 and ag.float32 != "not a type"
    assert ag.as_dtype("float32") is ag.float32


def test_dtype_repr_and_name():
    assert repr(ag.int32) == "ag.int32" and ag.int32.name == "int32"


def test_named_type_sets():
    assert dtypes.NAMED_TYPE_SETS["floattype"] == (ag.float16, ag.float32, ag.float64)
    assert ag.bool not in dtypes.NAMED_TYPE_SETS["numbertype"]
