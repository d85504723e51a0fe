"""`SimpleOp`: ops like `AddV2(x: T, y: T) -> z: T`, whose inputs all share one type attr and
that have no other attrs. Eagerly, their calls are settled as any op's (`settled_calls`), with
the key of two tensors made inline; in a graph, `_build_plain` adds the op without the general
path's binding. Anything else takes `GeneralOp`'s path.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.eager_context import token_slot
from autograph.runtime.core.errors import InternalError
from autograph.runtime.eager.kernel_calls import run_shape_fn
from autograph.runtime.eager.op_runner import GeneralOp
from autograph.runtime.eager.settled_calls import BUILDING, OBSERVED, eager_token
from autograph.runtime.graph.constant_value import constant_value
from autograph.runtime.graph.graph import building_graph
from autograph.runtime.graph.operation import SymbolicTensor
from autograph.runtime.graph.source_lines import user_frame
from autograph.runtime.graph.tensor import EagerTensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor, graph_scalar
from autograph.runtime.registry.shape_inference import InferenceContext

_NUMBERS = (float, int)  # Python values a plain graph build converts to the tensors' dtype
# NumPy scalars a plain graph build takes when of the tensors' dtype (`x * np.float32(2)`)
_NUMPY_SCALARS = frozenset({np.float16, np.float32, np.float64, np.int8, np.int16, np.int32,
                            np.int64, np.uint8, np.uint16, np.uint32, np.uint64})
_MAX_CACHED_SHAPES = 512
_UNKNOWN = object()  # a `graph_shapes` miss (a kept shape may be None)


class SimpleOp(GeneralOp):
    """Ops like `AddV2(x: T, y: T) -> z: T` with no other attrs: Python numbers take the
    tensors' dtype before the call is keyed, and the key is made without a loop."""

    def __init__(self, reg):
        super().__init__(reg)
        self.type_attr = self.op_def.input_arg[0].type_attr
        self.arity = len(self.op_def.input_arg)
        self.out_fixed = self.op_def.output_arg[0].type
        self.graph_attrs: dict[dtypes.DType, dict[str, Any]] = {}  # dtype -> the op's attrs
        self.input_arg_lengths = (1,) * self.arity
        self.graph_shapes: dict[tuple, Any] = {}  # (dtype, *input shapes) -> output shape

    def run(self, inputs: Sequence[Any], attrs: dict[str, Any] | None = None,
            name: str | None = None) -> Any:
        if len(inputs) == 2 and not attrs:
            x, y = inputs
            if type(x) is EagerTensor and type(y) is EagerTensor:
                # `signature`'s key for two tensors, made without its loop; one made with a
                # token that is not an eager context's is never kept (see `signature`)
                call = self.calls.get((token_slot[0].token, x._dtype.name, x._value.shape,
                                       x._device, y._dtype.name, y._value.shape, y._device))
                if call is not None:
                    return call(inputs)
        token = token_slot[0].token
        if token is None:
            token = eager_token()
        if token is BUILDING:
            if not attrs and len(inputs) == self.arity:
                built = self._build_plain(building_graph(), inputs, name)
                if built is not None:
                    return built
            return GeneralOp.run(self, inputs, attrs, name)
        if token is OBSERVED or attrs or len(inputs) != self.arity:
            return GeneralOp.run(self, inputs, attrs, name)
        dt = None
        for v in inputs:
            if type(v) is EagerTensor:
                dt = v._dtype
                break
        if dt is None:
            return GeneralOp.run(self, inputs, attrs, name)
        try:  # Python numbers take the tensors' dtype (`x * 2.0`), as the general path does
            inputs = [v if type(v) is EagerTensor else convert_to_tensor(v, dtype=dt)
                      for v in inputs]
        except (TypeError, ValueError):
            return GeneralOp.run(self, inputs, attrs, name)  # raises, naming the input
        return GeneralOp.run(self, inputs, attrs, name)

    def _build_plain(self, graph: Any, inputs: Sequence[Any], name: str | None) -> Any:
        """The op added to `graph` when its inputs are tensors of `graph` (or of graphs enclosing
        it, captured) of one dtype, Python numbers (`x * 2.0`) and NumPy scalars of that dtype,
        as `GeneralOp.build` would add it; None for anything else (other graphs' tensors,
        variables, composites, a dtype the op does not take), which `GeneralOp.build` handles
        and reports."""
        dt = None
        numpy_scalars = captures = False
        for v in inputs:
            if type(v) is SymbolicTensor:
                if v._op.graph is not graph:  # an enclosing graph's: captured, as `_into` does
                    encloses = getattr(graph, "_encloses", None)
                    if encloses is None or not encloses(v._op.graph):
                        return None
                    captures = True
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
        source = None  # the user's line, looked up once for the op and its constants
        tensors: list[Any] = list(inputs)
        for i, v in enumerate(inputs):
            if type(v) is not SymbolicTensor:
                if source is None:
                    source = user_frame()
                try:
                    tensors[i] = graph_scalar(graph, v, dt, source=source)
                except (TypeError, ValueError):
                    return None  # the general path raises, naming the op and the input
        if captures:
            tensors = [graph.capture(t) if t._op.graph is not graph else t for t in tensors]
        shape = self._plain_graph_shape(tensors, dt, attrs)
        op = graph.create_op(self.name, tensors, attrs, [(self.out_fixed or dt, shape)],
                             name=name, op_def=self.op_def,
                             input_arg_lengths=self.input_arg_lengths,
                             output_arg_lengths=(1,), source=source)
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
