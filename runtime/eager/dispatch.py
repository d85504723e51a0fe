"""Eager op execution: from an op name, inputs and attrs to output tensors.

`execute("ArgMax", [x, axis], {"output_type": ag.int32})` does, in order: convert Python inputs
(taking the dtype of the tensors that share their type attr), bind and check type attrs, check
attrs against the `OpDef`, place the op on a device, pick a kernel, copy inputs to the device,
run the shape function (so bad shapes and axes fail with a clear message before the kernel runs)
and the kernel, and wrap the outputs. Later calls of the same signature run only the kernel
and the wrapping (`settled_calls`).

Ops whose inputs all share one type attr and that have no other attrs (most elementwise math)
are `SimpleOp`s, which key their calls faster; everything else is a `GeneralOp`.

Placement is in `placement`; explaining dtypes and kernel errors in `kernel_calls`.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Sequence

from autograph.runtime.eager.op_runner import GeneralOp
from autograph.runtime.eager.simple_op import SimpleOp
from autograph.runtime.registry.op_def import OpDef, inferred_attr_names
from autograph.runtime.registry.op_registry import op_registry


def execute(op_name: str, inputs: Sequence[Any], attrs: dict[str, Any] | None = None,
            name: str | None = None) -> Any:
    """Runs op `op_name` eagerly and returns its output (a tuple for several outputs).

    Args:
        op_name: a registered op.
        inputs: one entry per input arg: a tensor or convertible value (a list for list args).
        attrs: attr values; type attrs bound by inputs and attrs with defaults may be omitted.
        name: unused eagerly; kept so front-end functions can pass it through.
    """
    return op_handle(op_name).run(inputs, attrs, name)


def infer_shapes(op_name: str, inputs: Sequence[Any], attrs: dict[str, Any] | None = None,
                 with_values: bool = True) -> list[Any]:
    """What op `op_name`'s shape function says of its outputs for these inputs.

    With `with_values=False` the shape function sees only shapes and dtypes, as when building
    a graph from non-constant tensors. Returns one raw shape per output arg.
    """
    return _build(op_name).infer(inputs, attrs, with_values)


class OpHandle:
    """A cached, lazily built executor for one op; front-end functions hold one each."""

    def __init__(self, op_name: str):
        self.op_name = op_name

    def run(self, inputs: Sequence[Any], attrs: dict[str, Any] | None = None,
            name: str | None = None) -> Any:
        return self._impl().run(inputs, attrs, name)

    def run_keyed(self, key: Hashable | None, tensor: Any,
                  inputs: Callable[[], tuple[Sequence[Any], dict[str, Any] | None]]) -> Any:
        """A front-end function's call keyed by its Python arguments (`GeneralOp.run_keyed`):
        the op's output, or None where the caller must take its general path."""
        return self._impl().run_keyed(key, tensor, inputs)

    def _impl(self) -> GeneralOp:
        impl = _build(self.op_name)
        self.run = impl.run  # type: ignore[method-assign]  # later calls skip this object
        self.run_keyed = impl.run_keyed  # type: ignore[method-assign]
        return impl

    @property
    def op_def(self) -> OpDef:
        return op_registry().lookup_op_def(self.op_name)


_HANDLES: dict[str, OpHandle] = {}


def op_handle(op_name: str) -> OpHandle:
    handle = _HANDLES.get(op_name)
    if handle is None:
        handle = _HANDLES[op_name] = OpHandle(op_name)
    return handle


def _build(op_name: str):
    reg = op_registry().lookup(op_name)
    op_def = reg.op_def
    type_attrs = {a.type_attr for a in op_def.input_arg if a.type_attr}
    plain_inputs = all(not a.is_list and a.type_attr for a in op_def.input_arg)
    inferred = inferred_attr_names(op_def)
    out = op_def.output_arg
    simple = (plain_inputs and len(type_attrs) == 1 and op_def.input_arg
              and all(a.name in inferred for a in op_def.attr)
              and len(out) == 1 and not out[0].is_list)
    return SimpleOp(reg) if simple else GeneralOp(reg)
