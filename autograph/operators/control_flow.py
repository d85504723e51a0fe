"""`if_stmt`, `while_stmt` and `for_stmt`: Python statements that become graph ops on tensors.

The converter turns each branch or loop body into a function of the statement's state (the
variables it changes that are used after it) returning their new values; the operators return
the final values: the bare value for one variable, a tuple for several, None for none.

    if_stmt(cond, body, orelse, state, names)    # plain Python:
                                                 #   state = body(*state) if cond
                                                 #           else orelse(*state)
    while_stmt(test, body, state, names)         #   while test(*state): state = body(*state)
    for_stmt(iter_, body, state, names)          #   for item in iter_:
                                                 #       state = body(item, *state)

Each has a Python path, with exactly Python's semantics, taken when the deciding value (the
condition, the iterable) is a Python value or an eager tensor; and a graph path, taken when it
is a symbolic tensor, which builds one `If` or `While` op (see `graph_cond`, `graph_loop`).

>>> if_stmt(2 > 1, lambda x: x + 1, None, (1,), ("x",))
2
>>> while_stmt(lambda i, s: i < 4, lambda i, s: (i + 1, s + i), (0, 0), ("i", "s"))
(4, 6)
>>> for_stmt(range(3), lambda item, s: s + [item], ([],), ("s",))
[0, 1, 2]
"""

from __future__ import annotations

import contextlib
from typing import Any, Callable, Iterable, Iterator, Sequence

from autograph.operators.graph_cond import graph_if, is_symbolic, truth_tensor
from autograph.operators.graph_loop import graph_loop
from autograph.operators.py_builtins import TensorIterable, TraceTimeIterator
from autograph.operators.raising_branches import raised_by_program
from autograph.operators.state import CompositeState, pack_state, unpack_state
from autograph.operators.traced_errors import mark_traced, note_lost_state
from autograph.runtime.graph.constant_value import constant_value
from autograph.runtime.graph.func_graph import FuncGraph, flatten, pack_sequence_as
from autograph.runtime.graph.graph import building_graph
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.control_flow.ops import cond
from autograph.runtime.ops.creation import ops as creation_ops
from autograph.runtime.ops.iterator.ops import (
    GraphIterator,
    get_next_as_optional,
    is_dataset,
    make_iterator,
)
from autograph.runtime.ops.math import ops as math_ops
from autograph.runtime.ops.ragged.ragged_tensor import RaggedTensor

# The names the converter lowers `break` and `return` to (`break_`, `break__1`, `do_return`,
# `retval_`): not the program's variables.
_FLAGS = ("break_", "do_return", "retval_")


def if_stmt(cond: Any, body: Callable, orelse: Callable | None, state: tuple,
            names: tuple, composites: tuple | None = None) -> Any:
    """An `if` statement: `body(*state)` if `cond` else `orelse(*state)`.

    Equivalent Python (`orelse=None` keeps the state as it is):

        if cond:
            state = body(*state)
        else:
            state = orelse(*state)

    With a symbolic tensor `cond`, both branches are traced and one `If` op runs the one the
    condition picks; then each variable must be defined in both branches (or before the `if`)
    and have one dtype in both (Python numbers take the other branch's dtype). `composites`
    are the items and attributes the branches assign (see `state.CompositeState`).

    Raises:
        ValueError: a variable defined in one branch only (graph path).
        TypeError: a variable of different dtypes or kinds in the two branches (graph path).

    >>> if_stmt(False, lambda a, b: (a + 1, b), lambda a, b: (a, b - 1), (1, 1), ("a", "b"))
    (1, 0)
    """
    n = len(names)
    if is_symbolic(cond):
        if orelse is None:
            def orelse(*values: Any) -> Any:
                return pack_state(values, n)
        extended = _Extended(composites, "if", state, names)
        body, orelse = extended.body(body), extended.body(orelse)
        state, m = extended.state, len(extended.names)

        def true_fn() -> tuple:
            return unpack_state(body(*state), m, "if")

        def false_fn() -> tuple:
            return unpack_state(orelse(*state), m, "if")
        outputs = graph_if(cond, true_fn, false_fn, state, extended.names, "if")
        try:
            return pack_state(extended.finish(outputs), n)
        except ValueError as error:  # a refusal of the trace, not the program's own error
            mark_traced(error, "an `if`")
            raise
    branch = body if cond else orelse
    if branch is None:
        return pack_state(state, n)
    try:
        return branch(*state)
    except Exception as error:
        note_lost_state(error, branch, state, state, names)
        raise


