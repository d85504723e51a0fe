"""The graph path shared by `if_stmt`, `if_exp`, `and_` and `or_`: one `If` op (via `cond`).

Both branches are traced once, each returning the values of the statement's variables; the
values are checked pairwise, so that every error names the variable:

- a tensor (or TensorArray) in one branch needs one of the same dtype in the other;
- a Python number becomes a tensor, of the dtype of the other branch's value when that is a
  tensor (`s = 0` in one branch, `s = x` with a float32 `x` in the other gives a float32 `s`);
- any other value (None, `Undefined`, a Python object) must be the same in both branches (the
  same object, or equal strings, numbers and tuples of them), and then passes through the `if`
  untouched;
- a variable that may have no value (a `CheckDefined` guards it) that a branch leaves as it was
  passes through unchecked, and the `if`'s result is guarded again: by "a branch that assigned
  it ran, or it had a value before";
- `Undefined` in one branch and a tensor (a number, or a structure of them) in the other gives
  zeros on the undefined side, and the `if`'s result is read through a `CheckDefined` op: a
  graph that uses the variable after the other branch ran fails there, naming it, as Python
  raises UnboundLocalError (TensorFlow refuses such an `if` when tracing).
- `UndefinedReturnValue` in one branch and a tensor, a number or a nested structure of them in
  the other gives zeros like the other side's (0 for unknown dimensions) on the undefined
  side: the lowering's `do_return` flag says which value counts, and the function sets the
  value on every path before it ends. Where a path may end without a `return` (the function
  may return None) it is that same error.

The true branch is traced first, so when its Python number must take the dtype of the false
branch's tensor, the `if` is traced again with that dtype (the op keeps its name).

Over 500 lines: the pairwise rules above and the messages that name each mismatch are read
together, and every one of them is reached from `_second`; split, each half would import the
other's private helpers.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import numpy as np

from autograph.operators.container_slots import Slots, detached
from autograph.operators.raising_branches import (
    BranchRaised,
    if_raising,
    raise_after_held,
    raised_by_program,
)
from autograph.operators.traced_errors import mark_traced
from autograph.operators.variables import Undefined, UndefinedReturnValue
from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.func_graph import (
    assert_same_structure,
    flatten,
    flatten_with_paths,
    is_composite,
    pack_sequence_as,
)
from autograph.runtime.graph.graph import SymbolicTensor, building_graph
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor, to_array
from autograph.runtime.graph.type_spec import compatible_composites, describe_composite
from autograph.runtime.ops.control_flow.ops import check_defined, cond, is_checked
from autograph.runtime.ops.creation import ops as creation_ops
from autograph.runtime.ops.math import ops as math_ops

IF_LABELS = ("the if branch", "the else branch")
_NUMBER = (bool, int, float, str, bytes, np.generic)


class _Zeros:
    """Hint: the true branch's `UndefinedReturnValue` gives zeros of this dtype and shape, or
    a nested structure (`structure`, with `_Zeros` leaves) of them."""

    __slots__ = ("dtype", "shape", "structure")

    def __init__(self, dtype: dtypes.DType | None, shape: TensorShape | None,
                 structure: Any = None):
        self.dtype, self.shape, self.structure = dtype, shape, structure

    def make(self) -> Any:
        if self.structure is not None:
            return pack_sequence_as(self.structure,
                                    [leaf.make() for leaf in flatten(self.structure)])
        assert self.shape is not None  # set for every leaf (only structures have none)
        return creation_ops.zeros([d or 0 for d in self.shape.as_list()], self.dtype)


def _zeros_for(value: Any, undefined: Undefined | UndefinedReturnValue) -> _Zeros | None:
    """What stands for `undefined` facing `value`, when anything may: for a return value,
    when the function sets it on every path before it ends (the lowering's `do_return` flag
    says which counts); for a variable, always (`_defined_only` guards its reads)."""
    if getattr(undefined, "may_return_none", False) or is_composite(value):
        return None
    if isinstance(value, (list, tuple, dict)):
        leaves = [None if isinstance(leaf, (str, bytes)) else _zeros_for(leaf, undefined)
                  for leaf in flatten(value)]  # a string in a list or tuple stays Python
        if not leaves or any(leaf is None for leaf in leaves):
            return None
        return _Zeros(None, None, pack_sequence_as(value, leaves))
    if isinstance(value, Tensor):
        return _Zeros(value.dtype, value.shape) if value.shape.rank is not None else None
    if isinstance(value, _NUMBER):  # a string too: an empty one
        return _Zeros(_default_dtype(value), TensorShape([]))
    return None


def is_symbolic(value: Any) -> bool:
    """Whether `value` is a tensor of a graph (its value is known only when the graph runs).

    >>> is_symbolic(convert_to_tensor(1.0)), is_symbolic(True)
    (False, False)
    """
    return isinstance(value, SymbolicTensor)


def truth_tensor(value: Tensor, what: str) -> Tensor:
    """Python's truth test of a tensor, as a bool tensor: `x != 0` for numbers.

    >>> truth_tensor(convert_to_tensor(3), "if").numpy()
    np.True_
    """
    if value.dtype.is_numeric and not value.dtype.is_bool:
        value = math_ops.not_equal(value, 0)
    elif not value.dtype.is_bool:
        raise TypeError(f"{what}: a {value.dtype.name} tensor has no truth value in a graph; "
                        f"compare it first (e.g. `ag.strings.length(s) > 0`).")
    if value.shape.rank not in (None, 0):
        raise ValueError(f"{what}: the condition must be a scalar, but its shape is "
                         f"{value.shape}; reduce it with ag.reduce_any or ag.reduce_all.")
    return value


class _Retry(Exception):
    """The true branch's Python numbers at these positions must take these dtypes (its
    `UndefinedReturnValue`s these zeros)."""

    def __init__(self, hints: dict[int, Any]):
        super().__init__(hints)
        self.hints = hints


def graph_if(pred: Tensor, true_fn: Callable[[], tuple], false_fn: Callable[[], tuple],
             state: Sequence[Any], names: Sequence[str], what: str,
             labels: tuple[str, str] = IF_LABELS) -> tuple:
    """`true_fn()` if `pred` else `false_fn()`, as an `If` op; both return one value per name.

    `state` holds the values before the statement: items a branch replaces in the lists and
    dicts among them become outputs of the op, written back after it (`container_slots`).
    `names` name the values in errors, `what` is the statement, `labels` the two branches.

    >>> import autograph as ag
    >>> with ag.Graph().as_default() as g:
    ...     x = ag.placeholder(ag.float32, [])
    ...     (y,) = graph_if(x > 0, lambda: (x * 2.0,), lambda: (0,), (), ("y",), "if")
    >>> ag.Session(graph=g).run(y, {x: 3.0}), ag.Session(graph=g).run(y, {x: -1.0})
    (np.float32(6.0), np.float32(0.0))
    """
    graph = building_graph()
    if graph is None:
        raise TypeError(f"{what}: the condition {pred.name} belongs to a graph that is not "
                        f"being built; use it inside that graph (or its function).")
    pred = truth_tensor(pred, what)
    op_name = graph.unique_name("cond") + "/"  # one name for every attempt
    slots = Slots(state, names)
    hints: dict[int, Any] = {}
    while True:
        attempt = _Attempt(slots, names, labels, what, hints, state)
        try:
            outputs = cond(pred, attempt.branch(true_fn, 0), attempt.branch(false_fn, 1),
                           name=op_name)
        except _Retry as retry:
            hints.update(retry.hints)
            continue
        except BranchRaised as raised:
            return if_raising(pred, raised, (true_fn, false_fn), tuple(state))[:len(names)]
        except Exception as error:
            slots.restore()
            # `what` is "if", or an expression already quoted: "`x if c else y`".
            mark_traced(error, "a branch of an `if`" if what == "if" else f"a branch of {what}")
            raise
        results = [attempt.raw[0][i] if kind == "pass" else outputs[i]
                   for i, kind in enumerate(attempt.kinds)]
        for i, side in attempt.guards.items():
            results[i] = _defined_only(results[i], pred, side, attempt.names[i], labels, what)
        for i, sides in attempt.passed.items():
            results[i] = _still_checked(results[i], state[i], pred, sides)
        slots.write(results[len(names):])
        return tuple(results[:len(names)])


class _Attempt:
    """One tracing of both branches; the true branch's values decide what the If outputs.

    Each branch gives its variables' values, then the values of the items it or the other
    branch replaced in place (`slots`); a branch that replaces one the true branch did not
    is traced again."""

    def __init__(self, slots: Slots, names: Sequence[str], labels: tuple[str, str],
                 what: str, hints: dict, state: Sequence[Any]):
        self.slots, self.own_names = slots, tuple(names)
        self.labels, self.what, self.hints = labels, what, hints
        self.state = tuple(state)
        self.kinds: list[str] = []
        self.raw: list[tuple] = []
        self.guards: dict[int, int] = {}  # position -> the only branch that defines it
        self.passed: dict[int, set[int]] = {}  # position -> branches that keep it unchecked

    @property
    def names(self) -> tuple:
        return self.own_names + tuple(slot.name for slot in self.slots.found)

    def branch(self, fn: Callable, side: int) -> Callable:
        def traced() -> tuple:
            try:
                values = fn()
            except Exception as error:
                if not raised_by_program(error):
                    raise
                self.slots.restore()
                if not raise_after_held(error, building_graph()):
                    raise BranchRaised(side, error) from None
                values = self.state  # never used: the branch raises, here if not before
            values = self.unchecked(self.with_slots(tuple(values), side), side)
            self.raw.append(values)
            if side == 0:
                self.kinds = [_hinted_kind(self.hints.get(i)) or _kind(v)
                              for i, v in enumerate(values)]
                self.first = tuple(None if k == "pass" else _first(v, self.hints.get(i))
                                   for i, (v, k) in enumerate(zip(values, self.kinds)))
                return self.first
            for i, (a, b) in enumerate(zip(self.raw[0], values)):
                if isinstance(a, Undefined) != isinstance(b, Undefined):
                    self.guards[i] = 1 if isinstance(a, Undefined) else 0
            return _second(self.raw[0], values, self.kinds, self.hints, self.names,
                           self.labels, self.what, self.first)
        return traced

    def unchecked(self, values: tuple, side: int) -> tuple:
        """`values`, where the branch leaves a variable that may have no value (a
        `CheckDefined` guards it, or some of its tensors) as it was, holding the unchecked
        values: the If must not fail on a variable it does not read; its output stays
        guarded (`_still_checked`)."""
        result = list(values)
        for i, before in enumerate(self.state):
            leaves = flatten(before)
            if result[i] is before and any(is_checked(leaf) for leaf in leaves):
                result[i] = pack_sequence_as(before, [leaf.op.inputs[0] if is_checked(leaf)
                                                      else leaf for leaf in leaves])
                self.passed.setdefault(i, set()).add(side)
        return tuple(result)

    def with_slots(self, values: tuple, side: int) -> tuple:
        """The branch's `values` and its values of the replaced items; the containers are
        put back as they were before the statement."""
        changed = self.slots.changed_ids()
        if changed:
            values = tuple(detached(v, changed) for v in values)
            new = self.slots.add(self.slots.replaced(self.labels[side], self.what))
            if new and side == 1:  # the true branch gave no value for these: again
                self.slots.restore()
                raise _Retry({})
        values += self.slots.values()
        if changed:
            self.slots.restore()
        return values


class _AsTensors:
    """Hint: the true branch's nested Python numbers become tensors of these dtypes (a
    structure like theirs), since the other branch gives different numbers or tensors."""

    __slots__ = ("structure",)

    def __init__(self, structure: Any):
        self.structure = structure

    def make(self, value: Any) -> Any:
        return pack_sequence_as(value, [convert_to_tensor(x, dtype=d) for x, d in zip(
            flatten(value), flatten(self.structure))])


def _numbers_as_tensors(a: Any, b: Any) -> _AsTensors | None:
    """The hint that turns `a`, a list, tuple or dict of Python numbers, into tensors that `b`
    (the same structure, of numbers or tensors) can match; None where nothing can."""
    if not isinstance(a, (list, tuple, dict)):
        return None
    try:
        assert_same_structure(a, b, check_types=True)
    except (ValueError, TypeError):
        return None
    chosen = []
    for x, y in zip(flatten(a), flatten(b)):
        if not isinstance(x, _NUMBER) or isinstance(x, (str, bytes)):
            return None
        want: dtypes.DType | None
        if isinstance(y, Tensor) and not is_composite(y):
            want = y.dtype
        elif isinstance(y, _NUMBER) and not isinstance(y, (str, bytes)):
            want = _common(_default_dtype(x), _default_dtype(y))
        else:
            return None
        if want is None or not fits(x, want):
            return None
        chosen.append(want)
    return _AsTensors(pack_sequence_as(a, chosen)) if chosen else None


_UNDEFINED = (Undefined, UndefinedReturnValue)


def _defined_only(value: Any, pred: Tensor, side: int, name: str, labels: tuple[str, str],
                  what: str) -> Any:
    """`value` of a variable that only branch `side` defines, checked where the graph uses
    it: reading it after the other branch ran raises, as Python's UnboundLocalError would."""
    message = (f"'{name}' is assigned only in {labels[side]} of {'an' if what == 'if' else 'a'}"
               f" `{what}` whose condition is a tensor, and the other branch ran, so it has no "
               f"value here. Assign it before the `{what}` or in both branches.")
    defined = pred if side == 0 else math_ops.logical_not(pred)
    return pack_sequence_as(value, [check_defined(leaf, defined, message)
                                    for leaf in flatten(value)])


