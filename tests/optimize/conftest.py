"""Fixtures and helpers of the graph-optimisation tests: options back at their defaults around
every test, passes over graphs of any size (`every_graph`), and the optimised copy of a graph
as text."""

import pytest

from autograph.runtime.exec.optimize import options
from autograph.runtime.exec.optimize.driver import optimize
from autograph.runtime.graph.graph_printer import format_graph


@pytest.fixture(autouse=True)
def _default_options():
    options.reset()
    yield
    options.reset()


@pytest.fixture
def every_graph():
    """The passes run over graphs of any size: the tests of one pass on a graph of fewer ops
    than `options.DEFAULT_MIN_GRAPH_NODES`, which the meta-optimizer leaves as they are."""
    options.set_experimental_options({"min_graph_nodes": -1})


def optimized(graph, feeds, fetches) -> str:
    """The graph a plan of (`feeds`, `fetches`) is made from, as text."""
    return format_graph(optimize(graph, feeds, fetches)[0])


def body(text: str) -> list[str]:
    """The op lines of a printed graph."""
    return [line.strip() for line in text.splitlines()[1:-1]]
