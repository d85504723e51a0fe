"""`init_scope` and the rules for variables created while a `Function` traces.

`init_scope()` lifts op creation out of the function graphs being built into the outermost
context: eager execution when the outermost caller runs eagerly, else the TensorFlow-1 graph
the function is being traced for (with no control dependencies). State set up there happens
once, while tracing, not on every call:

>>> from autograph.runtime.graph.func_graph import FuncGraph
>>> from autograph.runtime.graph.graph import building_graph
>>> with FuncGraph("f").as_default():
...     with init_scope():
...         print(building_graph())
None

A `Function` traces with a `FunctionTrace` pushed (`tracing(...)`): a `Variable` made while
it is active is created in `init_scope` (lifted out of the graph and initialised once) and
recorded; when the trace may not create variables (any trace after the first), making one is
a `ValueError` that says why and what to do.
"""

from __future__ import annotations

import contextlib
import threading
from typing import Any, Iterator

from autograph.runtime.core.eager_context import context_changed
from autograph.runtime.graph.graph import Graph, _eager_disabled, building_graph
from autograph.runtime.graph.graph import _state as _graphs

__all__ = ["eager_mode", "init_scope"]


@contextlib.contextmanager
def init_scope() -> Iterator[None]:
    """Runs the block in the outermost context of the function graphs being built.

    Eagerly, and in a graph that is not a function's, it changes nothing. Control
    dependencies of the outer graph do not apply inside (as in TensorFlow).
    """
    graph = building_graph()
    if graph is None or not graph.building_function:
        yield
        return
    outer: Graph | None = graph
    while outer is not None and outer.building_function:
        outer = getattr(outer, "outer_graph", None)
    saved_stack, saved_disabled = _graphs.stack, _eager_disabled[0]
    try:
        if outer is None:  # the outermost caller runs eagerly
            _graphs.stack = []
            _eager_disabled[0] = False
            context_changed()
            yield
        else:
            _graphs.stack = [outer]
            context_changed()
            with outer.control_dependencies(None):
                yield
    finally:
        _graphs.stack = saved_stack
        _eager_disabled[0] = saved_disabled
        context_changed()


@contextlib.contextmanager
def eager_mode() -> Iterator[None]:
    """Runs the block eagerly, whatever graph is being built around it (Python code that an op
    calls while its graph runs: its ops run now, as TensorFlow runs `py_function`'s)."""
    saved_stack, saved_disabled = _graphs.stack, _eager_disabled[0]
    _graphs.stack, _eager_disabled[0] = [], False
    context_changed()
    try:
        yield
    finally:
        _graphs.stack, _eager_disabled[0] = saved_stack, saved_disabled
        context_changed()


class FunctionTrace:
    """One trace of a `Function` in progress: its graph and the variables it created.

    Attributes:
        name: the function's name, for messages.
        graph: the function graph being built.
        allow_variables: whether this trace may create variables (only a Function's first).
        created: the variables created by this trace, in order.
    """

    def __init__(self, name: str, graph: Any, allow_variables: bool):
        self.name = name
        self.graph = graph
        self.allow_variables = allow_variables
        self.created: list[Any] = []

    def check_variable_creation(self, variable_name: str | None) -> None:
        if self.allow_variables:
            return
        raise ValueError(
            f"ag.function {self.name!r} created a variable ({variable_name or 'Variable'}) "
            f"on a trace after its first: a Function only supports variables created once, on "
            f"its first trace, and reused by later calls. Create the variable outside the "
            f"function (or guard its creation, e.g. `if self.v is None: self.v = "
            f"ag.Variable(...)`) and use it inside.")


class _Traces(threading.local):
    def __init__(self):
        self.stack: list[FunctionTrace] = []


_traces = _Traces()


@contextlib.contextmanager
def tracing(trace: FunctionTrace) -> Iterator[FunctionTrace]:
    """Makes `trace` the innermost trace in progress in this thread, inside the block."""
    _traces.stack.append(trace)
    try:
        yield trace
    finally:
        _traces.stack.pop()


def trace_building(graph: Any) -> FunctionTrace | None:
    """The innermost trace in progress whose graph is `graph` or encloses it (a `cond` branch
    or loop body inside the function), or None."""
    if not _traces.stack or graph is None:
        return None
    chain = []
    while graph is not None and graph.building_function:
        chain.append(graph)
        graph = graph.outer_graph
    for trace in reversed(_traces.stack):
        if any(g is trace.graph for g in chain):
            return trace
    return None
