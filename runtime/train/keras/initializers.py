"""Keras initializers (`ag.keras.initializers`), with Keras's defaults and names.

They are the runtime's initializers (`runtime.state.initializers`) where Keras agrees with
TensorFlow 1, and subclasses where Keras's defaults differ (`RandomNormal` has stddev 0.05 in
Keras, 1.0 in TensorFlow 1); `he_normal`, `he_uniform`, `lecun_normal` and `lecun_uniform` are
variance scalings; `Orthogonal` (recurrent layers' default) is Keras's own.
`get("glorot_uniform")` makes a new one from its name.

>>> get("ones")([2]).numpy()
array([1., 1.], dtype=float32)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.graph.tensor import EagerTensor, Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.state.initializers import (
    Constant,
    GlorotNormal,
    GlorotUniform,
    Initializer,
    Ones,
    VarianceScaling,
    Zeros,
    _dims,
)
from autograph.runtime.state.initializers import RandomNormal as _RandomNormal
from autograph.runtime.state.initializers import RandomUniform as _RandomUniform
from autograph.runtime.state.initializers import TruncatedNormal as _TruncatedNormal

__all__ = ["Initializer", "Zeros", "Ones", "Constant", "RandomUniform", "RandomNormal",
           "TruncatedNormal", "VarianceScaling", "GlorotUniform", "GlorotNormal", "HeNormal",
           "HeUniform", "LecunNormal", "LecunUniform", "Orthogonal", "zeros", "ones", "constant",
           "random_uniform", "random_normal", "truncated_normal", "variance_scaling",
           "glorot_uniform", "glorot_normal", "he_normal", "he_uniform", "lecun_normal",
           "lecun_uniform", "orthogonal", "OrthogonalInitializer", "get"]


class RandomUniform(_RandomUniform):
    """Uniform in `[minval, maxval)`, Keras's defaults `[-0.05, 0.05)`."""

    def __init__(self, minval: float = -0.05, maxval: float = 0.05, seed: int | None = None,
                 dtype: Any = dtypes.float32):
        super().__init__(minval, maxval, seed, dtype)


class RandomNormal(_RandomNormal):
    """Normal with Keras's defaults: mean 0, stddev 0.05."""

    def __init__(self, mean: float = 0.0, stddev: float = 0.05, seed: int | None = None,
                 dtype: Any = dtypes.float32):
        super().__init__(mean, stddev, seed, dtype)


class TruncatedNormal(_TruncatedNormal):
    """Normal redrawn beyond 2 stddev, with Keras's defaults: mean 0, stddev 0.05."""

    def __init__(self, mean: float = 0.0, stddev: float = 0.05, seed: int | None = None,
                 dtype: Any = dtypes.float32):
        super().__init__(mean, stddev, seed, dtype)


class _Scaling(VarianceScaling):
    """A variance scaling fixed by its class (`scale`, `mode`, `distribution`); only the
    seed is an argument."""

    settings: tuple[float, str, str]

    def __init__(self, seed: int | None = None, dtype: Any = dtypes.float32):
        super().__init__(*self.settings, seed=seed, dtype=dtype)

    def get_config(self) -> dict:
        return {"seed": self.seed, "dtype": self.dtype.name}


class HeNormal(_Scaling):
    """Truncated normal with stddev `sqrt(2 / fan_in)` (He et al.), for ReLU layers."""

    settings = (2.0, "fan_in", "truncated_normal")


class HeUniform(_Scaling):
    """Uniform in `[-sqrt(6 / fan_in), sqrt(6 / fan_in))` (He et al.)."""

    settings = (2.0, "fan_in", "uniform")


class LecunNormal(_Scaling):
    """Truncated normal with stddev `sqrt(1 / fan_in)` (LeCun), for SELU layers."""

    settings = (1.0, "fan_in", "truncated_normal")


class LecunUniform(_Scaling):
    """Uniform in `[-sqrt(3 / fan_in), sqrt(3 / fan_in))` (LeCun)."""

    settings = (1.0, "fan_in", "uniform")


