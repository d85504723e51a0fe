"""Declarations of the reductions (`Sum`, `ArgMax`, ...), the scan `Cumsum` and `Softmax`.

Axes arrive as tensors (`reduction_indices`, `dimension`, `axis`), as in TensorFlow, so a shape
function knows the axes only when their value is known; otherwise it returns what the ranks
alone allow. As in TensorFlow, an explicit axis on a scalar is an error: it has no axes.
"""

import numpy as np

from autograph.runtime.core.tensor_shape import format_raw
from autograph.runtime.ops.array.shapes import vector_length, vector_value
from autograph.runtime.registry import shape_inference as si
from autograph.runtime.registry.op_registry import register_op


def _reduction_shape(c: si.InferenceContext) -> list:
    shape, axes_shape = c.shape(0), c.shape(1)
    if axes_shape is not None and len(axes_shape) > 1:
        raise c.error(f"axis must be a scalar or a vector of axes, but its shape is "
                      f"{format_raw(axes_shape)}.")
    keep = c.attr("keep_dims")
    axes = c.value(1)
    if shape is None:
        return [None]
    rank = len(shape)
    if axes is None:
        if axes_shape == (0,):
            return [shape]  # no axes: nothing is reduced
        if keep:
            return [(None,) * rank]
        if axes_shape == ():
            if rank == 0:
                raise c.error("axis is out of range for a scalar: a tensor of rank 0 has no "
                              "axes.")
            return [(None,) * (rank - 1)]
        return [None]  # axes may repeat, so even the rank is unknown
    reduced = {si.normalize_axis(c, int(a), rank) for a in np.reshape(axes, -1)}
    if keep:
        return [tuple(1 if i in reduced else d for i, d in enumerate(shape))]
    return [tuple(d for i, d in enumerate(shape) if i not in reduced)]


_REDUCTION_ARGS = (
    "\n\ninput: the tensor to reduce.\n"
    "reduction_indices: the axes to reduce (a scalar or a vector; negative axes count from the "
    "end; repeats are ignored).\n"
    "keep_dims: whether to keep each reduced axis with size 1.")

# op name -> (input and output type, summary)
_REDUCTIONS = {
    "Sum": ("T", "Sums the elements over the given axes (0 over an empty axis)."),
    "Prod": ("T", "Multiplies the elements over the given axes (1 over an empty axis)."),
    "Mean": ("T", "Averages the elements over the given axes; integer means truncate toward "
                  "zero."),
    "Max": ("T", "Takes the largest element over the given axes (the dtype's lowest value, "
                 "-inf for floats, over an empty axis)."),
    "Min": ("T", "Takes the smallest element over the given axes (the dtype's highest value, "
                 "inf for floats, over an empty axis)."),
    "Any": ("bool", "Computes the logical OR over the given axes (False over an empty axis)."),
    "All": ("bool", "Computes the logical AND over the given axes (True over an empty axis)."),
}
for _name, (_type, _summary) in _REDUCTIONS.items():
    _builder = register_op(_name).input(f"input: {_type}").input("reduction_indices: Tidx") \
        .output(f"output: {_type}").attr("keep_dims: bool = false") \
        .attr("Tidx: {int32, int64} = DT_INT32").set_shape_fn(_reduction_shape) \
        .doc(_summary + _REDUCTION_ARGS)
    if _type == "T":  # Max and Min need ordered values; sums and products take complex ones
        _builder.attr("T: numbertype" if _name in ("Max", "Min") else
                      "T: {numbertype, complextype}")


def _sum_to_shape(c: si.InferenceContext) -> list:
    sizes = vector_value(c, 1, "shape")
    if sizes is None:
        length = vector_length(c, 1, "shape")
        return [None if length is None else (None,) * length]
    return [tuple(sizes)]


