"""`ag.debugging`: runtime checks, and the switch of traceback filtering (as `tf.debugging`)."""

from autograph.impl.tracebacks import filter_exports as _filter_exports  # noqa: E402
from autograph.runtime.core.traceback_utils import (  # noqa: F401
    disable_traceback_filtering,
    enable_traceback_filtering,
    is_traceback_filtering_enabled,
)
from autograph.runtime.ops.control_flow.ops import Assert  # noqa: F401

_filter_exports(globals())  # errors show the user's frames