class Orthogonal(Initializer):
    """A random orthogonal matrix (orthonormal rows or columns, whichever are fewer) times
    `gain`, as Keras makes it: the Q of the QR decomposition of a standard normal matrix, its
    columns' signs set by R's diagonal. A shape of more than two axes is flattened to
    `[prod(shape[:-1]), shape[-1]]` first.

    >>> q = Orthogonal(seed=1)([3, 3]).numpy()
    >>> bool(np.allclose(q @ q.T, np.eye(3), atol=1e-5))
    True
    """

    def __init__(self, gain: float = 1.0, seed: int | None = None):
        self.gain = gain
        self.seed = seed
        self.dtype = dtypes.float32

    def __call__(self, shape: Any, dtype: Any = None, partition_info: Any = None) -> Tensor:
        dtype = self._dtype(dtype, "float")
        dims = _dims(shape)
        if len(dims) < 2:
            raise ValueError(f"The Orthogonal initializer needs a shape of at least two axes, "
                             f"got {dims}.")
        rows, columns = int(np.prod(dims[:-1])), dims[-1]
        normal = _RandomNormal(0.0, 1.0, self.seed, dtypes.float64)(
            [max(rows, columns), min(rows, columns)])
        if not isinstance(normal, EagerTensor):
            raise ValueError("The Orthogonal initializer runs eagerly (a layer's build does); "
                             "it cannot be called while a graph is built.")
        q, r = np.linalg.qr(normal.numpy())
        q = q * np.sign(np.diag(r))
        if rows < columns:
            q = q.T
        # Row-major, as TensorFlow's tensors are: `q.T` is column-major, and a matrix product
        # with a column-major operand took 10-30% longer (LSTM's recurrent kernel).
        values = (self.gain * q).reshape(dims).astype(dtype.as_numpy_dtype, order="C")
        return convert_to_tensor(values)

    def get_config(self) -> dict:
        return {"gain": self.gain, "seed": self.seed}


zeros, ones, constant = Zeros, Ones, Constant
random_uniform, random_normal, truncated_normal = RandomUniform, RandomNormal, TruncatedNormal
variance_scaling, glorot_uniform, glorot_normal = VarianceScaling, GlorotUniform, GlorotNormal
he_normal, he_uniform, lecun_normal, lecun_uniform = HeNormal, HeUniform, LecunNormal, LecunUniform
orthogonal = OrthogonalInitializer = Orthogonal

_BY_NAME: dict[str, type[Initializer]] = {
    "zeros": Zeros, "ones": Ones, "constant": Constant, "random_uniform": RandomUniform,
    "random_normal": RandomNormal, "truncated_normal": TruncatedNormal,
    "variance_scaling": VarianceScaling, "glorot_uniform": GlorotUniform,
    "glorot_normal": GlorotNormal, "he_normal": HeNormal, "he_uniform": HeUniform,
    "lecun_normal": LecunNormal, "lecun_uniform": LecunUniform, "orthogonal": Orthogonal,
}
# Keras's other names for some of them (`Embedding`'s default initializer is "uniform")
_ALIASES: dict[str, type[Initializer]] = {
    "uniform": RandomUniform, "normal": RandomNormal, "one": Ones, "zero": Zeros,
    "OrthogonalInitializer": Orthogonal}


def get(identifier: Any) -> Any:
    """A new initializer from its name (`"glorot_uniform"` or `"GlorotUniform"`), or the given
    initializer (any callable `(shape, dtype=...) -> tensor`, as `ag.random.normal`) itself.

    Raises:
        ValueError: an unknown name, or a value that is neither a name nor callable.
    """
    if isinstance(identifier, str):
        by_class = {cls.__name__: cls for cls in _BY_NAME.values()}
        found = (_BY_NAME.get(identifier) or _ALIASES.get(identifier)
                 or by_class.get(identifier))
        if found is None:
            raise ValueError(f"Unknown initializer {identifier!r}. Known names: "
                             f"{', '.join(sorted(_BY_NAME))}; or pass an initializer.")
        return found()
    if callable(identifier):
        return identifier
    raise ValueError(f"An initializer must be a name or a callable (shape, dtype) -> tensor, "
                     f"got {identifier!r}.")
