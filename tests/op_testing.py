"""Shared helpers for op tests: the device parameters, op samples, and tensor assertions."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest

from autograph.runtime.core import devices

HAVE_GPU = bool(devices.gpu_devices())

# Every kernel test runs once per device: the CPU, and SIM (the simulated accelerator of
# `tests/sim_device.py`) everywhere; the GPU, marked `gpu`, only where CUDA and CuPy are (it is
# not collected elsewhere, so a CPU run reports the tests it ran, not thousands of skips).
DEVICES = [pytest.param("CPU", id="CPU"), pytest.param("SIM", id="SIM")] + (
    [pytest.param("GPU", id="GPU", marks=pytest.mark.gpu)] if HAVE_GPU else [])


@dataclasses.dataclass
class OpSample:
    """One call of a registered op, used to check its shape function against its kernel.

    `inputs` holds one NumPy array per input arg (a list of arrays for a list arg); `attrs`
    holds the attrs that the inputs do not determine.
    """

    op: str
    inputs: list[Any]
    attrs: dict[str, Any] = dataclasses.field(default_factory=dict)


def assert_tensor(actual: Any, expected: Any, dtype: Any = None, rtol: float = 1e-6,
                  atol: float = 0.0) -> None:
    """`actual` (a tensor) has `expected`'s values and shape, and `dtype` when given."""
    from autograph.runtime.graph.tensor import Tensor

    assert isinstance(actual, Tensor), f"expected a Tensor, got {type(actual).__name__}"
    if dtype is not None:
        assert actual.dtype == dtype, f"dtype {actual.dtype.name}, expected {dtype}"
    value = np.asarray(actual.numpy())
    expected = np.asarray(expected)
    assert value.shape == expected.shape, f"shape {value.shape}, expected {expected.shape}"
    if value.dtype == object or expected.dtype == object:
        assert value.tolist() == expected.tolist()
    elif value.dtype.kind in "fc":
        np.testing.assert_allclose(value, expected, rtol=rtol, atol=atol)
    else:
        np.testing.assert_array_equal(value, expected)
