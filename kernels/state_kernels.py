"""Kernels of the resource-variable ops, and of `TruncatedNormal`, written once against `ctx.xp`.

A variable's value is an array stored in the `ResourceManager` its handle names; it lives on
the device of the kernel that last assigned it and is copied to wherever it is read. Assigns
store a new array, so tensors read earlier keep their values. Row updates (`ResourceScatter*`,
a sparse gradient's step) change the stored array in place when nothing else holds it (its
reference count says so; a read tensor or a view of it counts), else a copy: updating 32 rows
of a 100,000 x 64 float32 table in place takes microseconds where the copy takes milliseconds
(`python3 benchmarks/sparse_embedding.py`). String variables keep their values in host memory
on every device.
"""

import itertools
import sys

import numpy as np

from autograph.kernels.common import BOTH, NUMBERS_AND_BOOL, dims, object_scalar
from autograph.runtime.core import random_seed
from autograph.runtime.core.dtypes import as_dtype, string
from autograph.runtime.core.errors import FailedPreconditionError, InvalidArgumentError
from autograph.runtime.core.tensor_shape import format_raw
from autograph.runtime.exec import resources
from autograph.runtime.ops.state.defs import (
    SCATTER_OPS,
    ResourceHandle,
    assign_mismatch,
    handle_value,
    read_mismatch,
)
from autograph.runtime.registry.kernel_registry import register_kernel

_anonymous = itertools.count()


@register_kernel("VarHandleOp", device=BOTH, host_memory=("resource",))
def var_handle(ctx, container, shared_name, debug_name, dtype, shape):
    name = shared_name or f"_AnonymousVar{next(_anonymous)}"
    return object_scalar(ResourceHandle(("variable", container, name), debug_name or name,
                                         dtype, shape, ctx.name, resources.current()))


def _stored(handle: ResourceHandle):
    if not handle.manager.contains(handle.key):
        raise FailedPreconditionError(
            f"Attempting to use uninitialized value {handle.name}: run its initializer first, "
            f"e.g. sess.run(ag.global_variables_initializer()).")
    return handle.manager.lookup(handle.key)


@register_kernel("ReadVariableOp", device=BOTH, type_constraints={"dtype": NUMBERS_AND_BOOL},
                 host_memory=("resource",))
def read_variable(ctx, resource, dtype):
    handle = handle_value(resource)
    problem = read_mismatch(handle, dtype)
    if problem:
        raise InvalidArgumentError(problem)
    return ctx.import_array(_stored(handle))


@register_kernel("ReadVariableOp", device=BOTH, type_constraints={"dtype": [string]},
                 host_memory=("resource", "value"))
def read_string_variable(ctx, resource, dtype):
    handle = handle_value(resource)
    problem = read_mismatch(handle, dtype)
    if problem:
        raise InvalidArgumentError(problem)
    return _stored(handle)


def _check_assign(handle: ResourceHandle, value, update: bool) -> None:
    problem = assign_mismatch(handle, _dtype(value), tuple(value.shape), update)
    if problem:
        raise InvalidArgumentError(problem)


def _dtype(array):
    return string if array.dtype == object else as_dtype(array.dtype)


@register_kernel("AssignVariableOp", device=BOTH, type_constraints={"dtype": NUMBERS_AND_BOOL},
                 host_memory=("resource",))
def assign_variable(ctx, resource, value):
    handle = handle_value(resource)
    _check_assign(handle, value, update=False)
    # A copy: the input may be a constant or a caller's array, which must not change the variable.
    handle.manager.set(handle.key, ctx.xp.array(value, copy=True))


@register_kernel("AssignVariableOp", device=BOTH, type_constraints={"dtype": [string]},
                 host_memory=("resource", "value"))
def assign_string_variable(ctx, resource, value):
    handle = handle_value(resource)
    _check_assign(handle, value, update=False)
    handle.manager.set(handle.key, np.array(value, copy=True))


