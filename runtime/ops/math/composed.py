"""Math functions composed of the runtime's ops: `ag.math` beyond the single ops of `math_ops`.

The ops of the runtime, plus the `tf.math` functions that compose from them (`softplus`,
`reduce_logsumexp`, `expm1`, `xlogy`, ...). A composed function builds a few ops under one name
scope, so a graph shows it as one group, as TensorFlow's Python-level functions do.
"""

from __future__ import annotations

from typing import Any, Sequence

from autograph.runtime.core.dtypes import DType, int64
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.graph.type_spec import CompositeTensor
from autograph.runtime.ops.array.ops import one_hot, reshape, size, stop_gradient, where
from autograph.runtime.ops.complex.ops import angle, conj, imag, real  # noqa: F401
from autograph.runtime.ops.control_flow.ops import Assert
from autograph.runtime.ops.creation.ops import cast, ones_like, zeros_like
from autograph.runtime.ops.graph.ops import control_dependencies, name_scope
from autograph.runtime.ops.math import ops as _math_ops
from autograph.runtime.ops.math.ops import *  # noqa: F401,F403
from autograph.runtime.ops.math.ops import (
    abs,
    add,
    argmax,
    divide,
    equal,
    exp,
    greater,
    greater_equal,
    is_finite,
    is_nan,
    log,
    log1p,
    logical_and,
    logical_not,
    maximum,
    multiply,
    negative,
    not_equal,
    reduce_all,
    reduce_max,
    reduce_mean,
    reduce_sum,
    round,
    rsqrt,
    sqrt,
    square,
    subtract,
)
from autograph.runtime.ops.math.scan import cumprod, cumulative_logsumexp  # noqa: F401
from autograph.runtime.ops.math.segment import (  # noqa: F401
    bincount,
    confusion_matrix,
    segment_max,
    segment_mean,
    segment_min,
    segment_prod,
    segment_sum,
    unsorted_segment_max,
    unsorted_segment_mean,
    unsorted_segment_min,
    unsorted_segment_prod,
    unsorted_segment_sqrt_n,
    unsorted_segment_sum,
)
from autograph.runtime.ops.math.special import (  # noqa: F401
    acos,
    acosh,
    asin,
    asinh,
    atan,
    atan2,
    atanh,
    cosh,
    erf,
    erfc,
    expm1,
    sinh,
    tan,
)
from autograph.runtime.ops.math.top_k import in_top_k, top_k  # noqa: F401
from autograph.runtime.ops.op_args import floating as _floating
from autograph.runtime.ops.op_args import pair as _pair

__all__ = sorted(_math_ops.__all__ + [
    "angle", "conj", "imag", "real", "acos", "asin", "atan", "atan2",
    "erf", "erfc", "expm1", "sinh", "cosh", "tan", "asinh", "acosh", "atanh", "softplus",
    "softsign", "log_sigmoid", "reciprocal", "reciprocal_no_nan", "divide_no_nan",
    "multiply_no_nan", "squared_difference", "xlogy", "xlog1py", "xdivy", "is_inf", "rint",
    "scalar_mul", "polyval", "is_non_decreasing", "is_strictly_increasing",
    "invert_permutation", "reduce_logsumexp", "reduce_variance", "reduce_std",
    "reduce_euclidean_norm", "count_nonzero", "zero_fraction", "log_softmax", "l2_normalize",
    "segment_max", "segment_mean", "segment_min", "segment_prod", "segment_sum",
    "unsorted_segment_max", "unsorted_segment_mean", "unsorted_segment_min",
    "unsorted_segment_prod", "unsorted_segment_sqrt_n", "unsorted_segment_sum", "bincount",
    "confusion_matrix", "cumprod", "cumulative_logsumexp", "accumulate_n", "top_k", "in_top_k",
])


