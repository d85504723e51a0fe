"""Initializers (TensorFlow 1's `init_ops`): objects called with `(shape, dtype)` that return
the first value of a variable, as a tensor (eager, or symbolic while a graph is built).

`get_variable(..., initializer=ag.random_uniform_initializer(-1.0, 1.0, seed=1))` calls one
with the variable's shape and dtype. Each class also has TensorFlow's lowercase names:
`zeros_initializer` / `initializers.zeros` for `Zeros`, and so on. Random initializers with a
`seed` repeat their values (see `ag.random.set_seed`).

>>> init = RandomUniform(minval=-1.0, maxval=1.0, seed=7)
>>> x = init([2, 3]).numpy()
>>> x.shape, x.dtype, bool(((x >= -1.0) & (x < 1.0)).all())
((2, 3), dtype('float32'), True)
"""

from __future__ import annotations

import math
from typing import Any, cast

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor, to_array
from autograph.runtime.ops.creation import ops as creation_ops
from autograph.runtime.ops.random import ops as random_ops
from autograph.runtime.ops.state import ops as state_ops

__all__ = ["zeros_initializer", "ones_initializer", "constant_initializer",
           "random_uniform_initializer", "random_normal_initializer",
           "truncated_normal_initializer", "glorot_uniform_initializer",
           "glorot_normal_initializer", "variance_scaling_initializer"]


class Initializer:
    """Base class: `init(shape, dtype=None, partition_info=None)` returns a tensor."""

    dtype: Any  # the default dtype of what it makes: set by the subclasses that have one

    def __call__(self, shape: Any, dtype: Any = None, partition_info: Any = None) -> Tensor:
        raise NotImplementedError(f"{type(self).__name__} must define __call__.")

    def get_config(self) -> dict:
        """The constructor arguments, such that `type(init)(**init.get_config())` is a copy."""
        return {}

    @classmethod
    def from_config(cls, config: dict) -> Initializer:
        return cls(**config)

    def _dtype(self, dtype: Any, allowed: str = "any") -> dtypes.DType:
        dtype = dtypes.as_dtype(self.dtype if dtype is None else dtype)
        if allowed == "float" and not dtype.is_floating:
            raise InvalidArgumentError(f"{type(self).__name__} makes floats; it cannot make "
                                       f"{dtype.name} values. Use a float dtype.")
        return dtype

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.get_config().items())
        return f"{type(self).__name__}({args})"


class Zeros(Initializer):
    """Zeros (False for bool, empty strings for string).

    >>> Zeros()([2], "int32").numpy()
    array([0, 0], dtype=int32)
    """

    def __init__(self, dtype: Any = dtypes.float32):
        self.dtype = dtypes.as_dtype(dtype)

    def __call__(self, shape: Any, dtype: Any = None, partition_info: Any = None) -> Tensor:
        return creation_ops.zeros(_dims(shape), self._dtype(dtype))

    def get_config(self) -> dict:
        return {"dtype": self.dtype.name}


class Ones(Initializer):
    """Ones (True for bool).

    >>> Ones()([2]).numpy()
    array([1., 1.], dtype=float32)
    """

    def __init__(self, dtype: Any = dtypes.float32):
        self.dtype = dtypes.as_dtype(dtype)

    def __call__(self, shape: Any, dtype: Any = None, partition_info: Any = None) -> Tensor:
        return creation_ops.ones(_dims(shape), self._dtype(dtype))

    def get_config(self) -> dict:
        return {"dtype": self.dtype.name}


