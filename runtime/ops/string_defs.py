"""Declarations of the string ops: StringJoin and StringLength.

String tensors hold NumPy object arrays of `bytes` and stay in host memory on every device.
Kernels live in `kernels/string_kernels.py`, the user-facing functions in
`runtime/ops/string_ops.py`.
"""

from __future__ import annotations

from runtime import shape_inference as si
from runtime.op_registry import register_op
from runtime.shape_inference import InferenceContext, RawShape
from runtime.tensor_shape import format_raw, raw_compatible, raw_merge


def _join_shape(c: InferenceContext) -> list[RawShape]:
    """Non-scalar inputs share one shape (no other broadcasting), which the output takes."""
    merged, unknown_rank = (), False
    for i, shape in enumerate(c.shape(0)):
        if shape is None:
            unknown_rank = True
        elif shape != ():
            if merged != () and not raw_compatible(merged, shape):
                raise c.error(f"StringJoin inputs that are not scalars must have one shape, "
                              f"but input {i} has shape {format_raw(shape)} where earlier "
                              f"inputs have {format_raw(merged)}.")
            merged = shape if merged == () else raw_merge(merged, shape)
    return [None if merged == () and unknown_rank else merged]


register_op("StringJoin").input("inputs: N * string").output("output: string") \
    .attr("N: int >= 0").attr("separator: string = ''").set_shape_fn(_join_shape).doc(
        "Joins strings elementwise, with separator between them.\n\n"
        "inputs: string tensors of one shape, or scalars (which apply to every element).\n"
        "separator: inserted between the joined strings.")

register_op("StringLength").input("input: string").output("output: int32") \
    .attr("unit: {'BYTE', 'UTF8_CHAR'} = 'BYTE'").set_shape_fn(si.unchanged).doc(
        "The length of each string.\n\n"
        "input: a string tensor.\n"
        "unit: BYTE counts bytes, UTF8_CHAR counts UTF-8 encoded characters.")
