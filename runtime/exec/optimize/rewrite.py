"""The working copy the passes rewrite: the ops a (feeds, fetches) pair needs, cloned.

The user's graph is never changed (functions' and sessions' graphs are inspected by users):
`Rewrite` copies the ops the fetches need, in creation order, into a private `PlanGraph`, with
each fed tensor standing as a placeholder of its own (a fed value replaces what computed it, so
no pass may look through it). Copies keep the name, attrs, device and source line of their op,
so a plan made from them names the user's op and line in its errors.

A pass walks the ops in order (`walk`), each op's inputs already following earlier
replacements, and replaces an op's outputs with other tensors (`replace`) or with a new op
(`insert`, then `replace`). Some ops are never rewritten (`frozen`): those with side effects or
control inputs, those other ops wait for, control flow, and fetched ops (as TensorFlow's
optimiser preserves fetch nodes; a function's outputs excepted, see `functions`), though their
inputs may change to equal values.
"""

from __future__ import annotations

from typing import Any, Iterator, Sequence

import numpy as np

from autograph.runtime.graph.graph import Graph
from autograph.runtime.graph.needed_ops import needed_ops
from autograph.runtime.graph.operation import Operation, SymbolicTensor


class PlanGraph(Graph):
    """The graph a plan is made from after optimisation; private to that plan."""

    def __init__(self, ops: list[Operation]):
        super().__init__()
        self.ops = ops

    def get_operations(self) -> list[Operation]:
        return list(self.ops)


