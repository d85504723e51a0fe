"""`ag.profiler`: `ag.profiler.experimental.start(logdir)`, `stop()`, `Trace`, `Profile`, as
`tf.profiler.experimental`; the trace is a Chrome trace file (see `docs/watching-training.md`)."""

from autograph import profiler_experimental as experimental  # noqa: F401