class _Extended:
    """A statement's state and functions, extended by its composites (if any) for the graph
    path: the items and attributes become state values after the named ones."""

    def __init__(self, composites: tuple | None, what: str, state: Sequence[Any],
                 names: Sequence[str]):
        self.composites = CompositeState(composites) if composites else None
        self.what, self.n = what, len(names)
        self.state, self.names = tuple(state), tuple(names)
        if self.composites is not None:  # `Undefined` for those the statement creates
            self.state += self.composites.read()
            self.names += self.composites.names
            if what != "if":
                self.composites.check_not_created(self.state[self.n:], what)

    def body(self, fn: Callable, leading: int = 0) -> Callable:
        """`fn` (taking `leading` values, then the state) over the extended state."""
        if self.composites is None:
            return fn
        return self.composites.extend_body(fn, self.n, self.what, leading)

    def test(self, fn: Callable | None) -> Callable | None:
        if self.composites is None or fn is None:
            return fn
        return self.composites.extend_test(fn, self.n)

    def finish(self, values: Sequence[Any]) -> tuple:
        """The named variables' final values; the composites' are written back."""
        if self.composites is None:
            return tuple(values)
        if self.what == "if":
            self.composites.check_created(self.state[self.n:], values[self.n:], self.what)
        self.composites.write(values[self.n:])
        return tuple(values[:self.n])


def while_stmt(test: Callable, body: Callable, state: tuple, names: tuple,
               opts: dict | None = None, composites: tuple | None = None) -> Any:
    """A `while` loop: `while test(*state): state = body(*state)`.

    When `test` first gives a symbolic tensor, the loop is one `While` op. `opts` may hold
    `maximum_iterations`, `shape_invariants` (a list of (variable name, shape) pairs) and
    `parallel_iterations`; they apply to the graph loop.

    Raises:
        NotImplementedError: `test` gave a Python value first and a symbolic tensor later (a
            variable it tests became a tensor, or a `break` depends on one), as TensorFlow.
        ValueError: a variable not defined before a graph loop, or one whose shape leaves its
            shape invariant.
        TypeError: a variable whose dtype or structure changes in a graph loop.

    >>> while_stmt(lambda x: x < 100, lambda x: x * 3, (1,), ("x",))
    243
    """
    n = len(names)
    state = initial = tuple(state)
    iterations = 0
    try:
        while True:
            condition = _evaluate_test(test, state)
            if is_symbolic(condition):
                if iterations:
                    error = NotImplementedError(_became_a_tensor(names, initial, state,
                                                                 iterations))
                    mark_traced(error, "a `while` loop")  # a refusal, not the program's
                    raise error
                with _refusals_marked("a `while` loop"):
                    return pack_state(_graph_while(test, body, state, names, opts,
                                                   composites), n)
            if not condition:
                return pack_state(state, n)
            state = unpack_state(body(*state), n, "while")
            iterations += 1
    except Exception as error:
        note_lost_state(error, body, initial, state, names)
        raise


@contextlib.contextmanager
def _refusals_marked(where: str) -> Iterator[None]:
    """Marks an error that leaves a graph loop's tracing, other than the program's own, as
    an error of the trace (`mark_traced`), which a handler of the program must not take."""
    try:
        yield
    except Exception as error:
        if not raised_by_program(error):
            mark_traced(error, where)
        raise


def _graph_while(test: Callable, body: Callable, state: tuple, names: Sequence[str],
                 opts: dict | None, composites: tuple | None) -> tuple:
    extended = _Extended(composites, "while", state, names)
    test_fn, body_fn, m = extended.test(test), extended.body(body), len(extended.names)
    assert test_fn is not None

    def loop_body(extra: list, values: list) -> tuple[list, tuple]:
        return [], unpack_state(body_fn(*values), m, "while")
    _, final = graph_loop(lambda extra, values: test_fn(*values), loop_body, [],
                          extended.state, extended.names, opts)
    return extended.finish(final)


