"""Eager calls repeated with one signature, settled once, and the one function that runs a
kernel and wraps its outputs (`kernel_runner`).

The general path binds and converts inputs, resolves attrs, places the op and runs its shape
function on every call: 10-20 µs around a NumPy call of one. Everything it settles follows
from the call's signature, the key of a dict on the op (`GeneralOp.calls`):

- `signature`, for any call: the eager context's token (`eager_token`), then per input its
  dtype, static shape and device (a tuple of those for a list input), or a Python int or
  bool given by value, then the attrs given;
- a front-end function's own key (`GeneralOp.run_keyed`, used by `t[key]`, `reduce_sum(x,
  axis)`, `reshape`, `cast`, ...): the token, its Python arguments (hashable, standing for
  every input but the first) and the first input's dtype, shape and device.

After a general call that succeeded, `settle` makes the function of later calls' inputs that
runs only the kernel (or the kernel's specialization for those shapes and constant inputs,
`register_kernel(specialize=...)`) and wraps its outputs as the general call did; the general
call itself ran through the same `kernel_runner`. A call is not settled, so it keeps the
general path, when its op is stateful, its shape function read the value of a tensor input, or
it runs on a GPU other than the current one. Calls that build a graph or are observed
(`add_observer`) never look settled calls up; a settled call records on a recording tape as
the general path does.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Hashable, Sequence

import numpy as np

from autograph.runtime.core import devices
from autograph.runtime.core.eager_context import token_slot
from autograph.runtime.core.errors import OpError
from autograph.runtime.eager.kernel_calls import bad_output_dtype, kernel_failure, wrap_output
from autograph.runtime.eager.placement import array_on
from autograph.runtime.graph.graph import _eager_disabled
from autograph.runtime.graph.graph import _state as _graphs
from autograph.runtime.graph.recording import observers, recorder
from autograph.runtime.graph.tensor import EagerTensor
from autograph.runtime.registry.kernel_registry import KernelDef, kernel_registry

Runner = Callable[..., Any]
BUILDING = object()  # the token while ops build a graph
OBSERVED = object()  # the token while observers see every op: each takes the general path
MAX_CALLS = 512  # settled calls kept per op
_placement = devices._placement
_soft_placement = devices._soft_placement
_kernels = kernel_registry()
_tokens: dict[tuple, object] = {}  # eager context -> its token
_new = object.__new__
_FLOATS = (float, np.floating)
_BOOLS = (bool, np.bool_)


def eager_token() -> object:
    """This thread's eager context as one object, the same while it does not change:
    BUILDING, OBSERVED, or one token per device scope, soft placement and kernel registry."""
    holder = token_slot[0]  # first: a change made while this runs replaces it
    if _graphs.stack or _eager_disabled[0]:
        token = BUILDING
    elif observers:
        token = OBSERVED
    else:
        stack = _placement.stack
        context = (stack[-1] if stack else None, _soft_placement[0], _kernels.generation)
        token = _tokens.get(context)
        if token is None:
            if len(_tokens) >= MAX_CALLS:
                _tokens.clear()
            token = _tokens[context] = object()
    holder.token = token
    return token


def signature(lists: tuple[bool, ...], token: object, inputs: Sequence[Any],
              attrs: dict[str, Any] | None) -> tuple | None:
    """What a call's general path depends on, flat, or None where an input is neither an eager
    tensor nor a Python int or bool (or a list of eager tensors for a list input, per `lists`).

    `token` is the eager context's (`eager_token`); a key made with another object (None,
    BUILDING) is never kept, so that looking it up finds nothing. The tuple may hold an
    unhashable attr value (a list): looking it up raises TypeError.
    """
    if len(inputs) != len(lists):
        return None
    parts: list[Any] = [token]
    for is_list, v in zip(lists, inputs):
        kind = type(v)
        if kind is EagerTensor and not is_list:
            parts += (v._dtype.name, v._value.shape, v._device)  # a str hashes faster
        elif is_list and (kind is list or kind is tuple):
            parts.append(len(v))
            for x in v:
                if type(x) is not EagerTensor:
                    return None
                parts += (x._dtype.name, x._value.shape, x._device)
        elif (kind is int or kind is bool) and not is_list:
            parts += (kind, v)  # 1 and True are equal keys, but not the same input
        else:
            return None
    return with_attrs(parts, attrs) if attrs else tuple(parts)


def with_attrs(parts: list[Any], attrs: dict[str, Any]) -> tuple | None:
    """A signature: `parts` (the token and what the inputs make), then the attrs given."""
    for name, value in attrs.items():
        kind = type(value)
        if kind is not bool and kind is not int and kind is not str and (
                not keys_by_equality(value)):
            return None
        parts += (name, kind, value)  # True and 1 are equal keys, but not the same attr
    return tuple(parts)


@functools.lru_cache(maxsize=None)
def signature_function(lists: tuple[bool, ...]) -> Callable[..., tuple | None]:
    """`signature` for an op whose input args are these (`lists`: which are lists), as
    `key(token, inputs, attrs)`: for inputs that are all eager tensors, written out for their
    number (a loop costs about 0.3 µs an input here); for others, `signature` itself."""
    if not lists or any(lists):
        return functools.partial(signature, lists)
    names = [f"x{i}" for i in range(len(lists))]
    parts = " ".join(f"{x}._dtype.name, {x}._value.shape, {x}._device," for x in names)
    source = (
        f"def key(token, inputs, attrs):\n"
        f"    if len(inputs) != {len(names)}:\n"
        f"        return None\n"
        f"    {', '.join(names)}, = inputs\n"
        f"    if {' or '.join(f'type({x}) is not EagerTensor' for x in names)}:\n"
        f"        return signature(lists, token, inputs, attrs)\n"
        f"    if not attrs:\n"
        f"        return (token, {parts})\n"
        f"    return with_attrs([token, {parts}], attrs)\n")
    namespace: dict[str, Any] = {"EagerTensor": EagerTensor, "signature": signature,
                                 "lists": lists, "with_attrs": with_attrs}
    exec(compile(source, f"<signature of {len(names)} tensors>", "exec"), namespace)
    key: Callable[..., tuple | None] = namespace["key"]
    return key


def keys_by_equality(attr_value: Any) -> bool:
    """Whether attr values equal to `attr_value` (and of its type) have its canonical form,
    so that it may key a cache: not a zero float (`-0.0 == 0.0`), nor a tuple holding one or
    a bool (`(True,) == (1,)`)."""
    if isinstance(attr_value, _FLOATS):
        return attr_value != 0
    return type(attr_value) is not tuple or not any(
        isinstance(item, _BOOLS) or isinstance(item, _FLOATS) and item == 0
        for item in attr_value)


def int_signature(value: Any) -> Hashable | None:
    """`value` as a front-end key when it is a Python int or a list or tuple of them (an
    axis, a shape, a permutation); else None.

    >>> int_signature([1, 0]), int_signature(2), int_signature([1.0])
    ((1, 0), 2, None)
    """
    if type(value) is int:
        return value
    if type(value) in (list, tuple) and all(type(v) is int for v in value):
        return tuple(value)
    return None


def varying_inputs(lists: tuple[bool, ...], inputs: Sequence[Any]) -> list[bool]:
    """Which inputs of a call keyed by `signature` later calls give anew: the tensors (the
    Python ints and bools of the key are the same in every call)."""
    return [type(v) is EagerTensor or is_list for is_list, v in zip(lists, inputs)]


def settle(op: Any, inputs: Sequence[Any], tensors: list[Any], arrays: list[Any],
           resolved: dict[str, Any], device: devices.Device, kernel: KernelDef,
           kernel_attrs: dict[str, Any], varying: list[bool], values_read: list[int]
           ) -> Runner | None:
    """The function of later calls' inputs that does what this successful general call of
    `op` (a `GeneralOp`) did, or None where such calls must take the general path.

    `tensors` and `arrays` are the call's converted inputs and the kernel's arrays as the call
    placed them; `varying` says which inputs later calls give (the others are this call's);
    `values_read` the inputs whose values the shape function read.
    """
    if any(varying[i] for i in values_read) or (device.is_gpu and device.index):
        return None
    op_def = op.op_def
    host = kernel.host_memory
    targets = [devices.CPU if arg.name in host else device for arg in op_def.input_arg]
    lists = [arg.is_list for arg in op_def.input_arg]
    fn = _kernel_function(kernel, device, kernel_attrs, op_def, resolved, arrays, varying)
    own = not any(lists) and all(  # each given tensor's own array (its device is in the key)
        t._device is target for t, target, given in zip(inputs, targets, varying) if given)
    if own and all(varying):
        return kernel_runner(op, fn, device, None, resolved, kernel, list)
    read: Callable[[Sequence[Any]], Sequence[Any]]
    if own and varying[0] and not any(varying[1:]):  # a front-end function's call
        read = _first_and_fixed(tuple(arrays[1:]))
    else:
        read = _reader(targets, varying, arrays, lists)
    return kernel_runner(op, fn, device, read, resolved, kernel,
                         _record_inputs(varying, tensors, lists))


def kernel_runner(op: Any, fn: Callable[..., Any], device: devices.Device,
                  read: Callable[[Sequence[Any]], Sequence[Any]] | None,
                  resolved: dict[str, Any], kernel: KernelDef,
                  record_inputs: Callable[[Sequence[Any]], list[Any]]) -> Runner:
    """`run(inputs, start=None)`: `fn` of the arrays `read` gives for `inputs` (None: each
    input tensor's own array), its outputs wrapped as `op`'s (a `GeneralOp`), recorded
    on the tapes that record (`record_inputs` gives their flat input tensors; `start` is when
    the op started, for observers).

    Kernel errors name the op: an `OpError` gets the op's name, anything else becomes an
    InvalidArgumentError naming the op, the device and the kernel's own error.
    """
    name = op.name
    outs = op.op_def.output_arg
    single = len(outs) == 1 and not outs[0].is_list
    dtype: Any = (outs[0].type or resolved[outs[0].type_attr]) if single else None
    np_dtype = dtype.np_dtype if single else None
    out_device: Any = devices.CPU if single and outs[0].name in kernel.host_memory else device
    inline = single and out_device.is_host  # wrapped here; elsewhere by `wrap_output`
    arity = len(op.op_def.input_arg)
    if read is None and arity not in (1, 2, 3):
        read = _own_arrays  # (for 1 to 3 tensors, their arrays are written out below)

    def run(inputs: Sequence[Any], start: float | None = None) -> Any:
        try:
            if read is not None:
                result = fn(*read(inputs))
            elif arity == 2:  # a reader's call costs a third of a scalar add's dispatch
                result = fn(inputs[0]._value, inputs[1]._value)
            elif arity == 1:
                result = fn(inputs[0]._value)
            else:
                result = fn(inputs[0]._value, inputs[1]._value, inputs[2]._value)
        except OpError as e:
            if e.op_name is None:
                e.op_name = name
            raise
        except Exception as e:
            raise kernel_failure(name, device, e) from e
        if inline:
            if result.dtype is not np_dtype and result.dtype != np_dtype:
                raise bad_output_dtype(name, result, dtype)
            outputs = _new(EagerTensor)  # `make_eager`, without its call
            outputs._value = result
            outputs._dtype = dtype
            outputs._device = out_device
        elif single:
            outputs = wrap_output(name, result, dtype, out_device)
        else:
            outputs = op._wrap_outputs(result, resolved, device, kernel)
        record = recorder[0]
        if record is not None:
            flat = [outputs] if single else _flat(
                [] if not outs else [outputs] if len(outs) == 1 else list(outputs))
            record(name, record_inputs(inputs), flat, resolved, None, start)
        return outputs
    return run


def run_once(op: Any, tensors: list[Any], arrays: list[Any], resolved: dict[str, Any],
             device: devices.Device, kernel: KernelDef, kernel_attrs: dict[str, Any]
             ) -> Runner:
    """The runner of one general call: its kernel with its attrs, on the arrays it placed."""
    bound = functools.partial(kernel.fn, device, **kernel_attrs)

    def on_device(*args: Any) -> Any:  # a GPU other than the current one
        with device.scope():
            return bound(*args)
    flat = _flat(tensors)
    return kernel_runner(op, on_device if device.is_gpu and device.index else bound, device,
                         lambda _: arrays, resolved, kernel, lambda _: flat)


def _flat(values: list[Any]) -> list[Any]:
    """Tensors grouped by arg (a list for a list arg), flattened."""
    return [t for x in values for t in (x if isinstance(x, list) else (x,))]


def _kernel_function(kernel: KernelDef, device: devices.Device, kernel_attrs: dict[str, Any],
                     op_def: Any, resolved: dict[str, Any], arrays: list[Any],
                     varying: list[bool]) -> Callable[..., Any]:
    """The kernel's specialization for these dtypes, shapes and constant inputs, or the kernel
    with its attrs bound."""
    if kernel.specialize is not None:
        def per_arg(of: Callable[[Any], Any]) -> list[Any]:
            return [[of(a) for a in x] if isinstance(x, list) else of(x) for x in arrays]
        types = [list(resolved[arg.type_list_attr]) if arg.type_list_attr else
                 [arg.type or resolved[arg.type_attr]] * len(x) if isinstance(x, list) else
                 arg.type or resolved[arg.type_attr]
                 for arg, x in zip(op_def.input_arg, arrays)]
        values = [None if given else devices.CPU.to_host(x)
                  for x, given in zip(arrays, varying)]
        fast = kernel.specialize(device, kernel_attrs, types, per_arg(lambda a: a.shape), values)
        if fast is not None:
            return fast
    return functools.partial(kernel.fn, device, **kernel_attrs)


def _own_arrays(inputs: Sequence[Any]) -> list[Any]:
    return [x._value for x in inputs]


def _first_and_fixed(fixed: tuple) -> Callable[[Sequence[Any]], tuple]:
    """The arrays of a call that gives its first input alone: that tensor's own array, then
    `fixed`."""
    def read(inputs: Sequence[Any]) -> tuple:
        return (inputs[0]._value, *fixed)
    return read


def _reader(targets: list[devices.Device], varying: list[bool], arrays: list[Any],
            lists: list[bool]) -> Callable[[Sequence[Any]], list[Any]]:
    """The function from a call's inputs to the kernel's arrays: each given tensor's array on
    its target device, and this call's arrays for the others."""
    plan = list(enumerate(zip(targets, varying, arrays, lists)))

    def read(inputs: Sequence[Any]) -> list[Any]:
        out = []
        for i, (target, given, array, is_list) in plan:
            if not given:
                out.append(array)
            elif is_list:
                out.append([array_on(t, target) for t in inputs[i]])
            else:
                out.append(array_on(inputs[i], target))
        return out
    return read


def _record_inputs(varying: list[bool], tensors: list[Any],
                   lists: list[bool]) -> Callable[[Sequence[Any]], list[Any]]:
    """The flat input tensors a tape records for a call: the given ones, and this call's
    tensors for the others."""
    def flat(inputs: Sequence[Any]) -> list[Any]:
        out: list[Any] = []
        for i, (given, tensor, is_list) in enumerate(zip(varying, tensors, lists)):
            value = inputs[i] if given else tensor
            out.extend(value if is_list else (value,))
        return out
    return flat
