"""Declarations of the resource-variable ops, and `ResourceHandle`, the value they pass around.

`VarHandleOp` makes a handle: a 0-d object array holding a `ResourceHandle` that names a slot
of the `ResourceManager` current when it ran (a session's, or the eager one). `ReadVariableOp`,
`AssignVariableOp`, `AssignAddVariableOp`, `AssignSubVariableOp` and `VarIsInitializedOp` take
that handle, as in TensorFlow. A handle carries its variable's dtype and declared shape, so
shape functions check reads and assigns whenever the handle is known (eagerly, or a constant);
kernels check again when the graph runs. `TruncatedNormal` (the random op behind the truncated
normal initializer) is declared here too. Kernels: `kernels/state_kernels.py`.
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import format_raw, raw_compatible
from autograph.runtime.ops.creation.defs import shape_from_tensor
from autograph.runtime.registry import shape_inference as si
from autograph.runtime.registry.op_registry import register_op


class ResourceHandle:
    """Names one variable's value: a key in a `ResourceManager`, with the variable's dtype and
    declared shape, and the device whose `VarHandleOp` made it."""

    __slots__ = ("key", "name", "dtype", "shape", "device", "manager")

    def __init__(self, key: Any, name: str, dtype: dtypes.DType, shape: Any, device: str,
                 manager: Any):
        self.key = key
        self.name = name  # what error messages call the variable
        self.dtype = dtype
        self.shape = shape  # raw shape; None dims (or None) accept any size
        self.device = device
        self.manager = manager

    def __repr__(self) -> str:
        return (f"<ResourceHandle {self.name!r} dtype={self.dtype.name} "
                f"shape={format_raw(self.shape)}>")


def handle_value(array: Any) -> ResourceHandle:
    """The `ResourceHandle` inside a resource tensor's 0-d object array."""
    return array[()] if hasattr(array, "shape") else array


def read_mismatch(handle: ResourceHandle, dtype: dtypes.DType) -> str | None:
    if dtype is handle.dtype:
        return None
    return (f"Cannot read variable {handle.name} as {dtype.name}: it holds "
            f"{handle.dtype.name} values.")


def assign_mismatch(handle: ResourceHandle, dtype: dtypes.DType, shape: Any,
                    update: bool) -> str | None:
    """Why a value of `dtype` and (raw) `shape` cannot be assigned to (or, with `update`,
    added to or subtracted from) the variable, or None when it can."""
    if dtype is not handle.dtype:
        return (f"Cannot assign a {dtype.name} value to variable {handle.name}, which holds "
                f"{handle.dtype.name}; convert it with ag.cast(value, ag.{handle.dtype.name}).")
    if update:
        if not broadcasts_onto(shape, handle.shape):
            return (f"Cannot update variable {handle.name} of shape {format_raw(handle.shape)} "
                    f"with a value of shape {format_raw(shape)}: the value must broadcast to "
                    f"the variable's shape without changing it.")
    elif not raw_compatible(shape, handle.shape):
        return (f"Cannot assign a value of shape {format_raw(shape)} to variable "
                f"{handle.name} of shape {format_raw(handle.shape)}; create the variable with "
                f"shape=ag.TensorShape(None) (or None dims) to let its shape change.")
    return None


def broadcasts_onto(value: Any, target: Any) -> bool:
    """Whether raw shape `value` broadcasts to raw shape `target` without changing it."""
    if value is None or target is None:
        return True
    if len(value) > len(target):
        return False
    for v, t in zip(reversed(value), reversed(target)):
        if not (v is None or v == 1 or t is None or v == t):
            return False
    return True


# Shape functions ---------------------------------------------------------------------------------
def _known_handle(c: si.InferenceContext) -> ResourceHandle | None:
    si.with_rank(c, c.shape(0), 0, "resource")
    value = c.value(0)
    return None if value is None else handle_value(value)


def _read_shape(c: si.InferenceContext) -> list:
    handle = _known_handle(c)
    if handle is None:
        return [None]  # graph mode: `Variable` sets the static shape it declared
    problem = read_mismatch(handle, c.attr("dtype"))
    if problem:
        raise c.error(problem)
    return [handle.shape]


def _assign_shape(update: bool):
    def shape_fn(c: si.InferenceContext) -> list:
        handle = _known_handle(c)
        if handle is not None:
            problem = assign_mismatch(handle, c.attr("dtype"), c.shape(1), update)
            if problem:
                raise c.error(problem)
        return []
    return shape_fn


