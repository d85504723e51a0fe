"""`ag.data`: input pipelines, as `tf.data` (`Dataset`, `DatasetSpec`, `TFRecordDataset`,
`AUTOTUNE`, the cardinality constants; CSV files and the older spellings of some
transformations in `experimental`)."""

import sys as _sys

from autograph import data_experimental as experimental
from autograph.impl.coverage import install_namespace as _install_namespace
from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.data.dataset import (
    AUTOTUNE,
    INFINITE_CARDINALITY,
    UNKNOWN_CARDINALITY,
    Dataset,
)
from autograph.runtime.data.dataset_spec import DatasetSpec
from autograph.runtime.data.iterator import NumpyIterator, OwnedIterator
from autograph.runtime.data.records import TFRecordDataset

Iterator = OwnedIterator
__all__ = ["AUTOTUNE", "Dataset", "DatasetSpec", "INFINITE_CARDINALITY", "Iterator",
           "NumpyIterator", "TFRecordDataset", "UNKNOWN_CARDINALITY", "experimental"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
_install_namespace(_sys.modules[__name__])  # loaded on first use: autograph/__init__.py
