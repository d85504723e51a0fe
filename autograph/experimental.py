"""`ag.experimental`, as `tf.experimental`: user-defined composite types, and the shapes of
ragged tensors (`DynamicRaggedShape`, `RowPartition`).

`ExtensionType` subclasses declare fields of tensors and Python values; functions, loops and
conds take and return them as a unit, traced by their `Spec`; datasets batch
`BatchableExtensionType` values.
"""

import sys as _sys

from autograph.impl.coverage import install_namespace as _install_namespace
from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.ops.extension_type.batchable import (
    BatchableExtensionType,
    BatchableExtensionTypeSpec,
)
from autograph.runtime.ops.extension_type.extension_type import (
    ExtensionType,
    ExtensionTypeSpec,
)
from autograph.runtime.ops.ragged.dynamic_shape import DynamicRaggedShape
from autograph.runtime.ops.ragged.row_partition import RowPartition

__all__ = ["BatchableExtensionType", "BatchableExtensionTypeSpec", "DynamicRaggedShape",
           "ExtensionType", "ExtensionTypeSpec", "RowPartition"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
_install_namespace(_sys.modules[__name__])  # loaded on first use: autograph/__init__.py
