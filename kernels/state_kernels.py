"""Kernels of the resource-variable ops, and of `TruncatedNormal`, written once against `ctx.xp`.

A variable's value is an array stored in the `ResourceManager` its handle names; it lives on
the device of the kernel that last assigned it and is copied to wherever it is read. Stored
arrays are never changed in place (an assign stores a new array), so tensors read earlier keep
their values. String variables keep their values in host memory on every device.
"""

import itertools

import numpy as np

from autograph.kernels.common import BOTH, NUMBERS_AND_BOOL, dims, object_scalar
from autograph.runtime.core import random_seed
from autograph.runtime.core.dtypes import as_dtype, string
from autograph.runtime.core.errors import FailedPreconditionError, InvalidArgumentError
from autograph.runtime.core.tensor_shape import format_raw
from autograph.runtime.exec import resources
from autograph.runtime.ops.state.defs import (
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
