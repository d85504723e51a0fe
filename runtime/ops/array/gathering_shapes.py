"""Shape functions of the gathering, scattering and selection ops: GatherV2, GatherNd, ScatterNd,
the TensorScatter ops, OneHot, Where, SelectV2.

Helpers for reading shape-like inputs come from `runtime/ops/array/shapes.py`.
"""

from __future__ import annotations

import numpy as np

from autograph.runtime.core.tensor_shape import format_raw, raw_compatible
from autograph.runtime.ops.array.shapes import scalar_value, vector_length, vector_value
from autograph.runtime.registry import shape_inference as si
from autograph.runtime.registry.shape_inference import InferenceContext, RawShape


def _check_batch(c: InferenceContext, params: RawShape, indices: RawShape, b: int) -> None:
    if not raw_compatible(params[:b], indices[:b]):
        raise c.error(f"params and indices must agree in their first batch_dims={b} "
                      f"dimensions, but params has shape {format_raw(params)} and indices "
                      f"{format_raw(indices)}.")


def gather(c: InferenceContext) -> list[RawShape]:
    params, indices = c.shape(0), c.shape(1)
    axis = scalar_value(c, 2, "axis")
    if params is not None and not params:
        raise c.error("params must have rank >= 1 to gather from, but it is a scalar.")
    if params is None or indices is None:
        return [None]
    b = c.attr("batch_dims")
    b = b + len(indices) if b < 0 else b
    if not 0 <= b <= len(indices):
        raise c.error(f"batch_dims {c.attr('batch_dims')} is out of range for indices of rank "
                      f"{len(indices)}; it must be in [{-len(indices)}, {len(indices)}].")
    if axis is None:
        return [(None,) * (len(params) - 1 + len(indices) - b)]
    axis = si.normalize_axis(c, axis, len(params))
    if b > axis:
        raise c.error(f"batch_dims ({b}) must be less than or equal to axis ({axis}).")
    _check_batch(c, params, indices, b)
    return [params[:axis] + indices[b:] + params[axis + 1:]]


def gather_nd(c: InferenceContext) -> list[RawShape]:
    params, indices = c.shape(0), c.shape(1)
    if indices is not None and not indices:
        raise c.error("indices must have rank >= 1 (its last dimension holds the coordinates).")
    b = c.attr("batch_dims")
    if indices is not None and b > len(indices) - 1:
        raise c.error(f"batch_dims {b} must be less than the rank of indices "
                      f"({len(indices)}).")
    if params is None or indices is None or indices[-1] is None:
        return [None]
    k = indices[-1]
    if b + k > len(params):
        raise c.error(f"indices.shape[-1] = {k} coordinates plus batch_dims {b} exceed the rank "
                      f"{len(params)} of params (shape {format_raw(params)}).")
    _check_batch(c, params, indices, b)
    return [indices[:-1] + params[b + k:]]


def one_hot(c: InferenceContext) -> list[RawShape]:
    for i, what in ((2, "on_value"), (3, "off_value")):
        s = c.shape(i)
        if s is not None and len(s) != 0:
            raise c.error(f"{what} must be a scalar, but its shape is {format_raw(s)}.")
    depth = scalar_value(c, 1, "depth")
    if depth is not None and depth < 0:
        raise c.error(f"depth must be >= 0, got {depth}.")
    shape, axis = c.shape(0), c.attr("axis")
    if shape is None:
        return [None]
    if axis != -1 and not 0 <= axis <= len(shape):
        raise c.error(f"axis must be -1 or in [0, {len(shape)}] for indices of rank "
                      f"{len(shape)}, got {axis}.")
    axis = len(shape) if axis == -1 else axis
    return [shape[:axis] + (depth,) + shape[axis:]]


def where(c: InferenceContext) -> list[RawShape]:
    shape = c.shape(0)
    value = c.value(0)
    if value is None:
        return [(None, None if shape is None else len(shape))]
    return [(int(np.count_nonzero(value)), value.ndim)]


def select(c: InferenceContext) -> list[RawShape]:
    both = si.broadcast_shapes(c, c.shape(1), c.shape(2))
    return [si.broadcast_shapes(c, c.shape(0), both)]


def scatter_nd(c: InferenceContext) -> list[RawShape]:
    shape = vector_value(c, 2, "shape")
    if shape is None:
        length = vector_length(c, 2, "shape")
        return [None if length is None else (None,) * length]
    if any(d < 0 for d in shape):
        raise c.error(f"shape must contain only sizes >= 0, got {shape}.")
    _check_updates(c, c.shape(0), c.shape(1), tuple(shape))
    return [tuple(shape)]


def sparse_to_dense(c: InferenceContext) -> list[RawShape]:
    shape = vector_value(c, 1, "output_shape")
    if shape is None:
        length = vector_length(c, 1, "output_shape")
        return [None if length is None else (None,) * length]
    if any(d < 0 for d in shape):
        raise c.error(f"output_shape must contain only sizes >= 0, got {shape}.")
    return [tuple(shape)]


def tensor_scatter(c: InferenceContext) -> list[RawShape]:
    tensor = c.shape(0)
    _check_updates(c, c.shape(1), c.shape(2), tensor)
    return [tensor]


def _check_updates(c: InferenceContext, indices: RawShape, updates: RawShape,
                   shape: RawShape) -> None:
    """indices has coordinates of at most len(shape) dims, and updates one value (a slice of
    the output) per coordinate."""
    if indices is not None and not indices:
        raise c.error("indices must have rank >= 1 (its last dimension holds the coordinates).")
    if indices is None or shape is None or indices[-1] is None:
        return
    k = indices[-1]
    if k > len(shape):
        raise c.error(f"indices.shape[-1] = {k} coordinates exceed the rank {len(shape)} of "
                      f"the output shape {format_raw(shape)}.")
    expected = indices[:-1] + shape[k:]
    if updates is not None and not raw_compatible(updates, expected):
        raise c.error(f"updates must have shape indices.shape[:-1] + shape[{k}:] = "
                      f"{format_raw(expected)}, but its shape is {format_raw(updates)}.")
