"""Kernels registered with `takes_out` write their result into `out=`, on every device.

Plans pass `out=` the buffer of a dead input (see `runtime/exec/buffers.py`), so each such
kernel is run on its samples with `out=` its first input, and with `out=` a separate buffer,
and must give what it gives without `out=`.
"""

import numpy as np
import pytest

from autograph.runtime.core import devices, dtypes
from autograph.runtime.eager.placement import place
from autograph.runtime.registry.kernel_registry import kernels_for
from autograph.runtime.registry.op_def import inferred_attr_names
from autograph.runtime.registry.op_registry import op_registry
from tests.op_testing import OpSample
from tests.ops import samples_math, samples_nn

# Samples the families lack with a result of the first input's shape.
_MORE = [OpSample("Mul", [np.float32([[1.5, -2.0], [0.0, 4.0]]), np.float32(3.0)]),
         OpSample("Maximum", [np.float64([1.5, -2.0, 3.0]), np.float64([0.0, 0.0, 4.0])]),
         # Products whose result has the first input's shape: out= overlaps an input.
         OpSample("MatMul", [np.float32([[1.5, -2.0], [0.5, 4.0]]),
                             np.float32([[2.0, 1.0], [-1.0, 3.0]])], {"transpose_b": True}),
         OpSample("BatchMatMulV2", [np.arange(8.0).reshape(2, 2, 2),
                                    np.float64([[0.5, -1.0], [2.0, 3.0]])], {"adj_x": True})]


def _writes_into_first_input(sample) -> bool:
    """Whether the result has the first input's shape and dtype (so `out=` may be it)."""
    if not any(k.takes_out for k in kernels_for(sample.op)):
        return False
    first = np.asarray(sample.inputs[0])
    if first.dtype == object or first.ndim == 0:
        return False
    expected, _ = _run("CPU", sample, lambda inputs, device: None)
    return expected.shape == first.shape and expected.dtype == first.dtype


def _run(device_name, sample, out_of):
    """The sample's kernel run on the device; `out_of(inputs)` picks the `out=` buffer."""
    spec = devices.parse_device_name(f"{device_name}:0")
    type_attrs = {"T": dtypes.as_dtype(np.asarray(sample.inputs[0]).dtype)}
    device, kernel = place(sample.op, type_attrs, spec)
    assert kernel.takes_out
    inputs = [device.import_array(np.array(x)) for x in sample.inputs]
    op_def = op_registry().lookup(sample.op).op_def
    attrs = {a.name: a.default_value for a in op_def.attr
             if a.name not in inferred_attr_names(op_def)} | sample.attrs
    out = out_of(inputs, device)
    result = kernel.fn(device, *inputs, **attrs, **({} if out is None else {"out": out}))
    return device.to_host(result), (None if out is None else device.to_host(out))


SAMPLES = [s for s in samples_math.SAMPLES + samples_nn.SAMPLES + _MORE
           if _writes_into_first_input(s)]


def test_the_ufunc_like_ops_have_out_samples():
    ufunc_like = {"AddV2", "Sub", "Mul", "Maximum", "Neg", "Abs", "Sqrt", "Relu", "ReluGrad",
                  "MatMul", "BatchMatMulV2"}
    assert ufunc_like <= {s.op for s in SAMPLES}


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.op)
def test_kernel_writes_into_its_first_input_as_without_out(device, sample):
    expected, _ = _run(device, sample, lambda inputs, device: None)
    result, buffer = _run(device, sample, lambda inputs, d: inputs[0])
    np.testing.assert_array_equal(result, expected)
    np.testing.assert_array_equal(buffer, expected)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.op)
def test_kernel_writes_into_a_separate_buffer_as_without_out(device, sample):
    expected, _ = _run(device, sample, lambda inputs, device: None)
    result, buffer = _run(device, sample, lambda inputs, d: d.import_array(
        np.zeros(np.shape(sample.inputs[0]), np.asarray(sample.inputs[0]).dtype)))
    np.testing.assert_array_equal(buffer, expected)
    np.testing.assert_array_equal(result, expected)
