"""`ag.math.cumprod` and `ag.math.cumulative_logsumexp`: scans composed of elementwise ops.

A Hillis-Steele scan: after step k every element has combined the 2^k elements before it, so
an axis of length n takes ceil(log2(n)) steps of one slice, one concat and one combine each.
Products stay exact on integers, and log-sum-exp combines pairs with `logaddexp`, so no element
underflows against a far larger one. The axis must be a Python int and its length known.
"""

from __future__ import annotations

from typing import Any, Callable

from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.ops import concat, reverse, where
from autograph.runtime.ops.array.ops import slice as slice_
from autograph.runtime.ops.creation.ops import ones_like, zeros_like
from autograph.runtime.ops.graph.ops import name_scope
from autograph.runtime.ops.math.ops import (
    abs,
    add,
    exp,
    is_finite,
    log1p,
    maximum,
    multiply,
    negative,
    subtract,
)


def _along(x: Tensor, axis: int, start: int, length: int) -> Tensor:
    """`x[..., start:start + length, ...]` on `axis`."""
    begin = [0] * len(x.shape)  # the rank, known: `_scan` checked it
    size = [-1] * len(x.shape)
    begin[axis], size[axis] = start, length
    return slice_(x, begin, size)


def _scan(x: Any, axis: Any, exclusive: bool, reverse_: bool, combine: Callable,
          fill: Callable[[Tensor], Tensor], function: str) -> Tensor:
    x = convert_to_tensor(x)
    if not isinstance(axis, int) or isinstance(axis, bool):
        raise TypeError(f"{function}: axis must be a Python int, got {type(axis).__name__}")
    rank = x.shape.rank
    if rank is None or not -rank <= axis < rank:
        raise ValueError(f"{function}: axis {axis} is out of range for shape {x.shape}")
    axis %= rank
    n = x.shape[axis]
    if n is None:
        raise ValueError(f"{function} needs the length of axis {axis} known, got shape "
                         f"{x.shape}; give the function an input_signature with it")
    if reverse_:
        x = reverse(x, [axis])
    step = 1
    while step < n:
        x = combine(x, concat([fill(_along(x, axis, 0, step)), _along(x, axis, 0, n - step)],
                              axis))
        step *= 2
    if exclusive and n:
        x = concat([fill(_along(x, axis, 0, 1)), _along(x, axis, 0, n - 1)], axis)
    return reverse(x, [axis]) if reverse_ else x


def cumprod(x: Any, axis: int = 0, exclusive: bool = False, reverse: bool = False,
            name: str | None = None) -> Tensor:
    """The cumulative product of `x` along `axis` (`exclusive`: each leaves out its own
    element; `reverse`: from the end of the axis).

    >>> cumprod([1, 2, 3, 4]).numpy()
    array([ 1,  2,  6, 24], dtype=int32)
    """
    with name_scope(name, "Cumprod"):
        return _scan(x, axis, exclusive, reverse, multiply, ones_like, "ag.math.cumprod")


def _logaddexp(a: Tensor, b: Tensor) -> Tensor:
    larger = maximum(a, b)
    finite = is_finite(larger)
    # Both -inf: the sum is -inf (exp of nothing); larger + log1p(exp(-|a - b|)) gives nan.
    gap = where(finite, negative(abs(subtract(a, b))), zeros_like(a))
    return where(finite, add(larger, log1p(exp(gap))), larger)


def cumulative_logsumexp(x: Any, axis: int = 0, exclusive: bool = False,
                         reverse: bool = False, name: str | None = None) -> Tensor:
    """`log(cumsum(exp(x)))` along `axis`, without overflow or underflow.

    >>> cumulative_logsumexp([0.0, 0.0]).numpy()
    array([0.       , 0.6931472], dtype=float32)
    """
    with name_scope(name, "CumulativeLogsumexp"):
        x = convert_to_tensor(x)
        if not x.dtype.is_floating:
            raise TypeError(f"ag.math.cumulative_logsumexp takes a floating tensor, got "
                            f"{x.dtype.name}")
        return _scan(x, axis, exclusive, reverse, _logaddexp,
                     lambda block: add(zeros_like(block), float("-inf")),
                     "ag.math.cumulative_logsumexp")
