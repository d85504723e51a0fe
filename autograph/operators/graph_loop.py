"""The graph path shared by `while_stmt` and `for_stmt`: one `While` op over the loop's state.

Each state variable becomes a loop variable that keeps its dtype (and a shape within its shape
invariant) from one iteration to the next; errors name the variable. Before building the loop,
state variables that are plain Python values are settled by tracing the body once on a scratch
graph (only then, since it runs the body's Python code a second time):

- a Python number takes the dtype the body gives it, when it converts to it exactly: `s = 0`
  with `s = s + x` for a float32 `x` starts the loop as a float32 0.0 (TensorFlow raises an
  error there);
- a Python list that the body appends to (`list_append`) becomes a TensorArray with the dtype
  and element shape of what is appended, holding the list's elements; after the loop it stays a
  TensorArray (`.stack()` gives a tensor). A list the body leaves unchanged stays the same
  Python list, and other lists are nested structures of loop variables;
- the return value of a `return` inside the loop, `UndefinedReturnValue()` before it, starts as
  zeros of the dtype and shape the body returns (the body is traced under
  `settling_return_values`, where an `if` that returns in one branch only gives zeros in the
  other). The lowering's `do_return` flag says whether those zeros were ever replaced; a
  function that may also end without a `return` then returns the zeros in a graph, where
  Python returns None.

A variable still `Undefined` (or None) when the loop starts is an error: a loop variable needs
a dtype and shape before the first iteration.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import numpy as np

from autograph.operators.graph_cond import settling_return_values, truth_tensor
from autograph.operators.variables import Undefined, UndefinedReturnValue
from runtime import dtypes
from runtime.func_graph import (FuncGraph, assert_same_structure, flatten, flatten_with_paths,
                                is_composite, pack_sequence_as)
from runtime.graph import building_graph
from runtime.ops import creation_ops
from runtime.ops.while_loop import while_loop
from runtime.tensor import Tensor
from runtime.tensor_array import TensorArray
from runtime.tensor_conversion import convert_to_tensor, to_array
from runtime.tensor_shape import TensorShape

_INVARIANT = object()  # a state value that stays the same Python object in every iteration
_NUMBER = (bool, int, float, np.generic)
_OPTIONS = {"maximum_iterations", "shape_invariants", "parallel_iterations"}

LoopFn = Callable[[list, list], Any]


def graph_loop(test_fn: LoopFn, body_fn: LoopFn, extra: list[Tensor], state: Sequence[Any],
               names: Sequence[str], opts: dict | None) -> tuple[list, list]:
    """Builds a `While` op; returns the final values of the `extra` loop variables and state.

    `extra` are hidden loop variables (an iteration counter), given to the functions first:
    `test_fn(extra, state)` gives the condition, `body_fn(extra, state)` the pair
    (new extra values, new state values). `opts` may hold `maximum_iterations`,
    `shape_invariants` ((name, shape) pairs) and `parallel_iterations`.

    >>> import autograph as ag
    >>> with ag.Graph().as_default() as g:
    ...     n = ag.placeholder(ag.int32, [])
    ...     _, (total,) = graph_loop(lambda e, s: e[0] < n,
    ...                              lambda e, s: ([e[0] + 1], (s[0] + e[0],)),
    ...                              [ag.convert_to_tensor(0)], (0,), ("total",), None)
    >>> ag.Session(graph=g).run(total, {n: 5})
    np.int32(10)
    """
    opts = dict(opts or {})
    unknown = set(opts) - _OPTIONS
    if unknown:
        raise ValueError(f"Unknown loop options {sorted(unknown)}; the options are "
                         f"{sorted(_OPTIONS)}.")
    for value, name in zip(state, names):
        _check_defined(value, name)
    probe = _probe(body_fn, extra, state) if any(
        isinstance(v, (*_NUMBER, list, UndefinedReturnValue)) for v in state) else None
    inits = [_initial(v, name, None if probe is None else probe[i])
             for i, (v, name) in enumerate(zip(state, names))]
    moving = [i for i, init in enumerate(inits) if init is not _INVARIANT]
    shapes = _shape_invariants(opts.pop("shape_invariants", None), inits, names)
    for i, value in enumerate(state):  # zeros for a return value of partly unknown shape
        if isinstance(value, UndefinedReturnValue) and not probe[i][2].is_fully_defined():
            shapes.setdefault(i, probe[i][2])
    counter = [] if extra or moving else [convert_to_tensor(0)]  # While needs a loop variable
    skip = len(extra) + len(counter)

    def unpack(values: Sequence[Any]) -> tuple[list, list]:
        current = list(state)
        for i, value in zip(moving, values[skip:]):
            current[i] = value
        return list(values[:len(extra)]), current

    def test(*values: Any) -> Tensor:
        result = test_fn(*unpack(values))
        if isinstance(result, Tensor):
            return truth_tensor(result, "loop condition")
        return convert_to_tensor(bool(result))

    def body(*values: Any) -> list:
        new_extra, new_state = body_fn(*unpack(values))
        for i in range(len(state)):
            if inits[i] is _INVARIANT and new_state[i] is not state[i]:
                raise ValueError(f"list '{names[i]}' is replaced in a loop over tensors; "
                                 f"append to it with list_append instead.")
        return list(new_extra) + list(counter) + [
            _checked(new_state[i], inits[i], names[i], shapes.get(i)) for i in moving]

    invariants = None
    if shapes:
        invariants = [t.shape for t in extra + counter] + [
            shapes.get(i, _shape_of(inits[i])) for i in moving]
    results = while_loop(test, body, list(extra) + counter + [inits[i] for i in moving],
                         shape_invariants=invariants, **opts)
    return unpack(results)


def _check_defined(value: Any, name: str) -> None:
    if isinstance(value, Undefined) or value is None:
        what = "is None" if value is None else "is not defined"
        raise ValueError(f"'{name}' must be defined before the loop: it {what} when the loop "
                         f"starts, and a loop over tensors needs each variable it changes to "
                         f"have a dtype and shape before the first iteration. Give '{name}' "
                         f"an initial value (e.g. a zero of the right dtype) before the loop.")


def _probe(body_fn: LoopFn, extra: list[Tensor], state: Sequence[Any]) -> list | None:
    """What one iteration of the body makes of each state variable, traced on a scratch
    graph: ("dtype", dtype) for a tensor, ("list", element dtype, shape) for a list it appends
    to, ("same",) for a list it leaves as it was, or None. None when the body fails."""
    scratch = FuncGraph("loop_probe", building_graph())
    try:
        with scratch.as_default(), settling_return_values():
            args = [_probe_arg(scratch, v) for v in state]
            new_extra = [scratch.add_input(t.dtype, t.shape) for t in extra]
            _, results = body_fn(new_extra, args)
            return [_finding(before, arg, after) for before, arg, after in
                    zip(state, args, results)]
    except Exception:  # the real tracing reports the problem, with its own message
        return None


def _probe_arg(graph: FuncGraph, value: Any) -> Any:
    if type(value) is list:
        return list(value)  # a copy the body may append to
    leaves = []
    for leaf in flatten(value):
        if isinstance(leaf, Tensor):
            leaf = graph.add_input(leaf.dtype, leaf.shape)
        elif is_composite(leaf):
            leaf = leaf._from_components([graph.add_input(t.dtype, t.shape)
                                          for t in leaf._components()])
        leaves.append(leaf)
    return pack_sequence_as(value, leaves)


def _finding(before: Any, arg: Any, after: Any) -> tuple | None:
    if isinstance(before, UndefinedReturnValue):
        if isinstance(after, (Tensor, *_NUMBER)) and not is_composite(after):
            after = convert_to_tensor(after)
            return ("return", after.dtype, after.shape) if after.shape.rank is not None else None
        return None
    if isinstance(after, TensorArray):
        return ("list", after.dtype, after.element_shape)
    if type(before) is list and after is arg:
        if len(after) == len(before) and all(x is y for x, y in zip(after, before)):
            return ("same",)
        added = after[len(before):]
        if len(after) > len(before) and all(x is y for x, y in zip(after, before)):
            tensors = [convert_to_tensor(x) for x in added]
            shape = tensors[0].shape
            for t in tensors[1:]:
                shape = shape.most_specific_compatible_shape(t.shape)
            return ("list", tensors[0].dtype, shape)
        return None
    if isinstance(after, Tensor):
        return ("dtype", after.dtype)
    if isinstance(after, _NUMBER):
        return ("dtype", dtypes.as_dtype(to_array(after, None).dtype))
    return None


def _initial(value: Any, name: str, finding: tuple | None) -> Any:
    """The loop variable that state variable `name` starts the loop as."""
    if isinstance(value, UndefinedReturnValue):
        if finding is None:
            raise ValueError("A `return` inside a loop over tensors must return a tensor of "
                             "one dtype and rank (or a Python number) in every iteration; "
                             "otherwise assign the value to a variable before the loop, "
                             "`break` out of the loop, and return the variable after it.")
        _, dtype, shape = finding
        return creation_ops.zeros([d or 0 for d in shape.as_list()], dtype)
    if type(value) is list and finding is not None and finding[0] == "same":
        return _INVARIANT
    if type(value) is list and finding is not None and finding[0] == "list":
        _, dtype, shape = finding
        array = TensorArray(dtype, size=0, dynamic_size=True, element_shape=shape)
        try:
            for i, x in enumerate(value):
                array = array.write(i, x)
        except (TypeError, ValueError) as e:
            raise TypeError(f"list '{name}' becomes a TensorArray in this loop, since the loop "
                            f"appends {dtype.name} tensors of shape {shape} to it, but its "
                            f"elements before the loop do not fit: {e}") from None
        return array
    if isinstance(value, _NUMBER):
        if finding is not None and finding[0] == "dtype":
            try:
                return convert_to_tensor(value, dtype=finding[1])
            except (TypeError, ValueError):
                pass
        return convert_to_tensor(value)
    return value


def _shape_invariants(given: Any, inits: list, names: Sequence[str]) -> dict[int, TensorShape]:
    """{state position: shape} from `shape_invariants`: (name or variable, shape) pairs."""
    shapes = {}
    for key, shape in given or ():
        found = [i for i, name in enumerate(names) if name == key] if isinstance(
            key, str) else [i for i, init in enumerate(inits) if init is key]
        if not found:
            raise ValueError(f"shape_invariants names {key!r}, which is not a variable of "
                             f"this loop; its variables are {list(names)}.")
        shapes[found[0]] = TensorShape(shape)
    return shapes


def _shape_of(value: Any) -> Any:
    if isinstance(value, (list, tuple, dict)):
        return pack_sequence_as(value, [_shape_of(v) for v in flatten(value)])
    return value.shape if isinstance(value, Tensor) else None


def _checked(new: Any, init: Any, name: str, shape: TensorShape | None) -> Any:
    """The body's value `new` for the loop variable that started as `init`, checked."""
    if is_composite(init):
        if type(new) is not type(init) or new.dtype is not init.dtype:
            raise TypeError(f"'{name}' is {_describe(init)} before the loop but "
                            f"{_describe(new)} after one iteration.")
        return new
    if isinstance(init, (list, tuple, dict)):
        try:
            assert_same_structure(init, new, check_types=False)
        except ValueError as e:
            raise ValueError(f"'{name}' changes its structure in the loop: {e}") from None
        leaves = [_checked(x, i, name + path, None) for (path, x), i in
                  zip(flatten_with_paths(new), flatten(init))]
        return pack_sequence_as(new, leaves)
    if new is None or isinstance(new, (Undefined, UndefinedReturnValue)) or is_composite(new):
        raise TypeError(f"'{name}' is {_describe(init)} before the loop but "
                        f"{_describe(new)} after one iteration.")
    if not isinstance(init, Tensor):
        return new  # a Python leaf of a nested variable: while_loop converts it
    try:
        new = convert_to_tensor(new, dtype_hint=init.dtype)
    except (TypeError, ValueError) as e:
        raise TypeError(f"'{name}' is {_describe(init)} before the loop, but the loop gives "
                        f"it {new!r}, which is not a tensor: {e}") from None
    if new.dtype is not init.dtype:
        raise TypeError(f"'{name}' has dtype {init.dtype.name} before the loop but "
                        f"{new.dtype.name} after one iteration; a loop over tensors keeps "
                        f"each variable's dtype. Start '{name}' with a value of dtype "
                        f"{new.dtype.name}, or convert it in the loop with ag.cast.")
    allowed = shape if shape is not None else init.shape
    if not new.shape.is_subtype_of(allowed):
        wider = allowed.most_specific_compatible_shape(new.shape)
        raise ValueError(f"'{name}' has shape {init.shape} before the loop but {new.shape} "
                         f"after one iteration (allowed: {allowed}). To let its shape change, "
                         f"give the loop the option shape_invariants=[('{name}', "
                         f"{wider.as_list() if wider.rank is not None else None})].")
    return new


def _describe(value: Any) -> str:
    if value is None:
        return "None"
    if isinstance(value, (Undefined, UndefinedReturnValue)):
        return "not defined"
    if is_composite(value):
        return f"a {type(value).__name__} of {value.dtype.name}"
    if isinstance(value, Tensor):
        return f"a {value.dtype.name} tensor"
    return f"a {type(value).__name__}"
