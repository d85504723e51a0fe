"""Control flow of the public API: `cond`, `case`, `switch_case`, `while_loop`, `Assert`.

Eagerly these are Python: `cond` calls the branch its predicate picks, `while_loop` is a
`while` statement. While a graph is built (a `Graph` or a function graph), each branch or
body is traced once into a `FuncGraph` and one `If`, `Case` or `While` op calls them, so only
the branch taken runs and a loop's graph does not grow with its iteration count. Tensors of the
enclosing graphs used inside are captured: they become extra inputs of the op.

>>> cond(True, lambda: "yes", lambda: "no")
'yes'
>>> while_loop(lambda i, total: i < 4, lambda i, total: (i + 1, total + i), (0, 0))
(4, 6)
"""

from __future__ import annotations

import weakref
from typing import Any, Callable

from autograph.runtime.core import dtypes
from autograph.runtime.core.errors import hold_error, release_error
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.func_graph import (
    FuncGraph,
    assert_same_structure,
    flatten,
    flatten_with_paths,
    func_graph_from_py_func,
    is_composite,
    pack_outputs,
    pack_sequence_as,
)
from autograph.runtime.graph.graph import building_graph
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.graph.type_spec import TypeSpec, describe_composite
from autograph.runtime.ops.array import defs as array_defs  # noqa: F401  (the ops used)
from autograph.runtime.ops.control_flow import defs as control_flow_defs  # noqa: F401  (the ops used)
from autograph.runtime.ops.control_flow.defs import generalize
from autograph.runtime.ops.control_flow.util import (
    check_callable,
    eager_value,
    function_name,
    scalar_tensor,
    unify_captures,
    with_article,
)
from autograph.runtime.ops.control_flow.while_loop import while_loop
from autograph.runtime.ops.list.tensor_array import TensorArray
from autograph.runtime.ops.math import defs as math_defs  # noqa: F401  (the ops used)

__all__ = ["cond", "case", "switch_case", "while_loop", "Assert", "TensorArray"]

_if = op_handle("If")
_case = op_handle("Case")
_assert = op_handle("Assert")
_check_defined = op_handle("CheckDefined")
_raise_if = op_handle("RaiseIf")
_add = op_handle("AddV2")
_less = op_handle("Less")
_pack = op_handle("Pack")
_cast = op_handle("Cast")


def check_defined(value: Any, defined: Any, message: str) -> Any:
    """`value`, once `defined` is true; else InvalidArgumentError(`message`) when needed.

    >>> check_defined(2.0, True, "never shown").numpy()
    np.float32(2.0)
    """
    return _check_defined.run([convert_to_tensor(value), convert_to_tensor(defined)],
                              {"message": message})


def is_checked(value: Any) -> bool:
    """Whether `value` is the output of a `check_defined` in a graph (a variable's value
    that may have none); its op's inputs are the value and the flag.

    >>> is_checked(check_defined(2.0, True, "never shown"))
    False
    """
    op = getattr(value, "op", None)
    return op is not None and op.type == "CheckDefined"


def raise_if(condition: Any, error: BaseException) -> Any:
    """Raises `error` itself, not an OpError, when `condition` is true where this runs: now
    eagerly, or when the graph runs (a `RaiseIf` op, returned; it runs in every run of its
    graph or function, as other ops with side effects do). The graph holds `error` while it
    lives.

    >>> raise_if(False, ValueError("never raised"))
    >>> raise_if(True, ValueError("too big"))
    Traceback (most recent call last):
    ...
    ValueError: too big
    """
    if building_graph() is None:
        if eager_value(condition, "raise_if", "condition", dtypes.bool_):
            raise error
        return None
    token = hold_error(error)
    weakref.finalize(building_graph(), release_error, token)
    return _raise_if.run([scalar_tensor(condition, dtypes.bool_, "raise_if", "condition")],
                         {"token": token, "message": f"{type(error).__name__}: {error}"})


