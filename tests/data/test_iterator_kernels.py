"""The iterator kernels: the next element checked against the declared dtypes and shapes."""

import re

import numpy as np
import pytest

import autograph as ag
from autograph.kernels import iterator_kernels
from autograph.kernels.common import object_scalar
from autograph.runtime.core.errors import InvalidArgumentError, OutOfRangeError


def _next(elements, dtypes, shapes, optional=False):
    """The kernel's next element of an iterator over `elements`, declared `dtypes`, `shapes`."""
    iterator = object_scalar(iter(elements))
    get = iterator_kernels.get_next_as_optional if optional else iterator_kernels.get_next
    return get(None, iterator, dtypes, shapes)


def test_the_next_element_is_its_components_as_arrays():
    (first,) = _next([(np.float32(1.5),)], [ag.float32], [()])
    assert first.dtype == np.float32 and first == 1.5


def test_past_the_end_is_out_of_range():
    with pytest.raises(OutOfRangeError, match=re.escape(
            "End of sequence: the iterator has no more elements.") + "$"):
        _next([], [ag.float32], [()])


def test_past_the_end_an_optional_has_no_value_and_zeros():
    has_value, (zeros,) = _next([], [ag.int32], [(2, None)], optional=True)
    assert not has_value and zeros.shape == (2, 0) and zeros.dtype == np.int32


def test_an_element_with_other_components_than_declared_is_an_error():
    with pytest.raises(InvalidArgumentError, match=re.escape(
            "A dataset element has 2 components, but its element_spec declares 1.") + "$"):
        _next([(np.float32(1), np.float32(2))], [ag.float32], [()])


@pytest.mark.parametrize("component, dtype, shape, message", [
    (np.float64(1), ag.float32, (), "A dataset element component of dtype float64 and shape () "
                                    "does not match its element_spec (float32, ())."),
    (np.zeros(3, np.float32), ag.float32, (), "A dataset element component of dtype float32 "
     "and shape (3,) does not match its element_spec (float32, ())."),
])
def test_a_component_of_another_dtype_or_rank_than_declared_is_an_error(component, dtype,
                                                                        shape, message):
    with pytest.raises(InvalidArgumentError, match=re.escape(message) + "$"):
        _next([(component,)], [dtype], [shape])


def test_a_component_of_unknown_declared_rank_may_have_any():
    (component,) = _next([(np.zeros((2, 2), np.float32),)], [ag.float32], [None])
    assert component.shape == (2, 2)
