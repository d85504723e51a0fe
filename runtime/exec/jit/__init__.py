"""`jit_compile=True`: a function's graph, or the parts of it that qualify, compiled by numba.

`JitPlan` runs like the executor's `Plan` (same feeds, fetches and results) but splits the
graph's ops into regions (`regions`): scalar programs (arithmetic, comparisons, `If`, `Case`,
`While` on scalars, and `ag.print` of integers and strings inside them, as fizzbuzz), and
elementwise chains over arrays of one shape, ending in reductions of all elements. Each
region becomes one numba function, written as readable source (`JitPlan.source`) and compiled
on the first call, per argument dtypes; everything else runs on an ordinary plan between
them. Compiled regions run on the CPU.

Where TensorFlow raises for an op XLA cannot compile, ops here that numba cannot compile run
uncompiled and the first call warns once (`JitCompileWarning`), naming each such op and why.
Without numba installed, `jit_compile=True` warns once that it needs the `jit` extra and runs
the plan: TensorFlow without XLA would raise, but the results are the same either way.
"""

from __future__ import annotations

import importlib.util
import warnings
import weakref
from typing import Any, Sequence

from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.core.traceback_utils import user_stacklevel
from autograph.runtime.exec.executor import Fetch, Plan, as_fast_scalar, prune
from autograph.runtime.exec.jit.bodies import compile_bodies
from autograph.runtime.exec.jit.regions import PLAN, classify, regions, stage_tensors
from autograph.runtime.exec.jit.stages import CompiledStage, JitCompileWarning, PlanStage
from autograph.runtime.graph.graph import Graph, SymbolicTensor
from autograph.runtime.graph.recording import on_observers

__all__ = ["JitPlan", "JitCompileWarning", "jit_plan"]

NO_NUMBA = ("jit_compile=True needs numba, which is not installed (pip install "
            "'autograph[jit]'); the function runs uncompiled.")


def jit_plan(graph: Graph, feeds: Sequence[SymbolicTensor], fetches: Sequence[Fetch]) -> Any:
    """A `JitPlan` of the graph, or its ordinary `Plan` (with a warning) without numba."""
    if importlib.util.find_spec("numba") is None:
        warnings.warn(NO_NUMBA, JitCompileWarning, stacklevel=user_stacklevel())
        return Plan(graph, feeds, fetches)
    return JitPlan(graph, feeds, fetches)


class JitPlan:
    """Runs `fetches` given `feeds` as `Plan` does, with the qualifying regions compiled."""

    def __init__(self, graph: Graph, feeds: Sequence[SymbolicTensor], fetches: Sequence[Fetch]):
        self.feeds = list(feeds)
        self.fetches = list(fetches)
        self._graph = weakref.ref(graph)
        self._uncompiled: Plan | None = None  # what runs while observers are installed
        ops = prune(graph, self.feeds, self.fetches)
        found = regions(ops)
        uncompiled = [(op, classify(op)[1]) for r in found if r.kind == PLAN for op in r.ops]
        if uncompiled:
            listed = "; ".join(f"{op.name} ({why})" for op, why in uncompiled)
            warnings.warn(f"jit_compile=True: {len(uncompiled)} op(s) run uncompiled: {listed}",
                          JitCompileWarning, stacklevel=user_stacklevel())
        self.stages: list[Any] = []
        fetched = {id(f) for f in self.fetches if isinstance(f, SymbolicTensor)}
        for i, region in enumerate(found):
            later = [op for r in found[i + 1:] for op in r.ops]
            inputs, outputs = stage_tensors(region, later, fetched)
            if region.kind == PLAN:
                self.stages.append(PlanStage(graph, region, inputs, outputs,
                                             compile_bodies=compile_bodies))
            else:
                self.stages.append(CompiledStage(graph, region, inputs, outputs))
        self._fetch_keys = [id(f) if isinstance(f, SymbolicTensor) else None
                            for f in self.fetches]
        self._constants = {id(f): as_fast_scalar(f.op.attrs["value"]) for f in self.fetches
                           if isinstance(f, SymbolicTensor) and f.op.type == "Const"}

    @property
    def source(self) -> str:
        """Each stage's source (numba kernels and plans), in order."""
        return "\n".join(stage.source for stage in self.stages)

    def run(self, feed_values: Sequence[Any]) -> list[Any]:
        """Runs the stages; `feed_values` are arrays in `feeds` order; returns fetch values.

        While an observer is installed (the profiler, `enable_check_numerics`), `_run_observed`
        takes this method's place: compiled regions have no ops to tell of, so the graph runs
        uncompiled, op by op, through an ordinary plan."""
        values = dict(self._constants)
        for t, value in zip(self.feeds, feed_values):
            values[id(t)] = value
        for stage in self.stages:
            stage.run(values)
        return [None if key is None else values[key] for key in self._fetch_keys]

    def _run_observed(self, feed_values: Sequence[Any]) -> list[Any]:
        if self._uncompiled is None:
            graph = self._graph()
            if graph is None:
                raise InvalidArgumentError("The graph of this plan no longer exists.")
            self._uncompiled = Plan(graph, self.feeds, self.fetches)
        return self._uncompiled.run(feed_values)


_compiled_run = JitPlan.run


def _switch_runs(observing: bool) -> None:
    JitPlan.run = JitPlan._run_observed if observing else _compiled_run  # type: ignore[method-assign]


on_observers(_switch_runs)