def Assert(condition: Any, data: list, summarize: int | None = None,  # noqa: N802 (TF's name)
           name: str | None = None) -> Any:
    """Raises InvalidArgumentError showing `data` when `condition` is false.

    Eagerly it checks now and returns None; in a graph it returns the op, which checks when it
    runs (fetch it, make it a control dependency, or create it inside a branch or loop body,
    where every op runs).

    >>> Assert(True, ["never shown"])
    >>> Assert(False, ["x is", [1, 2]])
    Traceback (most recent call last):
    ...
    autograph.runtime.core.errors.InvalidArgumentError: assertion failed: [x is] [1 2] [Op:Assert]
    """
    return _assert.run([condition, list(data)], {"summarize": 3 if summarize is None
                                                 else summarize}, name)


# cond, switch_case, case -------------------------------------------------------------------
def cond(pred: Any, true_fn: Callable | None = None, false_fn: Callable | None = None,
         name: str | None = None) -> Any:
    """`true_fn()` if `pred` else `false_fn()`, as one `If` op in a graph.

    Both functions take no arguments and must return the same structure of values with the
    same dtypes (None and Python values allowed); results have the most specific shapes both
    branches agree on. A branch that returns an op returns `pred` in its place (as
    TensorFlow); when both return None, graph-mode `cond` returns the `If` op, so that it can
    be run (TensorFlow returns None).

    Args:
        pred: a bool scalar (tensor or Python bool).
        true_fn: called when `pred` is true.
        false_fn: called when `pred` is false.
        name: the op's name (default `cond`).

    Raises:
        TypeError: a branch is not callable, `pred` is not bool, or the branches' dtypes differ.
        ValueError: `pred` is not a scalar, or the branches' structures differ.

    >>> cond(1 > 2, lambda: 1.0, lambda: 2.0)
    2.0
    """
    true_fn = check_callable(true_fn, "cond", "true_fn")
    false_fn = check_callable(false_fn, "cond", "false_fn")
    graph = building_graph()
    if graph is None:
        return true_fn() if eager_value(pred, "cond", "pred", dtypes.bool_) else false_fn()
    with graph.name_scope(name or "cond") as scope:
        pred = scalar_tensor(pred, dtypes.bool_, "cond", "pred")
        base = function_name(scope)
        branches = [func_graph_from_py_func(f"{base}_true", true_fn, op_return_value=pred,
                                            control_flow=True),
                    func_graph_from_py_func(f"{base}_false", false_fn, op_return_value=pred,
                                            control_flow=True)]
        return _branch_op(graph, _if, pred, branches, ["true_fn", "false_fn"], "cond", scope,
                          {"then_branch": branches[0], "else_branch": branches[1]})


def switch_case(branch_index: Any, branch_fns: Any, default: Callable | None = None,
                name: str | None = None) -> Any:
    """`branch_fns[branch_index]()`, as one `Case` op in a graph.

    An index out of range runs `default`, or the last branch when there is no default.

    Args:
        branch_index: an int32 (or int64) scalar.
        branch_fns: a list of callables, a list of (int, callable) pairs, or a dict from int to
            callable; the keys must be 0, 1, ..., n - 1.
        default: called for an index out of range.
        name: the op's name (default `switch_case`).

    Raises:
        TypeError / ValueError: as for `cond`, and for keys that are not 0..n-1.

    >>> switch_case(1, [lambda: "a", lambda: "b"]), switch_case(7, {0: lambda: "a"})
    ('b', 'a')
    """
    fns = _indexed_branches(branch_fns)
    if default is not None:
        check_callable(default, "switch_case", "default")
    graph = building_graph()
    if graph is None:
        index = eager_value(branch_index, "switch_case", "branch_index", "int")
        return fns[index]() if 0 <= index < len(fns) else (default or fns[-1])()
    with graph.name_scope(name or "switch_case") as scope:
        index = scalar_tensor(branch_index, None, "switch_case", "branch_index")
        if index.dtype is dtypes.int64:
            index = _cast.run([index], {"DstT": dtypes.int32})
        elif index.dtype is not dtypes.int32:
            raise TypeError(f"switch_case: branch_index must be an int32 or int64 scalar, got "
                            f"{with_article(index.dtype)} tensor.")
        base = function_name(scope)
        all_fns = fns + ([default] if default is not None else [])
        branches = [func_graph_from_py_func(f"{base}_branch{i}", fn, control_flow=True)
                    for i, fn in enumerate(all_fns)]
        labels = [f"branch_fns[{i}]" for i in range(len(fns))] + ["default"] * (default
                                                                               is not None)
        return _branch_op(graph, _case, index, branches, labels, "switch_case", scope,
                          {"branches": tuple(branches)})


