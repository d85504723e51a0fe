"""`ag.data.experimental`, as `tf.data.experimental`: CSV files as datasets (`CsvDataset`,
`make_csv_dataset`), the older spellings of some transformations as functions for
`Dataset.apply` (`group_by_window`, `bucket_by_sequence_length`, `rejection_resample`,
`dense_to_ragged_batch`), and
`AUTOTUNE`.

>>> import autograph as ag
>>> grouped = ag.data.Dataset.range(6).apply(ag.data.experimental.group_by_window(
...     lambda x: x % 2, lambda key, window: window.batch(3), window_size=3))
>>> [batch.tolist() for batch in grouped.as_numpy_iterator()]
[[0, 2, 4], [1, 3, 5]]
"""

from typing import Any, Callable

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.data.csv_source import CsvDataset, make_csv_dataset
from autograph.runtime.data.dataset import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY

__all__ = ["AUTOTUNE", "CsvDataset", "INFINITE_CARDINALITY", "UNKNOWN_CARDINALITY",
           "bucket_by_sequence_length", "dense_to_ragged_batch", "group_by_window",
           "make_csv_dataset", "rejection_resample"]


def group_by_window(key_func: Callable, reduce_func: Callable, window_size: Any = None,
                    window_size_func: Callable | None = None) -> Callable:
    """`Dataset.group_by_window(...)`, as a function for `Dataset.apply`."""
    return lambda dataset: dataset.group_by_window(key_func, reduce_func, window_size,
                                                   window_size_func)


def bucket_by_sequence_length(element_length_func: Callable, bucket_boundaries: Any,
                              bucket_batch_sizes: Any, padded_shapes: Any = None,
                              padding_values: Any = None, pad_to_bucket_boundary: bool = False,
                              no_padding: bool = False, drop_remainder: bool = False) -> Callable:
    """`Dataset.bucket_by_sequence_length(...)`, as a function for `Dataset.apply`."""
    return lambda dataset: dataset.bucket_by_sequence_length(
        element_length_func, bucket_boundaries, bucket_batch_sizes, padded_shapes,
        padding_values, pad_to_bucket_boundary, no_padding, drop_remainder)


def dense_to_ragged_batch(batch_size: int, drop_remainder: bool = False,
                          row_splits_dtype: Any = "int64") -> Callable:
    """`Dataset.ragged_batch(...)`, as a function for `Dataset.apply`."""
    return lambda dataset: dataset.ragged_batch(batch_size, drop_remainder, row_splits_dtype)


def rejection_resample(class_func: Callable, target_dist: Any, initial_dist: Any = None,
                       seed: int | None = None) -> Callable:
    """`Dataset.rejection_resample(...)`, as a function for `Dataset.apply`."""
    return lambda dataset: dataset.rejection_resample(class_func, target_dist, initial_dist,
                                                      seed)


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
