"""`Dataset.reduce` in a graph being built: one `While` op over the dataset's elements.

The reduce function is converted by AutoGraph (an `if` on a tensor becomes a `cond`, as in
TensorFlow) and traced as the loop's body, which takes the next element through the iterator
ops, so the graph's size does not depend on the data. The state keeps its structure and
dtypes; a dimension the function changes (a state that grows) becomes unknown, as TensorFlow
relaxes it.

    total = dataset.reduce(np.int64(0), lambda s, x: s + x)   # inside an ag.function
"""

from __future__ import annotations

from typing import Any, Callable

from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.data import tracing
from autograph.runtime.graph.func_graph import flatten, func_graph_from_py_func, pack_sequence_as
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.control_flow.while_loop import while_loop
from autograph.runtime.ops.iterator.ops import (
    get_next_as_optional,
    is_composite_spec,
    make_iterator,
)


def reduce_in_graph(dataset: Any, initial_state: Any, reduce_func: Callable) -> Any:
    """The state after `state = reduce_func(state, element)` over every element, when the
    graph runs."""
    spec = dataset.element_spec
    state = as_state(initial_state)
    fn = tracing.converted_function(reduce_func)

    def step(state: Any, element: Any) -> Any:
        return new_state(fn(state, element), state)

    iterator = make_iterator(dataset)
    has_value, first = get_next_as_optional(iterator, spec)

    def body(_: Any, element: Any, state: Any) -> tuple:
        updated = step(state, element)
        more, following = get_next_as_optional(iterator, spec)
        return more, following, updated
    invariants = (TensorShape([]), pack_sequence_as(spec, [  # a composite's spec is its own
        s if is_composite_spec(s) else s.shape for s in flatten(spec)]),
                  _relaxed_shapes(step, state, spec))
    _, _, final = while_loop(lambda more, *_: more, body, (has_value, first, state),
                             shape_invariants=invariants)
    return final


def as_state(value: Any) -> Any:
    """`value` (a nest) with tensors at its leaves."""
    return pack_sequence_as(value, [convert_to_tensor(v) for v in flatten(value)])


def new_state(value: Any, old: Any) -> Any:
    """What the reduce function returned, as tensors of the old state's dtypes.

    Raises:
        TypeError: a dtype changed, or the structure did.
    """
    try:
        leaves = flatten(pack_sequence_as(old, flatten(value)))
    except (TypeError, ValueError):
        raise TypeError(f"Dataset.reduce: reduce_func returned {value!r}, which does not have "
                        f"the structure of the initial state {old!r}.") from None
    wanted = [t.dtype for t in flatten(old)]
    got = [convert_to_tensor(v, dtype=w if not hasattr(v, "dtype") else None)
           for v, w in zip(leaves, wanted)]
    if [t.dtype for t in got] != wanted:
        raise TypeError(
            f"Dataset.reduce: reduce_func changed the state's dtypes from "
            f"{[d.name for d in wanted]} to {[t.dtype.name for t in got]}; give "
            f"initial_state the dtypes the function returns.")
    return pack_sequence_as(old, got)


def _relaxed_shapes(step: Callable, state: Any, spec: Any) -> Any:
    """The state's shapes, with the dimensions that one traced step changes made unknown."""
    graph = func_graph_from_py_func("reduce_fn", step, [state, spec])
    before = [t.shape for t in flatten(state)]
    after = [t.shape for t in flatten(graph.structured_outputs)]
    return pack_sequence_as(state, [_most_specific_common(a, b) for a, b in zip(before, after)])


def _most_specific_common(a: TensorShape, b: TensorShape) -> TensorShape:
    if a.rank is None or b.rank is None or a.rank != b.rank:
        return TensorShape(None)
    return TensorShape([x if x == y else None for x, y in zip(a.as_list(), b.as_list())])
