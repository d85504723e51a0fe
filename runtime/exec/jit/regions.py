"""Which ops of a graph numba can compile, and the regions they form.

A top-level op is
- *scalar* when every value it reads, makes, or (for `If`, `Case`, `While`) its branches and
  body make, is a scalar of a jit dtype, every op inside is in `ops.JIT_OPS` or is a
  `StringFormat` of integers / bools feeding a `PrintV2` to stdout;
- *elementwise* when it is in `ops.JIT_OPS` and its operands are scalars or arrays of one shape
  (no broadcasting but of scalars), or reduces a whole array (`ops.REDUCTIONS`): an
  elementwise region's loop accumulates it, so no op of the region may read it;
- else it runs on the plan, and `why_not` says why.

Consecutive ops of one kind (in creation order, which is topological) form a region; constants
belong to no region (each region reads them as literals or bound arrays).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from autograph.runtime.core.tensor_shape import raw_compatible
from autograph.runtime.exec.executor import function_ops
from autograph.runtime.exec.jit.ops import (
    REDUCTIONS,
    has_jit_dtype,
    why_not_elementwise,
    why_not_reduction,
)
from autograph.runtime.graph.graph import Operation, SymbolicTensor

SCALAR, ELEMENTWISE, PLAN = "scalar", "elementwise", "plan"
_PRINTS = ("StringFormat", "PrintV2")
_CONTROL_FLOW = {"If": ("then_branch", "else_branch"), "While": ("cond", "body")}


class Region(NamedTuple):
    kind: str
    ops: list[Operation]


def classify(op: Operation) -> tuple[str, str | None]:
    """(kind, why it cannot be compiled or None) of a top-level op."""
    if op.type in _PRINTS:
        return PLAN, "ag.print outside a loop or branch"
    why = why_not_scalar(op)
    if why is None:
        return SCALAR, None
    if all(t._shape == () for t in op.outputs):  # a scalar op, or a whole reduction
        if op.type in REDUCTIONS:
            why = why_not_reduction(op)
    elif op.type in REDUCTIONS:
        why = f"{op.type} of part of a tensor"
    else:
        why = why_not_elementwise(op)
        if why is None and not _same_shapes(op):
            why = f"{op.type} of operands that broadcast"
    return (ELEMENTWISE, None) if why is None else (PLAN, why)


def regions(ops: list[Operation]) -> list[Region]:
    """`ops` (constants left out) grouped into consecutive runs of one kind."""
    found: list[Region] = []
    reduced: set[int] = set()  # the current region's reductions: known only after its loop
    for op in ops:
        if op.type == "Const":
            continue
        kind, _ = classify(op)
        if found and found[-1].kind == kind and not any(id(t) in reduced for t in op.inputs):
            found[-1].ops.append(op)
        else:
            found.append(Region(kind, [op]))
            reduced = set()
        if kind == ELEMENTWISE and op.outputs[0]._shape == ():
            reduced.add(id(op.outputs[0]))
    return found


def why_not_scalar(op: Operation) -> str | None:
    """None when `op`, and everything inside it, is scalar arithmetic numba can compile."""
    for t in list(op.inputs) + list(op.outputs):
        if t._shape != () or not (has_jit_dtype(t) or _is_print_text(t)):
            return f"{op.type} of a {'non-scalar' if t._shape != () else t.dtype.name} value"
    if op.type == "Const":
        return None
    if op.type == "Case":
        return _why_not_functions(op.attrs["branches"])
    if op.type in _CONTROL_FLOW:
        return _why_not_functions([op.attrs[a] for a in _CONTROL_FLOW[op.type]])
    if op.type == "StringFormat":
        return _why_not_format(op)
    if op.type == "PrintV2":
        stream = op.attrs["output_stream"]
        return None if stream == "stdout" else f"PrintV2 to {stream!r} (stdout only)"
    return why_not_elementwise(op)


def _why_not_functions(functions: list[Any]) -> str | None:
    for fn in functions:
        inputs = {id(t.op) for t in fn.inputs}
        for op in function_ops(fn):
            why = None if id(op) in inputs else why_not_scalar(op)
            if why is not None:
                return why
    return None


def _why_not_format(op: Operation) -> str | None:
    if op.attrs["summarize"] == 0:
        return "StringFormat with summarize=0"
    for t in op.inputs:
        if np.dtype(t.dtype.as_numpy_dtype).kind not in "bi" and t.dtype.name not in (
                "uint8", "uint16", "uint32"):
            return f"ag.print of a {t.dtype.name} value (integers and bools only)"
    return None


def _is_print_text(t: Any) -> bool:
    return t.op.type == "StringFormat"


def _same_shapes(op: Operation) -> bool:
    """Whether `op`'s non-scalar values all have one (compatible) static shape."""
    (out,) = op.outputs
    if out._shape == () or out._shape is None:
        return False
    return all(t._shape == () or (t._shape is not None and raw_compatible(t._shape, out._shape)
                                  and len(t._shape) == len(out._shape)) for t in op.inputs)


def stage_tensors(region: Region, later: list[Operation],
                  kept: set[int]) -> tuple[list[SymbolicTensor], list[SymbolicTensor]]:
    """(inputs, outputs) of `region`'s stage: the values its ops read that other ops make, and
    the values it makes that the `later` ops read or that are `kept` (ids)."""
    inside = {id(op) for op in region.ops}
    inputs: dict[int, SymbolicTensor] = {}
    for op in region.ops:
        # A compiled reduction's axes are part of its code, not a value it reads.
        read = op.inputs[:1] if op.type in REDUCTIONS and region.kind != PLAN else op.inputs
        for t in read:
            if id(t.op) not in inside:
                inputs.setdefault(id(t), t)
    wanted = {id(t) for op in later for t in op.inputs} | kept
    outputs = [t for op in region.ops for t in op.outputs if id(t) in wanted]
    return list(inputs.values()), outputs