class Constant(Initializer):
    """A given value: a scalar fills the shape; a list with as many elements is reshaped; a
    shorter list is padded with its last element (TensorFlow 1's rule).

    Args:
        value: a Python or NumPy value (or an eager tensor).
        dtype: the default dtype of the result.
        verify_shape: when True, `value` must have exactly the requested shape.

    Raises:
        ValueError: `value` has more elements than the shape, or (with `verify_shape`) another
            shape.
        TypeError: `value` does not convert to `dtype` without loss.

    >>> Constant([1, 2])([2, 2], "int32").numpy()
    array([[1, 2],
           [2, 2]], dtype=int32)
    """

    def __init__(self, value: Any = 0, dtype: Any = dtypes.float32, verify_shape: bool = False):
        self.value = value
        self.dtype = dtypes.as_dtype(dtype)
        self.verify_shape = verify_shape

    def __call__(self, shape: Any, dtype: Any = None, partition_info: Any = None) -> Tensor:
        dtype = self._dtype(dtype)
        dims = _dims(shape)
        value = to_array(self.value, dtype)
        if self.verify_shape and value.shape != tuple(dims):
            raise ValueError(f"Constant initializer: the value has shape {value.shape}, but "
                             f"shape {tuple(dims)} was requested (verify_shape=True).")
        size = math.prod(dims)
        if value.size > size:
            raise ValueError(f"Constant initializer: too many elements provided; needed at "
                             f"most {size} for shape {tuple(dims)}, got {value.size}.")
        flat = value.reshape(-1)
        if 0 < flat.size < size:
            flat = np.concatenate([flat, np.repeat(flat[-1:], size - flat.size)])
        elif flat.size == 0 and size:
            raise ValueError(f"Constant initializer: an empty value cannot fill shape "
                             f"{tuple(dims)}.")
        return convert_to_tensor(flat.reshape(dims), dtype=dtype)

    def get_config(self) -> dict:
        return {"value": self.value, "dtype": self.dtype.name,
                "verify_shape": self.verify_shape}


class RandomUniform(Initializer):
    """Floats drawn uniformly from `[minval, maxval)` (`maxval` None: 1).

    >>> x = RandomUniform(5.0, 6.0, seed=1)([100]).numpy()
    >>> bool((x >= 5).all() and (x < 6).all())
    True
    """

    def __init__(self, minval: float = 0.0, maxval: float | None = None, seed: int | None = None,
                 dtype: Any = dtypes.float32):
        self.minval = minval
        self.maxval = maxval
        self.seed = seed
        self.dtype = dtypes.as_dtype(dtype)

    def __call__(self, shape: Any, dtype: Any = None, partition_info: Any = None) -> Tensor:
        dtype = self._dtype(dtype, "float")
        maxval = 1.0 if self.maxval is None else self.maxval
        return random_ops.uniform(_dims(shape), self.minval, maxval, dtype, seed=self.seed)

    def get_config(self) -> dict:
        return {"minval": self.minval, "maxval": self.maxval, "seed": self.seed,
                "dtype": self.dtype.name}


class RandomNormal(Initializer):
    """Floats from a normal distribution.

    >>> RandomNormal(mean=1.0, stddev=0.1, seed=2)([3], "float64").dtype
    ag.float64
    """

    def __init__(self, mean: float = 0.0, stddev: float = 1.0, seed: int | None = None,
                 dtype: Any = dtypes.float32):
        self.mean = mean
        self.stddev = stddev
        self.seed = seed
        self.dtype = dtypes.as_dtype(dtype)

    def __call__(self, shape: Any, dtype: Any = None, partition_info: Any = None) -> Tensor:
        dtype = self._dtype(dtype, "float")
        return random_ops.normal(_dims(shape), self.mean, self.stddev, dtype, seed=self.seed)

    def get_config(self) -> dict:
        return {"mean": self.mean, "stddev": self.stddev, "seed": self.seed,
                "dtype": self.dtype.name}


class TruncatedNormal(RandomNormal):
    """Floats from a normal distribution, redrawn when more than 2 `stddev` from the mean.

    >>> x = TruncatedNormal(stddev=0.5, seed=2)([500]).numpy()
    >>> bool(abs(x).max() <= 1.0)
    True
    """

    def __call__(self, shape: Any, dtype: Any = None, partition_info: Any = None) -> Tensor:
        dtype = self._dtype(dtype, "float")
        return state_ops.truncated_normal(_dims(shape), self.mean, self.stddev, dtype,
                                          seed=self.seed)


