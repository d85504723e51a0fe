"""Keras initializers (`ag.keras.initializers`), with Keras's defaults and names.

They are the runtime's initializers (`runtime.state.initializers`) where Keras agrees with
TensorFlow 1, and subclasses where Keras's defaults differ (`RandomNormal` has stddev 0.05 in
Keras, 1.0 in TensorFlow 1); `he_normal`, `he_uniform`, `lecun_normal` and `lecun_uniform` are
variance scalings. `get("glorot_uniform")` makes a new one from its name.

>>> get("ones")([2]).numpy()
array([1., 1.], dtype=float32)
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core import dtypes
from autograph.runtime.state.initializers import (
    Constant,
    GlorotNormal,
    GlorotUniform,
    Initializer,
    Ones,
    VarianceScaling,
    Zeros,
)
from autograph.runtime.state.initializers import RandomNormal as _RandomNormal
from autograph.runtime.state.initializers import RandomUniform as _RandomUniform
from autograph.runtime.state.initializers import TruncatedNormal as _TruncatedNormal

__all__ = ["Initializer", "Zeros", "Ones", "Constant", "RandomUniform", "RandomNormal",
           "TruncatedNormal", "VarianceScaling", "GlorotUniform", "GlorotNormal", "HeNormal",
           "HeUniform", "LecunNormal", "LecunUniform", "zeros", "ones", "constant",
           "random_uniform", "random_normal", "truncated_normal", "variance_scaling",
           "glorot_uniform", "glorot_normal", "he_normal", "he_uniform", "lecun_normal",
           "lecun_uniform", "get"]


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


zeros, ones, constant = Zeros, Ones, Constant
random_uniform, random_normal, truncated_normal = RandomUniform, RandomNormal, TruncatedNormal
variance_scaling, glorot_uniform, glorot_normal = VarianceScaling, GlorotUniform, GlorotNormal
he_normal, he_uniform, lecun_normal, lecun_uniform = HeNormal, HeUniform, LecunNormal, LecunUniform

_BY_NAME: dict[str, type[Initializer]] = {
    "zeros": Zeros, "ones": Ones, "constant": Constant, "random_uniform": RandomUniform,
    "random_normal": RandomNormal, "truncated_normal": TruncatedNormal,
    "variance_scaling": VarianceScaling, "glorot_uniform": GlorotUniform,
    "glorot_normal": GlorotNormal, "he_normal": HeNormal, "he_uniform": HeUniform,
    "lecun_normal": LecunNormal, "lecun_uniform": LecunUniform,
}
# Keras's other names for some of them (`Embedding`'s default initializer is "uniform")
_ALIASES: dict[str, type[Initializer]] = {
    "uniform": RandomUniform, "normal": RandomNormal, "one": Ones, "zero": Zeros}


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
