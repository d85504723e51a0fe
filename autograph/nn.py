"""`ag.nn`: the neural-network functions, as `tf.nn` groups them (those the runtime has)."""

from runtime.ops.math_ops import relu, sigmoid, tanh  # noqa: F401
from runtime.ops.reduction_ops import softmax  # noqa: F401

from autograph.tracebacks import filter_exports as _filter_exports  # noqa: E402

_filter_exports(globals())  # errors show the user's frames
