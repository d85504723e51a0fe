"""`ag.dtypes` exposes the dtypes as `tf.dtypes` does."""

import numpy as np
import pytest

import autograph as ag

# The names tf.dtypes (TensorFlow 2.21) has that we have: all but bfloat16, the quantized types
# and saturate_cast.
NAMES = ["DType", "as_dtype", "bool", "cast", "complex", "complex64", "complex128", "double",
         "float16", "float32", "float64", "half", "int8", "int16", "int32", "int64", "resource",
         "string", "uint8", "uint16", "uint32", "uint64", "variant"]


@pytest.mark.parametrize("name", NAMES)
def test_dtypes_module_has_tensorflow_names(name):
    assert hasattr(ag.dtypes, name), f"ag.dtypes.{name} is missing"


def test_dtypes_are_the_top_level_singletons():
    assert ag.dtypes.int32 is ag.int32 and ag.dtypes.complex64 is ag.complex64
    assert ag.dtypes.bool is ag.bool and ag.dtypes.DType is ag.DType


def test_as_dtype_converts_names_and_numpy_types():
    assert ag.dtypes.as_dtype("float32") is ag.float32
    assert ag.dtypes.as_dtype(np.complex64) is ag.dtypes.complex64
    assert isinstance(ag.dtypes.float64, ag.dtypes.DType)


def test_cast_and_complex_work_from_dtypes():
    np.testing.assert_array_equal(ag.dtypes.cast([1.9], ag.dtypes.int32).numpy(), [1])
    assert ag.dtypes.complex(1.0, 2.0).dtype is ag.complex64
