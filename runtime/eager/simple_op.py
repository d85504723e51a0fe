"""`SimpleOp`: the eager fast path of ops like `AddV2(x: T, y: T) -> z: T`, whose inputs all share
one type attr and that have no other attrs; anything else falls back to `GeneralOp`.
"""

from __future__ import annotations

import functools
from typing import Any, Sequence

import numpy as np

from autograph.runtime.core import devices, dtypes
from autograph.runtime.core.errors import InternalError, OpError
from autograph.runtime.eager.kernel_calls import (
    bad_output_dtype,
    kernel_failure,
    run_shape_fn,
    value_reader,
)
from autograph.runtime.eager.op_runner import GeneralOp
from autograph.runtime.eager.placement import array_on, place
from autograph.runtime.graph.constant_value import constant_value
from autograph.runtime.graph.graph import _eager_disabled, building_graph
from autograph.runtime.graph.graph import _state as _graphs
from autograph.runtime.graph.operation import SymbolicTensor
from autograph.runtime.graph.recording import observers, recorder
from autograph.runtime.graph.tensor import EagerTensor, make_eager
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.registry.kernel_registry import kernel_registry
from autograph.runtime.registry.shape_inference import InferenceContext

_NUMBERS = (float, int)  # Python values a plain graph build converts to the tensors' dtype
# NumPy scalars a plain graph build takes when of the tensors' dtype (`x * np.float32(2)`)
_NUMPY_SCALARS = frozenset({np.float16, np.float32, np.float64, np.int8, np.int16, np.int32,
                            np.int64, np.uint8, np.uint16, np.uint32, np.uint64})
_MAX_CACHED_SHAPES = 512
_UNKNOWN = object()  # per op: input shapes whose checks or specializations are kept
_placement = devices._placement
_kernels = kernel_registry()


