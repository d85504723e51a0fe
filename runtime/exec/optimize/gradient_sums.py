"""Gradient sums in one op: where shapes are known only when the graph runs (a batch of any
size), the gradient of a broadcasting op (`x + b`, `x * y`) sums its incoming gradient back to
each input's shape with four ops besides the input's shape; they become one `_SumToShape`.

    sx = Shape(x); sg = Shape(g); rx, _ = BroadcastGradientArgs(sx, sg)
    gx = Reshape(Sum(g, rx), sx)                ->   gx = _SumToShape(g, sx)

(`sx` may be a constant: the shape of a bias, folded.) Its kernel calls the same reduction on
the same axes, and returns `g` itself when `g` already has that shape (most such sums in a
training step, where the sum would copy `g` over the axes of size 1 in both), so results are
the same with the pass on or off. The `Shape(g)`, `BroadcastGradientArgs` and `Sum` ops left
unread go with pruning, which runs after this pass. Part of `remapping`, as TensorFlow's
remapper fuses patterns of ops into one.
"""

from __future__ import annotations

import functools
from typing import Any

from autograph.runtime.exec.optimize.rewrite import Rewrite
from autograph.runtime.graph.operation import Operation, SymbolicTensor
from autograph.runtime.registry.op_registry import op_registry


def run(rewrite: Rewrite) -> int:
    """Replaces each gradient sum's four ops with one; returns how many it replaced."""
    replaced = 0
    if not any(op.type == "BroadcastGradientArgs" for op in rewrite.ops):
        return 0  # no gradient sum: no walk (most graphs that are not training steps)
    for op in rewrite.walk():
        if op.type != "Reshape" or rewrite.frozen(op):
            continue
        gradient = _summed(rewrite, op)
        if gradient is not None:
            shape = op.inputs[1]
            fused = rewrite.insert(op, "_SumToShape", {"T": gradient.dtype, "Tshape": shape.dtype},
                                   [gradient, shape], [(gradient.dtype, op.outputs[0]._shape)],
                                   _sum_to_shape())
            rewrite.replace(op, fused.outputs)
            replaced += 1
    return replaced


def _summed(rewrite: Rewrite, reshape: Operation) -> SymbolicTensor | None:
    """g where `reshape` is `Reshape(Sum(g, BroadcastGradientArgs(s, Shape(g))[0]), s)`, the
    ops between free to rewrite; else None."""
    summed, shape = reshape.inputs
    total = summed.op
    if total.type != "Sum" or total.attrs["keep_dims"] or rewrite.frozen(total):
        return None
    gradient, axes = total.inputs
    args = axes.op
    if (args.type != "BroadcastGradientArgs" or axes.value_index != 0 or rewrite.frozen(args)
            or args.inputs[0] is not shape):
        return None
    shape_of_gradient = args.inputs[1].op
    if (shape_of_gradient.type != "Shape" or rewrite.frozen(shape_of_gradient)
            or shape_of_gradient.inputs[0] is not gradient):
        return None
    return gradient


@functools.cache
def _sum_to_shape() -> Any:
    return op_registry().lookup("_SumToShape").op_def
