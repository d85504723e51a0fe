"""`TFRecordDataset`: the records of TFRecord files, as a dataset of scalar strings.

The files are read lazily, one pass per iteration, each record checked against its checksums
(`runtime/ops/io/records.py`): a corrupt record stops the iteration with a `DataLossError`
that names the file and the offset. `filenames` may be a path, a list of paths, a string
tensor or a dataset of paths.

>>> import os, tempfile
>>> from autograph.runtime.ops.io.records import TFRecordWriter
>>> with tempfile.TemporaryDirectory() as folder:
...     path = os.path.join(folder, "data.tfrecord")
...     with TFRecordWriter(path) as writer:
...         for record in (b"a", b"bc"):
...             writer.write(record)
...     list(TFRecordDataset(path).as_numpy_iterator())
[b'a', b'bc']
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Iterator

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.data import transforms
from autograph.runtime.data.dataset import AUTOTUNE, UNKNOWN_CARDINALITY, Dataset
from autograph.runtime.data.structure import Structure, host_array
from autograph.runtime.graph.tensor_spec import TensorSpec
from autograph.runtime.ops.io.records import TFRecordOptions, read_records

__all__ = ["TFRecordDataset", "filename_source"]


def filename_source(filenames: Any) -> tuple[Callable[[], Iterator[str]], str]:
    """(a maker of iterators over the paths, a short text of them) for `filenames`: a path,
    a list of paths, a string tensor of any shape, or a dataset of scalar strings.

    Raises:
        TypeError: the paths are not strings.
    """
    if isinstance(filenames, Dataset):
        specs = filenames._structure.specs
        if len(specs) != 1 or specs[0].dtype != dtypes.string or specs[0].shape.rank != 0:
            raise TypeError(f"The `filenames` argument must contain `ag.string` elements of "
                            f"shape (); the dataset has elements {filenames.element_spec}.")
        def from_dataset() -> Iterator[str]:
            for (path,) in filenames._make():
                yield _path(path[()])
        return from_dataset, "a dataset"
    if filenames is None:
        raise TypeError("The `filenames` argument is None; give a path, a list of paths, a "
                        "string tensor or a dataset of paths.")
    array = host_array(filenames)
    if array.dtype != object and array.size:  # [] is no file, whatever its dtype
        raise TypeError(f"The `filenames` argument must contain `ag.string` elements. Got "
                        f"`ag.{dtypes.as_dtype(array.dtype).name}` elements.")
    paths = [_path(p) for p in array.reshape(-1)]
    text = repr(paths[0]) if len(paths) == 1 else f"{len(paths)} files"
    return lambda: iter(paths), text


def _path(value: Any) -> str:
    return value.decode("utf-8") if isinstance(value, bytes) else str(value)


def _records(path: str, compression: str) -> Iterator[tuple]:
    for record in read_records(path, compression):
        yield (np.array(record, dtype=object),)


class TFRecordDataset(Dataset):
    """The records of one or more TFRecord files (`tf.data.TFRecordDataset`).

    Args:
        filenames: a path, a list of paths, a string tensor, or a dataset of paths.
        compression_type: `"GZIP"`, `"ZLIB"`, or `""`/None for none.
        buffer_size: accepted for compatibility (Python's file buffering is used).
        num_parallel_reads: None or 1 reads the files one after another; a larger number
            reads that many at once, one record from each in turn, in TensorFlow's order (the
            reads take turns on one thread here); `AUTOTUNE` reads them one after another,
            the order TensorFlow 2.21 gave.
        name: accepted for compatibility.

    Raises:
        TypeError: `filenames` are not strings.
        ValueError: an unknown compression type, or `num_parallel_reads` below 1.
    """

    def __init__(self, filenames: Any, compression_type: str | None = None,
                 buffer_size: int | None = None, num_parallel_reads: int | None = None,
                 name: str | None = None):
        paths, text = filename_source(filenames)
        compression = TFRecordOptions.get_compression_type_string(compression_type)
        one_file = functools.partial(_one_file, compression)
        make: Callable[[], Iterator[tuple]]
        if num_parallel_reads in (None, 1, AUTOTUNE):
            make = functools.partial(_sequential, paths, one_file)
        else:
            cycle = int(num_parallel_reads)  # type: ignore[arg-type]
            if cycle < 1:
                raise ValueError(f"num_parallel_reads must be at least 1 (or AUTOTUNE); got "
                                 f"{num_parallel_reads}.")
            make = functools.partial(transforms.interleave, lambda: ((p,) for p in paths()),
                                     one_file, cycle, 1)
        super().__init__(make, Structure(0, [TensorSpec((), dtypes.string)]),
                         UNKNOWN_CARDINALITY,
                         kind=f"TFRecordDataset({text}, {compression!r}, {num_parallel_reads})")


def _one_file(compression: str, flat: tuple, index: int) -> Iterator[tuple]:
    return _records(flat[0], compression)


def _sequential(paths: Callable[[], Iterator[str]],
                one_file: Callable[[tuple, int], Iterator[tuple]]) -> Iterator[tuple]:
    for index, path in enumerate(paths()):
        yield from one_file((path,), index)
