"""Stateless random functions (`ag.random.stateless_*`): the output is a function of the seed,
the shape and the dtype only, the same on every device and in every run.

The numbers come from NumPy's Philox generator keyed by the seed; TensorFlow's draws for the
same seed are other numbers (its Philox stream is laid out differently): equal seeds repeat,
different seeds differ, and the distributions are the same.

>>> a = stateless_uniform([3], seed=[1, 2])
>>> bool((a.numpy() == stateless_uniform([3], seed=[1, 2]).numpy()).all())
True
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core import dtypes
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.creation.ops import as_shape_tensor
from autograph.runtime.ops.graph.ops import name_scope
from autograph.runtime.ops.random import defs as random_defs  # noqa: F401  (declares the ops)
from autograph.runtime.ops.random.ops import _affine, _check_dtype

__all__ = ["stateless_uniform", "stateless_normal", "stateless_truncated_normal"]

_uniform = op_handle("StatelessRandomUniform")
_uniform_int = op_handle("StatelessRandomUniformInt")
_uniform_full_int = op_handle("StatelessRandomUniformFullInt")
_normal = op_handle("StatelessRandomNormal")
_truncated = op_handle("StatelessTruncatedNormal")
_FLOATS = dtypes.NAMED_TYPE_SETS["floattype"]
_INTS = (dtypes.int32, dtypes.int64, dtypes.uint32, dtypes.uint64)


def _seed(seed: Any) -> Tensor:
    seed = convert_to_tensor(seed)
    if seed.dtype not in (dtypes.int32, dtypes.int64):
        raise TypeError(f"seed must be two int32 or int64 values; got {seed.dtype.name}.")
    return seed


def stateless_uniform(shape: Any, seed: Any, minval: Any = 0, maxval: Any = None,
                      dtype: Any = dtypes.float32, name: str | None = None,
                      alg: str = "auto_select") -> Tensor:
    """Values drawn uniformly from `[minval, maxval)` (floats: `[0, 1)` by default); for
    integers both bounds, or neither for the dtype's whole range.

    Raises:
        ValueError: an integer dtype with one bound only.
    """
    dtype = _check_dtype(dtype, _FLOATS + _INTS, "stateless_uniform")
    with name_scope(name, "stateless_random_uniform") as scope:
        dims, seed = as_shape_tensor(shape), _seed(seed)
        if dtype.is_integer:
            if (minval is None) != (maxval is None):
                raise ValueError(f"For integer `dtype` argument {dtype}, argument `minval` and "
                                 f"`maxval` must be both None or not None. Got `minval`={minval} "
                                 f"and `maxval`={maxval}.")
            if minval is None:
                return _uniform_full_int.run([dims, seed], {"dtype": dtype}, scope)
            low, high = convert_to_tensor(minval, dtype), convert_to_tensor(maxval, dtype)
            return _uniform_int.run([dims, seed, low, high], None, scope)
        maxval = 1 if maxval is None else maxval
        scale: Any
        shift: Any
        if isinstance(minval, (int, float)) and isinstance(maxval, (int, float)):
            scale, shift = maxval - minval, minval
        else:
            shift = convert_to_tensor(minval, dtype)
            scale = convert_to_tensor(maxval, dtype) - shift
        return _affine(_uniform, [dims, seed], {"dtype": dtype}, scale, shift, scope)


def stateless_normal(shape: Any, seed: Any, mean: Any = 0.0, stddev: Any = 1.0,
                     dtype: Any = dtypes.float32, name: str | None = None,
                     alg: str = "auto_select") -> Tensor:
    """Values from the normal distribution with `mean` and `stddev`."""
    dtype = _check_dtype(dtype, _FLOATS, "stateless_normal")
    with name_scope(name, "stateless_random_normal") as scope:
        return _affine(_normal, [as_shape_tensor(shape), _seed(seed)], {"dtype": dtype},
                       stddev, mean, scope)


def stateless_truncated_normal(shape: Any, seed: Any, mean: Any = 0.0, stddev: Any = 1.0,
                               dtype: Any = dtypes.float32, name: str | None = None,
                               alg: str = "auto_select") -> Tensor:
    """Values from the normal distribution with `mean` and `stddev`, those more than two
    standard deviations from the mean drawn again."""
    dtype = _check_dtype(dtype, _FLOATS, "stateless_truncated_normal")
    with name_scope(name, "stateless_truncated_normal") as scope:
        return _affine(_truncated, [as_shape_tensor(shape), _seed(seed)], {"dtype": dtype},
                       stddev, mean, scope)
