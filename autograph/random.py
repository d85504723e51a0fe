"""`ag.random`: random tensors and the global seed."""

from autograph.runtime.ops.random_ops import *  # noqa: F401,F403
from autograph.runtime.ops.state_ops import truncated_normal  # noqa: F401
from autograph.tracebacks import filter_exports as _filter_exports  # noqa: E402

_filter_exports(globals())  # errors show the user's frames

