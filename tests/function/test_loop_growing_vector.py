"""A loop over `ag.data.Dataset.range(n)` that grows a vector with `ag.concat((v, [i]), 0)`.

`Dataset.range` yields int64 elements. `[i]` is a list holding a tensor: converted to the dtype
`concat` asks for (that of `v`), the tensor is cast to it, as TensorFlow's auto-packing casts,
where converting its values eagerly would be allowed (ints to floats, ints to narrower ints
checked to fit when the graph runs); `v` grows, so its shape is widened for the loop. A `v`
that starts as a Python list and becomes a tensor changes its structure: a TypeError.

Expected values and exception classes are TensorFlow 2.21's (`tf.` for `ag.`).
"""

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag


def grow(start):
    """The function growing `start` (a value of the caller's, captured)."""
    @ag.function
    def f(n):
        v = start
        for i in ag.data.Dataset.range(n):
            v = ag.concat((v, [i]), 0)
        return v
    return f


def check(result, dtype, values):
    assert result.dtype == dtype
    npt.assert_equal(result.numpy(), np.array(values, dtype.as_numpy_dtype))


def test_an_empty_int64_vector_grows_by_each_element():
    # Recorded from TensorFlow 2.21: [0, 1, 2], int64.
    check(grow(ag.constant([], ag.int64))(3), ag.int64, [0, 1, 2])


def test_an_int64_vector_of_zeros_grows_by_each_element():
    # Recorded from TensorFlow 2.21: [0, 1, 2], int64.
    check(grow(ag.zeros([0], ag.int64))(3), ag.int64, [0, 1, 2])


def test_a_small_int64_vector_grows_by_each_element():
    # Recorded from TensorFlow 2.21: [7, 0, 1, 2], int64.
    check(grow(ag.constant([7], ag.int64))(3), ag.int64, [7, 0, 1, 2])


def test_an_empty_float32_vector_takes_the_int64_elements_as_floats():
    # `ag.constant([])` is float32. Recorded from TensorFlow 2.21: [0.0, 1.0, 2.0], float32.
    check(grow(ag.constant([]))(3), ag.float32, [0.0, 1.0, 2.0])


def test_a_small_int32_vector_takes_the_int64_elements_as_int32():
    # Recorded from TensorFlow 2.21: [7, 0, 1, 2], int32.
    check(grow(ag.constant([7]))(3), ag.int32, [7, 0, 1, 2])


def test_a_vector_that_starts_as_a_python_list_is_a_type_error():
    # TensorFlow 2.21: TypeError ("'v' does not have the same nested structure after one
    # iteration").
    with pytest.raises(TypeError, match="'v' changes its structure in the loop"):
        grow([])(3)


def test_a_vector_that_starts_as_a_python_list_in_a_tensor_range_loop_is_a_type_error():
    @ag.function
    def f(n):
        v = []
        for i in ag.range(n):
            v = ag.concat((v, [i]), 0)
        return v
    # TensorFlow 2.21: TypeError (there from concat: the list `[]` is float32, `[i]` int32).
    with pytest.raises(TypeError, match="'v' changes its structure in the loop"):
        f(ag.constant(3))


def test_an_int64_item_cast_into_an_int32_list_is_checked_to_fit_when_run():
    @ag.function
    def f(x):
        return ag.concat((ag.constant([1]), [x]), 0)
    # Recorded from TensorFlow 2.21: [1, 5], int32.
    check(f(ag.constant(5, ag.int64)), ag.int32, [1, 5])
    # TensorFlow 2.21 wraps 2**40 + 5 to 5; a wrapped value is a wrong answer, so it is an error.
    with pytest.raises(ag.errors.InvalidArgumentError, match="outside the range of int32"):
        f(ag.constant(2 ** 40 + 5, ag.int64))


def test_a_float_item_in_an_int_list_is_refused_as_the_eager_conversion_refuses_it():
    @ag.function
    def f(x):
        return ag.concat((ag.constant([1]), [x]), 0)
    # TensorFlow 2.21 truncates 2.7 to 2; here a lossy conversion is never implicit.
    with pytest.raises(TypeError, match="it would lose information"):
        f(ag.constant(2.7))
