"""`ag.profiler.experimental`: the profiler's start and stop, and spans of the program's own."""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.summary.profiler import (  # noqa: F401
    Profile,
    ProfilerOptions,
    Trace,
    start,
    stop,
)

_filter_exports(globals())  # errors show the user's frames
