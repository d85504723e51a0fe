"""The graph path shared by `while_stmt` and `for_stmt`: one `While` op over the loop's state.

Each state variable becomes a loop variable that keeps its dtype (and a shape within its shape
invariant) from one iteration to the next; errors name the variable. The body is traced once,
with Python numbers as tensors of their default dtype, and Python lists and undefined values
passed through as they are. What that trace shows may settle a variable otherwise; then the
loop is traced again, once (the body's Python code, a `print` say, runs twice only then):

- a Python number takes the dtype the body gives it, when it converts to it exactly: `s = 0`
  with `s = s + x` for a float32 `x` starts the loop as a float32 0.0 (TensorFlow raises an
  error there);
- a Python list that the body appends to (`list_append`) becomes a TensorArray with the dtype
  and element shape of what is appended, holding the list's elements; after the loop it stays a
  TensorArray (`.stack()` gives a tensor). A list the body leaves unchanged stays the same
  Python list, and other lists are nested structures of loop variables;
- a variable first assigned in the loop (`Undefined` or None before it) starts as zeros of
  the dtype and shape the body gives it (0 for unknown dimensions, a scalar for an unknown
  rank, which its shape invariant leaves open), with a flag saying whether an iteration
  assigned it. The body may assign it on some paths only (under a tensor `if`): reading it
  before any iteration did, in the body or after the loop, is an error when the graph runs,
  naming it, as Python raises UnboundLocalError there. A variable that may have no value
  before the loop (a `CheckDefined` guards it: a tensor `if` assigned it in one branch)
  carries its flag through the loop the same way;
- the return value of a `return` inside the loop, `UndefinedReturnValue()` before it, starts as
  zeros the same way: the lowering's `do_return` flag says whether they were ever replaced,
  and the function returns on every path after the loop. Where it may end without a `return`
  (returning None, which a graph cannot do for some values only) it is an error;
- a body that raises an exception of the program while traced raises it whatever the tensors
  hold: the loop raises it when the graph runs if it enters the body at all;
- with `relax_shapes` (loops over datasets, as TensorFlow runs them through `reduce`), a
  variable whose shape the body changes gets the most specific shape covering both, and the
  loop is traced again; otherwise that is an error suggesting a shape invariant.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import numpy as np

from autograph.operators.graph_cond import a_dtype, fits, truth_tensor
from autograph.operators.loop_flags import MaybeUndefined
from autograph.operators.raising_branches import (
    raise_after_held,
    raise_when,
    raised_by_program,
)
from autograph.operators.traced_errors import mark_traced
from autograph.operators.variables import Undefined, UndefinedReturnValue
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.func_graph import (
    assert_same_structure,
    flatten,
    flatten_with_paths,
    is_composite,
    pack_sequence_as,
)
from autograph.runtime.graph.graph import building_graph
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.graph.tensor_spec import TensorSpec
from autograph.runtime.graph.type_spec import compatible_composites, describe_composite
from autograph.runtime.ops.control_flow.while_loop import while_loop
from autograph.runtime.ops.creation import ops as creation_ops
from autograph.runtime.ops.list.tensor_array import TensorArray

_INVARIANT = object()  # a state value that stays the same Python object in every iteration
_NUMBER = (bool, int, float, np.generic)
_OPTIONS = {"maximum_iterations", "shape_invariants", "parallel_iterations", "swap_memory"}
_UNDEFINED = (Undefined, UndefinedReturnValue)

LoopFn = Callable[[list, list], Any]


class _Retrace(Exception):
    """What the body's trace showed of these state positions: trace the loop again."""

    def __init__(self, findings: dict[int, tuple], shapes: dict[int, Any] | None = None):
        super().__init__(findings)
        self.findings = findings
        self.shapes = shapes or {}  # relaxed shape invariants


class _ShapeChanged(ValueError):
    """A loop variable's shape left its invariant in one iteration."""


