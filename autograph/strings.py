"""`ag.strings`: operations on string tensors."""

from autograph.impl.tracebacks import filter_exports as _filter_exports  # noqa: E402
from autograph.runtime.ops.string.ops import *  # noqa: F401,F403
from autograph.runtime.ops.string.substr import substr  # noqa: F401

_filter_exports(globals())  # errors show the user's frames