def _still_checked(value: Any, before: Any, pred: Tensor, sides: set[int]) -> Any:
    """The If's output `value` for a variable whose checked tensors in `before` the branches
    in `sides` left as they were: each has a value where a branch that assigned it ran, or
    where it had one before the `if`; reading it elsewhere raises its check's message."""
    if sides == {0, 1}:
        return before
    assigned = math_ops.logical_not(pred) if sides == {0} else pred
    return pack_sequence_as(before, [
        check_defined(out, math_ops.logical_or(assigned, leaf.op.inputs[1]),
                      leaf.op.get_attr("message")) if is_checked(leaf) else out
        for out, leaf in zip(flatten(value), flatten(before))])


def _hinted_kind(hint: Any) -> str | None:
    """The kind of the values a hint makes of the true branch's, if it is a hint."""
    if isinstance(hint, _AsTensors):
        return "nested"
    if not isinstance(hint, _Zeros):
        return None
    return "nested" if hint.structure is not None else "tensor"


def _kind(value: Any) -> str:
    if isinstance(value, Tensor) or is_composite(value):
        return "tensor"
    if isinstance(value, _NUMBER):
        return "number"
    if isinstance(value, (list, tuple, dict)) and any(
            isinstance(v, Tensor) or is_composite(v) for v in flatten(value)):
        return "nested"
    return "pass"


