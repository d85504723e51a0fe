"""Declarations of the sorting and counting ops: Sort, Unique, LowerBound, UpperBound and
HistogramFixedWidth (the last four are TensorFlow's; TensorFlow sorts with TopKV2 of all
entries, here `Sort` is one op giving the sorted values and their positions).

Kernels are in `kernels/array_kernels.py`, the user-facing functions in
`runtime/ops/array/sorting.py`.
"""

from __future__ import annotations

import numpy as np

from autograph.runtime.core.tensor_shape import format_raw
from autograph.runtime.registry.op_registry import register_op
from autograph.runtime.registry.shape_inference import InferenceContext, RawShape


def _sort_shape(c: InferenceContext) -> list[RawShape]:
    shape = c.shape(0)
    if shape is not None:
        axis = c.attr("axis")
        if not shape or not -len(shape) <= axis < len(shape):
            raise c.error(f"axis {axis} is out of range for a tensor of shape "
                          f"{format_raw(shape)}: sorting needs a tensor of rank >= 1.")
    return [shape, shape]


def _unique_shape(c: InferenceContext) -> list[RawShape]:
    shape = c.shape(0)
    if shape is not None and len(shape) != 1:
        raise c.error("unique expects a 1D vector.")
    value = c.value(0)  # known eagerly: the count of distinct values
    return [(None,) if value is None else (len(np.unique(value)),), shape]


def _bound_shape(c: InferenceContext) -> list[RawShape]:
    sorted_inputs, values = c.shape(0), c.shape(1)
    for name, shape in (("sorted_inputs", sorted_inputs), ("values", values)):
        if shape is not None and len(shape) != 2:
            raise c.error(f"{name} must be a matrix [batch, n], but its shape is "
                          f"{format_raw(shape)}.")
    if sorted_inputs is not None and values is not None and None not in (
            sorted_inputs[0], values[0]) and sorted_inputs[0] != values[0]:
        raise c.error(f"sorted_inputs and values must have the same batch size (first "
                      f"dimension), got {sorted_inputs[0]} and {values[0]}.")
    return [values]


def _histogram_shape(c: InferenceContext) -> list[RawShape]:
    value_range = c.shape(1)
    if value_range is not None and value_range != (2,):
        raise c.error(f"value_range must be a vector of 2 values [low, high], but its shape is "
                      f"{format_raw(value_range)}.")
    nbins = c.value(2)
    if nbins is not None and int(nbins) <= 0:
        raise c.error(f"nbins must be positive, got {int(nbins)}.")
    return [None if nbins is None else (int(nbins),)]


register_op("Sort").input("input: T").output("output: T").output("indices: int32") \
    .attr("T: realnumbertype").attr("axis: int = -1").attr("descending: bool = false") \
    .set_shape_fn(_sort_shape).doc(
        "input sorted along axis, and where each sorted value was (ties keep their order).\n\n"
        "output: the sorted values.\n"
        "indices: each sorted value's position along axis in input.\n"
        "descending: greatest first.")

register_op("Unique").input("x: T").output("y: T").output("idx: out_idx").attr("T: type") \
    .attr("out_idx: {int32, int64} = DT_INT32").set_shape_fn(_unique_shape).doc(
        "The distinct values of a vector, in the order they first appear, and for each entry "
        "of x the position of its value in y.")

for _name, _side in (("LowerBound", "at or after"), ("UpperBound", "after")):
    register_op(_name).input("sorted_inputs: T").input("values: T").output("output: out_type") \
        .attr("T: realnumbertype").attr("out_type: {int32, int64} = DT_INT32") \
        .set_shape_fn(_bound_shape).doc(
            f"For each value, the first position in its row of sorted_inputs {_side} which the "
            f"value could be inserted keeping the row sorted.\n\n"
            f"sorted_inputs: [batch, n], each row sorted ascending.\n"
            f"values: [batch, m].")

register_op("HistogramFixedWidth").input("values: T").input("value_range: T") \
    .input("nbins: int32").output("out: dtype").attr("T: realnumbertype") \
    .attr("dtype: {int32, int64} = DT_INT32").set_shape_fn(_histogram_shape).doc(
        "Counts of values in nbins equal-width bins between value_range[0] and value_range[1]; "
        "values below go to the first bin, values above to the last.")