def _update(ctx, resource, value, combine):
    handle = handle_value(resource)
    _check_assign(handle, value, update=True)
    old = ctx.import_array(_stored(handle))
    if (sys.getrefcount(old) <= _UNSHARED and value.dtype == old.dtype
            and getattr(old.flags, "writeable", True)
            and _broadcasts_into(value.shape, old.shape)):
        # Nothing else holds the stored array (no read's value, no view of it): updated in
        # place, the same bits as a new array.
        combine(old, value, out=old)
        handle.manager.set(handle.key, old)
        return
    new = ctx.xp.asarray(combine(old, value))
    if new.shape != old.shape:
        raise InvalidArgumentError(
            f"Cannot update variable {handle.name} of shape {format_raw(old.shape)} with a "
            f"value of shape {format_raw(value.shape)}: the value must broadcast to the "
            f"variable's shape without changing it.")
    handle.manager.set(handle.key, new.astype(old.dtype, copy=False))


@register_kernel("AssignAddVariableOp", device=BOTH, host_memory=("resource",))
def assign_add_variable(ctx, resource, value):
    _update(ctx, resource, value, ctx.xp.add)


@register_kernel("AssignSubVariableOp", device=BOTH, host_memory=("resource",))
def assign_sub_variable(ctx, resource, value):
    _update(ctx, resource, value, ctx.xp.subtract)


_COMBINE = {"ResourceScatterAdd": "add", "ResourceScatterSub": "subtract",
            "ResourceScatterMul": "multiply", "ResourceScatterDiv": "divide",
            "ResourceScatterMin": "minimum", "ResourceScatterMax": "maximum",
            "ResourceScatterUpdate": None}
# References to a stored array that no one else holds: the manager's, `stored` in _scatter
# (`old` in _update) and getrefcount's argument.
_UNSHARED = 3


def _broadcasts_into(shape: tuple, into: tuple) -> bool:
    """Whether a value of `shape` broadcasts to `into` without widening it."""
    return len(shape) <= len(into) and all(
        d == 1 or d == n for d, n in zip(reversed(shape), reversed(into)))


def _scatter_kernel(how: str | None):
    def kernel(ctx, resource, indices, updates):
        handle = handle_value(resource)
        stored = _stored(handle)
        shared = sys.getrefcount(stored) > _UNSHARED
        problem = assign_mismatch(handle, _dtype(updates), tuple(updates.shape), True)
        if problem and _dtype(updates) is not _dtype(stored):
            raise InvalidArgumentError(problem)
        rows = stored.shape[0] if stored.ndim else 0
        flat = indices.reshape(-1)
        bad = (flat < 0) | (flat >= rows)
        if flat.size and bool(bad.any()):
            at = int(np.argmax(ctx.to_host(bad)))
            raise InvalidArgumentError(f"indices[{at}] = {int(ctx.to_host(flat)[at])} is not in "
                                       f"[0, {rows})")
        expected = tuple(indices.shape) + tuple(stored.shape[1:])
        if tuple(updates.shape) != expected:
            raise InvalidArgumentError(
                f"updates must have shape indices.shape + the variable's shape[1:] = "
                f"{format_raw(expected)}, got {format_raw(updates.shape)} (variable "
                f"{handle.name})")
        target = ctx.import_array(stored)
        if target is stored and shared:
            target = stored.copy()  # a read tensor (or a view) holds the old value
        values = updates.reshape((flat.shape[0],) + tuple(stored.shape[1:]))
        if how is None:
            target[flat] = values
        else:
            getattr(ctx.xp, how).at(target, flat, values)
        if target is not stored:
            handle.manager.set(handle.key, target)
    return kernel


for _op in SCATTER_OPS:
    register_kernel(_op, device=BOTH, host_memory=("resource",))(_scatter_kernel(_COMBINE[_op]))


@register_kernel("VarIsInitializedOp", device=BOTH, host_memory=("resource", "is_initialized"))
def var_is_initialized(ctx, resource):
    handle = handle_value(resource)
    return np.array(handle.manager.contains(handle.key))


@register_kernel("TruncatedNormal", device=BOTH, host_memory=("shape",))
def truncated_normal(ctx, shape, seed, seed2, dtype):
    size = dims(shape)
    if 0 in size:
        return ctx.xp.empty(size, dtype.np_dtype)
    state = random_seed.stream(ctx, seed, seed2)
    out = state.standard_normal(size)
    outside = ctx.xp.abs(out) > 2.0
    count = int(outside.sum())
    while count:  # redraw what fell outside [-2, 2]; about 4.6% each round
        out[outside] = state.standard_normal((count,))
        outside = ctx.xp.abs(out) > 2.0
        count = int(outside.sum())
    return out.astype(dtype.np_dtype)