def softplus(features: Any, name: str | None = None) -> Tensor:
    """`log(exp(x) + 1)`, computed as `max(x, 0) + log1p(exp(-|x|))` so it never overflows.

    >>> softplus([0.0]).numpy()
    array([0.6931472], dtype=float32)
    """
    with name_scope(name, "Softplus"):
        x = _floating(features, "ag.math.softplus")
        return add(maximum(x, 0.0), log1p(exp(negative(abs(x)))))


def softsign(features: Any, name: str | None = None) -> Tensor:
    """`x / (|x| + 1)`.

    >>> softsign([-1.0, 3.0]).numpy()
    array([-0.5 ,  0.75], dtype=float32)
    """
    with name_scope(name, "Softsign"):
        x = _floating(features, "ag.math.softsign")
        return divide(x, add(abs(x), 1.0))


def log_sigmoid(x: Any, name: str | None = None) -> Tensor:
    """`log(sigmoid(x))`, computed as `-softplus(-x)` (finite for large negative x).

    >>> log_sigmoid([0.0]).numpy()
    array([-0.6931472], dtype=float32)
    """
    with name_scope(name, "LogSigmoid"):
        return negative(softplus(negative(_floating(x, "ag.math.log_sigmoid"))))


def reciprocal(x: Any, name: str | None = None) -> Tensor:
    """`1 / x` elementwise.

    >>> reciprocal([2.0, 4.0]).numpy()
    array([0.5 , 0.25], dtype=float32)
    """
    with name_scope(name, "Reciprocal"):
        x = _floating(x, "ag.math.reciprocal", complex_ok=True)
        return divide(ones_like(x), x)


def reciprocal_no_nan(x: Any, name: str | None = None) -> Tensor:
    """`1 / x`, and 0 where `x` is 0.

    >>> reciprocal_no_nan([0.0, 4.0]).numpy()
    array([0.  , 0.25], dtype=float32)
    """
    with name_scope(name, "reciprocal_no_nan"):
        x = _floating(x, "ag.math.reciprocal_no_nan", complex_ok=True)
        return divide_no_nan(ones_like(x), x)


def divide_no_nan(x: Any, y: Any, name: str | None = None) -> Tensor:
    """`x / y`, and 0 where `y` is 0 (even where `x` is 0, inf or nan).

    >>> divide_no_nan([1.0, 2.0], [0.0, 4.0]).numpy()
    array([0. , 0.5], dtype=float32)
    """
    with name_scope(name, "div_no_nan"):
        x, y = _pair(x, y)
        zero = equal(y, 0)
        return where(zero, zeros_like(divide(x, y)), divide(x, where(zero, ones_like(y), y)))


def multiply_no_nan(x: Any, y: Any, name: str | None = None) -> Tensor:
    """`x * y`, and 0 where `y` is 0 (even where `x` is inf or nan).

    >>> multiply_no_nan([float('inf'), 2.0], [0.0, 3.0]).numpy()
    array([0., 6.], dtype=float32)
    """
    with name_scope(name, "multiply_no_nan"):
        x, y = _pair(x, y)
        return multiply(where(equal(y, 0), zeros_like(x), x), y)


def squared_difference(x: Any, y: Any, name: str | None = None) -> Tensor:
    """`(x - y) ** 2` elementwise, with broadcasting.

    >>> squared_difference([1.0, 5.0], [4.0, 2.0]).numpy()
    array([9., 9.], dtype=float32)
    """
    with name_scope(name, "SquaredDifference"):
        x, y = _pair(x, y)
        return square(subtract(x, y))


def xlogy(x: Any, y: Any, name: str | None = None) -> Tensor:
    """`x * log(y)`, and 0 where `x` is 0 (even where `y` is 0).

    >>> xlogy([0.0, 2.0], [0.0, 1.0]).numpy()
    array([0., 0.], dtype=float32)
    """
    with name_scope(name, "Xlogy"):
        x, y = _pair(x, y)
        product = multiply(x, log(where(equal(x, 0), ones_like(y), y)))
        return where(equal(x, 0), zeros_like(product), product)


