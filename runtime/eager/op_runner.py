"""How one op runs eagerly or is added to a graph: `GeneralOp`, for any op (`simple_op.SimpleOp`
adds a faster key and graph build for ops whose inputs all share one type attr and that have no
other attrs).

`dispatch` builds one of them per op (`op_handle`). A call's first run takes the general path
(`_run_general`); calls repeated with its signature run what it settled (`settled_calls`).
"""

from __future__ import annotations

from time import perf_counter
from typing import Any, Callable, Hashable, Sequence

from autograph.runtime.core import devices, dtypes
from autograph.runtime.core.eager_context import token_slot
from autograph.runtime.core.errors import InternalError, InvalidArgumentError, NotFoundError
from autograph.runtime.eager.fallback import fallback
from autograph.runtime.eager.kernel_calls import (
    common_dtype,
    dtype_mismatch,
    outputs_structure,
    run_shape_fn,
    type_not_allowed,
    value_reader,
    wrap_output,
    wrong_dtype,
)
from autograph.runtime.eager.placement import array_on, place
from autograph.runtime.eager.settled_calls import (
    BUILDING,
    MAX_CALLS,
    OBSERVED,
    eager_token,
    keys_by_equality,
    run_once,
    settle,
    signature_function,
    varying_inputs,
)
from autograph.runtime.graph.constant_value import constant_value
from autograph.runtime.graph.graph import building_graph
from autograph.runtime.graph.operation import SymbolicTensor, check_in_scope
from autograph.runtime.graph.recording import recorder
from autograph.runtime.graph.tensor import EagerTensor, Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor, into_graph
from autograph.runtime.registry.kernel_registry import KernelDef, kernel_registry
from autograph.runtime.registry.op_def import ArgDef, OpDef, check_attr_value, inferred_attr_names
from autograph.runtime.registry.shape_inference import InferenceContext

_placement = devices._placement
_kernels = kernel_registry()
_KEYED = object()  # marks the keys of front-end functions' calls (`run_keyed`)
Inputs = Callable[[], "tuple[Sequence[Any], dict[str, Any] | None]"]


