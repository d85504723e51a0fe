"""`ag.types`: the types of the public API, as `tf.types` (its `experimental` namespace).

>>> import autograph as ag
>>> ag.types.experimental.PolymorphicFunction is ag.Function
True
"""

from autograph.types import experimental  # noqa: F401
