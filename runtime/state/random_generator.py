"""`ag.random.Generator`: a random number generator whose state is a variable.

The state is an int64 variable `[counter, 0, key]`; each draw is a stateless op seeded with
`(key, counter)` (`runtime/ops/random/stateless.py`) followed by an increment of the counter,
so a generator's sequence depends only on its seed, the draws are the same on every device,
and its state travels in checkpoints (`generator/_state_var`, TensorFlow's key). A generator
made under a strategy that runs several replicas (in its scope, or inside `run`) gives each
replica a stream of its own, as TensorFlow's: the replica's number is mixed into the key. Inside an
`ag.function` the counter is read and advanced on every call, in program order. The numbers are
not TensorFlow's for the same seed (a deliberate difference, see the stateless functions).

>>> g = Generator.from_seed(1)
>>> a = g.normal([2])
>>> g.reset_from_seed(1)
>>> bool((g.normal([2]).numpy() == a.numpy()).all())
True
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from autograph.runtime.core import dtypes, replicas
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.ops.array.ops import stack
from autograph.runtime.ops.random import stateless
from autograph.runtime.state.module import Module
from autograph.runtime.state.variables import Variable

__all__ = ["Generator", "get_global_generator", "set_global_generator"]

_ADVANCE = np.array([1, 0, 0], np.int64)
_REPLICA_STRIDE = 0x5851F42D4C957F2D  # odd: replicas' keys stay apart (wrapping int64 adds)


def _state_from_seed(seed: Any) -> np.ndarray:
    seeds = np.asarray(seed, dtype=np.int64).reshape(-1)
    if seeds.size == 0:
        raise ValueError("A generator's seed needs at least one integer.")
    key = int(np.bitwise_xor.reduce(seeds * np.int64(0x9E3779B1) + np.arange(seeds.size)))
    return np.array([0, 0, key], np.int64)


class Generator(Module):
    """Random numbers from a state of its own (see the module docstring)."""

    def __init__(self, copy_from: Generator | None = None, state: Any = None, alg: Any = None):
        super().__init__(name="generator")
        if copy_from is not None:
            state = copy_from.state.numpy()
        if state is None:
            raise ValueError("Make a Generator with Generator.from_seed(seed), "
                             "Generator.from_non_deterministic_state() or from a state.")
        values = np.asarray(state, dtype=np.int64).reshape(-1)
        if values.shape != (3,):
            raise ValueError(f"A generator's state has 3 int64 values; got {values.size}.")
        self.algorithm = alg or "philox"
        self._per_replica = (replicas.in_cross_replica_context_of_a_strategy()
                             or replicas.replica_context_of_several() is not None)
        self._state_var = Variable(values, dtype=dtypes.int64, trainable=False,
                                   name="StateVar")

    # Making ---------------------------------------------------------------------------------
    @classmethod
    def from_seed(cls, seed: Any, alg: Any = None) -> Generator:
        """A generator whose sequence is a function of `seed` (an int or ints)."""
        return cls(state=_state_from_seed(seed), alg=alg)

    @classmethod
    def from_non_deterministic_state(cls, alg: Any = None) -> Generator:
        """A generator seeded from the operating system's entropy."""
        return cls.from_seed(int.from_bytes(os.urandom(8), "little", signed=True), alg)

    @classmethod
    def from_state(cls, state: Any, alg: Any) -> Generator:
        return cls(state=state, alg=alg)

    @property
    def state(self) -> Variable:
        """The state variable: `[counter, 0, key]`."""
        return self._state_var

    def reset(self, state: Any) -> None:
        self._state_var.assign(np.asarray(state, dtype=np.int64))

    def reset_from_seed(self, seed: Any) -> None:
        """Starts this generator's sequence again, as `from_seed(seed)` would."""
        self._state_var.assign(_state_from_seed(seed))

    # Drawing --------------------------------------------------------------------------------
    def _next_seed(self) -> Tensor:
        """This draw's seed `(key, counter)`, read before the counter is advanced."""
        state = self._state_var.read_value()
        key = state[2]
        replica = replicas.replica_context_of_several() if self._per_replica else None
        if replica is not None:
            offset = _REPLICA_STRIDE * (replica.replica_id_in_sync_group + 1) % 2**64
            key = key + np.int64(offset - 2**64 if offset >= 2**63 else offset)
        seed = stack([key, state[0]])
        self._state_var.assign_add(_ADVANCE)
        return seed

    def normal(self, shape: Any, mean: Any = 0.0, stddev: Any = 1.0,
               dtype: Any = dtypes.float32, name: str | None = None) -> Tensor:
        return stateless.stateless_normal(shape, self._next_seed(), mean, stddev, dtype, name)

    def truncated_normal(self, shape: Any, mean: Any = 0.0, stddev: Any = 1.0,
                         dtype: Any = dtypes.float32, name: str | None = None) -> Tensor:
        return stateless.stateless_truncated_normal(shape, self._next_seed(), mean, stddev,
                                                    dtype, name)

    def uniform(self, shape: Any, minval: Any = 0, maxval: Any = None,
                dtype: Any = dtypes.float32, name: str | None = None) -> Tensor:
        """Floats in `[minval, maxval)` (`[0, 1)` by default); integers need both bounds."""
        dtype = dtypes.as_dtype(dtype)
        if dtype.is_integer and maxval is None:
            raise ValueError(f"Generator.uniform: for integer dtype {dtype.name}, maxval must "
                             f"be given (use uniform_full_int for the whole range).")
        return stateless.stateless_uniform(shape, self._next_seed(), minval, maxval, dtype, name)

    def uniform_full_int(self, shape: Any, dtype: Any = dtypes.uint64,
                         name: str | None = None) -> Tensor:
        """Integers drawn uniformly from the whole range of `dtype`."""
        return stateless.stateless_uniform(shape, self._next_seed(), None, None, dtype, name)

    def make_seeds(self, count: int = 1) -> Tensor:
        """`count` new seeds for the stateless functions, an int64 `[2, count]` tensor."""
        return self.uniform_full_int([2, count], dtype=dtypes.int64)

    def split(self, count: int = 1) -> list[Generator]:
        """`count` new generators, independent of this one and of each other; this one's
        sequence moves on as after one draw."""
        seeds = self.make_seeds(count).numpy()
        return [Generator.from_seed(seeds[:, i], self.algorithm) for i in range(count)]


_global: list[Generator] = []


def get_global_generator() -> Generator:
    """The process's generator, made from a non-deterministic state when first asked for."""
    if not _global:
        _global.append(Generator.from_non_deterministic_state())
    return _global[0]


def set_global_generator(generator: Generator) -> None:
    """Makes `generator` the one `get_global_generator` returns."""
    _global[:] = [generator]
