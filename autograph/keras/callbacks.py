"""`ag.keras.callbacks`: Keras 3's `Callback` base and `CallbackList`, `History`,
`ProgbarLogger`, `EarlyStopping`, `ModelCheckpoint`, `LearningRateScheduler`,
`ReduceLROnPlateau`, `CSVLogger`, `LambdaCallback`, `TerminateOnNaN`, `BackupAndRestore` and
`TensorBoard`."""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.summary.keras_callback import TensorBoard
from autograph.runtime.train.keras.backup_callback import BackupAndRestore
from autograph.runtime.train.keras.callbacks import Callback, CallbackList, History, ProgbarLogger
from autograph.runtime.train.keras.epoch_callbacks import (
    CSVLogger,
    LambdaCallback,
    LearningRateScheduler,
    TerminateOnNaN,
)
from autograph.runtime.train.keras.monitor_callbacks import (
    EarlyStopping,
    ModelCheckpoint,
    ReduceLROnPlateau,
)

__all__ = ["BackupAndRestore", "Callback", "CallbackList", "History", "ProgbarLogger",
           "EarlyStopping", "ModelCheckpoint", "LearningRateScheduler", "ReduceLROnPlateau",
           "CSVLogger", "LambdaCallback", "TensorBoard", "TerminateOnNaN"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
