"""Constant folding: an op whose inputs are all constants runs once, when the plan is made,
and becomes a `Const` holding its result; so do `Shape`, `Size` and `Rank` of a tensor whose
static shape answers them (TensorFlow's constant folding materialises shapes too).

    c = Const(2.0); d = Mul(c, c); y = Add(x, d)   ->   d = Const(4.0); y = Add(x, d)

Folded: ops that may be rewritten at all (`Rewrite.frozen`: no side effects, no control
inputs, not fetched, no control flow), with one output of numbers, bools or strings. Unlike
TensorFlow's, an op with no inputs folds too: there, such ops are sources (constants,
placeholders, random ops), which are frozen or constants here; what is left is the
`StringFormat` of a message alone (`ag.print("fizz")`), which otherwise makes its string again
on every run: about a fifth of `examples/fizzbuzz.py`'s plan time (benchmarks/fast_paths.py). The
result is computed by the kernel the plan would call, on the op's device, so it is the value
the plan would compute. An op whose kernel raises or warns there is left alone: the plan raises
or warns when it runs, naming the op and the user's line, as it would without folding.

Size: a result over `MAX_CONSTANT_BYTES` (TensorFlow's default, 10 MiB) is not folded, nor one
bigger than its inputs together unless under `SMALL_BYTES`: folding `zeros([1000, 1000])` would
keep a 4 MB array alive as long as the plan to save one fill per call.
"""

from __future__ import annotations

import functools
import warnings
from typing import Any

import numpy as np

from autograph.runtime.core import devices, dtypes
from autograph.runtime.eager.placement import place
from autograph.runtime.exec.optimize.rewrite import Rewrite
from autograph.runtime.graph.operation import Operation
from autograph.runtime.registry.op_def import kernel_attr_names
from autograph.runtime.registry.op_registry import op_registry

MAX_CONSTANT_BYTES = 10 * 1024 * 1024
SMALL_BYTES = 1024

_SHAPE_OPS = frozenset({"Shape", "Size", "Rank"})


def run(rewrite: Rewrite) -> int:
    """Folds what can be folded; returns the number of ops folded."""
    folded = 0
    for op in rewrite.walk():
        if rewrite.frozen(op) or len(op.outputs) != 1 or op.type == "Const":
            continue
        shape_op = op.type in _SHAPE_OPS
        if not shape_op and not _reads_constants_only(op, rewrite):
            continue  # most ops: decided first
        (out,) = op.outputs
        if any(t.dtype is dtypes.resource or t.dtype is dtypes.variant
               for t in (out, *op.inputs)):
            continue  # handles and lists: their constants are objects, not arrays
        value = None
        if shape_op and not rewrite.frozen(op.inputs[0].op):
            value = _static_shape_value(op)  # the input's op need not run for it
        if value is None:
            if not _reads_constants_only(op, rewrite):
                continue
            inputs = [np.asarray(t.op.attrs["value"]) for t in op.inputs]  # all constants
            value = _evaluate(op, inputs)
            if value is None or not _worth_keeping(value, inputs):
                continue
        value = np.asarray(value)
        if value.dtype != np.dtype(out.dtype.as_numpy_dtype) or not _fits(value, out._shape):
            continue
        const = rewrite.insert(op, "Const", {"value": value, "dtype": out.dtype}, [],
                               [(out.dtype, value.shape)], _const_def())
        rewrite.replace(op, const.outputs)
        folded += 1
    return folded


def _reads_constants_only(op: Operation, rewrite: Rewrite) -> bool:
    """Whether every input of `op` is made by a `Const` that may be folded into its reader (a
    frozen one, with control inputs, must keep it)."""
    for t in op.inputs:
        if t.op.type != "Const" or rewrite.frozen(t.op):
            return False
    return True


def _static_shape_value(op: Operation) -> np.ndarray | None:
    """`Shape`, `Size` or `Rank` of the input, when its static shape tells it."""
    shape = op.inputs[0]._shape
    if shape is None:
        return None
    dtype = op.outputs[0].dtype.as_numpy_dtype
    if op.type == "Rank":
        return np.asarray(len(shape), dtype)
    if any(d is None for d in shape):
        return None
    if op.type == "Shape":
        return np.asarray(shape, dtype)
    return np.asarray(int(np.prod(shape, dtype=np.int64)), dtype)


def _evaluate(op: Operation, inputs: list[np.ndarray]) -> Any:
    """`op`'s output computed by its kernel on its device, on the host; None when the kernel
    raises or warns (the plan then raises or warns when it runs)."""
    try:
        type_attrs = {k: v for k, v in op.attrs.items() if isinstance(v, dtypes.DType)}
        spec = devices.parse_device_name(op.device) if op.device else None
        device, kernel = place(op.type, type_attrs, spec)
        attrs = {name: op.attrs[name] for name in kernel_attr_names(op.op_def)}
        values = iter(inputs)
        args: list[Any] = []
        for arg, tensors in op.input_groups():
            on_host = arg.name in kernel.host_memory
            group = [_as_argument(next(values), device, on_host) for _ in tensors]
            args.append(group if arg.is_list else group[0])
        fn = functools.partial(kernel.fn, device, **attrs)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            if device.is_gpu and device.index:
                with device.scope():
                    result = fn(*args)
            else:
                result = fn(*args)
        if caught:
            return None
        (out_arg, _), = op.output_groups()
        if out_arg.is_list:
            return None
        return result if out_arg.name in kernel.host_memory else device.to_host(result)
    except Exception:  # left to the plan, which reports it with the op and line
        return None


def _as_argument(value: np.ndarray, device: devices.Device, on_host: bool) -> Any:
    if value.ndim == 0 and value.dtype.kind in "biuf":
        value = value[()]  # as the plan passes constant scalars (executor.as_fast_scalar)
    return value if on_host or value.dtype == object else device.import_array(value)


def _worth_keeping(value: Any, inputs: list[np.ndarray]) -> bool:
    size = np.asarray(value).nbytes
    return size <= MAX_CONSTANT_BYTES and (
        size <= SMALL_BYTES or size <= sum(v.nbytes for v in inputs))


def _fits(value: np.ndarray, shape: Any) -> bool:
    return shape is None or (len(shape) == value.ndim and all(
        d is None or d == n for d, n in zip(shape, value.shape)))


@functools.cache
def _const_def() -> Any:
    return op_registry().lookup("Const").op_def
