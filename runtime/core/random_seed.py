"""Random seeds with TensorFlow's rules, and the per-seed generators random kernels draw from.

The global seed (`set_seed`) and an op's own seed combine as in TensorFlow:
  - neither set: fresh randomness on every run;
  - global set, op not: the op gets the next value of a counter, so a program's sequence of
    random ops is reproducible;
  - op set, global not: a fixed default global seed is used;
  - both set: both are used.
Eagerly, repeated calls of an op with the same seeds continue one stream (they differ from each
other) and `set_seed` restarts every stream, so re-running a program reproduces its numbers.

>>> set_seed(7); a = get_seed(None); b = get_seed(None)
>>> set_seed(7); (a, b) == (get_seed(None), get_seed(None))
True
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

DEFAULT_GRAPH_SEED = 87654321
_MAXINT32 = 2 ** 31 - 1

_lock = threading.Lock()
_global_seed: list[int | None] = [None]
_op_counter = [0]
_streams: dict[tuple, Any] = {}


def set_seed(seed: int | None) -> None:
    """Sets the global random seed (None clears it) and restarts every seeded stream."""
    if seed is not None:
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
            raise TypeError(f"The random seed must be an int or None, got {seed!r}.")
        seed = int(seed)
    with _lock:
        _global_seed[0] = seed
        _op_counter[0] = 0
        _streams.clear()


def get_seed(op_seed: int | None) -> tuple[int, int]:
    """The `(seed, seed2)` attrs of a random op, `(0, 0)` meaning nondeterministic."""
    with _lock:
        global_seed = _global_seed[0]
        if global_seed is not None:
            if op_seed is None:
                op_seed = _op_counter[0]
                _op_counter[0] += 1
            seeds = (global_seed, int(op_seed))
        elif op_seed is not None:
            seeds = (DEFAULT_GRAPH_SEED, int(op_seed))
        else:
            return 0, 0
    if seeds == (0, 0):
        seeds = (0, _MAXINT32)  # (0, 0) means "unseeded" to kernels
    return seeds


def stream(device: Any, seed: int, seed2: int) -> Any:
    """The `xp.random.RandomState` that a kernel on `device` uses for seeds `(seed, seed2)`.

    Seeded streams persist until `set_seed`, so repeated calls continue them; `(0, 0)` gives
    the device's shared unseeded stream.
    """
    key = (device.name, seed, seed2)
    with _lock:
        found = _streams.get(key)
        if found is None:
            if seed == 0 and seed2 == 0:
                state = int(np.random.SeedSequence().generate_state(1)[0])
            else:
                state = int(np.random.SeedSequence([seed & 0xFFFFFFFF, seed2 & 0xFFFFFFFF])
                            .generate_state(1)[0])
            with device.scope():
                found = _streams[key] = device.xp.random.RandomState(state)
        return found
