"""Which function each line of a plan calls: the device and kernel of each op, placed once per
kind of op (`placements`), and the kernel's specialization for the op's dtypes, static shapes
and constant inputs, else the kernel with the op's attrs bound (`kernel_function`).

    placed = placements(ops)                  # id(op) -> (device, KernelDef)
    fn = kernel_function(op, *placed[id(op)], attrs)
"""

from __future__ import annotations

import functools
from typing import Any, Callable

import numpy as np

from autograph.runtime.core import devices, dtypes
from autograph.runtime.eager.placement import place
from autograph.runtime.exec.buffers import Placed
from autograph.runtime.exec.control_flow_writers import CONTROL_FLOW
from autograph.runtime.graph.graph import Operation, SymbolicTensor


def kernel_function(op: Operation, device: devices.Device, kernel: Any,
                    attrs: dict[str, Any]) -> Callable:
    """The function a plan's line calls for `op`: its kernel's specialization, else the kernel
    with `attrs` (the op's kernel attrs) bound."""
    on_current = not (device.is_gpu and device.index)
    return ((specialized(op, kernel, device, attrs) if on_current else None)
            or bound_kernel(kernel.fn, device, attrs))


def bound_kernel(fn: Callable, device: devices.Device, attrs: dict[str, Any]) -> Callable:
    bound = functools.partial(fn, device, **attrs)
    if device.is_gpu and device.index:
        def on_device(*args, **kwargs):
            with device.scope():
                return bound(*args, **kwargs)
        return on_device
    return bound


def specialized(op: Operation, kernel: Any, device: devices.Device,
                 attrs: dict[str, Any]) -> Callable | None:
    """The kernel's own faster function for this op's dtypes, static shapes and constant inputs
    (see `register_kernel`), or None."""
    if kernel.specialize is None:
        return None
    groups = op.input_groups()

    def per_arg(of: Callable[[SymbolicTensor], Any]) -> list[Any]:
        return [[of(t) for t in tensors] if arg.is_list else of(tensors[0])
                for arg, tensors in groups]
    types = per_arg(lambda t: t.dtype)
    shapes = per_arg(lambda t: t._shape)
    values = per_arg(lambda t: np.asarray(t.op.attrs["value"]) if t.op.type == "Const" else None)
    return kernel.specialize(device, attrs, types, shapes, values)


def placements(ops: list[Operation]) -> dict[int, Placed]:
    """id(op) -> (device, kernel) for each op of `ops` that runs a kernel (not control flow);
    placed once per op type, device and type attrs."""
    found: dict[int, Placed] = {}
    by_kind: dict[tuple, Placed] = {}
    for op in ops:
        if op.type in CONTROL_FLOW:
            continue
        type_attrs = [(k, v) for k, v in op.attrs.items() if type(v) is dtypes.DType]
        kind = (op.type, op.device, *type_attrs)
        placed = by_kind.get(kind)
        if placed is None:
            spec = devices.parse_device_name(op.device) if op.device else None
            placed = by_kind[kind] = place(op.type, dict(type_attrs), spec)
        found[id(op)] = placed
    return found
