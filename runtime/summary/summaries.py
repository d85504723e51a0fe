"""`ag.summary`'s writing functions: `scalar`, `histogram`, `image`, `text`, `audio`, `flush`,
the step (`experimental.set_step` / `get_step`) and `record_if` / `should_record_summaries`.

Eagerly a summary is written at once to the thread's default writer, at the given step or the
default one. Inside a function being traced it becomes a `WriteSummary` op bound to the default
writer at trace time: it writes on every call, reading the step when it runs (a variable as
step, such as an optimizer's `iterations`, gives each call its own step) and the recording
condition too. Each returns whether it wrote (a bool tensor): False without a default writer,
with a no-op writer, or while `record_if` says not to.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as logdir:
...     writer = create_file_writer(logdir)
...     with writer.as_default(step=3):
...         written = scalar("loss", 0.25).numpy()
...     writer.close()
>>> written
np.True_
>>> scalar("loss", 0.25, step=4).numpy()  # no default writer
np.False_
"""

from __future__ import annotations

import contextlib
from typing import Any, Iterator

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.constant_value import constant_value
from autograph.runtime.graph.graph import building_graph, current_eager_name_scope
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.checks.assertions import assert_scalar
from autograph.runtime.ops.creation.ops import cast
from autograph.runtime.summary.writer import (
    SummaryWriter,
    create_file_writer,
    create_noop_writer,
    state,
)

__all__ = ["scalar", "histogram", "image", "text", "audio", "flush", "set_step", "get_step",
           "record_if", "should_record_summaries", "create_file_writer", "create_noop_writer",
           "SummaryWriter"]

NO_STEP = ("No step set. Please specify one either through the `step` argument or through "
           "ag.summary.experimental.set_step()")

_write_summary = op_handle("WriteSummary")
_flush = op_handle("FlushSummaryWriter")


def scalar(name: str, data: Any, step: Any = None, description: str | None = None) -> Any:
    """Writes a scalar (shown by TensorBoard's Scalars dashboard) under tag `name`.

    Raises:
        ValueError: `data` is not a scalar, or no step is given or set.
    """
    data = convert_to_tensor(data)
    assert_scalar(data)
    return _write("scalar", name, data, step, description)


def histogram(name: str, data: Any, step: Any = None, buckets: int | None = None,
              description: str | None = None) -> Any:
    """Writes the distribution of `data`'s values in `buckets` equal-width buckets (30)."""
    return _write("histogram", name, convert_to_tensor(data), step, description,
                  buckets=30 if buckets is None else int(buckets))


def image(name: str, data: Any, step: Any = None, max_outputs: int = 3,
          description: str | None = None) -> Any:
    """Writes the first `max_outputs` images of `data`, `[k, height, width, channels]` with 1
    (grey), 2, 3 (RGB) or 4 channels, uint8 or floats in [0, 1], as PNG."""
    return _write("image", name, convert_to_tensor(data), step, description,
                  max_outputs=int(max_outputs))


def text(name: str, data: Any, step: Any = None, description: str | None = None) -> Any:
    """Writes a string tensor (shown by the Text dashboard, as Markdown)."""
    data = convert_to_tensor(data)
    if data.dtype != dtypes.string:
        raise TypeError(f"A text summary takes strings; got {data.dtype.name}.")
    return _write("text", name, data, step, description)


def audio(name: str, data: Any, sample_rate: Any, step: Any = None, max_outputs: int = 3,
          encoding: str | None = None, description: str | None = None) -> Any:
    """Writes the first `max_outputs` clips of `data`, `[k, samples, channels]` floats in
    [-1, 1] at `sample_rate` Hz, as 16-bit WAV files."""
    if encoding not in (None, "wav"):
        raise ValueError(f"Unknown audio encoding {encoding!r}; only 'wav' is supported.")
    rate = constant_value(sample_rate) if isinstance(sample_rate, Tensor) and \
        building_graph() is not None else sample_rate
    if rate is None:
        raise ValueError("sample_rate must be known while the function is traced (a Python "
                         "number or a constant).")
    rate = float(np.asarray(rate.numpy() if hasattr(rate, "numpy") else rate))
    return _write("audio", name, convert_to_tensor(data, dtype=dtypes.float32), step,
                  description, max_outputs=int(max_outputs), sample_rate=rate)


def flush(writer: SummaryWriter | None = None, name: str | None = None) -> Any:
    """Writes the queued summaries of `writer` (default: the default writer) to its file."""
    writer = state.writer if writer is None else writer
    if writer is None:
        return None
    if building_graph() is None:
        writer.flush()
        return None
    return _flush.run([], {"writer": writer.token}, name)


# Step and recording -----------------------------------------------------------------------------
def set_step(step: Any) -> None:
    """Sets the thread's default step: an int, an integer tensor or an `ag.Variable` (read
    each time a summary is written)."""
    state.step = step


def get_step() -> Any:
    """The thread's default step, as set (None when unset)."""
    return state.step


@contextlib.contextmanager
def record_if(condition: Any) -> Iterator[None]:
    """Summaries inside are written only while `condition` holds: a bool, a bool tensor, or a
    function giving one (called for each summary eagerly, once while tracing)."""
    previous = state.record
    state.record = condition
    try:
        yield
    finally:
        state.record = previous


def should_record_summaries() -> Any:
    """Whether a summary made here would be written: a default writer that writes, and the
    `record_if` condition, as a bool tensor."""
    return recording(state.writer)


def recording(writer: SummaryWriter | None) -> Any:
    if writer is None or writer.logdir is None:
        return convert_to_tensor(False)
    condition = state.record
    if callable(condition):
        condition = condition()
    return convert_to_tensor(condition, dtype=dtypes.bool_)


# Writing ----------------------------------------------------------------------------------------
def _write(kind: str, name: str, data: Tensor, step: Any, description: str | None,
           **params: Any) -> Any:
    writer = state.writer
    graph = building_graph()
    tag = _tag(name, graph)
    if graph is None:
        if not bool(recording(writer).numpy()):
            return convert_to_tensor(False)
        assert writer is not None
        writer.write(kind, tag, data.numpy(), eager_step(step), description=description or "",
                     **params)
        return convert_to_tensor(True)
    if writer is None or writer.logdir is None:
        return convert_to_tensor(False)
    attrs = {"writer": writer.token, "tag": tag, "kind": kind,
             "description": description or "", **params}
    with graph.name_scope(name):
        return _write_summary.run([data, _step_tensor(step), recording(writer)], attrs,
                                  "write_summary")


def _tag(name: str, graph: Any) -> str:
    scope = graph.get_name_scope() if graph is not None else current_eager_name_scope()
    scope = scope.rstrip("/")
    return f"{scope}/{name}" if scope else name


def eager_step(step: Any) -> int:
    step = state.step if step is None else step
    if step is None:
        raise ValueError(NO_STEP)
    return int(np.asarray(step.numpy() if hasattr(step, "numpy") else step))


def _step_tensor(step: Any) -> Any:
    step = state.step if step is None else step
    if step is None:
        raise ValueError(NO_STEP)
    step = convert_to_tensor(step)  # a variable is read when the op runs
    return step if step.dtype == dtypes.int64 else cast(step, dtypes.int64)

