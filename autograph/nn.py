"""`ag.nn`: the neural-network functions, as `tf.nn` groups them.

Activations, losses and normalisations composed of the runtime's ops (as TensorFlow writes many
of them in Python over its kernels); each builds its ops under one name scope. Convolutions and
pooling, composed the same way, are in `conv_ops`.
"""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.ops.nn.ops import *  # noqa: F403
from autograph.runtime.ops.nn.ops import __all__  # noqa: F401


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