class SimpleOp(GeneralOp):
    """The fast path for ops like `AddV2(x: T, y: T) -> z: T` with no other attrs."""

    def __init__(self, reg):
        super().__init__(reg)
        self.type_attr = self.op_def.input_arg[0].type_attr
        self.arity = len(self.op_def.input_arg)
        out = self.op_def.output_arg[0]
        self.out_fixed = out.type
        self.entries: dict[Any, tuple] = {}
        self.generation = -1
        self.graph_attrs: dict[dtypes.DType, dict[str, Any]] = {}  # dtype -> the op's attrs
        self.input_arg_lengths = (1,) * self.arity
        self.graph_shapes: dict[tuple, Any] = {}  # (dtype, *input shapes) -> output shape

    def run(self, inputs: Sequence[Any], attrs: dict[str, Any] | None = None,
            name: str | None = None) -> Any:
        if _graphs.stack or _eager_disabled[0]:
            if not attrs and len(inputs) == self.arity:
                built = self._build_plain(building_graph(), inputs, name)
                if built is not None:
                    return built
            return GeneralOp.run(self, inputs, attrs, name)
        if attrs or len(inputs) != self.arity or observers:
            return GeneralOp.run(self, inputs, attrs, name)
        dt = None
        plain = True
        for v in inputs:
            if type(v) is EagerTensor:
                if dt is None:
                    dt = v._dtype
                elif v._dtype is not dt:
                    return GeneralOp.run(self, inputs, attrs)  # raises the mismatch clearly
            else:
                plain = False
        if not plain:
            if dt is None:
                return GeneralOp.run(self, inputs, attrs)
            try:
                inputs = [v if type(v) is EagerTensor else convert_to_tensor(v, dtype=dt)
                          for v in inputs]
            except (TypeError, ValueError):
                return GeneralOp.run(self, inputs, attrs)
            if any(type(v) is not EagerTensor for v in inputs):
                return GeneralOp.run(self, inputs, attrs)  # e.g. a leaked symbolic tensor
        stack = _placement.stack
        key = (dt, stack[-1]) if stack else dt
        entry = self.entries.get(key)
        if entry is None or self.generation != _kernels.generation:
            assert dt is not None  # SimpleOp's inputs are tensors, of which there is one at least
            entry = self._prepare(inputs, key, dt)
            if entry is None:
                return GeneralOp.run(self, inputs, attrs)
        fn, device, out_dtype, out_np, shapes_ok, specializer, specialized = entry
        arrays: Sequence[Any]
        if len(inputs) == 2:
            x, y = inputs
            arrays = (x._value if x._device is device else array_on(x, device),
                      y._value if y._device is device else array_on(y, device))
            shapes = (arrays[0].shape, arrays[1].shape)
        else:
            arrays = [v._value if v._device is device else array_on(v, device) for v in inputs]
            shapes = tuple([a.shape for a in arrays])
        if shapes_ok is not None and shapes not in shapes_ok:
            self._check_shapes(inputs, arrays, dt, shapes, shapes_ok)
        try:
            if specialized is None:
                out = fn(device, *arrays)
            else:
                call = specialized.get(shapes)
                if call is None:
                    call = _specialize(specializer, fn, device, dt, shapes, specialized)
                out = call(*arrays)
        except OpError as e:
            if e.op_name is None:
                e.op_name = self.name
            raise
        except Exception as e:
            raise kernel_failure(self.name, device, e) from e
        if out.dtype != out_np:
            raise bad_output_dtype(self.name, out, out_dtype)
        result = make_eager(out, out_dtype, device)
        record = recorder[0]
        if record is not None:  # a tape's; observers took the general path above
            record(self.name, list(inputs), [result], {self.type_attr: dt}, None)
        return result

    def _build_plain(self, graph: Any, inputs: Sequence[Any], name: str | None) -> Any:
        """The op added to `graph` when its inputs are tensors of `graph` of one dtype, Python
        numbers (`x * 2.0`) and NumPy scalars of that dtype, as `GeneralOp.build` would add it;
        None for anything else (other graphs' tensors, variables, composites, a dtype the op
        does not take), which `GeneralOp.build` handles and reports."""
        dt = None
        numpy_scalars = False
        for v in inputs:
            if type(v) is SymbolicTensor and v._op.graph is graph:
                if dt is None:
                    dt = v._dtype
                elif v._dtype is not dt:
                    return None
            elif type(v) not in _NUMBERS:
                if type(v) not in _NUMPY_SCALARS:
                    return None
                numpy_scalars = True
        if dt is None or numpy_scalars and any(
                type(v) in _NUMPY_SCALARS and v.dtype != dt.np_dtype for v in inputs):
            return None
        attrs = self.graph_attrs.get(dt)
        if attrs is None:
            attrs = {self.type_attr: dt}
            try:
                self._check_type_attrs(attrs, in_graph=True)
            except (TypeError, ValueError):
                return None
            self.graph_attrs[dt] = attrs
        try:
            tensors: list[Any] = [
                v if type(v) is SymbolicTensor else convert_to_tensor(v, dtype=dt)
                for v in inputs]
        except (TypeError, ValueError):
            return None  # the general path raises, naming the op and the input
        shape = self._plain_graph_shape(tensors, dt, attrs)
        op = graph.create_op(self.name, tensors, attrs, [(self.out_fixed or dt, shape)],
                             name=name, op_def=self.op_def,
                             input_arg_lengths=self.input_arg_lengths,
                             output_arg_lengths=(1,))
        return op.outputs[0]

    def _plain_graph_shape(self, tensors: list[Any], dt: dtypes.DType,
                           attrs: dict[str, Any]) -> Any:
        """The output's static shape, from the shape function, kept by input shapes when the
        function did not read the inputs' constant values."""
        if self.reg.shape_fn is None:
            return None
        shapes = [t._shape for t in tensors]
        key = (dt, *shapes)
        known = self.graph_shapes.get(key, _UNKNOWN)
        if known is not _UNKNOWN:
            return known
        c = InferenceContext(self.name, shapes, [dt] * len(tensors), attrs,
                             lambda i: constant_value(tensors[i]))
        found = run_shape_fn(self.reg.shape_fn, c)
        if len(found) != 1:
            raise InternalError(f"The shape function of {self.name} returned {len(found)} "
                                f"shapes for 1 output.", self.name)
        (shape,) = found
        if not c.values_read:
            if len(self.graph_shapes) >= _MAX_CACHED_SHAPES:
                self.graph_shapes.clear()
            self.graph_shapes[key] = shape
        return shape

    def _prepare(self, inputs: Sequence[Any], key: Any, dt: dtypes.DType) -> tuple | None:
        resolved = {self.type_attr: dt}
        self._check_type_attrs(resolved)
        device, kernel = place(self.name, resolved)
        if kernel.host_memory or (device.is_gpu and device.index):
            return None  # host memory, or a GPU other than the current one: the general path
        out_dtype = self.out_fixed or dt
        shapes_ok: dict | None = {} if self.reg.shape_fn is not None else None
        # A kernel that specializes gets a function per input shapes (see `_specialize`).
        specialized: dict | None = {} if kernel.specialize is not None else None
        entry = (kernel.fn, device, out_dtype, out_dtype.np_dtype, shapes_ok, kernel.specialize,
                 specialized)
        if self.generation != _kernels.generation:
            self.entries.clear()
            self.generation = _kernels.generation
        self.entries[key] = entry
        return entry

    def _check_shapes(self, inputs, arrays, dt, shapes, shapes_ok) -> None:
        c = InferenceContext(self.name, list(shapes), [dt] * len(inputs), {self.type_attr: dt},
                             value_reader(list(arrays)))
        run_shape_fn(self.reg.shape_fn, c)
        if not c.values_read:
            if len(shapes_ok) >= _MAX_CACHED_SHAPES:
                shapes_ok.clear()
            shapes_ok[shapes] = True


def _specialize(specializer, fn, device: devices.Device, dt: dtypes.DType | None, shapes: tuple,
                specialized: dict) -> Any:
    """A SimpleOp kernel's function for inputs of `shapes` (its specialization, or the kernel
    itself), kept in `specialized` for the next call of those shapes."""
    n = len(shapes)
    fast = specializer(device, {}, [dt] * n, list(shapes), [None] * n)
    call = fast if fast is not None else functools.partial(fn, device)
    if len(specialized) >= _MAX_CACHED_SHAPES:
        specialized.clear()
    specialized[shapes] = call
    return call
