"""Helpers the gradient functions share: undoing broadcasting, static shapes, conjugates."""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.graph.constant_value import constant_value
from autograph.runtime.graph.tensor import EagerTensor, Tensor
from autograph.runtime.ops.array.ops import (
    _broadcast_gradient_args,
    _broadcast_to,
    _conj,
    _reshape,
    _shape,
)
from autograph.runtime.ops.reduction.ops import _sum

_INT32 = {"out_type": dtypes.int32}


def known_value(t: Tensor) -> np.ndarray | None:
    """`t`'s value when known now: an eager tensor's, or a graph constant's."""
    if isinstance(t, EagerTensor):
        return t.numpy()
    return constant_value(t)


def static_dims(t: Tensor) -> list[int] | None:
    """`t`'s dims when all are known, else None."""
    if not t.shape.is_fully_defined():
        return None
    return [int(d) for d in t.shape.as_list() if d is not None]


def reduce_to(grad: Tensor, x: Tensor) -> Tensor:
    """`grad`, of the shape `x` was broadcast to, summed back to `x`'s shape."""
    g, s = static_dims(grad), static_dims(x)
    if g is not None and s is not None:
        if g == s:
            return grad
        lead = len(g) - len(s)
        axes = list(range(lead)) + [lead + i for i, d in enumerate(s)
                                    if d == 1 and g[lead + i] != 1]
        if axes:
            grad = _sum.run([grad, axes], {"keep_dims": False})
        return grad if static_dims(grad) == s else _reshape.run([grad, s])
    x_shape = _shape.run([x], _INT32)
    axes, _ = _broadcast_gradient_args.run([x_shape, _shape.run([grad], _INT32)])
    reduced = _reshape.run([_sum.run([grad, axes], {"keep_dims": False}), x_shape])
    if not isinstance(reduced, EagerTensor):  # x's static shape, which the reshape cannot see
        reduced.set_shape(x.shape)
    return reduced


def broadcast_like(grad: Tensor, x: Tensor) -> Tensor:
    """`grad` broadcast to `x`'s shape."""
    dims = static_dims(x)
    if dims is not None:
        if static_dims(grad) == dims:
            return grad
        return _broadcast_to.run([grad, np.array(dims, np.int32)])
    return _broadcast_to.run([grad, _shape.run([x], _INT32)])


def conj(t: Tensor) -> Tensor:
    return _conj.run([t]) if t.dtype.is_complex else t


def binary_grads(op: Any, gx: Any, gy: Any) -> list[Any]:
    """The gradients of a broadcasting binary op's inputs, each summed to its input's shape."""
    x, y = op.inputs
    return [None if gx is None else reduce_to(gx, x), None if gy is None else reduce_to(gy, y)]