class GeneralOp:
    """The full path: list inputs, explicit attrs, several outputs, host memory."""

    def __init__(self, reg):
        self.reg = reg
        self.op_def: OpDef = reg.op_def
        self.name = self.op_def.name
        self.attr_defs = {a.name: a for a in self.op_def.attr}
        self.inferred = inferred_attr_names(self.op_def)
        self.kernel_attrs = [a for a in self.op_def.attr if a.name not in self.inferred]
        self.type_attrs = [a for a in self.op_def.attr if a.type in ("type", "list(type)")]
        self.checked_type_attrs = [a for a in self.type_attrs if a.allowed_values is not None]
        self.defaults = [(a.name, a.default_value) for a in self.op_def.attr if a.has_default]
        self.required = [a for a in self.op_def.attr if not a.has_default]
        self.attr_cache: dict[tuple, Any] = {}  # (attr name, value) -> canonical value
        self.placements: dict[tuple, tuple[devices.Device, KernelDef]] = {}
        self.placement_generation = -1
        # Calls by signature (see `settled_calls`): a function of the inputs, or None.
        self.repeatable = not self.op_def.is_stateful
        self.lists = tuple(a.is_list for a in self.op_def.input_arg)
        self.signature = signature_function(self.lists)
        self.calls: dict[Hashable, Any] = {}

    # Entry ---------------------------------------------------------------------------------
    def run(self, inputs: Sequence[Any], attrs: dict[str, Any] | None = None,
            name: str | None = None) -> Any:
        token = token_slot[0].token
        if token is None:
            token = eager_token()
        if token is BUILDING:
            return self.build(building_graph(), inputs, attrs, name)
        key = self.signature(token, inputs, attrs) if self.repeatable else None
        if key is not None:  # (OBSERVED keys are never kept: each such call is general)
            try:
                call = self.calls.get(key, self)
            except TypeError:  # an unhashable attr value (a list)
                call = key = None
            if call is None:  # a signature seen, that takes the general path
                key = None
            elif call is not self:
                return call(inputs)
        if token is OBSERVED:
            key = None
        return self._run_general(inputs, attrs, name, key, None)

    def run_keyed(self, key: Hashable | None, tensor: Any, inputs: Inputs) -> Any:
        """The op's output for `inputs()` (its inputs, `tensor` first, and its attrs), which a
        front-end function derives from `key` (its Python arguments, hashable) and `tensor`;
        None where the call must take the caller's general path: no key (None), a `tensor`
        that is not an eager tensor, or a call that cannot be settled (see `settled_calls`).
        """
        if key is None or type(tensor) is not EagerTensor or not self.repeatable:
            return None
        token = token_slot[0].token
        if token is None:
            token = eager_token()
        if token is BUILDING or token is OBSERVED:
            return None
        full = (token, _KEYED, key, tensor._dtype.name, tensor._value.shape, tensor._device)
        try:
            call = self.calls.get(full, self)
        except TypeError:  # an unhashable part of the key (an attr given as a list)
            return None
        if call is None:
            return None
        if call is not self:
            return call((tensor,))
        args, attrs = inputs()
        varying = [True] + [False] * (len(args) - 1)
        return self._run_general(args, attrs, None, full, varying)

    def _run_general(self, inputs: Sequence[Any], attrs: dict[str, Any] | None,
                     name: str | None, key: Hashable | None, varying: list[bool] | None) -> Any:
        """Runs a call by the general path; with a `key`, settles the calls it stands for
        (`varying`: the inputs they give, None for a `signature`'s)."""
        start = None if recorder[0] is None else perf_counter()
        try:
            resolved, tensors = self._bind(inputs, attrs)
        except (TypeError, ValueError):
            result = fallback(self.name, inputs, attrs, name)  # a composite input (ragged)
            if result is NotImplemented:
                raise
            return result
        device, kernel = self._place(resolved)
        arrays = self._arrays_on(device, kernel, self.op_def.input_arg, tensors)
        reads: list[int] = []
        self._infer_shapes(tensors, arrays, resolved, value_reader(arrays, reads))
        kernel_attrs = {a.name: resolved[a.name] for a in self.kernel_attrs}
        outputs = run_once(self, tensors, arrays, resolved, device, kernel, kernel_attrs)(
            inputs, start)
        if key is not None:
            if len(self.calls) >= MAX_CALLS:
                self.calls.clear()
            self.calls[key] = settle(
                self, inputs, tensors, arrays, resolved, device, kernel, kernel_attrs,
                varying_inputs(self.lists, inputs) if varying is None else varying, reads)
        return outputs

    def _bind(self, inputs: Sequence[Any], attrs: dict[str, Any] | None, in_graph: bool = False
              ) -> tuple[dict[str, Any], list[Any]]:
        """Checks the number of inputs, converts them, and resolves every attr: the given ones
        checked, type and length attrs from the inputs, the rest from their defaults.

        An input of the wrong dtype is a TypeError `in_graph` (while the op is added to a
        graph), else an InvalidArgumentError (see `kernel_calls.wrong_dtype`)."""
        args = self.op_def.input_arg
        if len(inputs) != len(args):
            names = ", ".join(a.name for a in args) or "none"
            raise TypeError(f"{self.name} takes {len(args)} input(s) ({names}), got "
                            f"{len(inputs)}.")
        resolved = self._explicit_attrs(attrs or {})
        tensors = self._convert_inputs(args, inputs, resolved, in_graph)
        self._check_type_attrs(resolved, in_graph)
        self._fill_defaults(resolved)
        return resolved, tensors

    # Graph building ------------------------------------------------------------------------
    def build(self, graph, inputs: Sequence[Any], attrs: dict[str, Any] | None,
              name: str | None) -> Any:
        """Adds the op to `graph` and returns its symbolic outputs (the op if it has none)."""
        try:
            resolved, converted = self._bind(inputs, attrs, in_graph=True)
        except (TypeError, ValueError):
            result = fallback(self.name, inputs, attrs, name)  # a composite input (ragged)
            if result is NotImplemented:
                raise
            return result
        tensors = [[self._into(graph, t, arg) for t in x] if isinstance(x, list) else
                   self._into(graph, x, arg) for arg, x in zip(self.op_def.input_arg, converted)]
        flat = [t for x in tensors for t in (x if isinstance(x, list) else [x])]
        shapes = [[t._shape for t in x] if isinstance(x, list) else x._shape for x in tensors]
        out_shapes = self._graph_shapes(tensors, shapes, resolved)
        output_types: list[Any] = []
        lengths = []
        for arg, shape in zip(self.op_def.output_arg, out_shapes):
            types = self._output_dtypes(arg, resolved)
            if arg.is_list:
                arg_shapes = shape if isinstance(shape, list) else [None] * len(types)
                output_types.extend(zip(types, arg_shapes))
                lengths.append(len(types))
            else:
                output_types.append((types, shape))
                lengths.append(1)
        op = graph.create_op(
            self.name, flat, resolved, output_types, name=name, op_def=self.op_def,
            input_arg_lengths=tuple(len(x) if isinstance(x, list) else 1 for x in tensors),
            output_arg_lengths=tuple(lengths))
        return outputs_structure(op, self.op_def)

    def _into(self, graph, tensor: Tensor, arg: ArgDef) -> Any:
        """`tensor` as a tensor of `graph`; one of a function that has returned is an error."""
        if type(tensor) is SymbolicTensor and tensor._op.graph is not graph:
            encloses = getattr(graph, "_encloses", None)  # a graph made inside the tensor's
            if encloses is None or not encloses(tensor._op.graph):  # (a backward) captures it
                check_in_scope(tensor, f"Input {arg.name!r} of {self.name} cannot be "
                                       f"{tensor.name}")
        return into_graph(graph, tensor)

    def _graph_shapes(self, tensors: list[Any], shapes: list[Any],
                      resolved: dict[str, Any]) -> list[Any]:
        outs = self.op_def.output_arg
        if self.reg.shape_fn is None:
            return [None] * len(outs)

        def value(i: int) -> Any:
            x = tensors[i]
            return [constant_value(t) for t in x] if isinstance(x, list) else constant_value(x)
        types = [[t.dtype for t in x] if isinstance(x, list) else x.dtype for x in tensors]
        c = InferenceContext(self.name, shapes, types, resolved, value)
        found = run_shape_fn(self.reg.shape_fn, c)
        if len(found) != len(outs):
            raise InternalError(f"The shape function of {self.name} returned {len(found)} "
                                f"shapes for {len(outs)} outputs.", self.name)
        return found

    @staticmethod
    def _output_dtypes(arg: ArgDef, resolved: dict[str, Any]) -> Any:
        if arg.type_list_attr:
            return list(resolved[arg.type_list_attr])
        dtype = arg.type or resolved[arg.type_attr]
        return [dtype] * resolved[arg.number_attr] if arg.number_attr else dtype

    # Attrs ---------------------------------------------------------------------------------
    def _explicit_attrs(self, attrs: dict[str, Any]) -> dict[str, Any]:
        resolved = {}
        cache = self.attr_cache
        for key, value in attrs.items():
            cached = (key, type(value), value) if keys_by_equality(value) else ()  # never kept
            try:
                resolved[key] = cache[cached]
                continue
            except (KeyError, TypeError):  # not seen yet, unhashable (a list), or not cached
                pass
            attr = self.attr_defs.get(key)
            if attr is None:
                known = ", ".join(self.attr_defs) or "none"
                raise TypeError(f"{self.name} got an unexpected attr {key!r} (its attrs: "
                                f"{known}).")
            try:
                resolved[key] = check_attr_value(attr, value, self.name)
            except ValueError as e:  # a value of the right kind that the op does not accept
                raise InvalidArgumentError(str(e), self.name) from None
            if cached and len(cache) < 256 and "func" not in attr.type:
                try:  # (graphs are not kept alive here)
                    cache[cached] = resolved[key]
                except TypeError:
                    pass
        return resolved

    def _check_type_attrs(self, resolved: dict[str, Any], in_graph: bool = False) -> None:
        for attr in self.checked_type_attrs:
            if attr.name not in resolved:
                continue
            values = resolved[attr.name]
            for v in values if isinstance(values, tuple) else (values,):
                if v not in attr.allowed_values:
                    raise wrong_dtype(self.name, type_not_allowed(self.name, attr, v), in_graph)

    def _fill_defaults(self, resolved: dict[str, Any]) -> None:
        for attr in self.required:
            if attr.name not in resolved:
                raise TypeError(f"{self.name} needs a value for attr {attr.name!r} "
                                f"({attr.type}).")
        for name, default in self.defaults:
            if name not in resolved:
                resolved[name] = default

    # Inputs --------------------------------------------------------------------------------
    def _convert_inputs(self, args: tuple[ArgDef, ...], inputs: Sequence[Any],
                        resolved: dict[str, Any], in_graph: bool) -> list[Any]:
        bound_by: dict[str, str] = {}

        def bind(attr_name: str, dtype: dtypes.DType, arg_name: str) -> None:
            have = resolved.get(attr_name)
            if have is None:
                resolved[attr_name] = dtype
                bound_by[attr_name] = arg_name
            elif have is not dtype:
                raise wrong_dtype(self.name, dtype_mismatch(
                    self.name, arg_name, dtype, bound_by.get(attr_name), have, attr_name),
                    in_graph)

        for arg, value in zip(args, inputs):  # pass 1: tensors decide type attrs
            if arg.is_list:
                if not isinstance(value, (list, tuple)):
                    raise TypeError(f"{self.name}: input {arg.name!r} must be a list of tensors, "
                                    f"got {type(value).__name__}.")
                if arg.number_attr:
                    self._bind_length(arg, len(value), resolved)
            if arg.type_attr:
                for v in value if arg.is_list else (value,):
                    if isinstance(v, Tensor) or hasattr(type(v), "__tf_tensor__"):
                        bind(arg.type_attr, v.dtype, arg.name)  # tensors and variables
        pending: dict[str, list[Any]] = {}
        for arg, value in zip(args, inputs):  # Python values of unbound type attrs agree
            if arg.type_attr and arg.type_attr not in resolved:
                pending.setdefault(arg.type_attr, []).extend(value if arg.is_list else [value])
        made: dict[int, Tensor] = {}  # id(value) -> its tensor, made while finding the dtype
        for attr_name, values in pending.items():
            default = self.attr_defs[attr_name].default_value
            hint = default if isinstance(default, dtypes.DType) else None
            resolved[attr_name], tensors = common_dtype(self.name, values, hint)
            made.update((id(v), t) for v, t in zip(values, tensors)
                        if t.dtype is resolved[attr_name])
        converted: list[Any] = []
        for arg, value in zip(args, inputs):  # pass 2: convert
            if arg.type_list_attr:
                items = [convert_to_tensor(v) for v in value]
                types = tuple(t.dtype for t in items)
                given = resolved.get(arg.type_list_attr)
                if given is not None and given != types:
                    raise wrong_dtype(
                        self.name, f"{self.name}: input {arg.name!r} has dtypes "
                        f"{[t.name for t in types]}, but attr {arg.type_list_attr!r} is "
                        f"{[t.name for t in given]}.", in_graph)
                resolved[arg.type_list_attr] = types
                converted.append(items)
                continue
            target = arg.type if arg.type is not None else resolved[arg.type_attr]
            if arg.is_list:
                converted.append([self._convert_once(v, target, arg, made, in_graph)
                                  for v in value])
            else:
                converted.append(self._convert_once(value, target, arg, made, in_graph))
        return converted

    def _bind_length(self, arg: ArgDef, n: int, resolved: dict[str, Any]) -> None:
        attr = self.attr_defs[arg.number_attr]
        given = resolved.get(arg.number_attr)
        if given is not None and given != n:
            raise InvalidArgumentError(f"{self.name}: input {arg.name!r} has {n} tensors but "
                                       f"attr {arg.number_attr!r} is {given}.", self.name)
        if attr.has_minimum and n < attr.minimum:
            raise InvalidArgumentError(f"{self.name}: input {arg.name!r} needs at least "
                                       f"{attr.minimum} tensors, got {n}.", self.name)
        resolved[arg.number_attr] = n

    def _convert_once(self, value: Any, dtype: dtypes.DType, arg: ArgDef,
                      made: dict[int, Tensor], in_graph: bool) -> Tensor:
        tensor = made.get(id(value))
        return self._convert(value, dtype, arg, in_graph) if tensor is None else tensor

    def _convert(self, value: Any, dtype: dtypes.DType, arg: ArgDef, in_graph: bool) -> Tensor:
        if isinstance(value, Tensor):
            if value.dtype is not dtype:
                raise wrong_dtype(
                    self.name, f"{self.name}: input {arg.name!r} must be {dtype.name}, got a "
                    f"{value.dtype.name} tensor. Use ag.cast(x, ag.{dtype.name}).", in_graph)
            return value
        try:
            return convert_to_tensor(value, dtype=dtype)
        except (TypeError, ValueError) as e:
            # A Python value that cannot take the dtype of the tensors it meets is a TypeError
            # eagerly and in graphs alike, as TensorFlow 2.21's `tf.subtract(t, 1.5)` and
            # `1.5 + t` (recorded in tests/ops/dtype_error_cases.py).
            raise type(e)(f"{self.name}: input {arg.name!r}: {e}") from None

    # Placement -----------------------------------------------------------------------------
    def _place(self, resolved: dict[str, Any]) -> tuple[devices.Device, KernelDef]:
        stack = _placement.stack
        key = (stack[-1] if stack else None, devices.get_soft_device_placement(),
               *[resolved.get(a.name) for a in self.type_attrs])
        if self.placement_generation != _kernels.generation:
            self.placements.clear()
            self.placement_generation = _kernels.generation
        found = self.placements.get(key)
        if found is None:
            type_attrs = {a.name: resolved[a.name] for a in self.type_attrs
                          if isinstance(resolved.get(a.name), dtypes.DType)}
            found = self.placements[key] = place(self.name, type_attrs)
        return found

    def _arrays_on(self, device: devices.Device, kernel: KernelDef, args: tuple[ArgDef, ...],
                   tensors: list[Any]) -> list[Any]:
        host = kernel.host_memory
        arrays = []
        for arg, t in zip(args, tensors):
            target = devices.CPU if arg.name in host else device
            if isinstance(t, list):
                arrays.append([array_on(x, target) for x in t])
            else:
                arrays.append(array_on(t, target))
        return arrays

    # Shapes and outputs --------------------------------------------------------------------
    def infer(self, inputs: Sequence[Any], attrs: dict[str, Any] | None,
              with_values: bool) -> list[Any] | None:
        """The shape function's answer for a call, without running the kernel."""
        resolved, tensors = self._bind(inputs, attrs)
        arrays = [[t._value for t in x] if isinstance(x, list) else x._value for x in tensors]
        if self.reg.shape_fn is None:
            raise NotFoundError(f"Op {self.name} has no shape function.", self.name)
        return self._infer_shapes(tensors, arrays, resolved,
                                  value_reader(arrays) if with_values else None)

    def _infer_shapes(self, tensors: list[Any], arrays: list[Any], resolved: dict[str, Any],
                      value_fn) -> list[Any] | None:
        shape_fn = self.reg.shape_fn
        if shape_fn is None:
            return None
        shapes = [[a.shape for a in x] if isinstance(x, list) else x.shape for x in arrays]
        types = [[t.dtype for t in x] if isinstance(x, list) else x.dtype for x in tensors]
        c = InferenceContext(self.name, shapes, types, resolved, value_fn)
        return run_shape_fn(shape_fn, c)

    def _wrap_outputs(self, result: Any, resolved: dict[str, Any], device: devices.Device,
                      kernel: KernelDef) -> Any:
        outs = self.op_def.output_arg
        if not outs:
            return None
        results = (result,) if len(outs) == 1 else tuple(result)
        if len(results) != len(outs):
            raise InternalError(f"Kernel for {self.name} returned {len(results)} outputs, "
                                f"expected {len(outs)}.", self.name)
        wrapped: list[Any] = []
        for arg, value in zip(outs, results):
            dev = devices.CPU if arg.name in kernel.host_memory else device
            if arg.type_list_attr:
                types = resolved[arg.type_list_attr]
                wrapped.append([wrap_output(self.name, v, t, dev) for v, t in zip(value, types)])
            elif arg.number_attr:
                dt = arg.type or resolved[arg.type_attr]
                wrapped.append([wrap_output(self.name, v, dt, dev) for v in value])
            else:
                dtype = arg.type or resolved[arg.type_attr]
                wrapped.append(wrap_output(self.name, value, dtype, dev))
        return wrapped[0] if len(outs) == 1 else tuple(wrapped)