def _default_dtype(value: Any) -> dtypes.DType:
    return dtypes.as_dtype(to_array(value, None).dtype)


def fits(value: Any, dtype: dtypes.DType) -> bool:
    """Whether Python value `value` converts to `dtype` without losing information."""
    try:
        to_array(value, dtype)
    except (TypeError, ValueError):
        return False
    return True


def _first(value: Any, hint: Any) -> Any:
    """The true branch's output for `value` (Python numbers as tensors of `hint`)."""
    if isinstance(hint, _Zeros):
        return hint.make()
    if isinstance(hint, _AsTensors):
        return hint.make(value)
    if isinstance(value, _NUMBER):
        return convert_to_tensor(value, dtype=hint)
    return value


def _second(first: tuple, second: tuple, kinds: list[str], hints: dict, names: Sequence[str],
            labels: tuple[str, str], what: str, emitted: tuple) -> tuple:
    """The false branch's outputs, checked against the true branch's values (and outputs,
    `emitted`)."""
    outputs: list[Any] = []
    retry: dict[int, Any] = {}  # position -> its hint for the next attempt
    for i, (a, b, kind, name) in enumerate(zip(first, second, kinds, names)):
        spec = _zeros_for(a, b) if isinstance(b, _UNDEFINED) else None
        if spec is not None and kind in ("tensor", "number"):
            if kind == "number":
                spec = _Zeros(hints.get(i) or spec.dtype, spec.shape)
            outputs.append(spec.make())
        elif spec is not None and kind == "nested":
            outputs.append(_nested(a, spec.make(), name, labels, what))
        elif kind == "pass":
            spec = _zeros_for(b, a) if isinstance(a, _UNDEFINED) else None
            if spec is not None:
                retry[i] = spec
            elif not _same(a, b):
                dtypes_of = _numbers_as_tensors(a, b)
                if dtypes_of is None:
                    raise _mismatch(name, a, b, labels, what)
                retry[i] = dtypes_of
            outputs.append(None)
        elif _hinted_kind(hints.get(i)) == "tensor":  # `a` is the UndefinedReturnValue
            outputs.append(_converted(b, hints[i].dtype, name, a, labels, what))
        elif _hinted_kind(hints.get(i)) == "nested":
            outputs.append(_nested(emitted[i], b, name, labels, what))
        elif kind == "nested":
            outputs.append(_nested(a, b, name, labels, what))
        elif _kind(b) not in ("tensor", "number"):
            raise _mismatch(name, a, b, labels, what)
        elif kind == "number":
            have = hints.get(i) or _default_dtype(a)
            want = b.dtype if _kind(b) == "tensor" else _common(have, _default_dtype(b))
            if is_composite(b) or want is None or not fits(a, want):
                raise _mismatch(name, a, b, labels, what)
            if want is not have:
                retry[i] = want
            outputs.append(_converted(b, want, name, a, labels, what))
        else:
            outputs.append(_like(a, b, name, labels, what))
    if retry:
        raise _Retry(retry)
    return tuple(outputs)


