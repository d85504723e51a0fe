"""Arithmetic simplification: operations that give back one of their inputs unchanged are
bypassed, their readers reading that input.

    y = Mul(x, Const(1.0)); z = Neg(Neg(y))   ->   z reads x

The rules keep every bit of every value, dtype and shape included, so results are the same
with the pass on or off:

- `x * 1`, `1 * x`, `x / 1` (floats; `x // 1` for integers): when the ones broadcast into x's
  shape without changing it (a scalar always does; `x * ones([3])` with `x` of shape [?] may not,
  and stays).
- `x + 0`, `0 + x`, `x - 0` for integers; for floats only `x + (-0.0)` and `x - (+0.0)`, the
  forms that are exact: `-0.0 + 0.0` is `+0.0`, so `x + 0.0` is not `x` for `x = -0.0`.
  (TensorFlow's grappler rewrites `x + 0.0` to `x` regardless; we do not.)
- `Neg(Neg(x))`, `LogicalNot(LogicalNot(x))`, `Invert(Invert(x))`, `Conj(Conj(x))`.
- `Cast` to the dtype it has, `Reshape` to the static shape it has (both fully known), and
  `Transpose` by the identity permutation.

Complex numbers are left alone (`x * (1 + 0j)` turns an infinite imaginary part into NaN). Ops
`Rewrite.frozen` protects (fetched ones among them) stay, though they may read the simplified
inputs.
"""

from __future__ import annotations

import functools
import math
from typing import Any

import numpy as np

from autograph.runtime.exec.optimize.rewrite import Rewrite, const_value
from autograph.runtime.graph.operation import Operation, SymbolicTensor

_INVOLUTIONS = frozenset({"Neg", "LogicalNot", "Invert", "Conj"})


def run(rewrite: Rewrite) -> int:
    """Bypasses the ops that give back an input; returns how many."""
    simplified = 0
    for op in rewrite.walk():
        if rewrite.frozen(op) or len(op.outputs) != 1:
            continue
        kept = _kept_input(op)
        # An op it would stop reading must not be frozen: one with control inputs (a constant
        # made under control_dependencies) runs only while something reads it.
        if kept is not None and kept.dtype == op.outputs[0].dtype and all(
                t is kept or not rewrite.frozen(t.op) for t in op.inputs):
            rewrite.replace(op, [kept])
            simplified += 1
    return simplified


def _kept_input(op: Operation) -> SymbolicTensor | None:
    """The input `op` gives back unchanged (or its input's input), or None."""
    if op.type in _INVOLUTIONS:
        (x,) = op.inputs
        return x.op.inputs[0] if x.op.type == op.type else None
    rule = _BINARY.get(op.type)
    if rule is not None:
        for x, c, x_first in ((op.inputs[0], op.inputs[1], True),
                              (op.inputs[1], op.inputs[0], False)):
            value = const_value(c)
            if (value is not None and (x_first or rule[1]) and _keeps_shape(x, value)
                    and rule[0](x.dtype.as_numpy_dtype, value)):
                return x
        return None
    if op.type == "Cast":
        return op.inputs[0]  # kept by run() only where the dtype is the same
    if op.type == "Reshape":
        x, shape = op.inputs[0], op.outputs[0]._shape
        known = x._shape is not None and None not in x._shape
        return x if known and shape is not None and tuple(x._shape) == tuple(shape) else None
    if op.type == "Transpose":
        perm = const_value(op.inputs[1])
        return op.inputs[0] if perm is not None and (
            perm.tolist() == list(range(perm.size))) else None
    return None


def _keeps_shape(x: SymbolicTensor, value: np.ndarray) -> bool:
    """Whether broadcasting `value` against `x` leaves x's shape as it is."""
    if value.ndim == 0:
        return True
    shape = x._shape
    if shape is None or value.ndim > len(shape):
        return False
    return all(c == 1 or (d is not None and d == c)
               for d, c in zip(shape[len(shape) - value.ndim:], value.shape))


@functools.cache
def _kind(dtype: Any) -> str:
    return np.dtype(dtype).kind


def _ones(dtype: Any, value: np.ndarray) -> bool:
    if _kind(dtype) not in "iuf" or value.dtype.kind not in "iuf":
        return False
    return value.item() == 1 if value.ndim == 0 else bool(np.all(value == 1))


def _int_ones(dtype: Any, value: np.ndarray) -> bool:
    return _kind(dtype) in "iu" and _ones(dtype, value)


def _float_ones(dtype: Any, value: np.ndarray) -> bool:
    return _kind(dtype) == "f" and _ones(dtype, value)


def _zeros(negative: bool):
    """All zeros: for floats all -0.0 (`negative`) or all +0.0."""
    def test(dtype: Any, value: np.ndarray) -> bool:
        kind = _kind(dtype)
        if kind in "iu":
            return value.dtype.kind in "iu" and (
                value.item() == 0 if value.ndim == 0 else not value.any())
        if kind != "f" or value.dtype.kind != "f":
            return False
        if value.ndim == 0:
            v = value.item()
            return v == 0 and (math.copysign(1.0, v) < 0) == negative
        return not value.any() and bool(np.all(np.signbit(value) == negative))
    return test


# op type -> (test of the constant, whether the constant may come first)
_BINARY = {
    "Mul": (_ones, True),
    "RealDiv": (_float_ones, False),
    "FloorDiv": (_int_ones, False),
    "AddV2": (_zeros(negative=True), True),
    "Sub": (_zeros(negative=False), False),
}
