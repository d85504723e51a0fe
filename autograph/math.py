"""`ag.math`: the math functions, as `tf.math` groups them."""

from runtime.ops.complex_ops import angle, conj, imag, real  # noqa: F401
from runtime.ops.math_ops import *  # noqa: F401,F403

from autograph.tracebacks import filter_exports as _filter_exports  # noqa: E402

_filter_exports(globals())  # errors show the user's frames

