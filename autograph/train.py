"""`ag.train`: checkpoints, as `tf.train` names them.

`Checkpoint` saves and restores the variables of models, optimizers and other objects (found
through `_trackable_children`, see `runtime/train/trackable.py`); `CheckpointManager` numbers
checkpoints in a directory and deletes the oldest; `latest_checkpoint` finds the newest;
`list_variables` lists what one holds, and `load_checkpoint` reads its values.
"""

import sys as _sys

from autograph.impl.coverage import install_namespace as _install_namespace
from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.train.checkpoint import Checkpoint
from autograph.runtime.train.checkpoint_io import (
    CheckpointReader,
    latest_checkpoint,
    list_variables,
    load_checkpoint,
)
from autograph.runtime.train.checkpoint_manager import CheckpointManager

__all__ = ["Checkpoint", "CheckpointManager", "CheckpointReader", "latest_checkpoint",
           "list_variables", "load_checkpoint"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
_install_namespace(_sys.modules[__name__])  # loaded on first use: autograph/__init__.py
