"""The graph passes inside control flow: optimised copies of the function graphs a plan writes
inline (the branches of `If` and `Case`, the condition and body of `While`).

A plan writes control flow as Python statements around its functions' ops, so the passes that
run over the top-level graph (`driver`) run over each function as well. A function is a graph
of its own: its inputs are the feeds, and its outputs and its ops with side effects (prints,
asserts, variable updates) are the fetches, which is what a call of it runs:

    then_branch(x):  c = Mul(2.0, 3.0); y = AddV2(x, c)  ->  c = Const(6.0); y = AddV2(x, c)

Unlike a plan's fetches, a function's outputs may be rewritten (`keep_fetched=False`): TensorFlow
keeps a function's return nodes, not the ops computing them, so a branch returning `2.0 * 3.0`
returns a constant. Its ops with side effects stay, as everywhere.

The user's function graph is never changed. Its copy is made once and kept beside it (weakly),
and made again when the graph changes (`Graph.version`) or the options do, so a body written by
several plans (or twice in one) is optimised once.
"""

from __future__ import annotations

import weakref
from typing import Any, NamedTuple

from autograph.runtime.exec.optimize import options
from autograph.runtime.exec.optimize.driver import optimize
from autograph.runtime.graph.graph import Graph, Operation
from autograph.runtime.graph.operation import SymbolicTensor


class Function(NamedTuple):
    """A function graph to write: the user's own or an optimised copy.

    Attributes:
        graph: the graph holding the ops.
        inputs: its inputs (the feeds), in the function's order.
        outputs: its outputs, in the function's order.
        fetches: the outputs, then the ops with side effects: what a call runs.
    """

    graph: Graph
    inputs: list[SymbolicTensor]
    outputs: list[SymbolicTensor]
    fetches: list[Any]


_copies: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # fn -> (key, Function)


def side_effect_ops(fn: Graph) -> list[Operation]:
    """The ops of `fn` with side effects (`Assert`, prints, variable updates, control flow):
    a call runs them whether or not an output needs them, as TensorFlow runs a function's
    stateful ops."""
    return [op for op in fn.get_operations()
            if op.op_def is not None and op.op_def.is_stateful]


def as_written(fn: Any) -> Function:
    """Function graph `fn` as it is, with what a call of it runs."""
    return Function(fn, list(fn.inputs), list(fn.outputs),
                    list(fn.outputs) + side_effect_ops(fn))


def optimized(fn: Any) -> Function:
    """Function graph `fn` after the enabled passes, whatever its size (it is optimised with
    the graph that runs it: see `driver.too_small`): a copy (kept for the next call while
    `fn` and the options stay as they are), or `fn` itself where no pass runs."""
    key = (fn.version, tuple(map(id, fn.inputs)), tuple(map(id, fn.outputs)),
           options.snapshot())
    cached = _copies.get(fn)
    if cached is not None and cached[0] == key:
        return cached[1]
    given = as_written(fn)
    graph, inputs, fetches = optimize(fn, given.inputs, given.fetches, keep_fetched=False,
                                      sized=False)
    found = Function(graph, inputs, fetches[:len(given.outputs)], fetches)
    _copies[fn] = (key, found)
    return found
