"""Runs one function as several replicas in this process: one thread per replica, taking
turns (TensorFlow's `mirrored_run`).

Each replica thread starts with its caller's thread state (the graph being built and its
function trace, the eager name scope, device placement, the default session, variable
creators, ...) and runs `fn` until it returns or reaches a `merge_call`. Only one thread runs
at a time: the caller hands the turn to replica 0, 1, ... in order; when every replica waits in
a `merge_call`, the caller runs the merge function once, in the cross-replica context, with the
replicas' arguments as `PerReplica` values, and hands each replica its part of the result.
Taking turns keeps a traced graph's ops in replica order (so traces are deterministic) and lets
the replicas share a graph's name scopes and control dependencies: each thread's positions in
them are put back when its turn comes.

An error in a replica stops the others and is raised in the caller.
"""

from __future__ import annotations

import contextlib
import contextvars
import itertools
import threading
from typing import Any, Callable, Iterator, Sequence

from autograph.runtime.core import devices, traceback_utils
from autograph.runtime.core.eager_context import context_changed
from autograph.runtime.distribute import distribute_lib
from autograph.runtime.distribute.values import regroup, select_replica
from autograph.runtime.exec import resources
from autograph.runtime.graph import default_session, init_scope
from autograph.runtime.graph import graph as graph_module
from autograph.runtime.state import creator_scope, variable_scope

__all__ = ["run_replicas", "merge_call"]

_CALLER = -1  # the turn of the thread that called `run_replicas`


class _Stopped(BaseException):
    """Raised in a replica waiting in `merge_call` when another replica failed."""


class _CallerState:
    """The thread state a replica thread starts from: its caller's, captured in the caller.

    These thread-local stacks belong to their modules; this is the one place that copies
    them all into another thread, so it reaches into them by name.
    """

    def __init__(self) -> None:
        self.graphs = list(graph_module._state.stack)
        self.eager_scope = graph_module._state.eager_scope
        self.traces = list(init_scope._traces.stack)
        self.placement = list(devices._placement.stack)
        self.sessions = list(default_session._sessions.stack)
        self.resources = list(resources._current.stack)
        self.creators = creator_scope.creators()
        self.filtering = traceback_utils.is_traceback_filtering_enabled()
        store = variable_scope.get_variable_scope_store()
        self.variable_scope = store.current_scope
        self.variable_scope_counts = store.variable_scopes_count
        self.contexts = list(distribute_lib.context_stack())

    def restore(self) -> None:
        graph_module._state.stack = list(self.graphs)
        graph_module._state.eager_scope = self.eager_scope
        init_scope._traces.stack = list(self.traces)
        devices._placement.stack = list(self.placement)
        context_changed()  # this thread's graphs and device scope are its caller's now
        default_session._sessions.stack = list(self.sessions)
        resources._current.stack = list(self.resources)
        creator_scope.set_creators(self.creators)
        if not self.filtering:
            traceback_utils.disable_traceback_filtering()
        store = variable_scope.get_variable_scope_store()
        store.current_scope = self.variable_scope
        store.variable_scopes_count = self.variable_scope_counts
        distribute_lib.set_context_stack(self.contexts)


class _GraphPositions:
    """A thread's place in the shared stacks of the graphs it builds in (name scope, control
    dependencies, devices), saved when its turn ends and put back when its turn comes."""

    def __init__(self) -> None:
        self._saved = [(g, g._name_stack, list(g._control_dependencies), list(g._device_stack))
                       for g in graph_module._state.stack]

    def restore(self) -> None:
        for g, name_stack, control, device_stack in self._saved:
            g._name_stack, g._control_dependencies = name_stack, list(control)
            g._device_stack = list(device_stack)


class _NameScopes:
    """Where a replica's names go when it merges: its eager name scope, the name scope of the
    graph it builds in, its variable scope. The merge function runs under the first
    replica's (as TensorFlow runs it), so that a variable a layer makes inside `run` is named
    under the layer's scope."""

    def __init__(self) -> None:
        self.eager = graph_module._state.eager_scope
        self.graph = graph_module.building_graph()
        self.name_stack = self.graph._name_stack if self.graph is not None else ""
        self.variable_scope = variable_scope.get_variable_scope_store().current_scope

    @contextlib.contextmanager
    def entered(self) -> Iterator[None]:
        store = variable_scope.get_variable_scope_store()
        saved = (graph_module._state.eager_scope, store.current_scope,
                 self.graph._name_stack if self.graph is not None else "")
        graph_module._state.eager_scope, store.current_scope = self.eager, self.variable_scope
        if self.graph is not None:
            self.graph._name_stack = self.name_stack
        try:
            yield
        finally:
            graph_module._state.eager_scope, store.current_scope = saved[0], saved[1]
            if self.graph is not None:
                self.graph._name_stack = saved[2]


