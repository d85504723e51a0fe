"""Gradients of the array ops that move elements without changing them: reshaping, joining and
splitting, tiling, broadcasting, reversing, padding, slicing, selecting, filling and the ops
that pass a value through.

Each gradient sends every element of the output gradient back to the input element it came
from (summing where one input element fed several outputs), with the ops of the forward
direction (a split undoes a concat, a slice undoes a pad), so gradients are differentiable
again. Shapes come from `dims`: Python lists where known, `Shape` ops where a dim is unknown.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.gradients.dims import as_tensor, reshape_to, shape_vector
from autograph.runtime.gradients.grad_util import known_value, reduce_to
from autograph.runtime.gradients.registry import RegisterGradient
from autograph.runtime.ops.creation.ops import constant

_reshape, _transpose, _concat, _split_v = (op_handle(n) for n in (
    "Reshape", "Transpose", "ConcatV2", "SplitV"))
_pack, _unpack, _reverse, _pad, _slice = (op_handle(n) for n in (
    "Pack", "Unpack", "ReverseV2", "PadV2", "Slice"))
_sum, _sub, _select, _shape, _rank = (op_handle(n) for n in (
    "Sum", "Sub", "SelectV2", "Shape", "Rank"))
_floor_mod, _one_hot, _arg_max, _size = (op_handle(n) for n in (
    "FloorMod", "OneHot", "ArgMax", "Size"))


def zero(like: Any) -> Any:
    """A scalar zero of `like`'s dtype."""
    return constant(np.zeros((), like.dtype.np_dtype))


def total(t: Any) -> Any:
    """The sum of all of `t`'s elements (a flat sum, so its gradient needs no known rank)."""
    return _sum.run([_reshape.run([t, np.array([-1], np.int32)]), np.int32(0)],
                    {"keep_dims": False})


# Reshaping: the gradient is the output gradient in the input's shape -------------------------
@RegisterGradient("Reshape")
def _reshape_grad(op: Any, grad: Any) -> list:
    return [reshape_to(grad, shape_vector(op.inputs[0])), None]


@RegisterGradient("ExpandDims")
def _expand_dims_grad(op: Any, grad: Any) -> list:
    return [reshape_to(grad, shape_vector(op.inputs[0])), None]


@RegisterGradient("Squeeze")
def _squeeze_grad(op: Any, grad: Any) -> list:
    return [reshape_to(grad, shape_vector(op.inputs[0]))]


@RegisterGradient("Transpose")
def _transpose_grad(op: Any, grad: Any) -> list:
    perm = op.inputs[1]
    value = known_value(perm)
    if value is not None:
        inverse: Any = np.argsort(np.reshape(value, -1)).astype(perm.dtype.np_dtype)
    else:  # inverse[j] is the i with perm[i] == j: the row of the one in column j
        one_hot = _one_hot.run([perm, _size.run([perm], {"out_type": dtypes.int32}),
                                np.int32(1), np.int32(0)])
        inverse = _arg_max.run([one_hot, np.int32(0)], {"output_type": perm.dtype})
    return [_transpose.run([grad, inverse]), None]


# Joining and splitting: each undoes the other ---------------------------------------------
def _axis(axis: Any, like: Any) -> Any:
    """`axis` as a non-negative int32: a Python int when known, else a tensor."""
    value = known_value(axis)
    rank = like.shape.rank
    if value is not None and (rank is not None or int(value) >= 0):
        return int(value) % rank if rank else int(value)
    if axis.dtype != dtypes.int32:
        axis = op_handle("Cast").run([axis], {"DstT": dtypes.int32})
    return _floor_mod.run([axis, _rank.run([like])])


def _sizes_along(values: list, axis: Any) -> Any:
    """Each tensor's size along `axis`, as a vector."""
    if isinstance(axis, int):
        dims = [v.shape.as_list()[axis] if v.shape.rank is not None else None for v in values]
        if all(d is not None for d in dims):
            return np.array(dims, np.int32)
        begin: Any = np.array([axis], np.int32)
    else:
        begin = _reshape.run([axis, np.array([1], np.int32)])
    one = np.array([1], np.int32)
    return _concat.run([[_slice.run([_shape.run([v], {"out_type": dtypes.int32}), begin, one])
                         for v in values], np.int32(0)])


@RegisterGradient("ConcatV2")
def _concat_grad(op: Any, grad: Any) -> list:
    values, axis = op.inputs[:-1], op.inputs[-1]
    at = _axis(axis, grad)
    parts = _split_v.run([grad, _sizes_along(values, at), np.int32(at) if isinstance(at, int)
                          else at], {"num_split": len(values)})
    return list(parts) + [None]