class Rewrite:
    """A private copy of what `fetches` need given `feeds`, for passes to rewrite; the ops
    making fetched tensors stay as they are unless `keep_fetched` is False.

    Attributes:
        graph: the `PlanGraph` holding the copied ops (`graph.ops`, in a topological order).
        feeds, fetches: the copies of the plan's feeds and fetches, in their order.
    """

    def __init__(self, graph: Graph, feeds: Sequence[SymbolicTensor], fetches: Sequence[Any],
                 keep_fetched: bool = True):
        self.graph = PlanGraph([])
        self._tensors: dict[int, SymbolicTensor] = {}  # id(original) -> copy
        self.feeds = [self._feed(t) for t in feeds]
        self._fed = {id(t) for t in self.feeds}
        ops: dict[int, Operation] = {}
        pinned = {id(f) if isinstance(f, Operation) else id(f.op) for f in fetches
                  if keep_fetched or isinstance(f, Operation)}
        self._frozen: set[int] = set()
        for op in needed_ops(graph, feeds, fetches):
            copy = ops[id(op)] = self._copy(op, ops)
            if op.control_inputs:
                pinned.update(id(c) for c in op.control_inputs)
            if _never_rewritten(op):
                self._frozen.add(id(copy))
        self._frozen.update(id(ops[key]) for key in pinned if key in ops)
        self.graph.ops = list(ops.values())
        self.fetches = [self._tensors[id(f)] if isinstance(f, SymbolicTensor) else ops[id(f)]
                        for f in fetches]
        self._replaced: dict[int, SymbolicTensor] = {}  # id(tensor) -> its replacement
        self._removed: set[int] = set()
        self._inserted: dict[int, list[Operation]] = {}  # id(op) -> new ops to go before it

    @property
    def ops(self) -> list[Operation]:
        return self.graph.ops

    # Copying -----------------------------------------------------------------------------------
    def _feed(self, t: SymbolicTensor) -> SymbolicTensor:
        stand_in = Operation(self.graph, t.op.name, "Placeholder", [],
                             {"dtype": t.dtype, "shape": t._shape}, [(t.dtype, t._shape)], [],
                             t.op.device, source=t.op.source)
        (copy,) = stand_in.outputs
        self._tensors[id(t)] = copy
        return copy

    def _copy(self, op: Operation, ops: dict[int, Operation]) -> Operation:
        # A field-for-field copy: Operation() would look up the stack for a source line. The
        # attrs dict is shared: passes make new ops rather than change attrs.
        copy = object.__new__(Operation)
        copy.graph = self.graph
        copy.name = op.name
        copy.type = op.type
        tensors = self._tensors
        copy.inputs = [tensors[id(t)] for t in op.inputs]
        copy.attrs = op.attrs
        copy.control_inputs = [ops[id(c)] for c in op.control_inputs] if op.control_inputs \
            else []
        copy.device = op.device
        copy.op_def = op.op_def
        copy.input_arg_lengths = op.input_arg_lengths
        copy.output_arg_lengths = op.output_arg_lengths
        outputs = copy.outputs = [SymbolicTensor(copy, i, t._dtype, t._shape)
                                  for i, t in enumerate(op.outputs)]
        for t, c in zip(op.outputs, outputs):
            tensors.setdefault(id(t), c)  # a fed output keeps its stand-in
        copy.source = op.source
        return copy

    # What may change ---------------------------------------------------------------------------
    def frozen(self, op: Operation) -> bool:
        """Whether `op` must stay as it is (its inputs may still be replaced by equal values):
        it has side effects or control inputs, is fetched, is waited for, runs functions
        (control flow), or is a placeholder or an op there to raise."""
        return id(op) in self._frozen

    def is_fed(self, t: SymbolicTensor) -> bool:
        return id(t) in self._fed

    # Rewriting ---------------------------------------------------------------------------------
    def walk(self) -> Iterator[Operation]:
        """The ops in order, each with its inputs following the replacements made so far;
        after the walk, the fetches follow them too and replaced ops are gone."""
        replaced, removed = self._replaced, self._removed
        for op in list(self.ops):
            if id(op) in removed:
                continue
            if replaced:
                for t in op.inputs:
                    if id(t) in replaced:
                        op.inputs = [self.resolve(t) for t in op.inputs]
                        break
            yield op
        if self._replaced:
            self.fetches = [self.resolve(f) if isinstance(f, SymbolicTensor) else f
                            for f in self.fetches]
        if self._removed or self._inserted:
            ops: list[Operation] = []
            for op in self.ops:
                ops += self._inserted.get(id(op), ())
                if id(op) not in self._removed:
                    ops.append(op)
            self.graph.ops = ops
        self._replaced.clear()
        self._removed.clear()
        self._inserted.clear()

    def resolve(self, t: SymbolicTensor) -> SymbolicTensor:
        while id(t) in self._replaced:
            t = self._replaced[id(t)]
        return t

    def replace(self, op: Operation, outputs: Sequence[SymbolicTensor]) -> None:
        """Later readers of `op`'s outputs read `outputs` instead; `op` is dropped."""
        for old, new in zip(op.outputs, outputs):
            self._replaced[id(old)] = new
        self._removed.add(id(op))

    def insert(self, before: Operation, op_type: str, attrs: dict[str, Any],
               inputs: Sequence[SymbolicTensor], output_types: list[tuple[Any, Any]],
               op_def: Any, input_arg_lengths: tuple[int, ...] = ()) -> Operation:
        """A new op, to go just before `before` (when the walk ends), named, placed and
        sourced as it: errors and printouts name the user's op it replaces."""
        new = Operation(self.graph, before.name, op_type, list(inputs), attrs, output_types, [],
                        before.device, op_def, input_arg_lengths, source=before.source)
        self._inserted.setdefault(id(before), []).append(new)
        return new

    def drop(self, keep: set[int]) -> None:
        """Drops the ops whose ids are not in `keep`."""
        self.graph.ops = [op for op in self.ops if id(op) in keep]


# Placeholders (fed), a Python callback TensorFlow calls stateless, and ops there to raise.
_NEVER_REWRITTEN = frozenset({"Placeholder", "PlaceholderWithDefault", "PyFuncStateless",
                              "CheckDefined"})


def const_value(t: SymbolicTensor) -> np.ndarray | None:
    """The value of `t` when a `Const` op makes it (a fed tensor is a placeholder), else None."""
    if t.op.type != "Const":
        return None
    return np.asarray(t.op.attrs["value"])


def _never_rewritten(op: Operation) -> bool:
    # Control flow (If, Case, While: the ops holding function graphs) is registered stateful.
    op_def = op.op_def
    return (op_def is None or op_def.is_stateful or bool(op.control_inputs)
            or op.type in _NEVER_REWRITTEN)
