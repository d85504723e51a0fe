"""Keras 3's `keras.utils.set_random_seed`: one seed for Python's `random`, NumPy's global
generator (which `fit` shuffles with) and autograph's global seed (initializers, dropout).

>>> import numpy as np
>>> set_random_seed(3); first = np.random.rand()
>>> set_random_seed(3); first == np.random.rand()
True
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from autograph.runtime.core import random_seed

__all__ = ["set_random_seed"]


def set_random_seed(seed: Any) -> None:
    """Seeds Python's `random`, `np.random` and `ag.random.set_seed` with `seed`, so that a
    Keras program (weights, dropout, `fit`'s shuffling) runs the same every time.

    Args:
        seed: an int (a bool passes, as in Keras).

    Raises:
        ValueError: a seed that is not an int, with Keras's message.
    """
    if not isinstance(seed, int):
        raise ValueError(f"Expected `seed` argument to be an integer. Received: seed={seed} "
                         f"(of type {type(seed)})")
    random.seed(seed)
    np.random.seed(seed)
    random_seed.set_seed(int(seed))  # a bool too, as Keras (`ag.random.set_seed` refuses one)
