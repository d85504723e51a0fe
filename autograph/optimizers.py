"""`ag.optimizers`: SGD, Adam, AdamW, RMSprop and Adagrad, as Keras 3 computes them, and the
learning-rate schedules under `ag.optimizers.schedules`.

>>> import autograph as ag
>>> w = ag.Variable(1.0)
>>> opt = ag.optimizers.SGD(learning_rate=0.1)
>>> _ = opt.apply_gradients([(ag.constant(2.0), w)])
>>> w.numpy(), opt.iterations.numpy()
(np.float32(0.8), np.int64(1))
"""

from types import ModuleType as _ModuleType

from autograph.runtime.train.optimizers import SGD, Adagrad, Adam, AdamW, Optimizer, RMSprop
from autograph.runtime.train.optimizers import schedules as _schedules

schedules = _ModuleType("autograph.optimizers.schedules",
                        "Learning-rate schedules: ExponentialDecay, PiecewiseConstantDecay, "
                        "CosineDecay, and their base class LearningRateSchedule.")
schedules.__dict__.update({name: getattr(_schedules, name) for name in _schedules.__all__})
schedules.__all__ = list(_schedules.__all__)  # type: ignore[attr-defined]

__all__ = ["Optimizer", "SGD", "Adam", "AdamW", "RMSprop", "Adagrad", "schedules"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__

