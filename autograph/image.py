"""`ag.image`: image functions, as `tf.image` (resize, flips, crops, dtype conversion,
grayscale, standardization)."""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.ops.image.ops import *  # noqa: F403
from autograph.runtime.ops.image.ops import __all__  # noqa: F401

_filter_exports(globals())  # errors show the user's frames
