"""Optimizers (`ag.optimizers`): Keras 3's update rules over a shared base (`base.Optimizer`)
that owns iterations, the learning rate, slots, clipping and weight decay; and learning-rate
schedules (`schedules`)."""

from runtime.train.optimizers import schedules
from runtime.train.optimizers.adagrad import Adagrad
from runtime.train.optimizers.adam import Adam, AdamW
from runtime.train.optimizers.base import Optimizer
from runtime.train.optimizers.rmsprop import RMSprop
from runtime.train.optimizers.sgd import SGD

__all__ = ["Optimizer", "SGD", "Adam", "AdamW", "RMSprop", "Adagrad", "schedules"]