register_op("_SumToShape").input("gradient: T").input("shape: Tshape").output("output: T") \
    .attr("T: {numbertype, complextype}").attr("Tshape: {int32, int64} = DT_INT32") \
    .set_shape_fn(_sum_to_shape).doc(
        "A gradient summed back to the shape of a tensor that was broadcast: what "
        "`Reshape(Sum(gradient, BroadcastGradientArgs(shape, Shape(gradient))[0]), shape)` "
        "computes, as one op. The graph optimiser makes it in plans; user graphs never hold "
        "it.\n\n"
        "gradient: the gradient, of the broadcast shape.\n"
        "shape: the shape of the tensor that was broadcast, a vector.\n"
        "output: the gradient summed over the axes along which that tensor was broadcast.")



def _arg_shape(c: si.InferenceContext) -> list:
    shape, dim_shape = c.shape(0), c.shape(1)
    if dim_shape is not None and len(dim_shape) != 0:
        raise c.error(f"dimension (the axis) must be a scalar, but its shape is "
                      f"{format_raw(dim_shape)}.")
    if shape is None:
        return [None]
    if len(shape) == 0:
        raise c.error(f"{c.op_name} needs an input of rank >= 1, but the input is a scalar.")
    value = c.value(1)
    if value is None:
        return [(None,) * (len(shape) - 1)]
    axis = si.normalize_axis(c, int(value), len(shape))
    if shape[axis] == 0:
        raise c.error(f"{c.op_name}: axis {axis} of the input, of shape {format_raw(shape)}, is "
                      f"empty, so it has no {'largest' if c.op_name == 'ArgMax' else 'smallest'} "
                      f"element.")
    return [shape[:axis] + shape[axis + 1:]]


for _name, _which in (("ArgMax", "largest"), ("ArgMin", "smallest")):
    register_op(_name).input("input: T").input("dimension: Tidx").output("output: output_type") \
        .attr("T: {numbertype, bool}").attr("Tidx: {int32, int64} = DT_INT32") \
        .attr("output_type: {int16, uint16, int32, int64} = DT_INT64") \
        .set_shape_fn(_arg_shape).doc(
            f"Returns the index of the {_which} element along an axis (the first on ties).\n\n"
            f"input: a tensor of rank >= 1.\n"
            f"dimension: the axis, a scalar; negative axes count from the end.\n"
            f"output_type: the dtype of the indices.")


def _cumsum_shape(c: si.InferenceContext) -> list:
    shape, axis_shape = c.shape(0), c.shape(1)
    if axis_shape is not None and len(axis_shape) != 0:
        raise c.error(f"axis must be a scalar, but its shape is {format_raw(axis_shape)}.")
    if shape is not None:
        if len(shape) == 0:
            raise c.error("Cumsum needs x of rank >= 1, but x is a scalar.")
        value = c.value(1)
        if value is not None:
            si.normalize_axis(c, int(value), len(shape))
    return [shape]


register_op("Cumsum").input("x: T").input("axis: Tidx").output("out: T") \
    .attr("exclusive: bool = false").attr("reverse: bool = false") \
    .attr("T: {numbertype, complextype}") \
    .attr("Tidx: {int32, int64} = DT_INT32").set_shape_fn(_cumsum_shape).doc(
        "Computes the cumulative sum of x along an axis.\n\n"
        "x: a tensor of rank >= 1.\n"
        "axis: the axis, a scalar; negative axes count from the end.\n"
        "exclusive: whether each sum leaves out its own element (the first output is 0).\n"
        "reverse: whether to sum from the end of the axis toward its start.")


def _softmax_shape(c: si.InferenceContext) -> list:
    shape = c.shape(0)
    if shape is not None:
        if len(shape) == 0:
            raise c.error("logits must have at least one dimension, but it is a scalar.")
        si.normalize_axis(c, c.attr("axis"), len(shape))
    return [shape]


register_op("Softmax").input("logits: T").output("softmax: T").attr("T: floattype") \
    .attr("axis: int = -1").set_shape_fn(_softmax_shape).doc(
        "Computes exp(logits) / sum(exp(logits)) along an axis.\n\n"
        "TensorFlow's Softmax always works on the last axis; the axis attr (default -1, the "
        "same) lets softmax over another axis run without transposing twice.\n\n"
        "logits: a float tensor of rank >= 1.\n"
        "axis: the axis to normalise; negative axes count from the end.")
