"""Declarations of the logging ops: `StringFormat` and `PrintV2` (`ag.print`), and the
TensorBoard summary ops `WriteSummary` and `FlushSummaryWriter` (`ag.summary`).

As in TensorFlow, `ag.print(*inputs)` is two ops: `StringFormat` writes its tensor inputs into
a template (Python values are already part of the template), and `PrintV2`, a stateful op,
writes the resulting string to a stream each time it runs. Tensors are shown as `tf.print`
shows them: `[1 2 3]`, nested brackets by dimension, long dimensions cut to their first and
last `summarize` entries around `...`. Kernels live in `kernels/logging_kernels.py`, the
front-end in `runtime/ops/logging/ops.py`.
"""

from __future__ import annotations

from autograph.runtime.core.tensor_shape import format_raw
from autograph.runtime.registry.op_registry import register_op
from autograph.runtime.registry.shape_inference import InferenceContext, RawShape

STREAMS = ("stdout", "stderr")


def _format_shape(c: InferenceContext) -> list[RawShape]:
    template, placeholder = c.attr("template"), c.attr("placeholder")
    if not placeholder:
        raise c.error("placeholder must not be empty.")
    found, given = template.count(placeholder), len(c.shape(0))
    if found != given:
        raise c.error(f"the template has {found} placeholder(s) {placeholder!r} but "
                      f"{given} input(s) were given; they must match.")
    return [()]


def _print_shape(c: InferenceContext) -> list[RawShape]:
    shape = c.shape(0)
    if shape is not None and shape != ():
        raise c.error(f"input must be a string scalar, but its shape is {format_raw(shape)}.")
    stream = c.attr("output_stream")
    if stream not in STREAMS and not stream.startswith("file://"):
        raise c.error(f"output_stream must be 'stdout', 'stderr' or 'file://<path>', got "
                      f"{stream!r}.")
    return []


register_op("StringFormat").input("inputs: T").output("output: string") \
    .attr("T: list(type) >= 0").attr("template: string = '%s'") \
    .attr("placeholder: string = '%s'").attr("summarize: int = 3") \
    .set_shape_fn(_format_shape).doc(
        "The template with each placeholder replaced by the next input, as tf.print shows it."
        "\n\n"
        "inputs: the tensors to show, one per placeholder.\n"
        "output: a string scalar.\n"
        "template: the text around the tensors.\n"
        "placeholder: the marker in template that each input replaces.\n"
        "summarize: how many entries to show at each end of every dimension (-1: all).")

register_op("PrintV2").input("input: string").attr("output_stream: string = 'stderr'") \
    .attr("end: string = '\n'").set_is_stateful().set_shape_fn(_print_shape).doc(
        "Writes input, then end, to a stream each time the op runs.\n\n"
        "input: a string scalar.\n"
        "output_stream: 'stdout', 'stderr' (the current sys.stdout / sys.stderr when the op "
        "runs), or 'file://<path>' to append to a file.\n"
        "end: written after input.")


def _write_summary_shape(c: InferenceContext) -> list[RawShape]:
    for index, what in ((1, "step"), (2, "record")):
        shape = c.shape(index)
        if shape is not None and shape != ():
            raise c.error(f"{what} must be a scalar, but its shape is {format_raw(shape)}.")
    return [()]


register_op("WriteSummary").input("tensor: T").input("step: int64").input("record: bool") \
    .output("written: bool").attr("T: type").attr("writer: string").attr("tag: string") \
    .attr("kind: {'scalar', 'histogram', 'image', 'text', 'audio'}") \
    .attr("description: string = ''").attr("buckets: int = 30").attr("max_outputs: int = 3") \
    .attr("sample_rate: float = 0.0").set_is_stateful().set_shape_fn(_write_summary_shape).doc(
        "Writes tensor as a TensorBoard summary of kind, at step, when record is true.\n\n"
        "The graph form of `ag.summary.scalar`, `histogram`, `image`, `text` and `audio`; "
        "it runs on every call of its function, reading step (a variable's value) then.\n\n"
        "tensor: the summary's data.\n"
        "step: the step it is written at.\n"
        "record: whether to write (`ag.summary.record_if`'s condition).\n"
        "written: record, once written.\n"
        "writer: names the summary writer (`runtime/summary/writer.py`), held by this process.\n"
        "tag: the summary's name.\n"
        "kind: how the data is stored (`runtime/summary/encoding.py`).")

register_op("FlushSummaryWriter").attr("writer: string").set_is_stateful() \
    .set_shape_fn(lambda c: []).doc(
        "Writes the queued summaries of writer to its file.\n\n"
        "writer: names the summary writer, held by this process.")
