"""`ag.summary`: TensorBoard summaries, as `tf.summary` (see docs/watching-training.md)."""

from autograph import summary_experimental as experimental  # noqa: F401
from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.summary.graphs import graph, trace_export, trace_off, trace_on  # noqa: F401
from autograph.runtime.summary.summaries import (  # noqa: F401
    SummaryWriter,
    audio,
    create_file_writer,
    create_noop_writer,
    flush,
    histogram,
    image,
    record_if,
    scalar,
    should_record_summaries,
    text,
)

_filter_exports(globals())  # errors show the user's frames
