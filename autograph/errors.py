"""`ag.errors`: the exceptions ops raise, as `tf.errors` (`InvalidArgumentError`, ...)."""

from autograph.runtime.core.errors import *  # noqa: F403
from autograph.runtime.core.errors import __all__  # noqa: F401
