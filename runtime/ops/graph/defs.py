"""Declarations of the graph-structure ops: `Placeholder`, `PlaceholderWithDefault`, `NoOp`."""

from autograph.runtime.registry import shape_inference as si
from autograph.runtime.registry.op_registry import register_op


def _placeholder_shape(c: si.InferenceContext) -> list:
    return [c.attr("shape")]


register_op("Placeholder").output("output: dtype").attr("dtype: type") \
    .attr("shape: shape = unknown").set_shape_fn(_placeholder_shape).doc(
        "A value that must be fed when the graph runs.\n\n"
        "dtype: the dtype of the fed value.\n"
        "shape: the shape the fed value must be compatible with (unknown: any shape).")

register_op("PlaceholderWithDefault").input("input: dtype").output("output: dtype") \
    .attr("dtype: type").attr("shape: shape").set_shape_fn(_placeholder_shape).doc(
        "Passes input through unless a value is fed for the output.\n\n"
        "input: the default value.\n"
        "shape: the (possibly partial) shape of the output; the default must be compatible.")

register_op("NoOp").set_shape_fn(lambda c: []).doc(
    "Does nothing: a node to hang control dependencies on.")
