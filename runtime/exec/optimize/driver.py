"""The optimiser's driver: runs the enabled passes over a private copy of what a plan needs.

`optimize(graph, feeds, fetches)` answers the (graph, feeds, fetches) to plan: the user's own
when every pass is off (or `disable_meta_optimizer` is set, or the graph has fewer ops than
`min_graph_nodes`), else a rewritten copy (`rewrite.Rewrite`); the user's graph is never
changed. The passes, in order, and their options (`options`):

    dependency               dependency_optimization (the others then see through Identity)
    constant_folding         constant_folding
    arithmetic               arithmetic_optimization
    common_subexpression     arithmetic_optimization (after simplification made inputs equal)
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
    (_PRUNING, pruning.run),
    ("remapping", fusion.run),
]


def optimize(graph: Graph, feeds: Sequence[SymbolicTensor], fetches: Sequence[Any],
             keep_fetched: bool = True) -> tuple[Graph, list[SymbolicTensor], list[Any]]:
    """The graph, feeds and fetches to plan: a rewritten copy, or the given ones unchanged.

    The fetches and feeds come back in their order, so a plan of the copy takes the same feed
    values and returns the same fetch values. With `keep_fetched=False` the ops making fetched
    tensors may be rewritten too (a function's outputs: see `functions`).
    """
    passes = [run for option, run in _PASSES if _on(option)]
    if not passes or options.flag("disable_meta_optimizer") or (
            len(graph.get_operations()) < options.min_graph_nodes()):
        return graph, list(feeds), list(fetches)
    rewrite = Rewrite(graph, feeds, fetches, keep_fetched)
    for run in passes:
        run(rewrite)
    return rewrite.graph, rewrite.feeds, rewrite.fetches


def _on(option: str) -> bool:
    return not options.flag(option) if option == _PRUNING else options.enabled(option)
