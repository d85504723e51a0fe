"""`ag.strings`: operations on string tensors."""

from autograph.runtime.ops.string_ops import *  # noqa: F401,F403
from autograph.tracebacks import filter_exports as _filter_exports  # noqa: E402

_filter_exports(globals())  # errors show the user's frames

