"""The ops that fetches need: a walk back from the fetches through inputs and control inputs,
stopping at fed tensors. Plans, the graph passes and the jit prune graphs with it.
"""

from __future__ import annotations

from typing import Any, Sequence

from autograph.runtime.graph.graph import Graph, Operation, SymbolicTensor


def needed_ops(graph: Graph, feeds: Sequence[SymbolicTensor],
               fetches: Sequence[Any]) -> list[Operation]:
    """The ops `fetches` (tensors or ops) need given `feeds`, in creation (topological) order."""
    fed = {id(t) for t in feeds}
    needed: set[int] = set()
    stack = [f.op if isinstance(f, SymbolicTensor) else f for f in fetches
             if not (isinstance(f, SymbolicTensor) and id(f) in fed)]
    push = stack.append
    while stack:
        op = stack.pop()
        if id(op) in needed:
            continue
        needed.add(id(op))
        for t in op.inputs:
            if id(t) not in fed:
                push(t._op)
        if op.control_inputs:
            stack.extend(op.control_inputs)
    return [op for op in graph.get_operations() if id(op) in needed]