def case(pred_fn_pairs: Any, default: Callable | None = None, exclusive: bool = False,
         name: str = "case") -> Any:
    """The result of the first callable whose predicate is true (nested `cond`s in a graph).

    With no true predicate, `default()` runs; without a default, that is an
    InvalidArgumentError (the last pair's callable serves as the default branch, guarded by an
    `Assert`, as in TensorFlow). With `exclusive=True`, more than one true predicate is an
    InvalidArgumentError.

    Args:
        pred_fn_pairs: a list of (bool scalar, callable) pairs.
        default: called when no predicate is true.
        exclusive: whether at most one predicate may be true.
        name: the name scope of the ops (default `case`).

    >>> case([(False, lambda: 1), (True, lambda: 2)], default=lambda: 3)
    2
    """
    pairs = _pred_fn_pairs(pred_fn_pairs)
    if default is not None:
        check_callable(default, "case", "default")
    graph = building_graph()
    if graph is None:
        values = [bool(eager_value(p, "case", f"pred_fn_pairs[{i}][0]", dtypes.bool_))
                  for i, (p, _) in enumerate(pairs)]
        if exclusive and sum(values) > 1:
            Assert(False, ["Input error: exclusive=True and more than 1 conditions evaluated "
                           "as True:", values])
        for p, (_, fn) in zip(values, pairs):
            if p:
                return fn()
        if default is None:  # the failed Assert raises, as TensorFlow's does
            return Assert(False, ["Input error: None of conditions evaluated as True:", values])
        return default()
    with graph.name_scope(name or "case"):
        preds = [scalar_tensor(p, dtypes.bool_, "case", f"pred_fn_pairs[{i}][0]")
                 for i, (p, _) in enumerate(pairs)]
        fns = [fn for _, fn in pairs]
        if default is None:
            default = _guarded_last(preds, fns[-1])
            preds, fns = preds[:-1], fns[:-1]
        checks = [_assert_at_most_one(preds)] if exclusive and len(preds) > 1 else []
        with graph.control_dependencies(checks):
            return _nested_conds(preds, fns, default)


def _nested_conds(preds: list, fns: list, default: Callable) -> Any:
    if not preds:
        return default()
    return cond(preds[0], fns[0], lambda: _nested_conds(preds[1:], fns[1:], default))


def _guarded_last(preds: list, fn: Callable) -> Callable:
    def default() -> Any:
        graph: Any = building_graph()  # the branch's graph, being built
        check = Assert(preds[-1], ["Input error: None of conditions evaluated as True:",
                                   _pack.run([preds], {"axis": 0})])
        with graph.control_dependencies([check]):
            return fn()
    return default


def _assert_at_most_one(preds: list) -> Any:
    as_ints = [_cast.run([p], {"DstT": dtypes.int32}) for p in preds]
    count = as_ints[0]
    for x in as_ints[1:]:
        count = _add.run([count, x])
    return Assert(_less.run([count, 2]),
                  ["Input error: exclusive=True and more than 1 conditions evaluated as True:",
                   _pack.run([preds], {"axis": 0})])


def _branch_op(graph: Any, handle: Any, first: Tensor, branches: list[FuncGraph],
               labels: list[str], what: str, scope: str, attrs: dict) -> Any:
    """Adds the If/Case op calling `branches` and returns its outputs in their structure."""
    _check_same_outputs(branches, labels, what)
    outer = unify_captures(branches)
    shapes = []
    for outputs in zip(*[b.outputs for b in branches]):
        shape = outputs[0]._shape
        for t in outputs[1:]:
            shape = generalize(shape, t._shape)
        shapes.append(shape)
    attrs = dict(attrs, Tout=tuple(t.dtype for t in branches[0].outputs),
                 output_shapes=tuple(shapes))
    results = handle.run([first, outer], attrs, scope)
    op = graph.get_operation_by_name(scope[:-1])
    structure = _common_structure(branches)
    if structure is None:
        return op
    return pack_outputs(structure, results)


