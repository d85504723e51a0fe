"""`ag.initializers`: TensorFlow 1's variable initializers (`ag.zeros_initializer`, ...), as
`tf.initializers`."""

from autograph.runtime.state.initializers import *  # noqa: F403
from autograph.runtime.state.initializers import __all__  # noqa: F401
