"""`ag.random.categorical`, `shuffle`, `gamma` and `poisson`: draws from the op's seeded stream,
with TensorFlow's seed rules (`set_seed` and op seeds, see `ops.py`) and output shapes; the
numbers themselves are NumPy's (CuPy's on a GPU), not TensorFlow's.

>>> set_seed(1)
>>> categorical([[0.0, 0.0]], 4).shape
TensorShape([1, 4])
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core import dtypes, random_seed
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.creation.ops import as_shape_tensor
from autograph.runtime.ops.math import ops as math_ops
from autograph.runtime.ops.random import defs as random_defs  # noqa: F401  (declares the ops)
from autograph.runtime.ops.random.ops import _check_dtype, set_seed  # noqa: F401

__all__ = ["categorical", "shuffle", "gamma", "poisson"]

_multinomial = op_handle("Multinomial")
_shuffle = op_handle("RandomShuffle")
_gamma = op_handle("RandomGamma")
_poisson = op_handle("RandomPoissonV2")
_FLOATS = dtypes.NAMED_TYPE_SETS["floattype"]


def _seeds(seed: Any) -> dict:
    seed1, seed2 = random_seed.get_seed(seed)
    return {"seed": seed1, "seed2": seed2}


def categorical(logits: Any, num_samples: Any, dtype: Any = None, seed: Any = None,
                name: str | None = None) -> Tensor:
    """`[batch, num_samples]` classes drawn for each row of `logits` (unnormalized
    log-probabilities), int64 unless `dtype` says int32."""
    out = dtypes.int64 if dtype is None else dtypes.as_dtype(dtype)
    return _multinomial.run([logits, convert_to_tensor(num_samples, dtypes.int32)],
                            {**_seeds(seed), "output_dtype": out}, name)


def shuffle(value: Any, seed: Any = None, name: str | None = None) -> Tensor:
    """`value` with its first dimension in a random order."""
    return _shuffle.run([value], _seeds(seed), name)


def gamma(shape: Any, alpha: Any, beta: Any = None, dtype: Any = dtypes.float32,
          seed: Any = None, name: str | None = None) -> Tensor:
    """`shape` draws from Gamma(alpha, beta) for each (broadcast) alpha and beta: the output
    has shape `shape + broadcast(alpha, beta).shape`; beta is the rate (1 by default)."""
    dtype = _check_dtype(dtype, _FLOATS, "gamma")
    alpha = convert_to_tensor(alpha, dtype)
    if beta is not None:
        beta = convert_to_tensor(beta, dtype)
        alpha = math_ops.add(alpha, math_ops.multiply(beta, 0.0))  # broadcast to both shapes
    drawn = _gamma.run([as_shape_tensor(shape), alpha], _seeds(seed), None if beta is not None
                       else name)
    return drawn if beta is None else math_ops.divide(drawn, beta, name)


def poisson(shape: Any, lam: Any, dtype: Any = dtypes.float32, seed: Any = None,
            name: str | None = None) -> Tensor:
    """`shape` draws from Poisson(lam) for each lam: shape `shape + lam.shape`."""
    lam = convert_to_tensor(lam)
    if lam.dtype not in (dtypes.float16, dtypes.float32, dtypes.float64, dtypes.int32,
                         dtypes.int64):
        lam = convert_to_tensor(lam, dtypes.float32)
    return _poisson.run([as_shape_tensor(shape), lam],
                        {**_seeds(seed), "dtype": dtypes.as_dtype(dtype)}, name)
