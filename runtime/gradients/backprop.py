"""Reverse-mode differentiation over recorded ops: the algorithm both tapes and `ag.gradients`
use.

`backward(records, targets, sources, ...)` takes ops in the order they ran (each a `Record`:
op type, flat inputs, flat outputs, attrs, and the `Operation` for a graph op), keeps those on a
path from a source to a target, and walks them last to first: each op's gradient function turns
the summed gradients of its outputs into gradients of its inputs. Gradients flow only through
floating, complex, resource (variable handles) and variant (lists) tensors; integer and boolean
tensors get none, as in TensorFlow.
"""

from __future__ import annotations

import enum
from typing import Any, Container, NamedTuple, Sequence

from autograph.runtime.core import dtypes
from autograph.runtime.gradients.registry import gradient_function
from autograph.runtime.ops.creation.ops import ones_like, zeros_like
from autograph.runtime.ops.math.ops import _add_n
from autograph.runtime.ops.sparse.indexed_slices import IndexedSlices, densified, summed_slices

# Ops whose gradient functions pass an `IndexedSlices` gradient on as it is (to a variable);
# every other op gets the dense tensor, as TensorFlow's gradient functions make it.
_SPARSE_THROUGH = frozenset({"ReadVariableOp", "Identity"})


class UnconnectedGradients(enum.Enum):
    """What a source that the target does not depend on gets: None, or zeros of its shape."""

    NONE = "none"
    ZERO = "zero"


class Record(NamedTuple):
    """One op as a tape saw it run, or as `ag.gradients` finds it in a graph."""

    op_type: str
    inputs: list
    outputs: list
    attrs: dict
    op: Any  # the graph's Operation; None for an eager op


class EagerOp:
    """What a gradient function sees of an eager op: the interface of an `Operation`."""

    __slots__ = ("type", "inputs", "outputs", "attrs")

    def __init__(self, record: Record):
        self.type = record.op_type
        self.inputs = record.inputs
        self.outputs = record.outputs
        self.attrs = record.attrs

    @property
    def name(self) -> str:
        return self.type

    def get_attr(self, name: str) -> Any:
        if name not in self.attrs:
            raise ValueError(f"Op {self.type} has no attr named {name!r}.")
        return self.attrs[name]


def differentiable(dtype: dtypes.DType) -> bool:
    """Whether gradients flow through tensors of `dtype`."""
    return (dtype.is_floating or dtype.is_complex or dtype is dtypes.resource
            or dtype is dtypes.variant)


def backward(records: Sequence[Record], targets: Sequence[Any], sources: Sequence[Any],
             output_gradients: Sequence[Any] | None = None,
             unconnected: UnconnectedGradients = UnconnectedGradients.NONE,
             stop: Sequence[Any] = (), watched: Container[int] | None = None,
             keep_sparse: bool = False) -> list[Any]:
    """The gradients of the sum of `targets` with respect to each of `sources`.

    Args:
        records: the ops, in the order they ran (a topological order).
        targets: tensors to differentiate.
        sources: tensors to differentiate with respect to.
        output_gradients: per target, its gradient (None: ones of its shape).
        unconnected: what a source the targets do not depend on gets.
        stop: tensors through which no gradient flows (as if they were constants).
        watched: the ids of the tensors a tape watches, where a tape recorded `records`: no
            gradient reaches another source through an op (as TensorFlow's tape, which gives
            None for an unwatched source unless it is itself a target).
        keep_sparse: give a source reached only through row gathers its `IndexedSlices`
            gradient, as TensorFlow's `GradientTape.gradient` and `tf.gradients` do, rather
            than the dense tensor.
    """
    blocked = {id(t) for t in stop}
    live = sources if watched is None else [s for s in sources if id(s) in watched]
    connected = _connected(records, live, blocked)
    needed = _needed(records, targets, connected)
    grads: dict[int, list[Any]] = {}
    for i, target in enumerate(targets):
        given = output_gradients[i] if output_gradients is not None else None
        if given is None:
            if not differentiable(target.dtype):
                continue
            given = ones_like(target)
        grads.setdefault(id(target), []).append(given)
    for index in reversed(needed):
        record = records[index]
        out_grads = [None if id(t) in blocked else _summed(grads.get(id(t)))
                     for t in record.outputs]  # no gradient flows through a held tensor
        if all(g is None for g in out_grads):
            continue
        fn = gradient_function(record.op_type)
        if fn is None:
            continue
        out_grads = [zeros_like(t) if g is None and (t.dtype.is_floating or t.dtype.is_complex)
                     else g for g, t in zip(out_grads, record.outputs)]
        if record.op_type not in _SPARSE_THROUGH:
            out_grads = [densified(g) for g in out_grads]
        op = record.op if record.op is not None else EagerOp(record)
        in_grads = fn(op, *out_grads)
        if not isinstance(in_grads, (list, tuple)):
            in_grads = [in_grads]
        if len(in_grads) != len(record.inputs):
            raise ValueError(f"The gradient function of {record.op_type} returned "
                             f"{len(in_grads)} gradients for its {len(record.inputs)} inputs.")
        for t, g in zip(record.inputs, in_grads):
            if g is not None and id(t) in connected:
                grads.setdefault(id(t), []).append(g)
    result = []
    for source in sources:
        found = grads.get(id(source))
        g = _summed(found)
        if not keep_sparse:
            g = densified(g)
        if g is None and unconnected is UnconnectedGradients.ZERO:
            g = zeros_like(source)
        result.append(g)
    return result


def _connected(records: Sequence[Record], sources: Sequence[Any],
               blocked: set[int]) -> set[int]:
    """The ids of the tensors that depend on a source through differentiable tensors that
    are not `blocked` (held constant)."""
    connected = {id(s) for s in sources}  # a held source still gets its gradient
    for record in records:
        if any(id(t) in connected for t in record.inputs):
            connected.update(id(t) for t in record.outputs
                             if differentiable(t.dtype) and id(t) not in blocked)
    return connected


def _needed(records: Sequence[Record], targets: Sequence[Any], connected: set[int]) -> list[int]:
    """The indices of the records on a path from a source to a target, in order."""
    wanted = {id(t) for t in targets if id(t) in connected}
    needed = []
    for index in range(len(records) - 1, -1, -1):
        record = records[index]
        if any(id(t) in wanted for t in record.outputs):
            needed.append(index)
            wanted.update(id(t) for t in record.inputs if id(t) in connected)
    needed.reverse()
    return needed


def _summed(grads: list[Any] | None) -> Any:
    if not grads:
        return None
    if len(grads) == 1:
        return grads[0]
    if all(isinstance(g, IndexedSlices) for g in grads):
        return summed_slices(grads[::-1])  # in the order the ops ran, as TensorFlow's
    return _add_n.run([[densified(g) for g in grads]])