def graph_loop(test_fn: LoopFn, body_fn: LoopFn, extra: list[Tensor], state: Sequence[Any],
               names: Sequence[str], opts: dict | None,
               relax_shapes: bool = False) -> tuple[list, list]:
    """Builds a `While` op; returns the final values of the `extra` loop variables and state.

    `extra` are hidden loop variables (an iteration counter), given to the functions first:
    `test_fn(extra, state)` gives the condition, `body_fn(extra, state)` the pair
    (new extra values, new state values). `opts` may hold `maximum_iterations`,
    `shape_invariants` ((name, shape) pairs), `parallel_iterations` and `swap_memory`.

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
    findings: dict[int, tuple] = {}
    relaxed: dict[int, Any] | None = {} if relax_shapes else None
    first_error = None
    traces = 3 * len(state) + 3  # each retrace settles a variable, or relaxes a shape (twice)
    for _ in range(traces):
        try:
            return _Loop(test_fn, body_fn, extra, state, names, findings,
                         relaxed).build(dict(opts))
        except _Retrace as retrace:
            findings.update(retrace.findings)
            if relaxed is not None:
                relaxed.update(retrace.shapes)
        except Exception as error:
            # Python numbers as tensors of their default dtype may be what failed (`s = 0`,
            # `s += x` for a float32 x): trace once with them as Python numbers, to learn the
            # dtypes the body gives them.
            numbers = {i: ("python",) for i, v in enumerate(state)
                       if isinstance(v, _NUMBER) and i not in findings}
            if first_error is None and numbers:
                first_error = error
                findings.update(numbers)
                continue
            error = first_error or error
            if raised_by_program(error):
                # The body raises whatever the tensors hold: every iteration would, so the
                # loop raises when the graph runs iff it runs at all.
                return extra, _raise_if_entered(test_fn(list(extra), list(state)), error,
                                                state)
            mark_traced(error, "the body of a loop")
            raise error
    raise RuntimeError(f"The loop over {list(names)} did not settle its variables' types "
                       f"after {traces} traces; this is a bug in autograph.")


def _raise_if_entered(more: Any, error: BaseException, state: Sequence[Any]) -> list:
    """`state` unchanged, after a `RaiseIf` that raises `error` when the graph runs if the
    loop's first test, `more`, lets it enter its body."""
    if not isinstance(more, Tensor):
        more = convert_to_tensor(bool(more))
    raise_when(truth_tensor(more, "loop condition"), error, "the body of a loop")
    return list(state)


