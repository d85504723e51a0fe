"""`ag.data.experimental`: CSV files as datasets, as `tf.data.experimental` (`CsvDataset`,
`make_csv_dataset`), and `AUTOTUNE`."""

from autograph.runtime.data.csv_source import CsvDataset, make_csv_dataset
from autograph.runtime.data.dataset import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY

__all__ = ["AUTOTUNE", "CsvDataset", "INFINITE_CARDINALITY", "UNKNOWN_CARDINALITY",
           "make_csv_dataset"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__
