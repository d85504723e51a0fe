"""Declarations of the control-flow ops (`If`, `Case`, `While`, `Assert`).

`If`, `Case` and `While` take their branches and bodies as function graphs (`FuncGraph`s) in
attrs, with TensorFlow's interfaces: a function's inputs are placeholders matching the op's
`input` list (captured outer tensors included), its outputs match `output`. The executor
writes these ops inline as Python `if` / `while` statements; their kernels
(`kernels/control_flow_kernels.py`) run the same function graphs through plans, for eager
calls. The TensorList ops behind `TensorArray` are declared in `list_defs.py`.

Shape functions check that the functions fit the op (input and output counts, dtypes, input
shapes), so a mismatch is reported before anything runs. When the branch taken is known (the
predicate's value is), the output shapes are that branch's; otherwise the most specific shapes
compatible with every branch, refined by `output_shapes` when it is given.
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core.tensor_shape import format_raw, raw_compatible, raw_merge
from autograph.runtime.registry import shape_inference as si
from autograph.runtime.registry.op_registry import register_op


def generalize(a: Any, b: Any) -> Any:
    """The most specific raw shape that both raw shapes are compatible with."""
    if a is None or b is None or len(a) != len(b):
        return None
    return tuple(x if x == y else None for x, y in zip(a, b))


def _check_scalar(c: si.InferenceContext, i: int, what: str) -> None:
    shape = c.shape(i)
    if shape is not None and len(shape) != 0:
        raise c.error(f"{what} must be a scalar, but its shape is {format_raw(shape)}.")


def _check_function(c: si.InferenceContext, attr: str, fn: Any, in_types: tuple,
                    in_shapes: list, out_types: tuple | None) -> None:
    """`fn` takes inputs of `in_types`/`in_shapes` and returns `out_types` (when given)."""
    if not (hasattr(fn, "inputs") and hasattr(fn, "outputs")):
        raise c.error(f"attr {attr} must be a function graph (a FuncGraph), got {fn!r}.")
    label = f"{attr} {getattr(fn, 'name', '?')!r}"
    params = fn.inputs
    if len(params) != len(in_types):
        raise c.error(f"{label} takes {len(params)} inputs but the op passes "
                      f"{len(in_types)}.")
    for i, (p, dtype, shape) in enumerate(zip(params, in_types, in_shapes)):
        if p.dtype != dtype:
            raise c.error(f"input {i} of {label} is {p.dtype.name} but the op passes "
                          f"{dtype.name}.")
        if not raw_compatible(p._shape, shape):
            raise c.error(f"input {i} of {label} has shape {format_raw(p._shape)} but the op "
                          f"passes a tensor of shape {format_raw(shape)}.")
    if out_types is None:
        return
    outs = fn.outputs
    if len(outs) != len(out_types):
        raise c.error(f"{label} returns {len(outs)} outputs but the op declares "
                      f"{len(out_types)}.")
    for i, (t, dtype) in enumerate(zip(outs, out_types)):
        if t.dtype != dtype:
            raise c.error(f"output {i} of {label} is {t.dtype.name} but the op declares "
                          f"{dtype.name}.")


def _branch_outputs(c: si.InferenceContext, branches: list, n: int) -> list:
    """Per output: the most specific shape all `branches` fit, refined by `output_shapes`."""
    declared = c.attr("output_shapes")
    if declared and len(declared) != n:
        raise c.error(f"output_shapes has {len(declared)} shapes for {n} outputs.")
    shapes = []
    for i in range(n):
        shape = branches[0].outputs[i]._shape
        for branch in branches[1:]:
            shape = generalize(shape, branch.outputs[i]._shape)
        if declared:
            if not raw_compatible(shape, declared[i]):
                raise c.error(f"output {i} has shape {format_raw(shape)}, incompatible with "
                              f"output_shapes[{i}] = {format_raw(declared[i])}.")
            shape = raw_merge(shape, declared[i])
        shapes.append(shape)
    return shapes


def _if_shape(c: si.InferenceContext) -> list:
    _check_scalar(c, 0, "cond")
    tin, tout = c.attr("Tin"), c.attr("Tout")
    branches = [c.attr("then_branch"), c.attr("else_branch")]
    for attr, fn in zip(("then_branch", "else_branch"), branches):
        _check_function(c, attr, fn, tin, c.shape(1), tout)
    value = c.value(0)
    if value is not None:
        branches = [branches[0] if bool(value) else branches[1]]
    return [_branch_outputs(c, branches, len(tout))]


def _case_shape(c: si.InferenceContext) -> list:
    _check_scalar(c, 0, "branch_index")
    tin, tout = c.attr("Tin"), c.attr("Tout")
    branches = list(c.attr("branches"))
    for i, fn in enumerate(branches):
        _check_function(c, f"branches[{i}]", fn, tin, c.shape(1), tout)
    value = c.value(0)
    if value is not None:
        index = int(value)
        branches = [branches[index if 0 <= index < len(branches) else -1]]
    return [_branch_outputs(c, branches, len(tout))]


def _while_shape(c: si.InferenceContext) -> list:
    types, shapes = c.attr("T"), c.shape(0)
    declared = c.attr("output_shapes")
    if declared and len(declared) != len(types):
        raise c.error(f"output_shapes has {len(declared)} shapes for {len(types)} loop "
                      f"variables.")
    loop_shapes = list(declared) if declared else shapes
    cond, body = c.attr("cond"), c.attr("body")
    _check_function(c, "cond", cond, types, shapes, None)
    if len(cond.outputs) != 1 or cond.outputs[0].dtype.name != "bool":
        got = ", ".join(f"{t.dtype.name}{format_raw(t._shape)}" for t in cond.outputs)
        raise c.error(f"cond {cond.name!r} must return one bool scalar, but returns "
                      f"[{got}].")
    _check_function(c, "body", body, types, shapes, types)
    outputs = []
    for i, (shape, out) in enumerate(zip(loop_shapes, body.outputs)):
        if declared and not raw_compatible(shape, shapes[i]):
            raise c.error(f"loop variable {i} enters with shape {format_raw(shapes[i])}, "
                          f"incompatible with output_shapes[{i}] = {format_raw(shape)}.")
        if declared and not raw_compatible(shape, out._shape):
            raise c.error(f"body returns loop variable {i} with shape "
                          f"{format_raw(out._shape)}, incompatible with output_shapes[{i}] "
                          f"= {format_raw(shape)}.")
        outputs.append(shape if declared else generalize(shape, out._shape))
    return [outputs]


def _check_defined_shape(c: si.InferenceContext) -> list:
    _check_scalar(c, 1, "defined")
    return [c.shape(0)]


def _assert_shape(c: si.InferenceContext) -> list:
    _check_scalar(c, 0, "condition")
    return []


_FUNCTION_ARGS = ("output: the outputs of the branch taken.\n"
                  "Tin: the dtypes of the inputs.\n"
                  "Tout: the dtypes of the outputs.\n"
                  "output_shapes: the shapes of the outputs (none: from the branches).")

register_op("If").input("cond: Tcond").input("input: Tin").output("output: Tout") \
    .attr("Tcond: type").attr("Tin: list(type) >= 0").attr("Tout: list(type) >= 0") \
    .attr("then_branch: func").attr("else_branch: func") \
    .attr("output_shapes: list(shape) = []").set_is_stateful().set_shape_fn(_if_shape).doc(
        "Runs then_branch or else_branch on the inputs, as cond is true or false.\n\n"
        "cond: a scalar; true when a nonzero number, true, or a non-empty string.\n"
        "input: the branch's inputs, captured tensors included.\n"
        "then_branch: the function run when cond is true.\n"
        "else_branch: the function run when cond is false.\n" + _FUNCTION_ARGS)

register_op("Case").input("branch_index: int32").input("input: Tin").output("output: Tout") \
    .attr("Tin: list(type) >= 0").attr("Tout: list(type) >= 0") \
    .attr("branches: list(func) >= 1").attr("output_shapes: list(shape) = []") \
    .set_is_stateful().set_shape_fn(_case_shape).doc(
        "Runs branches[branch_index] on the inputs; an index out of range runs the last.\n\n"
        "branch_index: the branch to run, a scalar.\n"
        "input: the branch's inputs, captured tensors included.\n"
        "branches: the functions to choose from.\n" + _FUNCTION_ARGS)

register_op("While").input("input: T").output("output: T").attr("T: list(type) >= 0") \
    .attr("cond: func").attr("body: func").attr("output_shapes: list(shape) = []") \
    .attr("parallel_iterations: int = 10").set_is_stateful().set_shape_fn(_while_shape).doc(
        "Runs body on the loop variables while cond of them is true.\n\n"
        "input: the initial loop variables, captured tensors included (as variables the "
        "body returns unchanged).\n"
        "output: the loop variables when cond becomes false.\n"
        "T: the dtypes of the loop variables.\n"
        "cond: a function from the loop variables to one bool scalar.\n"
        "body: a function from the loop variables to their next values.\n"
        "output_shapes: the shapes the loop variables keep in every iteration (none: their "
        "initial shapes, generalized by the body's).\n"
        "parallel_iterations: accepted for compatibility; iterations run one by one.")

register_op("CheckDefined").input("value: T").input("defined: bool").output("output: T") \
    .attr("T: type").attr("message: string").set_shape_fn(_check_defined_shape).doc(
        "Passes value on when defined is true; else raises InvalidArgumentError with message.\n"
        "\nUnlike Assert, it checks only when its output is needed: converted code reads a "
        "variable through it where the variable may have no value (a loop that first assigns "
        "it ran zero times; a branch that assigns it was not taken).\n\n"
        "value: the variable's value (zeros where it has none).\n"
        "defined: whether it has a value.\n"
        "output: value.\n"
        "message: what to say when it has none.")

register_op("RaiseIf").input("condition: bool").attr("token: string") \
    .attr("message: string = ''").set_is_stateful().set_shape_fn(_assert_shape).doc(
        "Raises the Python exception held under token when condition is true.\n\n"
        "Converted code raises this way what a `raise` in a branch not taken would raise.\n\n"
        "condition: a bool scalar.\n"
        "token: names the exception (`runtime.core.errors.hold_error`), held by this process.\n"
        "message: the exception, as text, for printed graphs.")

register_op("Assert").input("condition: bool").input("data: T").attr("T: list(type) >= 0") \
    .attr("summarize: int = 3").set_is_stateful().set_shape_fn(_assert_shape).doc(
        "Raises InvalidArgumentError, showing data, when condition is false.\n\n"
        "condition: a bool scalar.\n"
        "data: tensors to show in the message.\n"
        "summarize: how many elements of each tensor to show.")