def xlog1py(x: Any, y: Any, name: str | None = None) -> Tensor:
    """`x * log1p(y)`, and 0 where `x` is 0 (even where `y` is -1).

    >>> xlog1py([0.0, 2.0], [-1.0, 0.0]).numpy()
    array([0., 0.], dtype=float32)
    """
    with name_scope(name, "Xlog1py"):
        x, y = _pair(x, y)
        product = multiply(x, log1p(where(equal(x, 0), zeros_like(y), y)))
        return where(equal(x, 0), zeros_like(product), product)


def xdivy(x: Any, y: Any, name: str | None = None) -> Tensor:
    """`x / y`, and 0 where `x` is 0 (even where `y` is 0).

    >>> xdivy([0.0, 2.0], [0.0, 4.0]).numpy()
    array([0. , 0.5], dtype=float32)
    """
    with name_scope(name, "Xdivy"):
        x, y = _pair(x, y)
        quotient = divide(x, where(equal(x, 0), ones_like(y), y))
        return where(equal(x, 0), zeros_like(quotient), quotient)


def is_inf(x: Any, name: str | None = None) -> Tensor:
    """Whether each element is +inf or -inf.

    >>> is_inf([float('inf'), 1.0]).numpy()
    array([ True, False])
    """
    with name_scope(name, "IsInf"):
        x = _floating(x, "ag.math.is_inf")
        return logical_and(logical_not(is_finite(x)), logical_not(is_nan(x)))


def rint(x: Any, name: str | None = None) -> Tensor:
    """The nearest integer (as a float), halves to even: `rint(2.5) == 2.0`.

    >>> rint([0.5, 1.5, 2.5]).numpy()
    array([0., 2., 2.], dtype=float32)
    """
    with name_scope(name, "Rint"):
        return round(_floating(x, "ag.math.rint"))


def scalar_mul(scalar: Any, x: Any, name: str | None = None) -> Tensor:
    """`scalar * x`; `scalar` must be a scalar (a Python number or a 0-d tensor).

    >>> scalar_mul(2.0, [1.0, 2.0]).numpy()
    array([2., 4.], dtype=float32)
    """
    with name_scope(name, "scalar_mul"):
        x = convert_to_tensor(x)
        scalar = convert_to_tensor(scalar, dtype_hint=x.dtype)
        if scalar.shape.rank not in (None, 0):
            raise ValueError(f"ag.math.scalar_mul: `scalar` must be a scalar, got shape "
                             f"{scalar.shape}; use ag.multiply for elementwise products")
        return multiply(scalar, x)


def polyval(coeffs: Sequence[Any], x: Any, name: str | None = None) -> Tensor:
    """`coeffs[0] * x**(n-1) + ... + coeffs[n-1]`, by Horner's rule; 0 for no coefficients.

    >>> float(polyval([1.0, 2.0, 3.0], 2.0))
    11.0
    """
    if not isinstance(coeffs, (list, tuple)):
        raise ValueError(f"ag.math.polyval: `coeffs` must be a list of tensors or numbers, got "
                         f"{type(coeffs).__name__}")
    with name_scope(name, "polyval"):
        x = convert_to_tensor(x)
        if not coeffs:
            return zeros_like(x)
        result = convert_to_tensor(coeffs[0], dtype_hint=x.dtype)
        for c in coeffs[1:]:
            result = add(multiply(result, x), c)
        return result


def is_non_decreasing(x: Any, name: str | None = None) -> Tensor:
    """Whether the elements of `x`, flattened, never decrease (True for fewer than two).

    >>> bool(is_non_decreasing([1, 1, 2]))
    True
    """
    with name_scope(name, "is_non_decreasing"):
        flat = reshape(convert_to_tensor(x), [-1])
        return reduce_all(greater_equal(flat[1:], flat[:-1]))


def is_strictly_increasing(x: Any, name: str | None = None) -> Tensor:
    """Whether the elements of `x`, flattened, always increase (True for fewer than two).

    >>> bool(is_strictly_increasing([1, 1, 2]))
    False
    """
    with name_scope(name, "is_strictly_increasing"):
        flat = reshape(convert_to_tensor(x), [-1])
        return reduce_all(greater(flat[1:], flat[:-1]))


