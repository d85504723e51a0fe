"""Keras masks: a boolean tensor that rides along with a layer's output and tells later layers
which time steps to skip (`Embedding(mask_zero=True)` makes one, recurrent layers read it).

Keras 3 stores the mask as an attribute of the tensor (`x._keras_mask`); our tensors have fixed
slots, so masks live here, keyed by the tensor's identity and forgotten when it is collected.

>>> from autograph.runtime.graph.tensor_conversion import convert_to_tensor
>>> x = convert_to_tensor([[1, 0]])
>>> set_keras_mask(x, convert_to_tensor([[True, False]]))
>>> get_keras_mask(x).numpy()
array([[ True, False]])
"""

from __future__ import annotations

import weakref
from typing import Any

__all__ = ["get_keras_mask", "set_keras_mask"]

_masks: dict[int, tuple[weakref.ref, Any]] = {}


def set_keras_mask(tensor: Any, mask: Any) -> None:
    """Attaches `mask` to `tensor` (None removes it)."""
    key = id(tensor)
    if mask is None:
        _masks.pop(key, None)
        return

    # A replaced or removed entry drops its reference, whose callback then never runs: the
    # entry of a collected tensor is its own.
    def forget(ref: weakref.ref, key: int = key) -> None:
        _masks.pop(key, None)

    _masks[key] = (weakref.ref(tensor, forget), mask)


def get_keras_mask(tensor: Any) -> Any:
    """The mask attached to `tensor`, or None."""
    entry = _masks.get(id(tensor))
    if entry is None or entry[0]() is not tensor:
        return None
    return entry[1]
