"""`ag.debugging`: runtime checks, and the switch of traceback filtering (as `tf.debugging`)."""

from runtime.ops.control_flow_ops import Assert  # noqa: F401
from runtime.core.traceback_utils import (disable_traceback_filtering,  # noqa: F401
                                     enable_traceback_filtering,
                                     is_traceback_filtering_enabled)

from autograph.tracebacks import filter_exports as _filter_exports  # noqa: E402

_filter_exports(globals())  # errors show the user's frames
