"""User-facing functions of the random ops (`ag.random.*`): `uniform`, `normal`, `set_seed`.

Seeds follow TensorFlow's rules (see `runtime.core.random_seed`): after `set_seed(s)` a program's
sequence of random calls repeats; an op `seed` alone also makes a call repeatable.

In a graph, `uniform` and `normal` create their ops in `name_scope(name)` (`random_uniform`,
`random_normal` by default) and give the last one, the result, the scope's name, as TensorFlow.
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core import dtypes, random_seed
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.core.random_seed import set_seed
from autograph.runtime.eager.dispatch import OpHandle, op_handle
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.creation.ops import as_shape_tensor
from autograph.runtime.ops.graph.ops import name_scope
from autograph.runtime.ops.math import ops as math_ops

__all__ = ["set_seed", "uniform", "normal"]

_uniform = op_handle("RandomUniform")
_uniform_int = op_handle("RandomUniformInt")
_normal = op_handle("RandomStandardNormal")

_FLOATS = dtypes.NAMED_TYPE_SETS["floattype"]
_INTS = (dtypes.int32, dtypes.int64)


def uniform(shape: Any, minval: Any = 0, maxval: Any = None, dtype: Any = dtypes.float32,
            seed: int | None = None, name: str | None = None) -> Tensor:
    """Values drawn uniformly from `[minval, maxval)`.

    Args:
        shape: the output shape: a list or tuple of ints, a `TensorShape`, or an int tensor.
        minval: the lower bound (included), a scalar or a tensor broadcasting with the output
            for floats, a scalar for integers.
        maxval: the upper bound (excluded): 1 when None for floats; required for integers.
        dtype: float16, float32, float64, int32 or int64.
        seed: an op seed; see `set_seed`.
        name: the name scope of the ops in a graph, and the result's op name.

    Returns:
        A tensor of shape `shape` and dtype `dtype`.

    Raises:
        ValueError: when `dtype` is an integer type and `maxval` is None.
        InvalidArgumentError: for any other dtype, or for integers when `minval >= maxval`.

    >>> set_seed(1)
    >>> x = uniform([2, 3], minval=-1.0, maxval=1.0)
    >>> x.shape, bool(((x.numpy() >= -1) & (x.numpy() < 1)).all())
    (TensorShape([2, 3]), True)
    """
    dtype = _check_dtype(dtype, _FLOATS + _INTS, "uniform")
    if maxval is None:
        if dtype.is_integer:
            raise ValueError(f"uniform: maxval must be given for integer dtype {dtype.name}.")
        maxval = 1
    seed1, seed2 = random_seed.get_seed(seed)
    seeds = {"seed": seed1, "seed2": seed2}
    with name_scope(name, "random_uniform", [shape, minval, maxval]) as scope:
        dims = as_shape_tensor(shape)
        if dtype.is_integer:
            low, high = convert_to_tensor(minval, dtype), convert_to_tensor(maxval, dtype)
            return _uniform_int.run([dims, low, high], seeds, scope)
        if _is_number(minval) and _is_number(maxval):
            scale, shift = maxval - minval, minval
        else:
            shift = convert_to_tensor(minval, dtype)
            scale = math_ops.add(convert_to_tensor(maxval, dtype), math_ops.negative(shift))
        return _affine(_uniform, [dims], {**seeds, "dtype": dtype}, scale, shift, scope)


def normal(shape: Any, mean: Any = 0.0, stddev: Any = 1.0, dtype: Any = dtypes.float32,
           seed: int | None = None, name: str | None = None) -> Tensor:
    """Values drawn from a normal distribution.

    Args:
        shape: the output shape: a list or tuple of ints, a `TensorShape`, or an int tensor.
        mean: the mean, a scalar or a tensor broadcasting with the output.
        stddev: the standard deviation, a scalar or a tensor broadcasting with the output.
        dtype: float16, float32 or float64.
        seed: an op seed; see `set_seed`.
        name: the name scope of the ops in a graph, and the result's op name.

    Returns:
        A tensor of shape `shape` and dtype `dtype`.

    Raises:
        InvalidArgumentError: when `dtype` is not a float type.

    >>> set_seed(1)
    >>> normal((2,), mean=5.0, dtype="float64").dtype
    ag.float64
    """
    dtype = _check_dtype(dtype, _FLOATS, "normal")
    seed1, seed2 = random_seed.get_seed(seed)
    with name_scope(name, "random_normal", [shape, mean, stddev]) as scope:
        dims = as_shape_tensor(shape)
        if not _is_number(stddev):
            stddev = convert_to_tensor(stddev, dtype)
        if not _is_number(mean):
            mean = convert_to_tensor(mean, dtype)
        attrs = {"seed": seed1, "seed2": seed2, "dtype": dtype}
        return _affine(_normal, [dims], attrs, stddev, mean, scope)


def _affine(handle: OpHandle, inputs: list, attrs: dict, scale: Any, shift: Any,
            name: str) -> Tensor:
    """`handle`'s op times `scale` plus `shift`, skipping the steps that would change nothing.

    The last op created is named `name`.
    """
    scaled = not (_is_number(scale) and scale == 1)
    shifted = not (_is_number(shift) and shift == 0)
    x = handle.run(inputs, attrs, None if scaled or shifted else name)
    if scaled:
        x = math_ops.multiply(x, scale, None if shifted else name)
    if shifted:
        x = math_ops.add(x, shift, name)
    return x


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _check_dtype(dtype: Any, allowed: tuple, what: str) -> dtypes.DType:
    dtype = dtypes.as_dtype(dtype)
    if dtype not in allowed:
        names = ", ".join(d.name for d in allowed)
        raise InvalidArgumentError(f"{what} does not support dtype {dtype.name}; supported: "
                                   f"{names}.")
    return dtype
