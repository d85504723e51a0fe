"""`ag.clip_by_norm` and `ag.clip_by_global_norm`: gradient clipping, as TensorFlow's clip_ops."""

from __future__ import annotations

from typing import Any, Sequence

from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.ops import where
from autograph.runtime.ops.creation.ops import cast, ones_like
from autograph.runtime.ops.graph.ops import name_scope
from autograph.runtime.ops.linalg.matrix import global_norm
from autograph.runtime.ops.math.ops import (
    add,
    greater,
    maximum,
    minimum,
    multiply,
    reduce_sum,
    sqrt,
    square,
    subtract,
)


def clip_by_norm(t: Any, clip_norm: Any, axes: Any = None, name: str | None = None) -> Tensor:
    """`t` scaled down so that its L2 norm along `axes` is at most `clip_norm`.

    >>> clip_by_norm([3.0, 4.0], 1.0).numpy()
    array([0.6, 0.8], dtype=float32)
    """
    with name_scope(name, "clip_by_norm"):
        t = convert_to_tensor(t)
        squares = reduce_sum(square(t), axes, keepdims=True)
        positive = greater(squares, 0)
        # sqrt(0) has an infinite gradient: take the root only where the sum is positive.
        l2norm = where(positive, sqrt(where(positive, squares, ones_like(squares))),
                       squares)
        clip_norm = cast(clip_norm, t.dtype)
        return multiply(t, clip_norm) / maximum(l2norm, clip_norm)


def clip_by_global_norm(t_list: Sequence[Any], clip_norm: Any, use_norm: Any = None,
                        name: str | None = None) -> tuple[list[Any], Tensor]:
    """Scales every tensor of `t_list` by `clip_norm / max(global_norm, clip_norm)`.

    Returns the scaled list (None entries stay None) and the global norm of the inputs.

    >>> [t.numpy() for t in clip_by_global_norm([[3.0], [4.0]], 1.0)[0]]
    [array([0.6], dtype=float32), array([0.8], dtype=float32)]
    """
    with name_scope(name, "clip_by_global_norm"):
        norm_ = global_norm(t_list) if use_norm is None else convert_to_tensor(use_norm)
        clip_norm = cast(clip_norm, norm_.dtype)
        scale = multiply(clip_norm, minimum(1.0 / norm_, 1.0 / clip_norm))
        scale = add(scale, subtract(norm_, norm_))  # an infinite norm makes every value nan
        clipped = [None if t is None else multiply(convert_to_tensor(t),
                                                   cast(scale, convert_to_tensor(t).dtype))
                   for t in t_list]
        return clipped, norm_
