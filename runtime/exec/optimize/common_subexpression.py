"""Common subexpression elimination: an op that repeats an earlier one (same type, inputs,
attrs and device) is dropped, its readers reading the earlier op's outputs.

    a = Mul(x, y); b = Mul(x, y); z = Add(a, b)   ->   a = Mul(x, y); z = Add(a, a)

Inputs of commutative ops (`Add`, `Mul`, ... as their OpDef says) compare in either order:
IEEE addition and multiplication are commutative, bit for bit. Constants merge when their
values are equal bit for bit (so `0.0` and `-0.0` stay apart) and hold at most
`MAX_COMPARED_BYTES`. Ops `Rewrite.frozen` protects are never merged (two random draws are two
draws), nor ops making resources or lists, nor ops with attrs that cannot be compared.
"""

from __future__ import annotations

from typing import Any, Hashable

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.exec.optimize.rewrite import Rewrite
from autograph.runtime.graph.operation import Operation

MAX_COMPARED_BYTES = 64 * 1024


_PLAIN = frozenset({dtypes.DType, int, str, bool, type(None)})


class _Incomparable(Exception):
    pass


def run(rewrite: Rewrite) -> int:
    """Merges repeated ops into their first occurrence; returns how many were merged."""
    seen: dict[Hashable, Operation] = {}
    frozen_values: dict[int, Hashable] = {}  # id(array) -> `_frozen`: constants share arrays
    merged = 0
    frozen = rewrite.frozen
    for op in rewrite.walk():
        if frozen(op) or not _comparable_outputs(op):
            continue
        key: Hashable
        try:
            if op.type == "Const":  # the most common op: its value is the key
                value = op.attrs["value"]
                frozen_value = frozen_values.get(id(value))
                if frozen_value is None:
                    frozen_value = frozen_values[id(value)] = _frozen(value)
                key = "Const", op.device, op.attrs["dtype"], frozen_value
            else:
                key = _key(op)
        except _Incomparable:
            continue
        first = seen.setdefault(key, op)
        if first is not op:
            rewrite.replace(op, first.outputs)
            merged += 1
    return merged


def _comparable_outputs(op: Operation) -> bool:
    """Whether no output is a resource or a list (two of them are two, whatever made them)."""
    for t in op.outputs:
        if t.dtype is dtypes.resource or t.dtype is dtypes.variant:
            return False
    return True


def _key(op: Operation) -> Hashable:
    inputs = tuple([id(t) for t in op.inputs])
    if len(inputs) == 2 and op.op_def.is_commutative and inputs[0] > inputs[1]:
        inputs = inputs[::-1]
    attrs = tuple(sorted(op.attrs.items()))
    for _, value in attrs:
        if type(value) not in _PLAIN:  # most attrs are dtypes, ints and strings
            attrs = tuple((name, _frozen(value)) for name, value in attrs)
            break
    return op.type, op.device, inputs, op.input_arg_lengths, attrs


def _frozen(value: Any) -> Hashable:
    """A hashable stand-in for an attr value, equal only for equal values of the same type."""
    if type(value) in _PLAIN:
        return value  # dtypes, ints, strings, bools: their types differ or compare unequal
    if isinstance(value, (np.ndarray, np.generic)):
        value = np.asarray(value)
        if value.dtype.kind == "O":
            if value.size > 1024:
                raise _Incomparable
            return "object array", value.shape, tuple(value.ravel().tolist())
        if value.nbytes > MAX_COMPARED_BYTES:
            raise _Incomparable
        return "array", value.dtype.str, value.shape, value.tobytes()
    if isinstance(value, (list, tuple)):
        return type(value).__name__, tuple(_frozen(v) for v in value)
    if isinstance(value, float):
        return "float", np.float64(value).tobytes()  # -0.0 and 0.0 apart, NaN equal to NaN
    try:
        hash(value)
    except TypeError:
        raise _Incomparable from None
    return type(value).__name__, value
