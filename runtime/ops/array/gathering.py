"""Gathering and selection functions: `gather`, `gather_nd`, `one_hot`, `where`, `boolean_mask`.

Re-exported by `runtime/ops/array/ops.py`, whose `__all__` is the public API. In a graph,
`name` names the op (default: the op type; `one_hot` for `one_hot`, as in TensorFlow);
`boolean_mask` creates its ops in `name_scope(name)` and gives the last the scope's name.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array import defs as array_defs  # noqa: F401  (declares the ops)
from autograph.runtime.ops.graph.ops import name_scope
from autograph.runtime.ops.op_args import known_dims

_gather = op_handle("GatherV2")
_gather_nd = op_handle("GatherNd")
_expand_dims = op_handle("ExpandDims")
_one_hot = op_handle("OneHot")
_where = op_handle("Where")
_select = op_handle("SelectV2")
_reshape = op_handle("Reshape")
_squeeze = op_handle("Squeeze")
_shape = op_handle("Shape")
_concat = op_handle("ConcatV2")
_strided_slice = op_handle("StridedSlice")


def gather(params: Any, indices: Any, validate_indices: Any = None, axis: Any = None,
           batch_dims: int = 0, name: str | None = None) -> Any:
    """Gathers slices of `params` along `axis` at `indices`.

    The output has shape `params.shape[:axis] + indices.shape[batch_dims:] +
    params.shape[axis + 1:]`.

    Args:
        params: the tensor to gather from, of rank >= 1.
        indices: an int16/int32/int64 tensor of positions in `[0, params.shape[axis])`.
        validate_indices: ignored, as in TensorFlow: indices are always checked.
        axis: the dimension to gather along; `batch_dims` when None.
        batch_dims: leading dimensions that `params` and `indices` share: each batch entry
            gathers from its own slice of `params`.
        name: the op's name in a graph; unused eagerly.

    Raises:
        InvalidArgumentError: an index out of range (the message names it), or a bad axis.

    >>> gather([10, 20, 30], [2, 0]).numpy()
    array([30, 10], dtype=int32)
    >>> gather([[1, 2], [3, 4]], [[1], [0]], axis=1, batch_dims=1).numpy()
    array([[2],
           [3]], dtype=int32)
    """
    if axis is None:
        axis = batch_dims
    return _gather.run([params, indices, axis], {"batch_dims": batch_dims}, name)


def take_rows(params: Any, indices: Any, axis: int = 0) -> Any:
    """`gather(params, indices, axis)` for compositions that TensorFlow runs as ops of their own
    (image resizing, sparse reordering): the gradient is a dense tensor, as those ops give,
    where a gather along the first axis would give an `IndexedSlices`.

    >>> take_rows([[1, 2], [3, 4]], [1, 1]).numpy().tolist()
    [[3, 4], [3, 4]]
    """
    params = convert_to_tensor(params)
    rank = params.shape.rank
    if rank is None or axis % rank != 0:
        return gather(params, indices, axis=axis)
    return gather_nd(params, _expand_dims.run([convert_to_tensor(indices), -1]))


def gather_nd(params: Any, indices: Any, batch_dims: int = 0, name: str | None = None) -> Any:
    """Gathers slices of `params` at the coordinates held in the last dimension of `indices`.

    The output has shape `indices.shape[:-1] + params.shape[batch_dims + indices.shape[-1]:]`.

    >>> gather_nd([[1, 2], [3, 4]], [[1, 0], [0, 1]]).numpy()
    array([3, 2], dtype=int32)
    """
    return _gather_nd.run([params, indices], {"batch_dims": int(batch_dims)}, name)


def one_hot(indices: Any, depth: Any, on_value: Any = None, off_value: Any = None,
            axis: int | None = None, dtype: Any = None, name: str | None = None) -> Any:
    """A one-hot tensor: `on_value` where an index matches a position along the new dimension.

    Args:
        indices: uint8/int8/int32/int64 indices; those outside `[0, depth)` give a row of
            `off_value`.
        depth: the size of the new dimension.
        on_value, off_value: the values to use (1 and 0 by default), of dtype `dtype`.
        axis: where the new dimension goes: -1 (last, the default) or in `[0, rank]`.
        dtype: the output dtype; that of `on_value`/`off_value` when given, else float32.
        name: the op's name in a graph (default `one_hot`).

    Raises:
        TypeError: `on_value`, `off_value` and `dtype` disagree on the dtype.

    >>> one_hot([0, 2], 3).numpy()
    array([[1., 0., 0.],
           [0., 0., 1.]], dtype=float32)
    """
    dtype = None if dtype is None else dtypes.as_dtype(dtype)
    given = {k: convert_to_tensor(v, dtype_hint=dtype) for k, v in
             (("on_value", on_value), ("off_value", off_value)) if v is not None}
    for key, value in given.items():
        if dtype is not None and value.dtype is not dtype:
            raise TypeError(f"dtype {value.dtype.name} of {key} does not match the dtype "
                            f"parameter {dtype.name}.")
    if len(given) == 2 and given["on_value"].dtype is not given["off_value"].dtype:
        raise TypeError(f"dtype {given['on_value'].dtype.name} of on_value does not match dtype "
                        f"{given['off_value'].dtype.name} of off_value.")
    if dtype is None:
        dtype = next(iter(given.values())).dtype if given else dtypes.float32
    if dtype.is_string and len(given) < 2:
        raise ValueError("one_hot with dtype string needs both on_value and off_value.")
    # np.ones/np.zeros rather than 1 and 0, so that dtype bool works (TensorFlow fails there).
    on = given.get("on_value")
    off = given.get("off_value")
    on = convert_to_tensor(np.ones((), dtype.np_dtype)) if on is None else on
    off = convert_to_tensor(np.zeros((), dtype.np_dtype)) if off is None else off
    return _one_hot.run([indices, depth, on, off], {"axis": -1 if axis is None else axis},
                        "one_hot" if name is None else name)


def where(condition: Any, x: Any = None, y: Any = None, name: str | None = None) -> Any:
    """Coordinates of the true elements of `condition`, or elements of `x` or `y` by it.

    With `condition` alone: an int64 matrix of shape `(num_true, rank)`, one row per true (or
    non-zero) element, in row-major order. With `x` and `y`: elements of `x` where
    `condition` is true and of `y` elsewhere, all three broadcast together.

    Raises:
        ValueError: only one of `x` and `y` is given.

    >>> where([True, False, True]).numpy()
    array([[0],
           [2]])
    >>> where([True, False], [1, 2], [10, 20]).numpy()
    array([ 1, 20], dtype=int32)
    """
    if x is None and y is None:
        return _where.run([condition], None, name)
    if x is None or y is None:
        raise ValueError("x and y must both be given, or both be None.")
    return _select.run([condition, x, y], None, name)


def boolean_mask(tensor: Any, mask: Any, axis: Any = None, name: str = "boolean_mask") -> Any:
    """The elements (or slices) of `tensor` where the boolean `mask` is true.

    `mask` of rank k covers dimensions `axis` to `axis + k - 1` of `tensor`; the result has
    those replaced by one dimension, the number of true elements. As in TensorFlow, this is
    a reshape, a `where` and a `gather`. Unlike TensorFlow, a negative `axis` counts from the
    end.

    Args:
        tensor: the tensor to mask.
        mask: a bool tensor of known rank >= 1, matching `tensor`'s dimensions from `axis`.
        axis: the first dimension the mask covers (0 when None).
        name: the name scope of its ops in a graph, and the result's op name.

    Raises:
        ValueError: the mask is a scalar, has unknown rank, or does not match `tensor`.
        InvalidArgumentError: the mask is not bool.

    >>> boolean_mask([[1, 2], [3, 4], [5, 6]], [True, False, True]).numpy()
    array([[1, 2],
           [5, 6]], dtype=int32)
    """
    with name_scope(name, "boolean_mask", [tensor, mask]) as scope:
        return _boolean_mask(convert_to_tensor(tensor), convert_to_tensor(mask), axis, scope)


def _boolean_mask(tensor: Tensor, mask: Tensor, axis: Any, name: str) -> Any:
    if mask.dtype is not dtypes.bool_:
        raise InvalidArgumentError(f"boolean_mask needs a bool mask, got a {mask.dtype.name} "
                                   f"tensor; compare it (mask > 0) or use ag.cast.")
    k = mask.shape.rank
    if k is None:
        raise ValueError("boolean_mask needs the rank of mask to be known (its dimensions may "
                         "be unknown, as in shape [None], but not its rank).")
    if k == 0:
        raise ValueError("boolean_mask needs a mask of rank >= 1, got a scalar.")
    axis = 0 if axis is None else int(axis)
    dims = tensor.shape.dims
    if dims is not None:
        axis = axis + len(dims) if axis < 0 else axis
        covered = tensor.shape[axis:axis + k]
        if axis < 0 or axis + k > len(dims) or not covered.is_compatible_with(mask.shape):
            raise ValueError(f"boolean_mask: a mask of shape {mask.shape} does not match "
                             f"tensor of shape {tensor.shape} from axis {axis}.")
    elif axis < 0:
        raise ValueError("boolean_mask needs a tensor of known rank for a negative axis.")
    flat = _reshape.run([tensor, _masked_shape(tensor, axis, k)])
    coordinates = _where.run([_reshape.run([mask, [-1]])])  # shape (num_true, 1)
    indices = _squeeze.run([coordinates], {"squeeze_dims": [1]})
    return _gather.run([flat, indices, axis], {"batch_dims": 0}, name)


def _masked_shape(tensor: Tensor, axis: int, k: int) -> Any:
    """`tensor`'s shape with dimensions `axis` to `axis + k - 1` merged into one."""
    if tensor.shape.is_fully_defined():
        dims = known_dims(tensor.shape)
        return dims[:axis] + [math.prod(dims[axis:axis + k])] + dims[axis + k:]
    return _dynamic_masked_shape(tensor, axis, k)


def _dynamic_masked_shape(tensor: Tensor, axis: int, k: int) -> Any:
    """As `_masked_shape`, computed by ops, for shapes known only when the graph runs."""
    full = _shape.run([tensor], {"out_type": dtypes.int32})
    before = _strided_slice.run([full, [0], [axis], [1]])  # full[:axis]
    after = _strided_slice.run([full, [axis + k], [0], [1]], {"end_mask": 1})  # full[axis + k:]
    return _concat.run([[before, np.array([-1], dtype=np.int32), after], 0])
