"""`ag.optimizers.schedules`: learning-rate schedules (`ExponentialDecay`,
`PiecewiseConstantDecay`, `CosineDecay`, and their base class `LearningRateSchedule`)."""

from autograph.runtime.train.optimizers.schedules import *  # noqa: F403
from autograph.runtime.train.optimizers.schedules import __all__  # noqa: F401
