"""`ag.strings`: operations on string tensors."""

from runtime.ops.string_ops import *  # noqa: F401,F403
