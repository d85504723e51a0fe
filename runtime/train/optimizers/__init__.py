"""Optimizers (`ag.optimizers`): Keras 3's update rules over a shared base (`base.Optimizer`)
that owns iterations, the learning rate, slots, clipping and weight decay; and learning-rate
schedules (`schedules`)."""

from autograph.runtime.train.optimizers import schedules
from autograph.runtime.train.optimizers.adagrad import Adagrad
from autograph.runtime.train.optimizers.adam import Adam, AdamW, LazyAdam
from autograph.runtime.train.optimizers.base import Optimizer
from autograph.runtime.train.optimizers.rmsprop import RMSprop
from autograph.runtime.train.optimizers.sgd import SGD

__all__ = ["Optimizer", "SGD", "Adam", "AdamW", "LazyAdam", "RMSprop", "Adagrad", "schedules"]
