"""What the kernel families share: the device pair, a dtype group, a switch for NumPy's warnings,
the maximum or minimum along a short last axis, and two host-side helpers.

Every family module (`math_kernels`, `array_kernels`, ...) takes these from here; no family
imports another, and `kernels/__init__.py` is the one module that imports every family.
"""

from __future__ import annotations

import functools
import math
from typing import Any, Callable

import numpy as np

from autograph.runtime.core.dtypes import NUMBER_TYPES, bool_

BOTH = ("CPU", "GPU")  # the devices of a kernel written once against `ctx.xp`
NUMBERS_AND_BOOL = NUMBER_TYPES + (bool_,)


def quiet(fn: Callable, arity: int | None = None) -> Callable:
    """Runs kernel `fn` with NumPy's floating-point warnings off.

    NumPy warns where TensorFlow is silent (0 / 0, log(0), sqrt(-1)); CuPy never warns. With
    `arity` 1 or 2, the function takes exactly that many positional arguments (as a kernel's
    specialization does), which spares packing them into `*args, **kwargs`.
    """
    if _errors is None:  # a NumPy without the context variable: its public errstate
        @functools.wraps(fn)
        def kernel(*args, **kwargs):
            with np.errstate(all="ignore"):
                return fn(*args, **kwargs)
        return kernel
    if arity == 1:
        def quiet_unary(x):
            token = _set_errors(_IGNORE)
            try:
                return fn(x)
            finally:
                _reset_errors(token)
        return quiet_unary
    if arity == 2:
        def quiet_binary(x, y):
            token = _set_errors(_IGNORE)
            try:
                return fn(x, y)
            finally:
                _reset_errors(token)
        return quiet_binary

    @functools.wraps(fn)
    def quiet_kernel(*args, **kwargs):
        token = _set_errors(_IGNORE)
        try:
            return fn(*args, **kwargs)
        finally:
            _reset_errors(token)
    return quiet_kernel


def _ignore_all() -> tuple[Any, Any]:
    """NumPy 2's context variable of error settings, and its value with every warning off:
    what `np.errstate(all="ignore")` sets and resets, without the object it builds on each
    use (about 1 µs per kernel call). (None, None) where NumPy has no such variable."""
    config: Any = getattr(getattr(np, "_core", None), "_ufunc_config", None)  # loaded already
    try:
        variable = config._extobj_contextvar
        token = variable.set(config._make_extobj(all="ignore"))
    except (AttributeError, TypeError):
        return None, None
    try:
        return variable, variable.get()
    finally:
        variable.reset(token)


_errors, _IGNORE = _ignore_all()
if _errors is not None:
    _set_errors, _reset_errors = _errors.set, _errors.reset


def dims(sizes: Any) -> tuple[int, ...]:
    """A host array of sizes (a shape, tile multiples) as a tuple of Python ints."""
    return tuple(np.asarray(sizes).reshape(-1).tolist())


def object_scalar(value: Any) -> np.ndarray:
    """A 0-d object array holding `value`: how a resource handle or a list is a tensor."""
    array = np.empty((), dtype=object)
    array[()] = value
    return array


def full(ctx: Any, shape: tuple[int, ...], value: Any, dtype: Any) -> Any:
    """`xp.full(shape, value, dtype=dtype)` on device `ctx`, keeping the sign of a zero `value`.

    CuPy fills with a zero by clearing the memory, which turns -0.0 into 0.0; the value moved
    to the device as `Device.import_array` moves it (bit for bit), then broadcast and copied,
    keeps its bits.
    """
    if ctx.is_host:
        return np.full(shape, value, dtype=dtype)
    if not isinstance(value, ctx.xp.ndarray):
        value = ctx.import_array(np.asarray(value))
    return ctx.xp.broadcast_to(value.astype(dtype, copy=False), shape).copy()


SHORT_AXIS = 32
"""The longest last axis whose maximum or minimum is taken over a transposed copy. NumPy
reduces each row of a last axis in an inner-loop call of its own, about 70 ns a row: the
maximum over the last axis of 256x10 float32 took 21 µs and of 4096x10 288 µs, against 4.3
and 23 µs over the copy (256x32: 32 against 8 µs; 256x64: 33 against 26; 256x128: 31 against
51), on x86_64 with NumPy 2.4."""


def last_axis_extremum(xp: Any, reduce: str, x: Any, keepdims: bool = False) -> Any:
    """`xp.amax(x, axis=-1)` or `xp.amin` (`reduce`): for a NumPy array of many short rows,
    over a copy with the last axis first, whose rows are combined a whole column at a time. The
    maximum of the same values is the same value whatever the order they are taken in."""
    if xp is np and by_columns(x.shape):
        found = getattr(np, reduce)(np.ascontiguousarray(np.moveaxis(x, -1, 0)), axis=0)
        return found[..., None] if keepdims else found
    return getattr(xp, reduce)(x, axis=-1, keepdims=keepdims)


def by_columns(shape: tuple[int, ...]) -> bool:
    """Whether `last_axis_extremum` takes an array of `shape` a column at a time: a last axis
    of 2 to `SHORT_AXIS` elements, and at least 16 rows (with fewer it gains nothing)."""
    return len(shape) > 1 and 1 < shape[-1] <= SHORT_AXIS and math.prod(shape[:-1]) >= 16
