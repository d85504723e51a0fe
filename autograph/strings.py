"""`ag.strings`: operations on string tensors."""

from runtime.ops.string_ops import *  # noqa: F401,F403

from autograph.tracebacks import filter_exports  # noqa: E402

filter_exports(globals())
