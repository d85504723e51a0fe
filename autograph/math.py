"""`ag.math`: the math functions, as `tf.math` groups them.

The ops of the runtime, plus the `tf.math` functions that compose from them (`softplus`,
`reduce_logsumexp`, `expm1`, `xlogy`, ...). A composed function builds a few ops under one name
scope, so a graph shows it as one group, as TensorFlow's Python-level functions do.
"""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.ops.math.composed import *  # noqa: F403
from autograph.runtime.ops.math.composed import __all__  # noqa: F401


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