def invert_permutation(x: Any, name: str | None = None) -> Tensor:
    """`y` with `y[x[i]] = i`, for `x` a permutation of `0 .. n-1` (1-D, int32 or int64).

    >>> invert_permutation([3, 4, 0, 2, 1]).numpy()
    array([2, 4, 3, 0, 1], dtype=int32)
    """
    with name_scope(name, "InvertPermutation"):
        x = convert_to_tensor(x)
        if x.dtype.name not in ("int32", "int64") or x.shape.rank not in (None, 1):
            raise ValueError(f"ag.math.invert_permutation takes a 1-D int32 or int64 tensor, "
                             f"got {x.dtype.name} of shape {x.shape}")
        n = size(x, out_type=x.dtype)
        member = one_hot(x, cast(n, "int32"), dtype=x.dtype)  # member[i, x[i]] = 1
        check = Assert(reduce_all(equal(reduce_sum(member, 0), 1)),
                       ["ag.math.invert_permutation: x is not a permutation of 0 .. n-1:", x])
        with control_dependencies([] if check is None else [check]):
            return cast(argmax(member, 0), x.dtype)


def accumulate_n(inputs: Sequence[Any], shape: Any = None, tensor_dtype: Any = None,
                 name: str | None = None) -> Tensor:
    """The elementwise sum of `inputs` (`add_n`; `shape` and `tensor_dtype`, when given, must
    match them).

    >>> accumulate_n([[1.0, 2.0], [3.0, 4.0]]).numpy()
    array([4., 6.], dtype=float32)
    """
    with name_scope(name, "AccumulateN"):
        total = _math_ops.add_n(list(inputs))
        if tensor_dtype is not None and total.dtype != tensor_dtype:
            raise TypeError(f"ag.math.accumulate_n: the inputs are {total.dtype.name}, not "
                            f"{tensor_dtype}")
        if shape is not None and not total.shape.is_compatible_with(shape):
            raise ValueError(f"ag.math.accumulate_n: the inputs have shape {total.shape}, not "
                             f"{shape}")
        return total


# Reductions ---------------------------------------------------------------------------------
def reduce_logsumexp(input_tensor: Any, axis: Any = None, keepdims: bool = False,
                     name: str | None = None) -> Tensor:
    """`log(reduce_sum(exp(x), axis))`, without overflow: the maximum is taken out first.

    >>> float(reduce_logsumexp([1000.0, 1000.0]))
    1000.6931...
    """
    with name_scope(name, "ReduceLogSumExp"):
        x = _floating(input_tensor, "ag.math.reduce_logsumexp")
        raw_max = reduce_max(x, axis, keepdims=True)
        # An infinite maximum would give inf - inf = nan; shifting by 0 keeps it inf.
        shift = where(is_finite(raw_max), raw_max, zeros_like(raw_max))
        shift = stop_gradient(shift)  # its gradient is exactly zero: none is computed
        result = add(log(reduce_sum(exp(subtract(x, shift)), axis, keepdims=True)), shift)
        if keepdims:
            return result
        return reduce_sum(result, axis)  # drops the kept axes (each of size 1)


def reduce_variance(input_tensor: Any, axis: Any = None, keepdims: bool = False,
                    name: str | None = None) -> Tensor:
    """The variance (the mean squared deviation from the mean) along `axis`.

    >>> float(reduce_variance([1.0, 3.0]))
    1.0
    """
    with name_scope(name, "reduce_variance"):
        if isinstance(input_tensor, CompositeTensor):
            return _composite_variance(input_tensor, axis, keepdims)
        x = _floating(input_tensor, "ag.math.reduce_variance", complex_ok=True)
        deviations = abs(subtract(x, reduce_mean(x, axis, keepdims=True)))
        return reduce_mean(square(deviations), axis, keepdims)


