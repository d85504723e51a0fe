"""`ag.optimizers`: SGD, Adam, AdamW, RMSprop and Adagrad, as Keras 3 computes them, and the
learning-rate schedules under `ag.optimizers.schedules`; also `LazyAdam` (TensorFlow Addons'),
which updates only the rows an embedding lookup read.

>>> import autograph as ag
>>> w = ag.Variable(1.0)
>>> opt = ag.optimizers.SGD(learning_rate=0.1)
>>> _ = opt.apply_gradients([(ag.constant(2.0), w)])
>>> w.numpy(), opt.iterations.numpy()
(np.float32(0.8), np.int64(1))
"""

import sys as _sys

from autograph import optimizer_schedules as schedules
from autograph.impl.coverage import install_namespace as _install_namespace
from autograph.runtime.train.optimizers import (
    SGD,
    Adagrad,
    Adam,
    AdamW,
    LazyAdam,
    Optimizer,
    RMSprop,
)

__all__ = ["Optimizer", "SGD", "Adam", "AdamW", "LazyAdam", "RMSprop", "Adagrad", "schedules"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_install_namespace(_sys.modules[__name__])  # loaded on first use: autograph/__init__.py