def _common(a: dtypes.DType, b: dtypes.DType) -> dtypes.DType | None:
    """The dtype two Python values take together: the float one when int meets float."""
    if a is b:
        return a
    if a.is_numeric and b.is_numeric:  # bool is not numeric
        return a if a.is_floating else b
    return None


def _converted(value: Any, dtype: dtypes.DType, name: str, other: Any,
               labels: tuple[str, str], what: str) -> Any:
    if isinstance(value, Tensor):
        return value
    if not fits(value, dtype):
        raise _mismatch(name, other, value, labels, what)
    return convert_to_tensor(value, dtype=dtype)


def _like(a: Any, b: Any, name: str, labels: tuple[str, str], what: str) -> Any:
    """`b` (false branch) for the tensor or TensorArray `a` (true branch), dtype checked."""
    if is_composite(a) or is_composite(b):
        if not compatible_composites(a, b):
            raise _mismatch(name, a, b, labels, what)
        return b
    if isinstance(b, Tensor):
        if b.dtype is not a.dtype:
            raise _mismatch(name, a, b, labels, what)
        return b
    return _converted(b, a.dtype, name, a, labels, what)


def _nested(a: Any, b: Any, name: str, labels: tuple[str, str], what: str) -> Any:
    try:
        assert_same_structure(a, b, check_types=True)
    except ValueError as e:  # TypeError, as TensorFlow raises
        raise TypeError(f"{what}: {_quoted(name)} has a different structure in {labels[0]} and "
                        f"{labels[1]}: {e}") from None
    leaves = []
    for (path, x), (_, y) in zip(flatten_with_paths(a), flatten_with_paths(b)):
        if _kind(x) == "tensor" and _kind(y) in ("tensor", "number"):
            y = _like(x, y, name + path, labels, what)
        leaves.append(y)
    return pack_sequence_as(b, leaves)


