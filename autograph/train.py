"""`ag.train`: checkpoints, as `tf.train` names them.

`Checkpoint` saves and restores the variables of models, optimizers and other objects (found
through `_trackable_children`, see `runtime/train/trackable.py`); `CheckpointManager` numbers
checkpoints in a directory and deletes the oldest; `latest_checkpoint` finds the newest;
`list_variables` lists what one holds, and `load_checkpoint` reads its values.

`Example`, `Features`, `Feature`, `BytesList`, `FloatList`, `Int64List` (and `FeatureList`,
`FeatureLists`, `SequenceExample`) are TensorFlow's protocol buffer messages of training data,
made on first use (they need the `protobuf` package: `runtime/ops/io/example_protos.py`).
"""

import sys as _sys

from autograph.impl.coverage import install_namespace as _install_namespace
from autograph.impl.coverage import missing_name as _missing_name
from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.ops.io import example_protos as _example_protos
from autograph.runtime.train.checkpoint import Checkpoint
from autograph.runtime.train.checkpoint_io import (
    CheckpointReader,
    latest_checkpoint,
    list_variables,
    load_checkpoint,
)
from autograph.runtime.train.checkpoint_manager import CheckpointManager

__all__ = ["Checkpoint", "CheckpointManager", "CheckpointReader", "latest_checkpoint",
           "list_variables", "load_checkpoint", *_example_protos.NAMES]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


def __getattr__(name: str) -> object:
    """The message classes of `tf.train.Example`, made on first use; for another name,
    whether TensorFlow has it (autograph/impl/coverage.py)."""
    if name in _example_protos.NAMES:
        value = _example_protos.message_class(name)
        globals()[name] = value
        return value
    raise _missing_name(_sys.modules[__name__], name)


_filter_exports(globals())  # errors show the user's frames
_install_namespace(_sys.modules[__name__])  # loaded on first use: autograph/__init__.py