class _Turns:
    """Whose turn it is: a replica's index, or `_CALLER`."""

    def __init__(self) -> None:
        self._condition = threading.Condition()
        self._turn = _CALLER

    def hand_to(self, turn: int, me: int) -> None:
        """Gives the turn to `turn` and waits until it comes back to `me`, keeping this
        thread's positions in shared graphs."""
        positions = _GraphPositions()
        with self._condition:
            self._turn = turn
            self._condition.notify_all()
            self._condition.wait_for(lambda: self._turn == me)
        positions.restore()

    def wait_for(self, me: int) -> None:
        with self._condition:
            self._condition.wait_for(lambda: self._turn == me)

    def hand_back(self) -> None:
        with self._condition:
            self._turn = _CALLER
            self._condition.notify_all()


class _Replica(threading.Thread):
    """One replica's thread: runs `fn` in the replica's context, pausing in `merge_call`."""

    def __init__(self, index: int, run: Callable[[], Any], turns: _Turns, state: _CallerState,
                 strategy_key: int):
        super().__init__(name=f"replica_{index}", daemon=True)
        self.index = index
        self._key = (strategy_key, index)  # what functions called here keep their traces by
        self._run = run
        self._turns = turns
        self._state = state
        self._context = contextvars.copy_context()
        self.result: Any = None
        self.error: BaseException | None = None
        self.done = False
        self.stop = False
        self.merge: tuple[Callable, tuple, dict] | None = None
        self.scopes: _NameScopes | None = None  # where its names went, at its merge
        self.merge_result: Any = None

    def run(self) -> None:
        self._turns.wait_for(self.index)
        try:
            self._state.restore()
            _current.replica = self
            graph_module._state.replica = self._key
            self.result = self._context.run(self._run)
        except _Stopped:
            pass
        except BaseException as e:  # noqa: B036 -- re-raised in the caller
            self.error = e
        finally:
            self.done = True
            self._turns.hand_back()

    def wait_to_merge(self, merge_fn: Callable, args: tuple, kwargs: dict) -> Any:
        self.merge = (merge_fn, args, kwargs)
        self.scopes = _NameScopes()
        self._turns.hand_to(_CALLER, self.index)
        self.merge = None
        if self.stop:
            raise _Stopped()
        return self.merge_result


_strategy_keys = itertools.count()


class _Current(threading.local):
    replica: _Replica | None = None


_current = _Current()


def run_replicas(strategy: Any, replica_fns: Sequence[Callable[[], Any]]) -> Any:
    """Runs `replica_fns[i]()` as replica `i` (see the module docstring); their results
    regrouped (`PerReplica` where they differ).

    Raises:
        The first error a replica (or a merge function) raised; RuntimeError when the
        replicas made different numbers of `merge_call`s.
    """
    turns = _Turns()
    state = _CallerState()
    if not hasattr(strategy, "_replica_trace_key"):  # unique for the process's lifetime,
        strategy._replica_trace_key = next(_strategy_keys)  # unlike id()
    replicas = [_Replica(i, fn, turns, state, strategy._replica_trace_key)
                for i, fn in enumerate(replica_fns)]
    for replica in replicas:
        replica.start()
    try:
        while True:
            for replica in replicas:
                if not replica.done:
                    turns.hand_to(replica.index, _CALLER)
            error = next((r.error for r in replicas if r.error is not None), None)
            if error is not None:
                raise error
            if all(r.done for r in replicas):
                return regroup([r.result for r in replicas])
            if any(r.done for r in replicas):
                raise RuntimeError("Some replicas made a different number of "
                                   "replica_context().merge_call() calls.")
            _merge(strategy, replicas)
    finally:
        for replica in replicas:
            if not replica.done:
                replica.stop = True
                turns.hand_to(replica.index, _CALLER)
            replica.join()


def _merge(strategy: Any, replicas: list[_Replica]) -> None:
    """Runs the replicas' merge function once, with their arguments, in the cross-replica
    context; each replica gets its part of the result."""
    merges = [r.merge for r in replicas]
    merge_fn, _, _ = merges[0]  # type: ignore[misc]
    args = regroup([m[1] for m in merges])  # type: ignore[index]
    kwargs = regroup([m[2] for m in merges])  # type: ignore[index]
    scopes = replicas[0].scopes
    assert scopes is not None  # set with its merge
    with distribute_lib.entered(distribute_lib.StrategyContext(strategy, None)), \
            scopes.entered():
        result = merge_fn(strategy, *args, **kwargs)
    for replica in replicas:
        replica.merge_result = select_replica(replica.index, result)


def merge_call(merge_fn: Callable, args: tuple, kwargs: dict) -> Any:
    """In a replica thread: waits until every replica has called, then returns this
    replica's part of `merge_fn(strategy, *args, **kwargs)` (run once, by the caller).

    Raises:
        RuntimeError: not called from a replica thread of `run_replicas`.
    """
    replica = _current.replica
    if replica is None:
        raise RuntimeError("merge_call was called outside the thread of a replica: call it "
                           "from the function given to `strategy.run`.")
    return replica.wait_to_merge(merge_fn, args, kwargs)
