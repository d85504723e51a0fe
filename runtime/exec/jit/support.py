"""Numba helpers that generated jit kernels call: TensorFlow's arithmetic where it differs
from Python's, and the text buffer that compiled `ag.print`s write into.

Importing this module imports numba; `runtime.exec.jit` imports it only when compiling.

Prints inside a compiled loop cannot go to `sys.stdout` as it is at run time: numba's `print`
writes to the process's C-level stdout, which `contextlib.redirect_stdout` and pytest's capture
never see. So a kernel appends each print's bytes to a growing `uint8` buffer and returns it,
and the caller writes the text to `sys.stdout` once the kernel has finished.
"""

from __future__ import annotations

import numba
import numpy as np

# Inlined by numba, not called: fizzbuzz (n=1000) takes 0.008 ms a call inlined, 0.09-0.14 ms
# with calls to these helpers.
_inline = numba.njit(inline="always", error_model="numpy", cache=False)


class JitDivisionError(Exception):
    """Raised inside a kernel where the plan's kernel raises (the caller reruns the plan)."""


@_inline
def _jit_floordiv_f(x, y):
    return np.floor(x / y)  # TensorFlow's definition, as the plan's kernel


@_inline
def _jit_floordiv_i(x, y):
    if y == 0:
        raise JitDivisionError()
    return x // y  # numba floors integer division as Python does


@_inline
def _jit_floormod_f(x, y):
    r = np.fmod(x, y)
    return r + y if r != 0 and (y < 0) != (r < 0) else r


@_inline
def _jit_floormod_i(x, y):
    if y == 0:
        raise JitDivisionError()
    return x % y  # the divisor's sign, as NumPy's remainder


@_inline
def _jit_pow_f(x, y):
    return x ** y


@_inline
def _jit_pow_i(x, y):
    if y < 0:
        raise JitDivisionError()
    result = 1
    for _ in range(y):
        result *= x
    return result


@_inline
def _jit_maximum(x, y):
    return x if x != x or x > y else y  # NaN propagates, as np.maximum


@_inline
def _jit_minimum(x, y):
    return x if x != x or x < y else y


@_inline
def _jit_sigmoid(x):
    e = np.exp(-abs(x))  # in (0, 1]: no overflow, as the plan's kernel
    return 1 / (1 + e) if x >= 0 else e / (1 + e)


@_inline
def _jit_text(buffer, used, data):
    """Appends the bytes `data` (a uint8 array) to `buffer`; returns it (maybe regrown)."""
    buffer = _room(buffer, used, data.size)
    for i in range(data.size):  # a loop: slice assignment takes numba seconds to compile
        buffer[used + i] = data[i]
    return buffer, used + data.size


@_inline
def _jit_int(buffer, used, value):
    """Appends the decimal digits of the integer `value` (an int64 at most)."""
    buffer = _room(buffer, used, 21)
    v = np.int64(value)
    if v < 0:
        buffer[used] = 45  # '-'
        used += 1
    digits = 1
    rest = _toward_zero(v)
    while rest != 0:
        digits += 1
        rest = _toward_zero(rest)
    for i in range(digits):
        buffer[used + digits - 1 - i] = 48 + abs(v % 10 if v >= 0 else v % -10)
        v = _toward_zero(v)
    return buffer, used + digits


@_inline
def _toward_zero(v):
    """v / 10 rounded toward zero (no overflow at the int64 minimum, unlike abs(v))."""
    return v // 10 if v >= 0 else -(v // -10)


@_inline
def _room(buffer, used, more):
    if used + more <= buffer.size:
        return buffer
    size = max(2 * buffer.size, used + more)
    grown = np.empty(size, np.uint8)
    for i in range(used):
        grown[i] = buffer[i]
    return grown


HELPERS = {name: value for name, value in globals().items() if name.startswith("_jit_")}
HELPERS.update(np=np, JitDivisionError=JitDivisionError)
