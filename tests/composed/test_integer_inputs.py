"""Integer inputs to the composed functions get TensorFlow's dtypes and values."""

import pytest

from tests.composed.composed_testing import MODES, A, Case, check

# The inputs, and TensorFlow 2.21's answers to the same calls (leaky_relu casts integers to
# float32, divide_no_nan and unsorted_segment_mean divide into float64, segment_mean truncates).
CASES = [
    Case("leaky_relu_casts_ints", "nn.leaky_relu", [A([1, -2, 0], "int32")], {},
         ([1.0, -0.4, 0.0], "float32")),
    Case("crelu_ints", "nn.crelu", [A([[1, -2], [0, 3]], "int32")], {},
         ([[1, 0, 0, 2], [0, 3, 0, 0]], "int32")),
    Case("relu6_ints", "nn.relu6", [A([-1, 3, 9], "int32")], {},
         ([0, 3, 6], "int32")),
    Case("divide_no_nan_ints", "math.divide_no_nan", [A([1, 2, 3], "int32"), A([2, 0, -3],
         "int32")], {},
         ([0.5, 0.0, -1.0], "float64")),
    Case("squared_difference_ints", "math.squared_difference", [A([1, 5], "int32"), A([4, 2],
         "int32")], {},
         ([9, 9], "int32")),
    Case("unsorted_segment_mean_ints", "math.unsorted_segment_mean", [A([1, 2, -7], "int32"),
         A([0, 0, 1], "int32"), 2], {},
         ([1.5, -7.0], "float64")),
    Case("segment_mean_ints_truncate", "math.segment_mean", [A([1, 2, -7, 0, 5], "int32"), A([0,
         0, 1, 1, 3], "int32")], {},
         ([1, -3, 0, 5], "int32")),
    Case("cumprod_int64", "math.cumprod", [A([3, -2, 5, 10], "int64")], {"reverse": True},
         ([-300, -100, 50, 10], "int64")),
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("case", [c.param() for c in CASES])
def test_matches_tensorflow(case, mode):
    check(case, mode)
