"""Kernel of `CheckNumerics`: the input itself, or an error naming what it holds.

>>> import numpy as np
>>> check_numerics(None, np.array([1.0, np.inf, np.nan]), "loss")
Traceback (most recent call last):
...
autograph.runtime.core.errors.InvalidArgumentError: loss : Tensor had Inf and NaN values
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.kernels.common import BOTH
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.registry.kernel_registry import register_kernel


@register_kernel("CheckNumerics", device=BOTH)
def check_numerics(ctx, tensor, message):
    found = non_finite(tensor)
    if found:
        raise InvalidArgumentError(f"{message} : Tensor had {found} values")
    return tensor


def non_finite(array: Any) -> str:
    """What non-finite values a float array (NumPy or CuPy) holds, in TensorFlow's words:
    'Inf', 'NaN', 'Inf and NaN', or '' for none."""
    if np.isfinite(array).all():
        return ""
    found = [name for name, test in (("Inf", np.isinf), ("NaN", np.isnan)) if test(array).any()]
    return " and ".join(found)