def _scatter_shape(c: si.InferenceContext) -> list:
    handle = _known_handle(c)
    indices, updates = c.shape(1), c.shape(2)
    if handle is not None and handle.shape is not None and indices is not None \
            and updates is not None and handle.shape:
        expected = tuple(indices) + tuple(handle.shape[1:])
        if len(expected) != len(updates) or any(
                a is not None and b is not None and a != b for a, b in zip(expected, updates)):
            raise c.error(f"updates must have shape indices.shape + the variable's shape[1:] = "
                          f"{format_raw(expected)}, got {format_raw(updates)}.")
    return []


def _is_initialized_shape(c: si.InferenceContext) -> list:
    _known_handle(c)
    return [()]


register_op("VarHandleOp").output("resource: resource") \
    .attr("container: string = ''").attr("shared_name: string = ''") \
    .attr("debug_name: string = ''").attr("dtype: type").attr("shape: shape") \
    .set_is_stateful().set_shape_fn(si.scalar).doc(
        "A handle to a variable's value in the resource manager of the current run.\n\n"
        "container: a namespace for shared_name.\n"
        "shared_name: the variable's key; runs with the same key share the value. Empty: a "
        "new anonymous variable on every run.\n"
        "debug_name: how error messages name the variable (default: shared_name).\n"
        "dtype: the dtype of the variable's values.\n"
        "shape: the declared shape; assigned values must be compatible with it.")

register_op("ReadVariableOp").input("resource: resource").output("value: dtype") \
    .attr("dtype: type").set_is_stateful().set_shape_fn(_read_shape).doc(
        "The current value of a variable (FailedPreconditionError when it has none).\n\n"
        "resource: the variable's handle.\n"
        "dtype: the dtype of the variable.")

register_op("AssignVariableOp").input("resource: resource").input("value: dtype") \
    .attr("dtype: type").set_is_stateful().set_shape_fn(_assign_shape(False)).doc(
        "Replaces a variable's value.\n\n"
        "resource: the variable's handle.\n"
        "value: the new value: the variable's dtype, a shape compatible with its declared "
        "shape.")

for _name, _verb in (("AssignAddVariableOp", "Adds value to"),
                     ("AssignSubVariableOp", "Subtracts value from")):
    register_op(_name).input("resource: resource").input("value: dtype") \
        .attr("dtype: {numbertype, complextype}").set_is_stateful() \
        .set_shape_fn(_assign_shape(True)).doc(
            f"{_verb} a variable's value (FailedPreconditionError when it has none).\n\n"
            f"resource: the variable's handle.\n"
            f"value: the variable's dtype; it may broadcast, but must leave the variable's "
            f"shape unchanged.")

# Row updates: the rows `indices` of a variable combined with `updates` (repeats combine in turn).
SCATTER_OPS = {"ResourceScatterAdd": "adds", "ResourceScatterSub": "subtracts",
               "ResourceScatterMul": "multiplies by", "ResourceScatterDiv": "divides by",
               "ResourceScatterMin": "takes the least of it and", "ResourceScatterMax":
               "takes the greatest of it and", "ResourceScatterUpdate": "replaces it by"}
for _name, _verb in SCATTER_OPS.items():
    _types = ("{numbertype, complextype, bool}" if _name == "ResourceScatterUpdate"
              else "realnumbertype" if _name in ("ResourceScatterMin", "ResourceScatterMax")
              else "{numbertype, complextype}")
    register_op(_name).input("resource: resource").input("indices: Tindices") \
        .input("updates: dtype").attr(f"dtype: {_types}").attr("Tindices: {int32, int64}") \
        .set_is_stateful().set_shape_fn(_scatter_shape).doc(
            f"Each row indices[i] of a variable {_verb} updates[i] (repeated rows in turn).\n\n"
            f"resource: the variable's handle.\n"
            f"indices: rows of the variable (its first dimension).\n"
            f"updates: one row per index: shape indices.shape + the variable's shape[1:].")

register_op("VarIsInitializedOp").input("resource: resource").output("is_initialized: bool") \
    .set_is_stateful().set_shape_fn(_is_initialized_shape).doc(
        "Whether a variable has a value in the current run.\n\n"
        "resource: the variable's handle.")

register_op("TruncatedNormal").input("shape: T").output("output: dtype") \
    .attr("seed: int = 0").attr("seed2: int = 0").attr("dtype: floattype") \
    .attr("T: {int32, int64}").set_is_stateful() \
    .set_shape_fn(lambda c: [shape_from_tensor(c, 0, "shape")]).doc(
        "Floats from the standard normal distribution, redrawn until within 2 of the mean.\n\n"
        "shape: the shape of the output, a vector.\n"
        "seed: with seed2, selects the random stream; both 0 means unseeded.\n"
        "seed2: the second seed.\n"
        "dtype: the dtype of the output.")
