"""Eager calls repeated with one signature, prepared once: `PreparedOp`.

Front-end functions such as `tensor[key]` and `reduce_sum(x, axis)` turn Python arguments into
constant inputs and attrs of one op (StridedSlice's begin, end, strides and masks; Sum's axis
and keep_dims), and the general dispatch converts, checks and places them again on every call:
tens of µs for a NumPy call of one. A `PreparedOp` keys such calls by the caller's signature
(its Python arguments, hashable) with the tensor's dtype, shape and device and the eager
context (device scope, soft placement, registered kernels). The first call of a key runs the
general path, errors and all; later ones run only what it settled: the kernel, or the kernel's
specialization for those shapes and constant inputs (`register_kernel(specialize=...)`), on
the tensor's array.

A call that builds a graph or records on a tape, an op whose shape function reads the tensor's
value, and an op of several outputs or host-memory tensors always take the general path.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Sequence

from autograph.runtime.core import devices
from autograph.runtime.core.errors import OpError
from autograph.runtime.eager.kernel_calls import bad_output_dtype, kernel_failure, value_reader
from autograph.runtime.eager.op_runner import GeneralOp
from autograph.runtime.eager.placement import array_on
from autograph.runtime.graph.graph import _eager_disabled
from autograph.runtime.graph.graph import _state as _graphs
from autograph.runtime.graph.recording import recorder
from autograph.runtime.graph.tensor import EagerTensor, make_eager
from autograph.runtime.registry.kernel_registry import kernel_registry
from autograph.runtime.registry.op_registry import op_registry

_placement = devices._placement
_kernels = kernel_registry()

Inputs = Callable[[], "tuple[Sequence[Any], dict[str, Any] | None]"]


def int_signature(value: Any) -> Hashable | None:
    """`value` as a signature when it is a Python int or a list or tuple of them (an axis, a
    shape, a permutation); else None.

    >>> int_signature([1, 0]), int_signature(2), int_signature([1.0])
    ((1, 0), 2, None)
    """
    if type(value) is int:
        return value
    if type(value) in (list, tuple) and all(type(v) is int for v in value):
        return tuple(value)
    return None


class PreparedOp:
    """Eager calls of one op whose first input is a tensor and whose other inputs and attrs
    follow from a hashable signature.

    >>> from autograph.runtime.graph.tensor_conversion import convert_to_tensor
    >>> import numpy as np
    >>> transpose = PreparedOp("Transpose")
    >>> x = convert_to_tensor([[1, 2, 3]])
    >>> transpose.run((1, 0), x, lambda: ([x, np.array([1, 0], np.int32)], {})).shape
    TensorShape([3, 1])
    """

    def __init__(self, op_name: str, limit: int = 512):
        self._op = GeneralOp(op_registry().lookup(op_name))
        self._calls: dict[tuple, tuple] = {}
        self._limit = limit

    def run(self, signature: Hashable | None, tensor: Any, inputs: Inputs) -> Any:
        """The op's output for `inputs()` (the op's inputs, `tensor` first, and its attrs), or
        None where the call must take the caller's general path: no signature (None), or see
        the module docstring."""
        stack = _placement.stack
        if (signature is None or _graphs.stack or _eager_disabled[0] or recorder[0] is not None
                or type(tensor) is not EagerTensor):
            return None
        key = (signature, tensor._dtype, tensor._value.shape, tensor._device,
               stack[-1] if stack else None, devices.get_soft_device_placement(),
               _kernels.generation)
        try:
            call = self._calls.get(key)
        except TypeError:  # an unhashable part of the signature (an attr given as a list)
            return None
        if call is None:
            args, attrs = inputs()
            result = self._op.run(args, attrs)
            if len(self._calls) >= self._limit:
                self._calls.clear()
            self._calls[key] = self._prepare(args, attrs)
            return result
        if not call:
            return None
        fn, device, dtype = call
        x = tensor._value if tensor._device is device else array_on(tensor, device)
        try:
            out = fn(x)
        except OpError as e:
            if e.op_name is None:
                e.op_name = self._op.name
            raise
        except Exception as e:
            raise kernel_failure(self._op.name, device, e) from e
        if out.dtype != dtype.np_dtype:
            raise bad_output_dtype(self._op.name, out, dtype)
        return make_eager(out, dtype, device)

    def _prepare(self, args: Sequence[Any], attrs: dict[str, Any] | None) -> tuple:
        """(function of the tensor's array, device, output dtype); () for the general path."""
        op = self._op
        op_def = op.op_def
        resolved, tensors = op._bind(args, attrs)
        device, kernel = op._place(resolved)
        host = kernel.host_memory
        outs = op_def.output_arg
        if (len(outs) != 1 or outs[0].is_list or outs[0].name in host
                or op_def.input_arg[0].name in host or (device.is_gpu and device.index)
                or any(isinstance(t, list) for t in tensors)):
            return ()
        arrays = op._arrays_on(device, kernel, op_def.input_arg, tensors)
        read = value_reader(arrays)
        first_read = []

        def value(i: int) -> Any:
            if i == 0:
                first_read.append(i)
            return read(i)
        op._infer_shapes(tensors, arrays, resolved, value)
        if first_read:
            return ()
        kernel_attrs = {a.name: resolved[a.name] for a in op.kernel_attrs}
        fixed = arrays[1:]
        fn = kernel.fn
        fast = None
        if kernel.specialize is not None:
            fast = kernel.specialize(
                device, kernel_attrs, [t.dtype for t in tensors], [a.shape for a in arrays],
                [None] + [devices.CPU.to_host(a) for a in fixed])
        dtype = outs[0].type or resolved[outs[0].type_attr]
        if fast is not None:
            return (lambda x: fast(x, *fixed)), device, dtype
        return (lambda x: fn(device, x, *fixed, **kernel_attrs)), device, dtype