@RegisterGradient("Pack")
def _pack_grad(op: Any, grad: Any) -> list:
    return list(_unpack.run([grad], {"num": len(op.inputs), "axis": op.get_attr("axis")}))


@RegisterGradient("Unpack")
def _unpack_grad(op: Any, *grads: Any) -> list:
    return [_pack.run([list(grads)], {"axis": op.get_attr("axis")})]


@RegisterGradient("Split")
def _split_grad(op: Any, *grads: Any) -> list:
    return [None, _concat.run([list(grads), op.inputs[0]])]


@RegisterGradient("SplitV")
def _split_v_grad(op: Any, *grads: Any) -> list:
    return [_concat.run([list(grads), op.inputs[2]]), None, None]


# Repeating: the gradient sums the copies ------------------------------------------------------
@RegisterGradient("Tile")
def _tile_grad(op: Any, grad: Any) -> list:
    x, multiples = op.inputs
    index = multiples.dtype
    # grad reshaped to [m0, d0, m1, d1, ...], summed over the copies m_i.
    pairs = _pack.run([[multiples, as_tensor(shape_vector(x, index), index)]], {"axis": 1})
    split_shape = _reshape.run([pairs, np.array([-1], index.np_dtype)])
    rank = x.shape.rank
    if rank is None:
        raise NotImplementedError(f"The gradient of Tile needs its input's rank known when the "
                                  f"gradient is built; got input shape {x.shape}.")
    axes = np.arange(0, 2 * rank, 2, dtype=np.int32)
    return [reshape_to(_sum.run([_reshape.run([grad, split_shape]), axes],
                                {"keep_dims": False}), shape_vector(x)), None]


@RegisterGradient("BroadcastTo")
def _broadcast_to_grad(op: Any, grad: Any) -> list:
    return [reduce_to(grad, op.inputs[0]), None]


@RegisterGradient("ReverseV2")
def _reverse_grad(op: Any, grad: Any) -> list:
    return [_reverse.run([grad, op.inputs[1]]), None]


# Padding and slicing: a slice undoes a pad, a pad undoes a slice ------------------------------
@RegisterGradient("PadV2")
def _pad_grad(op: Any, grad: Any) -> list:
    """TensorFlow gives `constant_values` no gradient; here it gets the sum of the output
    gradient over the padding, its true gradient."""
    x, paddings = op.inputs[0], op.inputs[1]
    index = paddings.dtype
    value = known_value(paddings)
    if value is not None:
        begin: Any = np.asarray(value)[:, 0].astype(index.np_dtype)
    else:
        begin = _reshape.run([_slice.run([paddings, np.array([0, 0], index.np_dtype),
                                          np.array([-1, 1], index.np_dtype)]),
                              np.array([-1], index.np_dtype)])
    x_grad = _slice.run([grad, begin, as_tensor(shape_vector(x, index), index)])
    return [x_grad, None, _sub.run([total(grad), total(x_grad)])]


@RegisterGradient("Slice")
def _slice_grad(op: Any, grad: Any) -> list:
    x, begin = op.inputs[0], op.inputs[1]
    index = begin.dtype
    x_shape, out_shape = shape_vector(x, index), shape_vector(grad, index)
    b = known_value(begin)
    if isinstance(x_shape, list) and isinstance(out_shape, list) and b is not None:
        before = [int(v) for v in np.reshape(b, -1)]
        paddings: Any = np.array([[lo, n - lo - k] for lo, n, k in
                                  zip(before, x_shape, out_shape)], index.np_dtype)
        paddings = paddings.reshape(len(before), 2)
    else:
        after = _sub.run([_sub.run([as_tensor(x_shape, index), begin]),
                          as_tensor(out_shape, index)])
        paddings = _pack.run([[begin, after]], {"axis": 1})
    return [_pad.run([grad, paddings, zero(grad)]), None, None]


# Selecting, filling, passing through ----------------------------------------------------------
@RegisterGradient("SelectV2")
def _select_grad(op: Any, grad: Any) -> list:
    condition, t, e = op.inputs
    none = zero(grad)
    return [None, reduce_to(_select.run([condition, grad, none]), t),
            reduce_to(_select.run([condition, none, grad]), e)]


@RegisterGradient("Fill")
def _fill_grad(op: Any, grad: Any) -> list:
    return [None, total(grad)]


@RegisterGradient("PlaceholderWithDefault")
def _placeholder_with_default_grad(op: Any, grad: Any) -> list:
    return [grad]


@RegisterGradient("CheckDefined")
def _check_defined_grad(op: Any, grad: Any) -> list:
    return [grad, None]