def _became_a_tensor(names: Sequence[str], initial: tuple, state: tuple,
                     iterations: int) -> str:
    """Why a Python `while` loop cannot go on: its condition became a tensor."""
    changed = [name for name, old, new in zip(names, initial, state)
               if any(is_symbolic(x) for x in flatten(new))
               and not any(is_symbolic(x) for x in flatten(old))]
    flags = [name for name in changed if name.startswith(_FLAGS)]
    variables = [repr(name) for name in changed if not name.startswith(_FLAGS)]
    causes = [f"{', '.join(variables)} became a tensor in the loop"] if variables else []
    if flags or not causes:
        causes.append(_A_BREAK_DEPENDS_ON_A_TENSOR if flags else
                      _THE_CONDITION_READ_ANOTHER_TENSOR)
    return (f"The condition of this `while` loop was a Python value when the loop began, so "
            f"it runs as a Python loop, but after {iterations} iteration"
            f"{'s' if iterations > 1 else ''} it is a tensor, whose value is known only when "
            f"the graph runs: {' and '.join(causes)}. A Python loop cannot go on by a tensor "
            f"(TensorFlow raises this error too). Make the condition a tensor from the start "
            f"(e.g. `i = ag.constant(0)` before `while i < n`), so that the loop is one graph "
            f"loop, or keep the variables it tests Python values.")


def _evaluate_test(test: Callable, state: tuple) -> Any:
    """`test(*state)`; while a graph is built, on a scratch graph, so that a test that turns
    out to be a tensor leaves no unused ops behind (the loop traces it again)."""
    graph = building_graph()
    if graph is None:
        return test(*state)
    with FuncGraph("while_test", graph).as_default():
        return test(*state)


def for_stmt(iter_: Any, body: Callable, state: tuple, names: tuple,
             extra_test: Callable | None = None, opts: dict | None = None,
             composites: tuple | None = None) -> Any:
    """A `for` loop: `state = body(item, *state)` for each item, while `extra_test(*state)`.

    Equivalent Python (`extra_test` is how the converter lowers `break`):

        iterator = iter(iter_)
        while extra_test is None or extra_test(*state):  # tested before taking an item,
            try:                                        # so a break reads no extra one
                item = next(iterator)
            except StopIteration:
                break
            state = body(item, *state)

    Python iterables and eager tensors (their rows) are iterated in Python. A symbolic tensor
    (or ragged tensor) is iterated along its first dimension by one `While` op (for
    `ag.range(...)` of integers, counting from start to limit without making the range); so
    are `ag__.enumerate` and `ag__.zip` of symbolic tensors; a dataset, or an iterator over
    one, in a graph by one `While` op that takes each element only once `extra_test` has said
    go on.

    Raises:
        NotImplementedError: `extra_test` gives a symbolic tensor while a Python iterable is
            iterated (a `break` that depends on a tensor), as TensorFlow.

    >>> for_stmt([1, 2, 3, 4], lambda x, s: s + x, (0,), ("s",), lambda s: s < 3)
    3
    """
    n = len(names)
    state = tuple(state)
    graph_dataset = (is_dataset(iter_) and building_graph() is not None
                     or isinstance(iter_, GraphIterator))
    if isinstance(iter_, RaggedTensor) and is_symbolic(iter_.flat_values):
        iter_ = TensorIterable.rows(iter_)  # its rows, by one `While` op
    if is_symbolic(iter_) or isinstance(iter_, TensorIterable) or graph_dataset:
        with _refusals_marked("a `for` loop"):
            extended = _Extended(composites, "for", state, names)
            loop = _graph_dataset_for if graph_dataset else _graph_for
            final = loop(iter_, extended.body(body, 1), extended.state, extended.names,
                         extended.test(extra_test), opts)
            return pack_state(extended.finish(final), n)
    iterator = iter(iter_)
    initial = state
    try:
        while True:
            keep_going = True if extra_test is None else extra_test(*state)
            if is_symbolic(keep_going):
                error = NotImplementedError(_python_for_stopped_by_a_tensor(iter_))
                mark_traced(error, "a `for` loop")  # a refusal, not the program's
                raise error
            if not keep_going:
                break
            try:
                item = next(iterator)
            except StopIteration:
                break
            state = unpack_state(body(item, *state), n, "for")
    except Exception as error:
        note_lost_state(error, body, initial, state, names)
        raise
    return pack_state(state, n)


def _python_for_stopped_by_a_tensor(iter_: Any) -> str:
    if isinstance(iter_, TraceTimeIterator):
        iter_ = iter_.wrapped
    return (f"A `break` or `return` in this `for` loop depends on a tensor, but the loop is "
            f"over a Python {type(iter_).__name__}, so it runs as a Python loop, which cannot "
            f"wait for the graph to decide whether to take the next item (TensorFlow raises "
            f"this error too). Iterate over a tensor (`for i in ag.range(n)`, or "
            f"`ag.constant(items)`) or a dataset, so that the loop is one graph loop, or make "
            f"the condition of the `break` or `return` a Python value.")