class VarianceScaling(Initializer):
    """Random values scaled to the shape: variance `scale / n`, where `n` is the number of
    inputs (`mode="fan_in"`), outputs (`"fan_out"`) or their mean (`"fan_avg"`).

    `distribution` "truncated_normal" (stddev corrected for the truncation), "untruncated_normal"
    or "uniform" (within `[-sqrt(3 * scale / n), sqrt(3 * scale / n))`). For a kernel of shape
    `[..., in, out]` the leading dimensions multiply both fans (convolutions).
    """

    def __init__(self, scale: float = 1.0, mode: str = "fan_in",
                 distribution: str = "truncated_normal", seed: int | None = None,
                 dtype: Any = dtypes.float32):
        if scale <= 0.0:
            raise ValueError(f"scale must be positive, got {scale}.")
        if mode not in ("fan_in", "fan_out", "fan_avg"):
            raise ValueError(f"mode must be 'fan_in', 'fan_out' or 'fan_avg', got {mode!r}.")
        if distribution == "normal":
            distribution = "truncated_normal"  # TensorFlow's old name for it
        if distribution not in ("truncated_normal", "untruncated_normal", "uniform"):
            raise ValueError(f"distribution must be 'truncated_normal', 'untruncated_normal' "
                             f"or 'uniform', got {distribution!r}.")
        self.scale = scale
        self.mode = mode
        self.distribution = distribution
        self.seed = seed
        self.dtype = dtypes.as_dtype(dtype)

    def __call__(self, shape: Any, dtype: Any = None, partition_info: Any = None) -> Tensor:
        dtype = self._dtype(dtype, "float")
        dims = _dims(shape)
        fan_in, fan_out = compute_fans(dims)
        n = {"fan_in": fan_in, "fan_out": fan_out, "fan_avg": (fan_in + fan_out) / 2.0}
        variance = self.scale / max(1.0, n[self.mode])
        if self.distribution == "uniform":
            limit = math.sqrt(3.0 * variance)
            return random_ops.uniform(dims, -limit, limit, dtype, seed=self.seed)
        if self.distribution == "truncated_normal":
            # The stddev of a standard normal truncated to [-2, 2].
            stddev = math.sqrt(variance) / 0.87962566103423978
            return state_ops.truncated_normal(dims, 0.0, stddev, dtype, seed=self.seed)
        return random_ops.normal(dims, 0.0, math.sqrt(variance), dtype, seed=self.seed)

    def get_config(self) -> dict:
        return {"scale": self.scale, "mode": self.mode, "distribution": self.distribution,
                "seed": self.seed, "dtype": self.dtype.name}


class GlorotUniform(VarianceScaling):
    """Uniform in `[-limit, limit)`, `limit = sqrt(6 / (fan_in + fan_out))` (Glorot & Bengio).

    The default initializer of `get_variable` for float variables.

    >>> x = GlorotUniform(seed=1)([3, 5]).numpy()
    >>> bool(abs(x).max() < (6 / 8) ** 0.5)
    True
    """

    def __init__(self, seed: int | None = None, dtype: Any = dtypes.float32):
        super().__init__(1.0, "fan_avg", "uniform", seed, dtype)

    def get_config(self) -> dict:
        return {"seed": self.seed, "dtype": self.dtype.name}


class GlorotNormal(VarianceScaling):
    """Truncated normal with `stddev = sqrt(2 / (fan_in + fan_out))` (Glorot & Bengio)."""

    def __init__(self, seed: int | None = None, dtype: Any = dtypes.float32):
        super().__init__(1.0, "fan_avg", "truncated_normal", seed, dtype)

    def get_config(self) -> dict:
        return {"seed": self.seed, "dtype": self.dtype.name}


def compute_fans(shape: list[int]) -> tuple[int, int]:
    """`(fan_in, fan_out)` of a weight of `shape`, as TensorFlow computes them.

    >>> compute_fans([3, 4]), compute_fans([5]), compute_fans([2, 2, 3, 4])
    ((3, 4), (5, 5), (12, 16))
    """
    if not shape:
        return 1, 1
    if len(shape) == 1:
        return shape[0], shape[0]
    receptive = math.prod(shape[:-2])
    return shape[-2] * receptive, shape[-1] * receptive


def _dims(shape: Any) -> list[int]:
    dims = TensorShape(shape)
    if not dims.is_fully_defined():
        raise ValueError(f"An initializer needs a fully defined shape, got {dims}.")
    return cast(list[int], dims.as_list())


# TensorFlow 1's names: `tf.zeros_initializer`, ... and `tf.initializers.zeros`, ...
zeros_initializer = zeros = Zeros
ones_initializer = ones = Ones
constant_initializer = constant = Constant
random_uniform_initializer = random_uniform = RandomUniform
random_normal_initializer = random_normal = RandomNormal
truncated_normal_initializer = truncated_normal = TruncatedNormal
glorot_uniform_initializer = glorot_uniform = GlorotUniform
glorot_normal_initializer = glorot_normal = GlorotNormal
variance_scaling_initializer = variance_scaling = VarianceScaling