def _check_same_outputs(branches: list[FuncGraph], labels: list[str], what: str) -> None:
    first = branches[0].structured_outputs
    for label, branch in zip(labels[1:], branches[1:]):
        other = branch.structured_outputs
        try:
            assert_same_structure(first, other)
        except ValueError as e:
            raise ValueError(f"{what}: {labels[0]} and {label} must return the same structure "
                             f"of values: {e}") from None
        for (path, a), (_, b) in zip(flatten_with_paths(first), flatten_with_paths(other)):
            kind_a, kind_b = _leaf_kind(a), _leaf_kind(b)
            if kind_a != kind_b:
                raise TypeError(f"{what}: {labels[0]} and {label} must return the same dtypes, "
                                f"but {_where(path)} is {kind_a} in {labels[0]} and {kind_b} "
                                f"in {label}.")
            spec = getattr(a, "_type_spec", None)
            if isinstance(spec, TypeSpec) and spec.most_specific_common_supertype(
                    [b._type_spec]) is None:
                raise TypeError(f"{what}: {labels[0]} and {label} must return values of "
                                f"compatible types, but {_where(path)} is {spec!r} in "
                                f"{labels[0]} and {b._type_spec!r} in {label}.")


def _leaf_kind(leaf: Any) -> str:
    if leaf is None:
        return "None"
    if is_composite(leaf):
        return describe_composite(leaf, with_spec=False)  # shapes may differ
    return leaf.dtype.name


def _where(path: str) -> str:
    return f"output{path}" if path else "the output"


def _common_structure(branches: list[FuncGraph]) -> Any:
    """The first branch's output structure, with TensorArrays' element shapes generalized."""
    structures = [flatten(b.structured_outputs) for b in branches]
    leaves = []
    for first, *others in zip(*structures):
        if isinstance(first, TensorArray):
            shape = first._element_shape
            for other in others:
                shape = generalize(shape, other._element_shape)
            first = first._with(first.flow, shape)
        leaves.append(first)
    return pack_sequence_as(branches[0].structured_outputs, leaves)


# Branch arguments ---------------------------------------------------------------------------------
def _indexed_branches(branch_fns: Any) -> list[Callable]:
    if isinstance(branch_fns, dict):
        items = sorted(branch_fns.items())
    elif isinstance(branch_fns, (list, tuple)) and all(
            isinstance(x, tuple) and len(x) == 2 and not callable(x) for x in branch_fns):
        items = sorted(branch_fns, key=lambda kv: kv[0])
    elif isinstance(branch_fns, (list, tuple)):
        items = list(enumerate(branch_fns))
    else:
        raise TypeError(f"switch_case: branch_fns must be a list or dict of callables, got "
                        f"{type(branch_fns).__name__}.")
    if not items:
        raise ValueError("switch_case: branch_fns must not be empty.")
    keys = [k for k, _ in items]
    if keys != list(range(len(items))):
        raise ValueError(f"switch_case: branch indices (keys) must be 0, 1, ..., "
                         f"{len(items) - 1}, got {keys}.")
    for k, fn in items:
        check_callable(fn, "switch_case", f"branch_fns[{k}]")
    return [fn for _, fn in items]


def _pred_fn_pairs(pairs: Any) -> list[tuple[Any, Callable]]:
    if isinstance(pairs, dict):
        pairs = list(pairs.items())
    if not isinstance(pairs, (list, tuple)) or not pairs:
        raise TypeError("case: pred_fn_pairs must be a non-empty list of (pred, callable) "
                        "pairs.")
    for i, pair in enumerate(pairs):
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise TypeError(f"case: pred_fn_pairs[{i}] must be a (pred, callable) pair, got "
                            f"{pair!r}.")
        check_callable(pair[1], "case", f"pred_fn_pairs[{i}][1]")
    return list(pairs)
