"""Gradients of the scatter ops (ScatterNd, the TensorScatter ops and SparseToDense), as
TensorFlow defines them, and of Sort: the sorted values' gradient gathered back to where each
value came from.

An update's gradient is the output gradient gathered at its coordinates (negated for `Sub`);
the tensor's is the output gradient, with the replaced entries zeroed for `Update`. For `Min`
and `Max` the gradient goes to whichever of the tensor's entry and its updates gave the output,
shared equally among ties.
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.gradients.registry import RegisterGradient

_gather_nd, _scatter_nd, _update, _neg, _equal, _cast, _add, _mul, _div, _zeros_like, _shape = (
    op_handle(n) for n in ("GatherNd", "ScatterNd", "TensorScatterUpdate", "Neg", "Equal",
                           "Cast", "AddV2", "Mul", "RealDiv", "ZerosLike", "Shape"))
_sort, _gather, _transpose = (op_handle(n) for n in ("Sort", "GatherV2", "Transpose"))
_reshape, _sum, _sub, _range, _rank = (op_handle(n) for n in ("Reshape", "Sum", "Sub", "Range",
                                                              "Rank"))


def _gathered(grad: Any, indices: Any) -> Any:
    return _gather_nd.run([grad, indices], {"batch_dims": 0})


@RegisterGradient("ScatterNd")
def _scatter_nd_grad(op: Any, grad: Any) -> list:
    return [None, _gathered(grad, op.inputs[0]), None]


@RegisterGradient("SparseToDense")
def _sparse_to_dense_grad(op: Any, grad: Any) -> list:
    indices, _, values, _ = op.inputs
    coords = indices if indices.shape.rank == 2 else _reshape.run([indices, [-1, 1]])
    values_grad = _gathered(grad, coords)
    if values.shape.rank == 0:
        values_grad = _sum.run([values_grad, [0]])
    default_grad = _sub.run([_sum.run([grad, _range.run([0, _rank.run([grad]), 1])]),
                             _sum.run([values_grad, _range.run([0, _rank.run([values_grad]), 1])])])
    return [None, None, values_grad, default_grad]


@RegisterGradient("TensorScatterUpdate")
def _tensor_scatter_update_grad(op: Any, grad: Any) -> list:
    _, indices, updates = op.inputs
    replaced = _update.run([grad, indices, _zeros_like.run([updates])])
    return [replaced, None, _gathered(grad, indices)]


@RegisterGradient("TensorScatterAdd")
def _tensor_scatter_add_grad(op: Any, grad: Any) -> list:
    return [grad, None, _gathered(grad, op.inputs[1])]


@RegisterGradient("TensorScatterSub")
def _tensor_scatter_sub_grad(op: Any, grad: Any) -> list:
    return [grad, None, _neg.run([_gathered(grad, op.inputs[1])])]


def _min_or_max_grad(op: Any, grad: Any) -> list:
    tensor, indices, updates = op.inputs
    out = op.outputs[0]
    dtype = grad.dtype
    from_tensor = _cast.run([_equal.run([tensor, out])], {"DstT": dtype})
    from_updates = _cast.run([_equal.run([updates, _gathered(out, indices)])], {"DstT": dtype})
    shape = _shape.run([tensor], {"out_type": indices.dtype})
    givers = _add.run([from_tensor, _scatter_nd.run([indices, from_updates, shape])])
    shared = _div.run([grad, givers])
    return [_mul.run([shared, from_tensor]), None,
            _mul.run([_gathered(shared, indices), from_updates])]


RegisterGradient("TensorScatterMin")(_min_or_max_grad)
RegisterGradient("TensorScatterMax")(_min_or_max_grad)


@RegisterGradient("Sort")
def _sort_grad(op: Any, grad: Any, _: Any = None) -> list:
    """Each input entry takes the gradient of the place it was sorted to: along the axis, the
    gradient gathered at the inverse permutation (the positions that sort `indices`)."""
    indices = op.outputs[1]
    axis = op.get_attr("axis")
    rank = indices.shape.rank
    if rank is None:
        raise NotImplementedError("The gradient of Sort needs its input's rank known.")
    axis %= rank
    inverse = _sort.run([indices], {"axis": axis, "descending": False})[1]
    perm = list(range(rank))
    perm[axis], perm[-1] = perm[-1], perm[axis]
    last = rank - 1
    moved = [_transpose.run([t, perm]) for t in (grad, inverse)]
    taken = _gather.run([moved[0], moved[1], last], {"batch_dims": last})
    return [_transpose.run([taken, perm])]
