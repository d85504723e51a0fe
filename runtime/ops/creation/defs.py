"""Declarations of the creation ops: Const, Fill, ZerosLike, OnesLike, Range, LinSpace, Eye, Cast.

Kernels live in `kernels/creation_kernels.py`, the user-facing functions in
`runtime/ops/creation/ops.py`. `shape_from_tensor` and `range_size` are shared with the random
ops and the kernels, so that shape functions and kernels agree on sizes.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.core.tensor_shape import format_raw
from autograph.runtime.registry import shape_inference as si
from autograph.runtime.registry.op_registry import register_op
from autograph.runtime.registry.shape_inference import InferenceContext, RawShape


# Shared shape helpers ----------------------------------------------------------------------------
def shape_from_tensor(c: InferenceContext, i: int, what: str) -> RawShape:
    """The shape described by input `i`, a vector of dims (`what` names it in errors).

    Unknown values give unknown dims (or an unknown rank when even the length is unknown).
    """
    length = si.with_rank(c, c.shape(i), 1, what)[0]
    value = c.value(i)
    if value is None:
        return None if length is None else (None,) * length
    dims = tuple(int(d) for d in value)
    if any(d < 0 for d in dims):
        raise c.error(f"{what} must not contain negative dimensions, got {list(dims)}.")
    return dims


def scalar_input(c: InferenceContext, i: int, what: str) -> None:
    """Checks that input `i` is a scalar (unknown shapes pass)."""
    shape = c.shape(i)
    if shape is not None and len(shape) != 0:
        raise c.error(f"{what} must be a scalar, but its shape is {format_raw(shape)}.")


def range_size(start: Any, limit: Any, delta: Any) -> int:
    """The length of `Range(start, limit, delta)`; ValueError when it has none.

    Integers count exactly; floats as TensorFlow does, `ceil(|(limit - start) / delta|)` in
    the inputs' own precision. A range running away from `limit` is empty, as in Python.
    """
    if delta == 0:
        raise ValueError(f"Requires delta != 0, got delta {delta}.")
    if np.issubdtype(np.asarray(start).dtype, np.integer):
        start, limit, delta = int(start), int(limit), int(delta)
        if (limit - start) * delta <= 0:
            return 0
        return (abs(limit - start) + abs(delta) - 1) // abs(delta)
    with np.errstate(all="ignore"):
        size = np.ceil((limit - start) / delta)
    if not np.isfinite(size):
        raise ValueError(f"Requires start, limit and delta to be finite with a finite number "
                         f"of steps, got start {start}, limit {limit}, delta {delta}.")
    return max(int(size), 0)


# Shape functions ---------------------------------------------------------------------------------
def _const_shape(c: InferenceContext) -> list[RawShape]:
    dtype = c.attr("dtype")
    value = np.asarray(c.attr("value"))
    if value.dtype != dtype.np_dtype:
        raise c.error(f"attr 'value' holds {value.dtype} values, but attr 'dtype' is "
                      f"{dtype.name}; they must match.")
    return [tuple(int(d) for d in value.shape)]


def _fill_shape(c: InferenceContext) -> list[RawShape]:
    scalar_input(c, 1, "value")
    return [shape_from_tensor(c, 0, "dims")]


def _range_shape(c: InferenceContext) -> list[RawShape]:
    for i, what in enumerate(("start", "limit", "delta")):
        scalar_input(c, i, what)
    values = [c.value(i) for i in range(3)]
    if any(v is None for v in values):
        return [(None,)]
    try:
        return [(range_size(*(v[()] for v in values)),)]
    except ValueError as e:
        raise c.error(str(e)) from None


def _linspace_shape(c: InferenceContext) -> list[RawShape]:
    scalar_input(c, 2, "num")
    base = si.broadcast_shapes(c, c.shape(0), c.shape(1))
    num = c.value(2)
    if num is not None:
        num = int(num[()])
        if num < 0:
            raise c.error(f"num must be >= 0, got {num}.")
    if base is None:
        return [None]
    axis = si.normalize_axis(c, c.attr("axis"), len(base) + 1)
    return [base[:axis] + (num,) + base[axis:]]


def _eye_shape(c: InferenceContext) -> list[RawShape]:
    dims = []
    for i, what in enumerate(("num_rows", "num_columns")):
        scalar_input(c, i, what)
        value = c.value(i)
        if value is not None and int(value[()]) < 0:
            raise c.error(f"{what} must be >= 0, got {int(value[()])}.")
        dims.append(None if value is None else int(value[()]))
    batch_shape = tuple(c.attr("batch_shape"))
    if any(d < 0 for d in batch_shape):
        raise c.error(f"batch_shape must not contain negative dimensions, got "
                      f"{list(batch_shape)}.")
    return [batch_shape + tuple(dims)]


# Declarations ------------------------------------------------------------------------------------
register_op("Const").output("output: dtype").attr("value: tensor").attr("dtype: type") \
    .set_shape_fn(_const_shape).doc(
        "A constant tensor: the value held in attr `value`.\n\n"
        "value: a NumPy array whose dtype is `dtype` (strings: an object array of bytes).\n"
        "dtype: the dtype of the output.")

register_op("Fill").input("dims: index_type").input("value: T").output("output: T") \
    .attr("T: type").attr("index_type: {int32, int64} = DT_INT32") \
    .set_shape_fn(_fill_shape).doc(
        "A tensor of shape `dims` with every element equal to the scalar `value`.\n\n"
        "dims: a vector of non-negative dimensions.\n"
        "value: a scalar.")

register_op("ZerosLike").input("x: T").output("y: T").attr("T: type") \
    .set_shape_fn(si.unchanged).doc(
        "Zeros (empty strings, False) with the shape and dtype of x.")

register_op("OnesLike").input("x: T").output("y: T") \
    .attr("T: {numbertype, complextype, bool}") \
    .set_shape_fn(si.unchanged).doc("Ones (True for bool) with the shape and dtype of x.")

register_op("Range").input("start: Tidx").input("limit: Tidx").input("delta: Tidx") \
    .output("output: Tidx") \
    .attr("Tidx: {float16, float32, float64, int8, int16, int32, int64, uint16, uint32} "
          "= DT_INT32") \
    .set_shape_fn(_range_shape).doc(
        "The sequence start, start + delta, ... up to but excluding limit.\n\n"
        "start: a scalar, the first value.\n"
        "limit: a scalar, the bound the sequence stops before.\n"
        "delta: a non-zero scalar step; a range moving away from limit is empty.")

register_op("LinSpace").input("start: T").input("stop: T").input("num: Tidx") \
    .output("output: T").attr("T: floattype").attr("Tidx: {int32, int64} = DT_INT32") \
    .attr("axis: int = 0") \
    .set_shape_fn(_linspace_shape).doc(
        "num evenly spaced values from start to stop, both included.\n\n"
        "Extends TensorFlow's LinSpace (scalars only) as tf.linspace does: start and stop "
        "broadcast together, and the new dimension of size num is inserted at axis.\n\n"
        "start: the first values.\n"
        "stop: the last values.\n"
        "num: a scalar >= 0, the number of values.\n"
        "axis: where the new dimension goes in the output (negative counts from the end).")

register_op("Eye").input("num_rows: int32").input("num_columns: int32").output("output: dtype") \
    .attr("dtype: {numbertype, bool} = DT_FLOAT").attr("batch_shape: list(int) = []") \
    .set_shape_fn(_eye_shape).doc(
        "Identity matrices: ones on the main diagonal, zeros elsewhere.\n\n"
        "num_rows: a scalar >= 0.\n"
        "num_columns: a scalar >= 0.\n"
        "dtype: the dtype of the output.\n"
        "batch_shape: leading dimensions; the output has shape batch_shape + [rows, columns].")

register_op("Cast").input("x: SrcT").output("y: DstT") \
    .attr("SrcT: {numbertype, complextype, bool}") \
    .attr("DstT: {numbertype, complextype, bool}") \
    .set_shape_fn(si.unchanged).doc(
        "Converts x to dtype DstT.\n\n"
        "Floats become integers by truncation toward zero; numbers become bool by comparison "
        "with zero; bool becomes 0 or 1; complex numbers become real ones by dropping the "
        "imaginary part. Strings cannot be cast.\n\n"
        "x: the tensor to convert.\n"
        "DstT: the dtype of the result.")
