"""`ag.ragged`: ragged tensors and the functions over them, as `tf.ragged`.

A `RaggedTensor` is its flat values cut into rows by row splits; these functions compose dense
ops over them, so they run eagerly, in functions and under a gradient tape alike.
"""

import sys as _sys

from autograph.impl.coverage import install_namespace as _install_namespace
from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.ops.ragged.ops import (  # noqa: F401
    boolean_mask,
    constant,
    map_flat_values,
    range,
    row_splits_to_segment_ids,
    segment_ids_to_row_splits,
    stack,
    stack_dynamic_partitions,
)

__all__ = ["boolean_mask", "constant", "map_flat_values", "range", "row_splits_to_segment_ids",
           "segment_ids_to_row_splits", "stack", "stack_dynamic_partitions"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
_install_namespace(_sys.modules[__name__])
