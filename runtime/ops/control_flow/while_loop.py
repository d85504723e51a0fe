"""`while_loop`: a Python `while` statement eagerly, one `While` op while a graph is built.

The body and the condition are traced once into `FuncGraph`s; each loop variable keeps its
dtype and a shape within its shape invariant, and tensors of enclosing graphs used inside
become extra loop variables that the body returns unchanged.
"""

from __future__ import annotations

from typing import Any, Callable

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import TensorShape, as_raw_shape, format_raw
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.func_graph import (
    FuncGraph,
    assert_same_structure,
    flatten,
    flatten_with_paths,
    is_composite,
    is_nested,
    pack_outputs,
    pack_sequence_as,
    set_outputs,
    sorted_keys,
)
from autograph.runtime.graph.graph import SymbolicTensor, building_graph
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.graph.type_spec import (
    TypeSpec,
    compatible_composites,
    component_shapes,
    describe_composite,
)
from autograph.runtime.ops.control_flow import defs as control_flow_defs  # noqa: F401  (the ops used)
from autograph.runtime.ops.control_flow.util import (
    check_callable,
    eager_value,
    function_name,
    scalar_tensor,
    unify_captures,
    with_article,
)
from autograph.runtime.ops.math import defs as math_defs  # noqa: F401  (the ops used)

__all__ = ["while_loop"]

_while = op_handle("While")
_add = op_handle("AddV2")
_less = op_handle("Less")
_logical_and = op_handle("LogicalAnd")
_cast = op_handle("Cast")


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
    check_callable(cond, "while_loop", "cond")
    check_callable(body, "while_loop", "body")
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
    limit = None if maximum_iterations is None else eager_value(
        maximum_iterations, "while_loop", "maximum_iterations", "int")
    count = 0
    while (limit is None or count < limit) and eager_value(
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
        # Flat initial values (TensorArrays as their flows), symbolic: the graph is building.
        self.inits: list[Any] = []
        self.loose: list[Any] = []  # per flat variable: the shape it keeps without invariants
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
            # A composite with a spec keeps its spec's shapes (a sparse tensor's entries vary).
            self.loose += component_shapes(leaf) or [t._shape for t in self.inits[-len(parts):]]
            leaves.append(leaf)
        self.template = pack_sequence_as(loop_vars, leaves)

    def build(self, shape_invariants: Any, maximum_iterations: Any,
              parallel_iterations: int) -> Any:
        shapes = self._invariants(shape_invariants)
        types = [t.dtype for t in self.inits]
        limit = None
        if maximum_iterations is not None:
            limit = scalar_tensor(maximum_iterations, None, "while_loop", "maximum_iterations")
            if limit.dtype is dtypes.int64:
                limit = _cast.run([limit], {"DstT": dtypes.int32})
            elif limit.dtype is not dtypes.int32:
                raise TypeError(f"while_loop: maximum_iterations must be an int scalar, got "
                                f"{with_article(limit.dtype)} tensor.")
            types, shapes = [dtypes.int32] + types, [()] + shapes
        base = function_name(self.scope)
        cond_graph = self._trace(f"{base}_cond", types, shapes, limit, self._cond_fn(limit))
        body_graph = self._trace(f"{base}_body", types, shapes, limit,
                                 self._body_fn(shapes[len(shapes) - len(self.inits):]))
        captured = unify_captures([cond_graph, body_graph])
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
            return list(self.loose)
        per_leaf = _flatten_up_to(self.loop_vars, shape_invariants)
        per_flat: list = []
        for leaf, value in zip(flatten(self.template), per_leaf):
            if is_composite(leaf) and isinstance(value, TypeSpec):  # a composite's invariant
                per_flat.extend(s.shape for s in value._component_specs)
            else:
                per_flat.extend(value for _ in (leaf._components() if is_composite(leaf)
                                                else [leaf]))
        shapes = []
        for path, init, given, loose in zip(self.paths, self.inits, per_flat, self.loose):
            if init.dtype is dtypes.variant or loose != init._shape:
                shapes.append(loose)  # a TensorArray's flow, or a composite's component
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
        graph = FuncGraph(name, building_graph(), control_flow=True)
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
                                f"{with_article(result.dtype)} tensor of shape {result.shape}.")
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
            if not compatible_composites(old, new):
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


def _check_shape(path: str, t: SymbolicTensor, init: SymbolicTensor, shape: Any) -> None:
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
        return describe_composite(value)
    if isinstance(value, Tensor):
        return f"{with_article(value.dtype)} tensor"
    return repr(value)
