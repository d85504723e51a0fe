"""Masks kept beside tensors: read back, replaced, removed, and forgotten with the tensor."""

import gc
import sys

from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.train.keras import masking


def _tensor():
    return convert_to_tensor([[1, 0]])


def test_a_mask_is_read_back_and_replaced():
    x, first, second = _tensor(), _tensor(), _tensor()
    masking.set_keras_mask(x, first)
    masking.set_keras_mask(x, second)
    assert masking.get_keras_mask(x) is second
    assert masking.get_keras_mask(_tensor()) is None


def test_a_mask_is_forgotten_with_its_tensor():
    x = _tensor()
    masking.set_keras_mask(x, _tensor())
    masking.set_keras_mask(x, _tensor())  # the first entry's reference dies with x too
    before = len(masking._masks)
    del x
    gc.collect()
    assert len(masking._masks) == before - 1


def test_a_removed_mask_leaves_nothing_to_forget(monkeypatch):
    errors = []
    monkeypatch.setattr(sys, "unraisablehook", errors.append)
    x = _tensor()
    masking.set_keras_mask(x, _tensor())
    masking.set_keras_mask(x, None)
    assert masking.get_keras_mask(x) is None
    del x
    gc.collect()
    assert errors == []  # the collected tensor's callback found no entry, and raised nothing
