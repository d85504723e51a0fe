"""Graph-mode functions of the public API: `placeholder`, `no_op`, `group`, dependencies, scopes.

>>> from autograph.runtime.graph.graph import Graph
>>> with Graph().as_default():
...     x = placeholder("float32", shape=[None, 3], name="x")
>>> x
<ag.Tensor 'x:0' shape=(None, 3) dtype=float32>
"""

from __future__ import annotations

import contextlib
from typing import Any, Iterator

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import as_raw_shape
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.graph import (  # noqa: F401
    Graph,
    building_graph,
    disable_eager_execution,
    eager_name_scope,
    enable_eager_execution,
    executing_eagerly,
    get_default_graph,
    reset_default_graph,
)
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.ops.graph import defs as graph_defs  # noqa: F401  (declares the ops)

__all__ = ["Graph", "get_default_graph", "reset_default_graph", "executing_eagerly",
           "disable_eager_execution", "enable_eager_execution", "placeholder",
           "placeholder_with_default", "no_op", "group", "control_dependencies", "name_scope"]

_placeholder = op_handle("Placeholder")
_placeholder_with_default = op_handle("PlaceholderWithDefault")
_no_op = op_handle("NoOp")


def placeholder(dtype: Any, shape: Any = None, name: str | None = None) -> Tensor:
    """A tensor whose value must be fed to `Session.run` (graph mode only).

    Args:
        dtype: the dtype of the values to feed.
        shape: the shape they must be compatible with; None (any shape) or a list with None
            for unknown dimensions.
        name: the op's name.

    Raises:
        RuntimeError: when executing eagerly, where there is nothing to feed.
    """
    if building_graph() is None:
        raise RuntimeError(
            "ag.placeholder() is not compatible with eager execution: build a graph inside "
            "`with ag.Graph().as_default():` (or call ag.disable_eager_execution() first), or "
            "pass values directly.")
    return _placeholder.run([], {"dtype": dtypes.as_dtype(dtype),
                                 "shape": as_raw_shape(shape)}, name)


def placeholder_with_default(input: Any, shape: Any, name: str | None = None) -> Tensor:
    """`input`, unless a value is fed for the result when the graph runs."""
    return _placeholder_with_default.run([input], {"shape": as_raw_shape(shape)}, name)


def no_op(name: str | None = None) -> Any:
    """An op that does nothing (graph mode: returns it; eagerly: None)."""
    return _no_op.run([], None, name)


def group(*inputs: Any, name: str | None = None) -> Any:
    """An op that runs after every one of `inputs` (ops or tensors) has run."""
    graph = building_graph()
    if graph is None:
        return None
    with graph.control_dependencies([x for x in inputs if x is not None]):
        return _no_op.run([], None, name or "group_deps")


@contextlib.contextmanager
def control_dependencies(control_inputs: Any) -> Iterator[None]:
    """Ops created inside run only after `control_inputs` (None clears outer dependencies).

    Eagerly, ops run in program order already, so this does nothing, as in TensorFlow 2.
    """
    graph = building_graph()
    if graph is None:
        yield
        return
    with graph.control_dependencies(control_inputs):
        yield


@contextlib.contextmanager
def name_scope(name: str | None, default_name: str | None = None,
               values: Any = None) -> Iterator[str]:
    """Prefixes the names of ops created inside with `name/` (TensorFlow 1 signature).

    `name` None uses `default_name` (made unique); a name ending in `/` re-enters that scope.
    Eagerly, ops have no names: the scope names the variables made inside, as in TensorFlow 2
    (`dense/w:0`), and is not made unique.
    """
    graph = building_graph()
    scope = name if name is not None else default_name
    if graph is None:
        with eager_name_scope(scope) as entered:
            yield entered
        return
    with graph.name_scope(scope) as entered:
        yield entered
