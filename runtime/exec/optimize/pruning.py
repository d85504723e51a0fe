"""Model pruning (on unless TensorFlow's `disable_model_pruning` is set): `StopGradient` ops,
which only matter to gradients (built from the user's graph, not from plans), are bypassed, and
ops that no fetch needs any more (the constant of a folded `x * 1`, an op merged away) leave
the plan's graph.

    y = StopGradient(x); z = Neg(y)   ->   z = Neg(x)

A plan runs only what its fetches need with pruning off too: the planner prunes as it orders
the ops. Pruning here keeps the optimised graph small for the passes after it and for people
reading it.
"""

from __future__ import annotations

from autograph.runtime.exec.optimize.rewrite import Rewrite
from autograph.runtime.graph.operation import SymbolicTensor

_FORWARDING = frozenset({"StopGradient"})


def run(rewrite: Rewrite) -> int:
    """Bypasses forwarding ops and drops dead ones; returns how many ops it dropped."""
    before = len(rewrite.ops)
    if any(op.type in _FORWARDING for op in rewrite.ops):  # seldom: no walk without one
        for op in rewrite.walk():
            if op.type in _FORWARDING and not rewrite.frozen(op):
                rewrite.replace(op, [op.inputs[0]])
    rewrite.drop(_live(rewrite))
    return before - len(rewrite.ops)


def _live(rewrite: Rewrite) -> set[int]:
    """Ids of the ops the fetches need."""
    live: set[int] = set()
    stack = [f.op if isinstance(f, SymbolicTensor) else f for f in rewrite.fetches]
    push, is_fed = stack.append, rewrite.is_fed
    while stack:
        op = stack.pop()
        if id(op) in live:
            continue
        live.add(id(op))
        for t in op.inputs:
            if not is_fed(t):
                push(t._op)
        if op.control_inputs:
            stack.extend(op.control_inputs)
    return live
