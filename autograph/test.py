"""`ag.test`: helpers for testing code written with autograph, as `tf.test` groups them.

`compute_gradient` checks gradients against central differences; `max_error` measures the gap
between the two Jacobians it returns.
"""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.gradients.checker import compute_gradient, max_error

__all__ = ["compute_gradient", "max_error"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