def _same(a: Any, b: Any) -> bool:
    """Whether the If may give `a` for both branches: the same object, or equal values that
    cannot change (strings, numbers, tuples of them). Equal lists or dicts are not the same:
    the program may change one of them, or tell them apart by `is`."""
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, (str, bytes, *_NUMBER)):
        return bool(a == b)
    if isinstance(a, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return False


def _equal(a: Any, b: Any) -> bool:
    try:
        return bool(a == b)
    except Exception:  # elements that do not compare (arrays): not equal
        return False


def a_dtype(dtype: dtypes.DType) -> str:
    """'an int32', 'a float32'."""
    return f"{'an' if dtype.name[0] in 'aeio' else 'a'} {dtype.name}"


def _quoted(name: str) -> str:
    """A variable's name in quotes; a description ("the result") as it is."""
    return name if " " in name else f"'{name}'"


def _describe(value: Any) -> str:
    if isinstance(value, Tensor):
        return f"{a_dtype(value.dtype)} tensor"
    if is_composite(value):
        return describe_composite(value)
    if isinstance(value, _NUMBER):
        return f"{value!r} (a Python {type(value).__name__})"
    text = repr(value)
    return text if len(text) <= 40 else f"a {type(value).__name__}"


def _mismatch(name: str, a: Any, b: Any, labels: tuple[str, str], what: str) -> Exception:
    if isinstance(a, UndefinedReturnValue) or isinstance(b, UndefinedReturnValue):
        side = labels[0] if isinstance(b, UndefinedReturnValue) else labels[1]
        return ValueError(f"{what}: the function returns a value in {side} only; when the "
                          f"condition is a tensor, both branches must return (or neither).")
    if isinstance(a, Undefined) or isinstance(b, Undefined):
        missing = labels[0] if isinstance(a, Undefined) else labels[1]
        return ValueError(f"{what}: '{name}' must be defined in both branches (or before "
                          f"the `if`), but it is not defined in {missing}. The condition is a "
                          f"tensor, so both branches run in the graph and '{name}' needs a "
                          f"value either way.")
    # None on one side only is a ValueError, as in TensorFlow ("'i' is None at the end of the
    # main branch"); other mismatches of kind or dtype are TypeErrors there too.
    error = ValueError if (a is None) != (b is None) else TypeError
    if b is None and a is not None:  # name the None first
        a, b, labels = b, a, (labels[1], labels[0])
    if type(a) is type(b) and _equal(a, b):
        return TypeError(
            f"{what}: {_quoted(name)} is {_describe(a)} in {labels[0]} and an equal but "
            f"different {type(b).__name__} in {labels[1]}; when the condition is a tensor, the "
            f"graph cannot choose between two Python objects when it runs, and the program "
            f"may change one of them or tell them apart. Give it the same object in both "
            f"branches, or tensors.")
    return error(f"{what}: {_quoted(name)} is {_describe(a)} in {labels[0]} but {_describe(b)} "
                 f"in {labels[1]}; when the condition is a tensor, both branches must give it "
                 f"tensors of one dtype (or the same Python value).")
