"""The optimiser's driver: runs the enabled passes over a private copy of what a plan needs.

`optimize(graph, feeds, fetches)` answers the (graph, feeds, fetches) to plan: the user's own
when every pass is off (or `disable_meta_optimizer` is set, or the graph is `too_small`), else
a rewritten copy (`rewrite.Rewrite`); the user's graph is never changed. A branch or loop body
is optimised with the graph that runs it, whatever its own size (`sized=False`): a branch of
two ops, such as `ag.print("fizz")`, otherwise kept making its string on every run. The
passes, in order, and their options (`options`):

    dependency               dependency_optimization (the others then see through Identity)
    constant_folding         constant_folding
    arithmetic               arithmetic_optimization
    common_subexpression     arithmetic_optimization (after simplification made inputs equal)
    gradient_sums            remapping (before pruning, which drops the ops it leaves unread)
    pruning                  unless disable_model_pruning
    fusion                   remapping (last: the other passes see the single ops)
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from autograph.runtime.exec.optimize import (
    arithmetic,
    common_subexpression,
    constant_folding,
    dependency,
    fusion,
    gradient_sums,
    options,
    pruning,
)
from autograph.runtime.exec.optimize.rewrite import Rewrite
from autograph.runtime.graph.graph import Graph
from autograph.runtime.graph.operation import SymbolicTensor

_PRUNING = "disable_model_pruning"  # a flag: the pass runs while it is False
_PASSES: list[tuple[str, Callable[[Rewrite], int]]] = [  # (option, pass)
    ("dependency_optimization", dependency.run),
    ("constant_folding", constant_folding.run),
    ("arithmetic_optimization", arithmetic.run),
    ("arithmetic_optimization", common_subexpression.run),
    ("remapping", gradient_sums.run),
    (_PRUNING, pruning.run),
    ("remapping", fusion.run),
]


def optimize(graph: Graph, feeds: Sequence[SymbolicTensor], fetches: Sequence[Any],
             keep_fetched: bool = True, sized: bool = True
             ) -> tuple[Graph, list[SymbolicTensor], list[Any]]:
    """The graph, feeds and fetches to plan: a rewritten copy, or the given ones unchanged.

    The fetches and feeds come back in their order, so a plan of the copy takes the same feed
    values and returns the same fetch values. With `keep_fetched=False` the ops making fetched
    tensors may be rewritten too (a function's outputs: see `functions`). With `sized=False`
    a graph is optimised whatever its size (a branch or body of a graph that is not
    `too_small`).
    """
    passes = [run for option, run in _PASSES if _on(option)]
    if not passes or options.flag("disable_meta_optimizer") or (sized and too_small(graph)):
        return graph, list(feeds), list(fetches)
    rewrite = Rewrite(graph, feeds, fetches, keep_fetched)
    for run in passes:
        run(rewrite)
    return rewrite.graph, rewrite.feeds, rewrite.fetches


def _on(option: str) -> bool:
    return not options.flag(option) if option == _PRUNING else options.enabled(option)


def too_small(graph: Graph) -> bool:
    """Whether `graph` holds fewer ops than `min_graph_nodes`, counting the ops of the
    branches and loop bodies its control flow runs: too few for the passes to gain back their
    own cost."""
    least = options.min_graph_nodes()
    count, pending = 0, [graph]
    while pending:
        ops = pending.pop().get_operations()
        count += len(ops)
        if count >= least:
            return False
        for op in ops:
            for value in op.attrs.values():
                for item in value if isinstance(value, tuple) else (value,):
                    if isinstance(item, Graph):
                        pending.append(item)
    return True
