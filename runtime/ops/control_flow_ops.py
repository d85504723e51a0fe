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

from typing import Any, Callable

from runtime import dtypes
from runtime.dispatch import op_handle
from runtime.func_graph import (
    FuncGraph,
    assert_same_structure,
    flatten,
    flatten_with_paths,
    func_graph_from_py_func,
    is_composite,
    is_nested,
    pack_outputs,
    pack_sequence_as,
    set_outputs,
    sorted_keys,
)
from runtime.graph import building_graph
from runtime.ops import array_defs, control_flow_defs, math_defs  # noqa: F401  (the ops used)
from runtime.ops.control_flow_defs import generalize
from runtime.tensor import Tensor
from runtime.tensor_array import TensorArray
from runtime.tensor_conversion import convert_to_tensor
from runtime.tensor_shape import TensorShape, as_raw_shape, format_raw

__all__ = ["cond", "case", "switch_case", "while_loop", "Assert", "TensorArray"]

_if = op_handle("If")
_case = op_handle("Case")
_while = op_handle("While")
_assert = op_handle("Assert")
_add = op_handle("AddV2")
_less = op_handle("Less")
_logical_and = op_handle("LogicalAnd")
_pack = op_handle("Pack")
_cast = op_handle("Cast")


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
    runtime.errors.InvalidArgumentError: assertion failed: [x is] [1 2] [Op:Assert]
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
    _check_callable(true_fn, "cond", "true_fn")
    _check_callable(false_fn, "cond", "false_fn")
    graph = building_graph()
    if graph is None:
        return true_fn() if _eager_value(pred, "cond", "pred", dtypes.bool_) else false_fn()
    with graph.name_scope(name or "cond") as scope:
        pred = _scalar(pred, dtypes.bool_, "cond", "pred")
        base = _function_name(scope)
        branches = [func_graph_from_py_func(f"{base}_true", true_fn, op_return_value=pred),
                    func_graph_from_py_func(f"{base}_false", false_fn, op_return_value=pred)]
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
        _check_callable(default, "switch_case", "default")
    graph = building_graph()
    if graph is None:
        index = _eager_value(branch_index, "switch_case", "branch_index", "int")
        return fns[index]() if 0 <= index < len(fns) else (default or fns[-1])()
    with graph.name_scope(name or "switch_case") as scope:
        index = _scalar(branch_index, None, "switch_case", "branch_index")
        if index.dtype is dtypes.int64:
            index = _cast.run([index], {"DstT": dtypes.int32})
        elif index.dtype is not dtypes.int32:
            raise TypeError(f"switch_case: branch_index must be an int32 or int64 scalar, got "
                            f"{_a(index.dtype)} tensor.")
        base = _function_name(scope)
        all_fns = fns + ([default] if default is not None else [])
        branches = [func_graph_from_py_func(f"{base}_branch{i}", fn)
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
        _check_callable(default, "case", "default")
    graph = building_graph()
    if graph is None:
        preds = [bool(_eager_value(p, "case", f"pred_fn_pairs[{i}][0]", dtypes.bool_))
                 for i, (p, _) in enumerate(pairs)]
        if exclusive and sum(preds) > 1:
            Assert(False, ["Input error: exclusive=True and more than 1 conditions evaluated "
                           "as True:", preds])
        for p, (_, fn) in zip(preds, pairs):
            if p:
                return fn()
        if default is None:
            Assert(False, ["Input error: None of conditions evaluated as True:", preds])
        return default()
    with graph.name_scope(name or "case"):
        preds = [_scalar(p, dtypes.bool_, "case", f"pred_fn_pairs[{i}][0]")
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
        graph = building_graph()
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
    outer = _unify_captures(branches)
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


def _leaf_kind(leaf: Any) -> str:
    if leaf is None:
        return "None"
    if is_composite(leaf):
        return f"a {type(leaf).__name__} of {leaf.dtype.name}"
    return leaf.dtype.name


def _where(path: str) -> str:
    return f"output{path}" if path else "the output"


def _unify_captures(branches: list[FuncGraph]) -> list[Tensor]:
    """Every branch takes the tensors any branch captured, in one order; returns them."""
    outer, seen = [], set()
    for branch in branches:
        for t in branch.external_captures:
            if id(t) not in seen:
                seen.add(id(t))
                outer.append(t)
    for branch in branches:
        branch.order_captures(outer)
    return outer


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


# while_loop ------------------------------------------------------------------------------------
def while_loop(cond: Callable, body: Callable, loop_vars: Any, shape_invariants: Any = None,
               parallel_iterations: int = 10, back_prop: bool = True, swap_memory: bool = False,
               maximum_iterations: Any = None, name: str | None = None) -> Any:
    """Repeats `loop_vars = body(*loop_vars)` while `cond(*loop_vars)`; one `While` op in a graph.

    Equivalent Python:

        while cond(*loop_vars):            # at most `maximum_iterations` times
            loop_vars = body(*loop_vars)
        return loop_vars

    `loop_vars` is a list or tuple of tensors, TensorArrays, or nested lists, tuples and dicts
    of them (a single loop variable may also be passed bare: then `cond` and `body` take and
    return it bare). `body` returns the same structure (lists and tuples interchangeable; with
    one loop variable it may return it bare); the result has the structure of `loop_vars`. In
    a graph each loop variable keeps its dtype and a shape within its shape invariant: its
    initial static shape unless `shape_invariants` (the structure of `loop_vars`, shapes at
    its leaves) says otherwise.

    Args:
        cond: returns a bool scalar from the loop variables.
        body: returns the next loop variables.
        loop_vars: the initial values.
        shape_invariants: less specific shapes the loop variables may take.
        parallel_iterations: accepted for compatibility; must be a positive int.
        back_prop: accepted for compatibility.
        swap_memory: accepted for compatibility.
        maximum_iterations: an int scalar: stop after this many iterations at most.
        name: the op's name (default `while`).

    Raises:
        TypeError: `cond` or `body` is not callable, cond does not return a bool scalar, or a
            loop variable's dtype changes.
        ValueError: no loop variables, a structure changes, or a shape leaves its invariant.

    >>> while_loop(lambda x: x < 100, lambda x: x * 2, 1, maximum_iterations=3)
    8
    """
    _check_callable(cond, "while_loop", "cond")
    _check_callable(body, "while_loop", "body")
    if isinstance(parallel_iterations, bool) or not isinstance(parallel_iterations, int) \
            or parallel_iterations < 1:
        raise TypeError(f"while_loop: parallel_iterations must be a positive integer, got "
                        f"{parallel_iterations!r}.")
    if loop_vars is None or (is_nested(loop_vars) and not flatten(loop_vars)):
        raise ValueError("while_loop: loop_vars must be provided (at least one loop variable).")
    graph = building_graph()
    if graph is None:
        return _eager_while(cond, body, loop_vars, maximum_iterations)
    with graph.name_scope(name or "while") as scope:
        return _GraphWhile(cond, body, loop_vars, scope).build(
            shape_invariants, maximum_iterations, parallel_iterations)


def _call(fn: Callable, values: Any, spread: bool) -> Any:
    return fn(*values) if spread else fn(values)


def _next_values(result: Any, loop_vars: Any) -> Any:
    """The body's `result` checked and packed in the structure of `loop_vars`."""
    if isinstance(loop_vars, (list, tuple)) and len(loop_vars) == 1 and (
            not is_nested(result) or _same_structure(result, loop_vars[0])):
        result = [result]  # the one loop variable, returned bare
    try:
        assert_same_structure(loop_vars, result, check_types=False)
    except ValueError as e:
        raise ValueError(f"while_loop: body must return the structure of loop_vars: {e}") \
            from None
    return pack_sequence_as(loop_vars, flatten(result))


def _same_structure(a: Any, b: Any) -> bool:
    try:
        assert_same_structure(a, b, check_types=False)
    except ValueError:
        return False
    return True


def _eager_while(cond: Callable, body: Callable, loop_vars: Any, maximum_iterations: Any) -> Any:
    spread = isinstance(loop_vars, (list, tuple))
    limit = None if maximum_iterations is None else _eager_value(
        maximum_iterations, "while_loop", "maximum_iterations", "int")
    count = 0
    while (limit is None or count < limit) and _eager_value(
            _call(cond, loop_vars, spread), "while_loop", "the result of cond", dtypes.bool_):
        loop_vars = _next_values(_call(body, loop_vars, spread), loop_vars)
        count += 1
    return loop_vars


class _GraphWhile:
    """Builds one `While` op: flattens the loop variables, traces cond and body, checks them.

    The op's loop variables are, in order: the iteration counter (with
    `maximum_iterations`), the flattened `loop_vars` (a TensorArray as its flow), and the
    tensors that cond or body capture, which body returns unchanged.
    """

    def __init__(self, cond: Callable, body: Callable, loop_vars: Any, scope: str):
        self.cond, self.body, self.loop_vars, self.scope = cond, body, loop_vars, scope
        self.spread = isinstance(loop_vars, (list, tuple))
        self.paths: list[str] = []  # per flat variable: its place in loop_vars
        self.inits: list[Tensor] = []  # flat initial values (TensorArrays as their flows)
        leaves = []
        for path, leaf in flatten_with_paths(loop_vars):
            if leaf is None:
                raise ValueError(f"while_loop: loop variable {_var(path)} is None; loop "
                                 f"variables must be tensors or TensorArrays.")
            if not is_composite(leaf):
                leaf = convert_to_tensor(leaf)
            parts = leaf._components() if is_composite(leaf) else [leaf]
            self.paths += [path] * len(parts)
            self.inits += [convert_to_tensor(t) for t in parts]
            leaves.append(leaf)
        self.template = pack_sequence_as(loop_vars, leaves)

    def build(self, shape_invariants: Any, maximum_iterations: Any,
              parallel_iterations: int) -> Any:
        shapes = self._invariants(shape_invariants)
        types = [t.dtype for t in self.inits]
        limit = None
        if maximum_iterations is not None:
            limit = _scalar(maximum_iterations, None, "while_loop", "maximum_iterations")
            if limit.dtype is dtypes.int64:
                limit = _cast.run([limit], {"DstT": dtypes.int32})
            elif limit.dtype is not dtypes.int32:
                raise TypeError(f"while_loop: maximum_iterations must be an int scalar, got "
                                f"{_a(limit.dtype)} tensor.")
            types, shapes = [dtypes.int32] + types, [()] + shapes
        base = _function_name(self.scope)
        cond_graph = self._trace(f"{base}_cond", types, shapes, limit, self._cond_fn(limit))
        body_graph = self._trace(f"{base}_body", types, shapes, limit,
                                 self._body_fn(shapes[len(shapes) - len(self.inits):]))
        captured = _unify_captures([cond_graph, body_graph])
        body_graph.outputs += [inner for _, inner in body_graph.captures]
        counter = [] if limit is None else [convert_to_tensor(0)]
        outputs = _while.run([counter + self.inits + captured], {
            "cond": cond_graph, "body": body_graph, "parallel_iterations": parallel_iterations,
            "output_shapes": tuple(shapes) + tuple(t._shape for t in captured)}, self.scope)
        results = outputs[len(counter):len(counter) + len(self.inits)]
        # TensorArrays come back with the element shapes the body gave them.
        body_result = body_graph.structured_outputs[-1]
        templates = [new if is_composite(new) else old
                     for old, new in zip(flatten(self.template), flatten(body_result))]
        return pack_outputs(pack_sequence_as(self.template, templates), results)

    def _invariants(self, shape_invariants: Any) -> list:
        if shape_invariants is None:
            return [t._shape for t in self.inits]
        per_leaf = _flatten_up_to(self.loop_vars, shape_invariants)
        per_flat = [value for leaf, value in zip(flatten(self.template), per_leaf)
                    for _ in (leaf._components() if is_composite(leaf) else [leaf])]
        shapes = []
        for path, init, given in zip(self.paths, self.inits, per_flat):
            if init.dtype is dtypes.variant:  # a TensorArray's flow: always a scalar
                shapes.append(init._shape)
                continue
            shape = as_raw_shape(given)
            if not TensorShape(init._shape).is_subtype_of(shape):
                raise ValueError(f"while_loop: the shape invariant {format_raw(shape)} of loop "
                                 f"variable {_var(path)} does not fit its initial shape "
                                 f"{format_raw(init._shape)}.")
            shapes.append(shape)
        return shapes

    def _trace(self, name: str, types: list, shapes: list, limit: Tensor | None,
               fn: Callable) -> FuncGraph:
        graph = FuncGraph(name, building_graph())
        with graph.as_default():
            args = [graph.add_input(dt, shape, "loop_var") for dt, shape in zip(types, shapes)]
            counter, args = (None, args) if limit is None else (args[0], args[1:])
            values = pack_sequence_as(self.template, args, expand_composites=True)
            set_outputs(graph, fn(counter, values))
        return graph

    def _cond_fn(self, limit: Tensor | None) -> Callable:
        def run(counter: Tensor | None, values: Any) -> Tensor:
            result = convert_to_tensor(_call(self.cond, values, self.spread))
            if result.dtype is not dtypes.bool_ or result.shape.rank not in (None, 0):
                raise TypeError(f"while_loop: cond must return a bool scalar, but returns "
                                f"{_a(result.dtype)} tensor of shape {result.shape}.")
            if limit is not None:
                result = _logical_and.run([_less.run([counter, limit]), result])
            return result
        return run

    def _body_fn(self, shapes: list) -> Callable:
        def run(counter: Tensor | None, values: Any) -> list:
            result = _next_values(_call(self.body, values, self.spread), self.loop_vars)
            leaves = [self._checked(path, new, old) for (path, new), old in zip(
                flatten_with_paths(result), flatten(self.template))]
            tensors = [t for leaf in leaves
                       for t in (leaf._components() if is_composite(leaf) else [leaf])]
            for path, t, init, shape in zip(self.paths, tensors, self.inits, shapes):
                _check_shape(path, t, init, shape)
            result = pack_sequence_as(result, leaves)
            return [result] if counter is None else [_add.run([counter, 1]), result]
        return run

    def _checked(self, path: str, new: Any, old: Any) -> Any:
        """The body's value `new` for a loop variable that was `old`, dtype checked."""
        if is_composite(old):
            if type(new) is not type(old) or new.dtype is not old.dtype:
                raise TypeError(f"while_loop: loop variable {_var(path)} is {_describe(old)} "
                                f"before the loop but body returns {_describe(new)}.")
            return new
        if new is None or is_composite(new):
            raise TypeError(f"while_loop: loop variable {_var(path)} is {_describe(old)} "
                            f"before the loop but body returns {_describe(new)}.")
        new = convert_to_tensor(new, dtype_hint=old.dtype)
        if new.dtype is not old.dtype:
            raise TypeError(f"while_loop: loop variable {_var(path)} has dtype "
                            f"{old.dtype.name} before the loop but {new.dtype.name} after one "
                            f"iteration of body; a loop variable keeps its dtype (use ag.cast "
                            f"in body).")
        return new


def _check_shape(path: str, t: Tensor, init: Tensor, shape: Any) -> None:
    if t.dtype is dtypes.variant or TensorShape(t._shape).is_subtype_of(shape):
        return
    wider = TensorShape(shape).most_specific_compatible_shape(t._shape)
    raise ValueError(
        f"while_loop: loop variable {_var(path)} enters the loop with shape "
        f"{format_raw(init._shape)} but has shape {format_raw(t._shape)} after one iteration "
        f"(its shape invariant is {format_raw(shape)}). To let its shape vary, pass "
        f"shape_invariants with a less specific shape for it, such as {wider}.")


def _flatten_up_to(structure: Any, values: Any, path: str = "") -> list:
    """`values` cut at the leaves of `structure` (a leaf's value may itself be a list)."""
    if not is_nested(structure):
        return [values]
    where = path or "the top level"
    if isinstance(structure, dict):
        if not isinstance(values, dict) or set(values) != set(structure):
            raise ValueError(f"while_loop: shape_invariants must have the structure of "
                             f"loop_vars; they differ at {where}.")
        return [v for k in sorted_keys(structure)
                for v in _flatten_up_to(structure[k], values[k], f"{path}[{k!r}]")]
    if not isinstance(values, (list, tuple)) or len(values) != len(structure):
        raise ValueError(f"while_loop: shape_invariants must have the structure of loop_vars; "
                         f"they differ at {where}.")
    return [v for i, (s, x) in enumerate(zip(structure, values))
            for v in _flatten_up_to(s, x, f"{path}[{i}]")]


def _var(path: str) -> str:
    return f"loop_vars{path}" if path else "loop_vars"


def _describe(value: Any) -> str:
    if value is None:
        return "None"
    if is_composite(value):
        return f"a {type(value).__name__} of {value.dtype.name}"
    if isinstance(value, Tensor):
        return f"{_a(value.dtype)} tensor"
    return repr(value)


# Shared helpers -------------------------------------------------------------------------------
def _check_callable(fn: Any, what: str, arg: str) -> None:
    if not callable(fn):
        raise TypeError(f"{what}: {arg} must be callable, got {fn!r}.")


def _eager_value(value: Any, what: str, arg: str, kind: Any) -> Any:
    """`value` as a Python bool (`kind` bool) or int (`kind` "int"), checked as in graphs."""
    if isinstance(value, Tensor):
        if value.shape.rank != 0:
            raise ValueError(f"{what}: {arg} must be a scalar, got shape {value.shape}.")
        ok = value.dtype is kind if kind is dtypes.bool_ else value.dtype.is_integer
        if not ok:
            wanted = "a bool" if kind is dtypes.bool_ else "an int"
            raise TypeError(f"{what}: {arg} must be {wanted} scalar, got "
                            f"{_a(value.dtype)} tensor.")
        value = value.numpy()
    return bool(value) if kind is dtypes.bool_ else int(value)


def _scalar(value: Any, dtype: dtypes.DType | None, what: str, arg: str) -> Tensor:
    t = convert_to_tensor(value)
    if dtype is not None and t.dtype is not dtype:
        raise TypeError(f"{what}: {arg} must be {_a(dtype)} scalar, got {_a(t.dtype)} "
                        f"tensor; compare it first (e.g. x > 0).")
    if t.shape.rank not in (None, 0):
        raise ValueError(f"{what}: {arg} must be a scalar, got shape {t.shape}.")
    return t


def _a(dtype: dtypes.DType) -> str:
    """`dtype`'s name with its article: "an int32", "a float32"."""
    return f"{'an' if dtype.name[0] in 'aeio' else 'a'} {dtype.name}"


def _function_name(scope: str) -> str:
    return scope.rstrip("/").replace("/", "_")


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
        _check_callable(fn, "switch_case", f"branch_fns[{k}]")
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
        _check_callable(pair[1], "case", f"pred_fn_pairs[{i}][1]")
    return list(pairs)