class _Loop:
    """One tracing of a loop, from what earlier ones found (`findings`)."""

    def __init__(self, test_fn: LoopFn, body_fn: LoopFn, extra: list[Tensor],
                 state: Sequence[Any], names: Sequence[str], findings: dict[int, tuple],
                 relaxed: dict[int, Any] | None = None):
        self.test_fn, self.body_fn, self.extra = test_fn, body_fn, extra
        self.relaxed = relaxed  # None: a shape change is an error
        self.state, self.names, self.findings = list(state), list(names), findings
        self.inits = [_initial(v, name, findings.get(i))
                      for i, (v, name) in enumerate(zip(state, names))]
        self.moving = [i for i, init in enumerate(self.inits) if init is not _INVARIANT]
        self.flags = {i: MaybeUndefined(state[i], self.inits[i], names[i]) for i in self.moving
                      if MaybeUndefined.needed(state[i])}
        for i, flags in self.flags.items():
            self.inits[i] = flags.unchecked_init

    def build(self, opts: dict) -> tuple[list, list]:
        inits, extra = self.inits, self.extra
        shapes = _shape_invariants(opts.pop("shape_invariants", None), inits, self.names)
        for i, finding in self.findings.items():  # zeros standing for partly unknown shapes
            if finding[0] == "defined" and not all(
                    leaf.shape.is_fully_defined() for leaf in flatten(finding[1])):
                shapes.setdefault(i, pack_sequence_as(
                    finding[1], [leaf.shape for leaf in flatten(finding[1])]))
        for i, shape in (self.relaxed or {}).items():
            shapes[i] = shape  # wider than a given invariant too, as TensorFlow's dataset loops
            # ignore those (and Python does: `set_loop_options` does nothing there)
        self.shapes = shapes
        # While needs a loop variable; each leaf that may have no value, a flag saying it has.
        counter = [] if extra or self.moving else [convert_to_tensor(0)]
        hidden = counter + [flag for flags in self.flags.values() for flag in flags.initial]
        self.skip = len(extra) + len(hidden)

        def checked_inputs(values: Sequence[Any]) -> tuple[list, list, dict, dict]:
            """The test's or body's inputs; the variables that may have no value checked
            where they are read."""
            extra_now, state_now = self.unpack(values)
            flags_in = self.split_flags(values[len(extra) + len(counter):self.skip])
            inputs = {i: variable.checked(state_now[i], flags_in[i], inside=True)
                      for i, variable in self.flags.items()}
            for i, value in inputs.items():
                state_now[i] = value
            return extra_now, state_now, inputs, flags_in

        def test(*values: Any) -> Tensor:
            extra_now, state_now, _, _ = checked_inputs(values)
            result = self.test_fn(extra_now, state_now)
            if isinstance(result, Tensor):
                return truth_tensor(result, "loop condition")
            return convert_to_tensor(bool(result))

        def body(*values: Any) -> list:
            extra_now, state_now, inputs, flags_in = checked_inputs(values)
            try:
                new_extra, new_state = self.body_fn(extra_now, state_now)
            except Exception as error:
                if not raise_after_held(error, building_graph()):
                    raise
                return list(values)  # never used: the body raises, here if not before
            self.settle(new_state)
            new_state, flags_out = list(new_state), []
            for i, flags in self.flags.items():
                new_state[i], leaf_flags = flags.unchecked(new_state[i], inputs[i],
                                                           flags_in[i])
                flags_out += leaf_flags
            return list(new_extra) + counter + flags_out + self.checked(new_state)

        invariants = None
        if shapes:
            invariants = [t.shape for t in extra + hidden] + [
                shapes.get(i, _shape_of(inits[i])) for i in self.moving]
        results = while_loop(test, body, list(extra) + hidden + [inits[i] for i in self.moving],
                             shape_invariants=invariants, **opts)
        final_extra, final = self.unpack(results, copies=False)
        flags_final = self.split_flags(results[len(extra) + len(counter):self.skip])
        for i, variable in self.flags.items():
            final[i] = variable.checked(final[i], flags_final[i], inside=False)
        return final_extra, final

    def split_flags(self, values: Sequence[Any]) -> dict[int, list]:
        """The flags among the loop variables `values`, by state position."""
        split, start = {}, 0
        for i, flags in self.flags.items():
            split[i] = list(values[start:start + len(flags.initial)])
            start += len(flags.initial)
        return split

    def checked(self, new_state: Sequence[Any]) -> list:
        """The body's values of the moving variables, checked against what they were; with
        `relaxed`, shapes that changed raise `_Retrace` with wider invariants."""
        values, wider = [], {}
        for i in self.moving:
            allowed = self.shapes.get(i)
            try:
                values.append(_checked(new_state[i], self.inits[i], self.names[i], allowed))
            except _ShapeChanged as e:
                if self.relaxed is None:
                    raise ValueError(str(e)) from None
                old = allowed if allowed is not None else _shape_of(self.inits[i])
                wider[i] = _widened(old, new_state[i])
        if wider:
            raise _Retrace({}, wider)
        return values

    def unpack(self, values: Sequence[Any], copies: bool = True) -> tuple[list, list]:
        # A list passed through goes as a copy, which the body may append to at trace time.
        current = [list(v) if copies and type(v) is list else v for v in self.state]
        for i, value in zip(self.moving, values[self.skip:]):
            current[i] = value
        return list(values[:len(self.extra)]), current

    def settle(self, new_state: Sequence[Any]) -> None:
        """Raises `_Retrace` when this trace's results settle a variable otherwise."""
        found: dict[int, Any] = {}
        for i, (before, after) in enumerate(zip(self.state, new_state)):
            if _opaque(before) and after is not before:
                raise TypeError(f"'{self.names[i]}' is {_describe(before)} before the loop and "
                                f"the loop assigns it {_describe(after)}: a loop over tensors "
                                f"can carry tensors, numbers, strings and lists, tuples and "
                                f"dicts of them from one iteration to the next, not other "
                                f"Python objects. Compute what it holds in the loop instead.")
            if self.inits[i] is _INVARIANT and after is not before:
                found[i] = _finding(before, after, self.names[i])
            elif isinstance(before, _NUMBER) and not isinstance(before, bool) and isinstance(
                    after, Tensor) and after.dtype is not self.inits[i].dtype and fits(
                    before, after.dtype) and i not in self.findings:
                found[i] = ("dtype", after.dtype)
        found = {i: f for i, f in found.items() if f is not None}
        if found:
            raise _Retrace(found)


def _check_defined(value: Any, name: str) -> None:
    if isinstance(value, UndefinedReturnValue) and value.may_return_none:
        raise NotImplementedError(  # TensorFlow's class (recorded from TensorFlow 2.21)
            "A `return` inside a loop over tensors, in a function that may also "
            "end without one (returning None): a graph cannot return None for "
            "some values only. End the function with a `return` of a value of "
            "the same dtype (TensorFlow refuses such a `return` too).")