def _composite_variance(x: Any, axis: Any, keepdims: bool) -> Any:
    """The variance of a ragged tensor as TensorFlow's: the mean of the squares less the
    square of the mean, clipped at 0 (rounding can make it negative); a float64 of integers."""
    if x.dtype.is_complex:
        raise ValueError("reduce_variance is not supported for RaggedTensors with complex "
                         "dtypes.")
    mean_of_square = reduce_mean(square(x), axis, keepdims)
    square_of_mean = square(reduce_mean(x, axis, keepdims))
    return maximum(subtract(mean_of_square, square_of_mean), 0)


def reduce_std(input_tensor: Any, axis: Any = None, keepdims: bool = False,
               name: str | None = None) -> Tensor:
    """The standard deviation along `axis`: `sqrt(reduce_variance(...))`.

    >>> float(reduce_std([1.0, 3.0]))
    1.0
    """
    with name_scope(name, "reduce_std"):
        return sqrt(reduce_variance(input_tensor, axis, keepdims))


def reduce_euclidean_norm(input_tensor: Any, axis: Any = None, keepdims: bool = False,
                          name: str | None = None) -> Tensor:
    """`sqrt(reduce_sum(x * x, axis))`; on integers the root is rounded down, as TensorFlow.

    >>> float(reduce_euclidean_norm([3.0, 4.0]))
    5.0
    """
    with name_scope(name, "EuclideanNorm"):
        x = convert_to_tensor(input_tensor)
        if x.dtype.is_complex:
            x = abs(x)
        total = reduce_sum(multiply(x, x), axis, keepdims)
        if x.dtype.is_floating:
            return sqrt(total)
        return cast(sqrt(cast(total, "float64")), x.dtype)


def count_nonzero(input: Any, axis: Any = None, keepdims: bool = False,  # noqa: A002
                  dtype: DType | str = int64, name: str | None = None) -> Tensor:
    """How many elements along `axis` are not zero (not `False`, not the empty string).

    >>> int(count_nonzero([0, 1, 2]))
    2
    """
    with name_scope(name, "count_nonzero"):
        x = convert_to_tensor(input)
        zero = "" if x.dtype.name == "string" else 0
        return cast(reduce_sum(cast(not_equal(x, zero), int64), axis, keepdims), dtype)


def zero_fraction(value: Any, name: str | None = None) -> Tensor:
    """The fraction of the elements of `value` that are zero, as a float32 scalar.

    >>> float(zero_fraction([0, 1, 0, 3]))
    0.5
    """
    with name_scope(name, "zero_fraction"):
        x = convert_to_tensor(value)
        return reduce_mean(cast(equal(x, 0), "float32"))


def log_softmax(logits: Any, axis: int | None = None, name: str | None = None) -> Tensor:
    """`logits - log(reduce_sum(exp(logits), axis))`, along `axis` (None: the last one).

    >>> log_softmax([0.0, 0.0]).numpy()
    array([-0.6931472, -0.6931472], dtype=float32)
    """
    with name_scope(name, "LogSoftmax"):
        x = _floating(logits, "ag.math.log_softmax")
        axis = -1 if axis is None else axis
        # The shift's gradient is exactly zero, so none is computed for it.
        shifted = subtract(x, stop_gradient(reduce_max(x, axis, keepdims=True)))
        return subtract(shifted, log(reduce_sum(exp(shifted), axis, keepdims=True)))


def l2_normalize(x: Any, axis: Any = None, epsilon: float = 1e-12,
                 name: str | None = None) -> Tensor:
    """`x / sqrt(max(reduce_sum(x ** 2, axis), epsilon))`; `axis` None means every axis.

    >>> l2_normalize([3.0, 4.0]).numpy()
    array([0.6, 0.8], dtype=float32)
    """
    with name_scope(name, "l2_normalize"):
        x = _floating(x, "ag.math.l2_normalize", complex_ok=True)
        squares = square(abs(x)) if x.dtype.is_complex else square(x)
        total = reduce_sum(squares, axis, keepdims=True)
        inverse = rsqrt(maximum(total, epsilon))
        return multiply(x, cast(inverse, x.dtype) if x.dtype.is_complex else inverse)
