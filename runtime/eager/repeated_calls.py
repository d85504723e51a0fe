"""Eager calls of a `GeneralOp` repeated with one signature, settled once.

The general path binds and converts inputs, resolves attrs, places the op and runs its shape
function on every call: 10-20 µs around a NumPy call of one. Everything it settles follows
from the call's signature (`signature`): per input its dtype, static shape and device (a tuple of
those for a list input), Python ints and bools given as inputs by value, the attrs given, and
the eager context (device scope, soft placement, registered kernels). After a general call
that succeeded, `settle` makes a function of the inputs alone that runs only the kernel (or
the kernel's specialization for those shapes and constant inputs, `register_kernel(specialize=
...)`) and wraps its outputs as the general call did.

A call is not settled, so it keeps the general path, when its op is stateful, its shape
function read the value of a tensor input, or it runs on a GPU other than the current one;
`GeneralOp.run` also keeps calls that build a graph or record on a tape on the general path.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Sequence

import numpy as np

from autograph.runtime.core import devices
from autograph.runtime.core.errors import OpError
from autograph.runtime.eager.kernel_calls import kernel_failure, wrap_output
from autograph.runtime.eager.placement import array_on
from autograph.runtime.graph.tensor import EagerTensor
from autograph.runtime.registry.kernel_registry import KernelDef, kernel_registry

_placement = devices._placement
_soft_placement = devices._soft_placement
_kernels = kernel_registry()

Settled = Callable[[Sequence[Any]], Any]
_FLOATS = (float, np.floating)
_BOOLS = (bool, np.bool_)


def signature(lists: tuple[bool, ...], inputs: Sequence[Any],
              attrs: dict[str, Any] | None) -> tuple | None:
    """What a call's general path depends on, flat, or None where an input is neither an eager
    tensor nor a Python int or bool (or a list of eager tensors for a list input, per `lists`).

    The tuple may hold an unhashable attr value (a list): looking it up raises TypeError.
    """
    if len(inputs) != len(lists):
        return None
    parts: list[Any] = []
    add = parts.append
    for is_list, v in zip(lists, inputs):
        kind = type(v)
        if kind is EagerTensor and not is_list:
            add(v._dtype.name)  # a str hashes faster than a DType
            add(v._value.shape)
            add(v._device)
        elif is_list and (kind is list or kind is tuple):
            add(len(v))
            for x in v:
                if type(x) is not EagerTensor:
                    return None
                add(x._dtype.name)
                add(x._value.shape)
                add(x._device)
        elif (kind is int or kind is bool) and not is_list:
            add(kind)  # 1 and True are equal keys, but not the same input
            add(v)
        else:
            return None
    if attrs:
        for name, value in attrs.items():
            if not keys_by_equality(value):
                return None
            add(name)
            add(type(value))
            add(value)
    stack = _placement.stack
    add(stack[-1] if stack else None)
    add(_soft_placement[0])
    add(_kernels.generation)
    return tuple(parts)


def keys_by_equality(attr_value: Any) -> bool:
    """Whether attr values equal to `attr_value` (and of its type) have its canonical form,
    so that it may key a cache: not a zero float (`-0.0 == 0.0`), nor a tuple holding one or
    a bool (`(True,) == (1,)`)."""
    if isinstance(attr_value, _FLOATS):
        return attr_value != 0
    return type(attr_value) is not tuple or not any(
        isinstance(item, _BOOLS) or isinstance(item, _FLOATS) and item == 0
        for item in attr_value)


def settle(op: Any, inputs: Sequence[Any], arrays: list[Any], resolved: dict[str, Any],
           device: devices.Device, kernel: KernelDef, kernel_attrs: dict[str, Any],
           values_read: list[int]) -> Settled | None:
    """The function of later calls' inputs that does what this successful general call of
    `op` (a `GeneralOp`) did, or None where such calls must take the general path.

    `arrays` are the kernel's inputs as the call placed them; `values_read` the inputs whose
    values the shape function read.
    """
    constant = [type(v) is not EagerTensor and type(v) is not list and type(v) is not tuple
                for v in inputs]
    if (any(not constant[i] for i in values_read) or (device.is_gpu and device.index)):
        return None
    host = kernel.host_memory
    targets = [devices.CPU if arg.name in host else device for arg in op.op_def.input_arg]
    fn = _kernel_function(kernel, device, kernel_attrs, op.op_def, resolved, arrays, constant)
    read = _reader(targets, constant, arrays, [a.is_list for a in op.op_def.input_arg])
    name = op.name
    outs = op.op_def.output_arg
    if len(outs) == 1 and not outs[0].is_list:
        out_device = devices.CPU if outs[0].name in host else device
        out_dtype = outs[0].type or resolved[outs[0].type_attr]

        def wrap(result: Any) -> Any:
            return wrap_output(name, result, out_dtype, out_device)
    else:
        def wrap(result: Any) -> Any:
            return op._wrap_outputs(result, resolved, device, kernel)

    def call(inputs: Sequence[Any]) -> Any:
        try:
            result = fn(*read(inputs))
        except OpError as e:
            if e.op_name is None:
                e.op_name = name
            raise
        except Exception as e:
            raise kernel_failure(name, device, e) from e
        return wrap(result)
    return call


def _kernel_function(kernel: KernelDef, device: devices.Device, kernel_attrs: dict[str, Any],
                     op_def: Any, resolved: dict[str, Any], arrays: list[Any],
                     constant: list[bool]) -> Callable[..., Any]:
    """The kernel's specialization for these dtypes, shapes and constant inputs, or the kernel
    with its attrs bound."""
    if kernel.specialize is not None:
        def per_arg(of: Callable[[Any], Any]) -> list[Any]:
            return [[of(a) for a in x] if isinstance(x, list) else of(x) for x in arrays]
        types = [list(resolved[arg.type_list_attr]) if arg.type_list_attr else
                 [arg.type or resolved[arg.type_attr]] * len(x) if isinstance(x, list) else
                 arg.type or resolved[arg.type_attr]
                 for arg, x in zip(op_def.input_arg, arrays)]
        values = [devices.CPU.to_host(x) if fixed else None
                  for x, fixed in zip(arrays, constant)]
        fast = kernel.specialize(device, kernel_attrs, types, per_arg(lambda a: a.shape), values)
        if fast is not None:
            return fast
    return functools.partial(kernel.fn, device, **kernel_attrs)


def _reader(targets: list[devices.Device], constant: list[bool], arrays: list[Any],
            lists: list[bool]) -> Callable[[Sequence[Any]], list[Any]]:
    """The function from a call's inputs to the kernel's arrays: each tensor's array on its
    target device, and the arrays this call made of Python values."""
    if not any(constant) and not any(lists) and len(set(targets)) == 1:
        device = targets[0]

        def same_device(inputs: Sequence[Any]) -> list[Any]:
            return [x._value if x._device is device else array_on(x, device) for x in inputs]
        return same_device
    plan = list(zip(targets, constant, arrays, lists))

    def read(inputs: Sequence[Any]) -> list[Any]:
        out = []
        for (target, fixed, array, is_list), x in zip(plan, inputs):
            if fixed:
                out.append(array)
            elif is_list:
                out.append([t._value if t._device is target else array_on(t, target)
                            for t in x])
            else:
                out.append(x._value if x._device is target else array_on(x, target))
        return out
    return read