def _finding(before: Any, after: Any, name: str) -> tuple | None:
    """What the body's value `after` for a variable passed through as `before` settles."""
    if isinstance(before, _NUMBER):
        if isinstance(after, Tensor) and not is_composite(after) and fits(before, after.dtype):
            return ("dtype", after.dtype)
        return ("default",)
    if before is None or isinstance(before, _UNDEFINED):
        if after is before or isinstance(after, _UNDEFINED):
            return None  # still undefined (or None) on every path: it stays as it is
        leaves = flatten(after)
        if leaves and all(isinstance(x, (Tensor, *_NUMBER)) and not is_composite(x)
                          for x in leaves):
            tensors = [convert_to_tensor(x) for x in leaves]
            return ("defined", pack_sequence_as(
                after, [TensorSpec(t.shape, t.dtype) for t in tensors]))
        what = "the return value" if isinstance(before, UndefinedReturnValue) else f"'{name}'"
        raise ValueError(f"{what} is first set inside a loop over tensors, which gives it "
                         f"{_describe(after)}; a variable first assigned in such a loop must "
                         f"be tensors of one dtype (or Python numbers, or a tuple, list or "
                         f"dict of them) in every iteration. Otherwise assign it before the "
                         f"loop.")
    if isinstance(after, TensorArray):
        return ("list", after.dtype, after.element_shape)
    if type(before) is list and type(after) is list:
        added = after[len(before):]
        if len(after) > len(before) and all(x is y for x, y in zip(after, before)):
            tensors = [convert_to_tensor(x) for x in added]
            shape = tensors[0].shape
            for t in tensors[1:]:
                shape = shape.most_specific_compatible_shape(t.shape)
            return ("list", tensors[0].dtype, shape)
        if len(after) == len(before) and all(x is y for x, y in zip(after, before)):
            return None
    return ("nested",)


def _opaque(value: Any) -> bool:
    """Whether `value` is a Python object a loop cannot make a loop variable of (a function,
    a class instance): not a tensor, number, string, container, None or undefined."""
    return not (value is None or isinstance(value, (Tensor, TensorArray, *_NUMBER, str, bytes,
                                                    list, tuple, dict, *_UNDEFINED))
                or is_composite(value))


def _initial(value: Any, name: str, finding: tuple | None) -> Any:
    """The loop variable that state variable `name` starts the loop as."""
    if value is None or isinstance(value, _UNDEFINED):
        if finding is None:
            return _INVARIANT
        return pack_sequence_as(finding[1], [  # a scalar where even the rank is unknown
            creation_ops.zeros([d or 0 for d in leaf.shape.as_list()]
                               if leaf.shape.rank is not None else [], leaf.dtype)
            for leaf in flatten(finding[1])])
    if type(value) is list:
        if finding is None:
            return _INVARIANT
        if finding[0] == "list":
            return _tensor_array(value, name, finding)
        return value
    if _opaque(value):
        return _INVARIANT  # a loop may carry it only unchanged (`settle` says so)
    if isinstance(value, _NUMBER):
        if finding is not None and finding[0] == "python":
            return _INVARIANT
        if finding is not None and finding[0] == "dtype":
            return convert_to_tensor(value, dtype=finding[1])
        return convert_to_tensor(value)
    return value


def _tensor_array(value: list, name: str, finding: tuple) -> TensorArray:
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
        if not compatible_composites(init, new):
            raise TypeError(f"'{name}' is {_describe(init)} before the loop but "
                            f"{_describe(new)} after one iteration.")
        return new
    if isinstance(init, (list, tuple, dict)):
        try:
            assert_same_structure(init, new, check_types=True)
        except ValueError as e:  # a TypeError, as TensorFlow's
            raise TypeError(f"'{name}' changes its structure in the loop: {e}") from None
        shapes = flatten(shape) if shape is not None else [None] * len(flatten(init))
        leaves = [_checked(x, i, name + path, s) for (path, x), i, s in
                  zip(flatten_with_paths(new), flatten(init), shapes)]
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
        raise _ShapeChanged(f"'{name}' has shape {init.shape} before the loop but {new.shape} "
                         f"after one iteration (allowed: {allowed}). To let its shape change, "
                         f"begin the loop's body with ag.autograph.experimental."
                         f"set_loop_options(shape_invariants=[({name}, ag.TensorShape("
                         f"{wider.as_list() if wider.rank is not None else None}))]).")
    return new


def _widened(shape: Any, new: Any) -> Any:
    """The most specific shapes (a nest like `shape`) covering `shape` and `new`'s shapes."""
    if isinstance(shape, TensorShape):
        return shape.most_specific_compatible_shape(convert_to_tensor(new).shape)
    return pack_sequence_as(shape, [
        None if s is None else s.most_specific_compatible_shape(convert_to_tensor(n).shape)
        for s, n in zip(flatten(shape), flatten(new))])


def _describe(value: Any) -> str:
    if value is None:
        return "None"
    if isinstance(value, (Undefined, UndefinedReturnValue)):
        return "not defined"
    if is_composite(value):
        return describe_composite(value)
    if isinstance(value, Tensor):
        return f"{a_dtype(value.dtype)} tensor"
    return f"a {type(value).__name__}"