def _graph_for(iter_: Any, body: Callable, state: tuple, names: Sequence[str],
               extra_test: Callable | None, opts: dict | None) -> list:
    n = len(names)
    if is_symbolic(iter_) and iter_.op.type == "Range" and iter_.dtype.is_integer:
        start, limit, delta = iter_.op.inputs
        step = constant_value(delta)

        def test(extra: list, values: list) -> Any:
            i = extra[0]
            if step is not None:
                more = i < limit if step > 0 else i > limit
            else:
                more = math_ops.logical_or(math_ops.logical_and(delta > 0, i < limit),
                                           math_ops.logical_and(delta < 0, i > limit))
            return _and_extra(more, extra_test, values)

        def body_fn(extra: list, values: list) -> tuple[list, tuple]:
            i = extra[0]
            return [i + delta], unpack_state(body(i, *values), n, "for")
        _, final = graph_loop(test, body_fn, [start], state, names, opts)
        return final
    rows = iter_ if isinstance(iter_, TensorIterable) else TensorIterable.rows(iter_)

    def count_test(extra: list, values: list) -> Any:
        return _and_extra(extra[0] < rows.length, extra_test, values)

    def count_body(extra: list, values: list) -> tuple[list, tuple]:
        k = extra[0]
        return [k + 1], unpack_state(body(rows.item(k), *values), n, "for")
    _, final = graph_loop(count_test, count_body, [convert_to_tensor(0)], state, names, opts)
    return final


def _graph_dataset_for(dataset: Any, body: Callable, state: tuple, names: Sequence[str],
                       extra_test: Callable | None, opts: dict | None) -> list:
    """One `While` op over a dataset's elements, whatever their number: it goes on while it
    took an element. An element is taken only while the `break` flag, `extra_test`, says go on
    (as Python tests a loop's condition before `next`), so that a `break` leaves the next
    element to a later `next(it)` or loop over the same iterator. A variable whose shape the
    body changes gets a wider shape, as TensorFlow's dataset loops."""
    n = len(names)
    spec = dataset.element_spec  # a dataset's, or an iterator's (continuing where it is)
    iterator = dataset.handle if isinstance(dataset, GraphIterator) else make_iterator(dataset)

    def take(values: Sequence[Any]) -> list:
        """[has_value, *element]: the next element, if `extra_test(*values)` holds."""
        keep_going: Any = True if extra_test is None else extra_test(*values)
        if not is_symbolic(keep_going):
            return _next_flat(iterator, spec) if keep_going else _no_element(spec)
        return cond(truth_tensor(keep_going, "for"), lambda: _next_flat(iterator, spec),
                    lambda: _no_element(spec))

    def body_fn(extra: list, values: list) -> tuple[list, tuple]:
        element = pack_sequence_as(spec, extra[1:])
        new_values = unpack_state(body(element, *values), n, "for")
        return take(new_values), new_values
    _, final = graph_loop(lambda extra, values: extra[0], body_fn, take(state), state, names,
                          opts, relax_shapes=True)
    return final


def _next_flat(iterator: Any, spec: Any) -> list:
    has_value, element = get_next_as_optional(iterator, spec)
    return [has_value, *flatten(element)]


def _no_element(spec: Any) -> list:
    """What `_next_flat` gives once the iterator is done: False, and zeros for the element."""
    return [convert_to_tensor(False)] + [
        creation_ops.zeros([d or 0 for d in s.shape.as_list()] if s.shape.rank is not None
                           else [], s.dtype) for s in flatten(spec)]


def _and_extra(more: Any, extra_test: Callable | None, values: Iterable[Any]) -> Any:
    """The loop condition `more`, and `extra_test(*values)` when there is one."""
    if extra_test is None:
        return more
    keep_going = extra_test(*values)
    if not is_symbolic(keep_going):
        return more if keep_going else convert_to_tensor(False)
    return math_ops.logical_and(more, truth_tensor(keep_going, "for"))


# Why a Python `while` loop's condition became a tensor, besides a variable it tests
# (`_became_a_tensor`).
_A_BREAK_DEPENDS_ON_A_TENSOR = (
    "a `break` or `return` in the loop depends on a tensor (as does a test that binds a name "
    "with `:=`, which runs in the body)")
_THE_CONDITION_READ_ANOTHER_TENSOR = (
    "the condition read a tensor it did not read before (as when an `and` or `or` no longer "
    "stops short of it)")
