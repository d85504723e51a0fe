"""Graph collections (TensorFlow 1): `GraphKeys` and the functions over the default graph's.

A collection is a named list kept by a graph: variables add themselves to `GLOBAL_VARIABLES`
(and `TRAINABLE_VARIABLES` when trainable), `get_variable` adds regularization losses to
`REGULARIZATION_LOSSES`, and programs add what they like. Every function here works on the
default graph (`ag.get_default_graph()`): the innermost `Graph.as_default()` block, else the
global graph, also when executing eagerly, as in `tf.compat.v1`. Eager variables join no
collection (they would never be freed), unless created through an `EagerVariableStore`.

>>> from autograph.runtime.graph.graph import Graph
>>> with Graph().as_default():
...     add_to_collection("losses", 1.5)
...     get_collection("losses")
[1.5]
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.graph.graph import building_graph, get_default_graph
from autograph.runtime.ops.graph.ops import group, no_op

__all__ = ["GraphKeys", "get_collection", "get_collection_ref", "add_to_collection",
           "add_to_collections", "global_variables", "trainable_variables", "local_variables",
           "variables_initializer", "global_variables_initializer",
           "local_variables_initializer"]


class GraphKeys:
    """Standard collection names, with TensorFlow's values (`GLOBAL_VARIABLES` is
    `"variables"`, ...), so that names written as strings agree too."""

    GLOBAL_VARIABLES = "variables"
    LOCAL_VARIABLES = "local_variables"
    METRIC_VARIABLES = "metric_variables"
    MODEL_VARIABLES = "model_variables"
    TRAINABLE_VARIABLES = "trainable_variables"
    SUMMARIES = "summaries"
    QUEUE_RUNNERS = "queue_runners"
    TABLE_INITIALIZERS = "table_initializer"
    ASSET_FILEPATHS = "asset_filepaths"
    MOVING_AVERAGE_VARIABLES = "moving_average_variables"
    REGULARIZATION_LOSSES = "regularization_losses"
    CONCATENATED_VARIABLES = "concatenated_variables"
    SAVERS = "savers"
    WEIGHTS = "weights"
    BIASES = "biases"
    ACTIVATIONS = "activations"
    UPDATE_OPS = "update_ops"
    LOSSES = "losses"
    SAVEABLE_OBJECTS = "saveable_objects"
    RESOURCES = "resources"
    LOCAL_RESOURCES = "local_resources"
    TRAINABLE_RESOURCE_VARIABLES = "trainable_resource_variables"
    INIT_OP = "init_op"
    LOCAL_INIT_OP = "local_init_op"
    READY_OP = "ready_op"
    READY_FOR_LOCAL_INIT_OP = "ready_for_local_init_op"
    SUMMARY_OP = "summary_op"
    GLOBAL_STEP = "global_step"
    EVAL_STEP = "eval_step"
    TRAIN_OP = "train_op"
    COND_CONTEXT = "cond_context"
    WHILE_CONTEXT = "while_context"
    VARIABLES = GLOBAL_VARIABLES  # the old name


def get_collection(key: Any, scope: str | None = None) -> list:
    """A copy of the default graph's collection `key`.

    Args:
        key: the collection's name (a `GraphKeys` value, or any string).
        scope: when given, keep only items whose `name` matches this regular expression from
            its start (so "abc/" keeps the variables of variable scope "abc").

    >>> from autograph.runtime.graph.graph import Graph
    >>> with Graph().as_default():
    ...     add_to_collection("things", 1)
    ...     get_collection("things"), get_collection("nothing")
    ([1], [])
    """
    return get_default_graph().get_collection(key, scope)


def get_collection_ref(key: Any) -> list:
    """The default graph's collection `key` itself: changing the list changes the collection.

    >>> from autograph.runtime.graph.graph import Graph
    >>> with Graph().as_default():
    ...     get_collection_ref("things").append(2)
    ...     get_collection("things")
    [2]
    """
    return get_default_graph().get_collection_ref(key)


def add_to_collection(name: Any, value: Any) -> None:
    """Appends `value` to the default graph's collection `name`."""
    get_default_graph().add_to_collection(name, value)


def add_to_collections(names: Any, value: Any) -> None:
    """Appends `value` to each of the collections `names` (a name or a list of names)."""
    get_default_graph().add_to_collections(names, value)


def global_variables(scope: str | None = None) -> list:
    """The variables of the default graph's `GLOBAL_VARIABLES` collection (see `get_collection`
    for `scope`)."""
    return get_collection(GraphKeys.GLOBAL_VARIABLES, scope)


def trainable_variables(scope: str | None = None) -> list:
    """The variables of the default graph's `TRAINABLE_VARIABLES` collection."""
    return get_collection(GraphKeys.TRAINABLE_VARIABLES, scope)


def local_variables(scope: str | None = None) -> list:
    """The variables of the default graph's `LOCAL_VARIABLES` collection."""
    return get_collection(GraphKeys.LOCAL_VARIABLES, scope)


def variables_initializer(var_list: Any, name: str = "init") -> Any:
    """An op that runs the initializers of the variables in `var_list`.

    In a graph: a `NoOp` depending on every initializer (a plain `NoOp` when `var_list` is
    empty). Eagerly, variables are initialized when created, so this returns None.

    >>> from autograph.runtime.graph.graph import Graph
    >>> from autograph.runtime.state.variables import Variable
    >>> with Graph().as_default():
    ...     op = variables_initializer([Variable(1.0, name="v")])
    >>> op.type, [c.name for c in op.control_inputs]
    ('NoOp', ['v/Assign'])
    """
    if building_graph() is None:
        return None
    initializers = [v.initializer for v in var_list]
    if not initializers:
        return no_op(name=name)
    return group(*initializers, name=name)


def global_variables_initializer() -> Any:
    """`variables_initializer(global_variables())`: initializes every global variable.

    >>> from autograph.runtime.graph.graph import Graph
    >>> from autograph.runtime.exec.session import Session
    >>> from autograph.runtime.state.variables import Variable
    >>> with Graph().as_default():
    ...     v = Variable([1.0, 2.0])
    ...     with Session() as sess:
    ...         _ = sess.run(global_variables_initializer())
    ...         sess.run(v.value())
    array([1., 2.], dtype=float32)
    """
    return variables_initializer(global_variables())


def local_variables_initializer() -> Any:
    """`variables_initializer(local_variables())`."""
    return variables_initializer(local_variables())
