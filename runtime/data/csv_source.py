"""CSV files as datasets: `CsvDataset` (one tuple of scalars per record) and
`make_csv_dataset` (batches of named columns, types inferred as TensorFlow infers them).

Records are lines, or several lines where a quoted field holds a newline; their fields parse as
`DecodeCSV` parses them (`runtime/ops/io/csv_fields.py`), with TensorFlow's errors plus the file
and line. `make_csv_dataset` reads the header and infers column types with Python's `csv`
module, as TensorFlow does: each column takes the first of int32, int64, float32, float64,
string that holds every value of its first `num_rows_for_inference` rows.

>>> import os, tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     path = os.path.join(folder, "data.csv")
...     with open(path, "w") as f:
...         _ = f.write("a,b\\n1,x\\n,y\\n")
...     list(CsvDataset(path, [[0], ["?"]], header=True).as_numpy_iterator())
[(np.int32(1), b'x'), (np.int32(0), b'y')]
"""

from __future__ import annotations

import collections
import csv
import functools
import glob
import gzip
import io
import zlib
from typing import Any, Callable, Iterator, Sequence

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.errors import InvalidArgumentError, OpError
from autograph.runtime.data.dataset import AUTOTUNE, UNKNOWN_CARDINALITY, Dataset
from autograph.runtime.data.records import filename_source
from autograph.runtime.data.structure import Structure
from autograph.runtime.graph.tensor_spec import TensorSpec
from autograph.runtime.ops.io import csv_fields
from autograph.runtime.ops.io.files import os_error, read_bytes
from autograph.runtime.ops.io.ops import csv_default
from autograph.runtime.ops.io.records import TFRecordOptions

__all__ = ["CsvDataset", "make_csv_dataset"]

_CSV_TYPES = (dtypes.float32, dtypes.float64, dtypes.int32, dtypes.int64, dtypes.string)


def _defaults(record_defaults: Sequence[Any]) -> tuple[list[dtypes.DType], list[Any]]:
    """(dtypes, default values or None for required fields) of `record_defaults`."""
    types, values = [], []
    for i, value in enumerate(record_defaults):
        array = np.asarray(csv_default(value, i).numpy())
        dtype = dtypes.as_dtype(dtypes.string if array.dtype == object else array.dtype)
        if dtype not in _CSV_TYPES:
            raise ValueError(f"record_defaults[{i}] has dtype {dtype.name}; a CSV column is "
                             f"float32, float64, int32, int64 or string.")
        if array.size > 1:
            raise InvalidArgumentError(f"There should only be 1 default per field but field {i} "
                                       f"has {array.size}")
        types.append(dtype)
        values.append(array.reshape(-1)[0] if array.size else None)
    return types, values


def _lines(path: str, compression: str) -> Iterator[bytes]:
    if compression == "ZLIB":
        try:
            data = zlib.decompress(read_bytes(path))
        except zlib.error as e:
            raise InvalidArgumentError(f"{path} is not ZLIB data: {e}") from None
        yield from io.BytesIO(data)
        return
    try:
        file = gzip.open(path, "rb") if compression == "GZIP" else open(path, "rb")
    except OSError as e:
        raise os_error(e, path) from None
    with file:
        yield from file


def _file_records(path: str, types: list[dtypes.DType], defaults: list[Any], header: bool,
                  delim: str, quotes: bool, na_value: bytes, select: list[int],
                  compression: str, skip_errors: bool) -> Iterator[tuple]:
    """The records of one file as tuples of arrays; with `skip_errors`, a bad record is left
    out and a file that cannot be read gives none (TensorFlow's `ignore_errors`)."""
    np_types = [object if t == dtypes.string else t.np_dtype.type for t in types]
    records = csv_fields.records(_lines(path, compression), delim, quotes)
    try:
        if header:
            next(records, None)
        for line, record in records:
            try:
                values = _record_values(record, types, np_types, defaults, delim, quotes,
                                        na_value, select)
            except InvalidArgumentError as e:  # TensorFlow's words, then the file and line
                if skip_errors:
                    continue
                raise InvalidArgumentError(f"{e.message} (line {line} of {path})") from None
            yield tuple(np.array(v, dtype=t.np_dtype) for v, t in zip(values, types))
    except OpError:
        if not skip_errors:
            raise


def _record_values(record: bytes, types: list[dtypes.DType], np_types: list[Any],
                   defaults: list[Any], delim: str, quotes: bool, na_value: bytes,
                   select: list[int]) -> list[Any]:
    where = "in record"
    if quotes and b'"' in record and csv_fields.ends_inside_quotes(record, delim):
        raise InvalidArgumentError(f"Reached end of file without closing quoted field {where}")
    fields = csv_fields.split(record, delim, quotes, where)
    if select:
        have = sum(c < len(fields) for c in select)
        if have < len(select):
            raise InvalidArgumentError(f"Expect {len(select)} fields but have {have} {where}")
        fields = [fields[c] for c in select]
    elif len(fields) != len(types):
        count = "more" if len(fields) > len(types) else str(len(fields))
        raise InvalidArgumentError(f"Expect {len(types)} fields but have {count} {where}")
    return csv_fields.convert(fields, np_types, defaults, na_value, where)


class CsvDataset(Dataset):
    """The records of CSV files, each a tuple of scalars (`tf.data.experimental.CsvDataset`).

    Args:
        filenames: a path, a list of paths, a string tensor, or a dataset of paths.
        record_defaults: per column kept, a dtype (float32, float64, int32, int64, string;
            the field is required) or a default (a value, `[value]`, or a one-element tensor).
        compression_type: `"GZIP"`, `"ZLIB"`, or `""`/None.
        buffer_size: accepted for compatibility.
        header: whether the first line of each file is a header to skip.
        field_delim: the one-character separator.
        use_quote_delim: whether double quotes group a field.
        na_value: a field text that counts as missing.
        select_cols: the columns to keep (ascending indices), one per record default.
        exclude_cols: the columns to leave out (then the others are kept, one per default).

    Raises:
        InvalidArgumentError: select_cols not ascending or not one per default, or both
            select_cols and exclude_cols given; while iterating, a record with too few or too
            many fields, a required field missing, or a number that does not parse.
    """

    _skip_errors = False  # `_TolerantCsvDataset`: make_csv_dataset(ignore_errors=True)

    def __init__(self, filenames: Any, record_defaults: Sequence[Any],
                 compression_type: str | None = None, buffer_size: int | None = None,
                 header: bool = False, field_delim: str = ",", use_quote_delim: bool = True,
                 na_value: str = "", select_cols: Sequence[int] | None = None,
                 exclude_cols: Sequence[int] | None = None):
        paths, text = filename_source(filenames)
        types, defaults = _defaults(record_defaults)
        select = _selected(select_cols, exclude_cols, len(types))
        if len(field_delim) != 1:
            raise InvalidArgumentError(f"field_delim should be only 1 char; got {field_delim!r}")
        compression = TFRecordOptions.get_compression_type_string(compression_type)
        read = functools.partial(_file_records, types=types, defaults=defaults,
                                 header=bool(header), delim=field_delim,
                                 quotes=bool(use_quote_delim), na_value=na_value.encode(),
                                 select=select, compression=compression,
                                 skip_errors=self._skip_errors)

        def make() -> Iterator[tuple]:
            for path in paths():
                yield from read(path)
        structure = Structure(tuple(range(len(types))), [TensorSpec((), t) for t in types])
        super().__init__(make, structure, UNKNOWN_CARDINALITY,
                         kind=f"CsvDataset({text}, {[t.name for t in types]}, {select})")


class _TolerantCsvDataset(CsvDataset):
    """A `CsvDataset` that leaves out the records it cannot read, and the files it cannot
    open, as TensorFlow's `ignore_errors()` after a `CsvDataset` does."""

    _skip_errors = True


def _selected(select_cols: Any, exclude_cols: Any, count: int) -> list[int]:
    if select_cols and exclude_cols:
        raise InvalidArgumentError("Either select_cols or exclude_cols should be empty")
    if exclude_cols:
        excluded = {int(c) for c in exclude_cols}
        return [c for c in range(count + len(excluded)) if c not in excluded]
    select = [int(c) for c in select_cols or ()]
    if any(b <= a for a, b in zip(select, select[1:])) or any(c < 0 for c in select):
        raise InvalidArgumentError("select_cols should be strictly increasing indices")
    if select and len(select) != count:
        raise InvalidArgumentError("select_cols should match output size")
    return select


# make_csv_dataset ---------------------------------------------------------------------------
def _file_names(file_pattern: Any) -> list[str]:
    patterns = file_pattern if isinstance(file_pattern, (list, tuple)) else [file_pattern]
    if not patterns:
        raise ValueError("Argument `file_pattern` should not be empty.")
    names = [n for p in patterns for n in glob.glob(str(p))]
    if not names:
        raise ValueError(f"No files match `file_pattern` {file_pattern}.")
    return sorted(names)


def _text_rows(path: str, compression: str, delim: str, quotes: bool,
               encoding: str) -> Iterator[list[str]]:
    if compression == "ZLIB":
        raise ValueError(f"`compression_type` {compression} is not supported for probing "
                         f"columns.")
    try:
        file = (gzip.open(path, "rt", encoding=encoding, newline="") if compression == "GZIP"
                else open(path, encoding=encoding, newline=""))
    except OSError as e:
        raise os_error(e, path) from None
    with file:
        yield from csv.reader(file, delimiter=delim,
                              quoting=csv.QUOTE_MINIMAL if quotes else csv.QUOTE_NONE)


def _column_names(files: list[str], rows: Callable[[str], Iterator[list[str]]]) -> list[str]:
    names = None
    for path in files:
        first = next(rows(path), None)
        if first is None:
            raise ValueError(f"Failed when reading the header line of {path}. Is it an empty "
                             f"file?")
        if names is not None and first != names:
            raise ValueError(f"All input CSV files should have the same column names in the "
                             f"header row. File {path} has different column names.")
        names = first
    assert names is not None
    return names


def _infer_type(text: str, na_value: str, previous: dtypes.DType | None) -> Any:
    """TensorFlow's rule: the least permissive type that holds `text` and every earlier
    value of the column; an empty or `na_value` field says nothing."""
    if text in ("", na_value):
        return previous
    order = (dtypes.int32, dtypes.int64, dtypes.float32, dtypes.float64, dtypes.string)
    start = 0 if previous is None else order.index(previous)
    for dtype in order[start:]:
        if _holds(dtype, text):
            return dtype
    return dtypes.string


def _holds(dtype: dtypes.DType, text: str) -> bool:
    if dtype == dtypes.string:
        return True
    try:
        if dtype == dtypes.int32:
            return bool(np.int32(text) == np.int64(text))
        if dtype == dtypes.int64:
            np.int64(text)
            return True
        with np.errstate(over="ignore"):  # 1e50 is no float32: inf, then not < inf
            return bool(dtype.np_dtype.type(text) < np.inf)
    except (ValueError, OverflowError):
        return False


def _infer_defaults(files: list[str], count: int, rows: Callable[[str], Iterator[list[str]]],
                    header: bool, na_value: str, select: list[int], limit: int | None) -> list:
    inferred: list[Any] = [None] * len(select)
    seen = 0
    for path in files:
        reader = rows(path)
        if header:
            next(reader, None)
        for number, row in enumerate(reader, 2 if header else 1):
            if limit is not None and seen >= limit:
                break
            if len(row) != count:
                raise ValueError(f"Problem inferring types: CSV row {number} has {len(row)} "
                                 f"number of fields. Expected: {count}.")
            for j, column in enumerate(select):
                inferred[j] = _infer_type(row[column], na_value, inferred[j])
            seen += 1
    return [np.array([b"" if t in (None, dtypes.string) else 0],
                     dtype=(t or dtypes.string).np_dtype) for t in inferred]


def _column_indices(select_columns: Sequence[Any], names: list[str]) -> list[int]:
    index = {n: i for i, n in enumerate(names)}
    found = []
    for v in select_columns:
        if isinstance(v, int):
            if not 0 <= v < len(names):
                raise ValueError(f"Column index {v} specified in `select_columns` should be > 0 "
                                 f" and <= {len(names)}, which is the number of columns.")
            found.append(v)
        elif v not in index:
            raise ValueError(f"Column {v} specified in `select_columns` must be of one of the "
                             f"columns: {index.keys()}.")
        else:
            found.append(index[v])
    unique = sorted(set(found))
    if len(unique) != len(found):
        ordered = sorted(found)
        twice = {a for a, b in zip(ordered, ordered[1:]) if a == b}
        raise ValueError(f"The `select_columns` argument contains duplicate columns: {twice}.")
    return unique


def make_csv_dataset(file_pattern: Any, batch_size: int, column_names: Sequence[str] | None = None,
                     column_defaults: Sequence[Any] | None = None, label_name: str | None = None,
                     select_columns: Sequence[Any] | None = None, field_delim: str = ",",
                     use_quote_delim: bool = True, na_value: str = "", header: bool = True,
                     num_epochs: int | None = None, shuffle: bool = True,
                     shuffle_buffer_size: int = 10000, shuffle_seed: int | None = None,
                     prefetch_buffer_size: int | None = None,
                     num_parallel_reads: int | None = None, sloppy: bool = False,
                     num_rows_for_inference: int | None = 100,
                     compression_type: str | None = None, ignore_errors: bool = False,
                     encoding: str = "utf-8") -> Dataset:
    """Batches of CSV records as `OrderedDict`s of columns (`features`, or `(features,
    label)` with `label_name`), as `tf.data.experimental.make_csv_dataset` makes them.

    Column names come from the header of the first file (unless given); column types from
    `column_defaults`, or inferred from the first `num_rows_for_inference` rows (None: all)
    as int32, int64, float32, float64 or string, a missing value defaulting to 0 or "".
    The files (sorted) are shuffled with `shuffle_seed`, read `num_parallel_reads` at a time,
    and the records shuffled in a buffer of `shuffle_buffer_size`, repeated `num_epochs`
    times (None: forever, with every batch full) and batched. With `ignore_errors`, records
    that do not parse (and files that cannot be read) are left out.

    Raises:
        ValueError: no file matches, no column names, duplicate or unknown columns, a
            `label_name` that is not a column, or rows of another width while inferring.
    """
    files = _file_names(file_pattern)
    compression = TFRecordOptions.get_compression_type_string(compression_type)
    rows = functools.partial(_text_rows, compression=compression, delim=field_delim,
                             quotes=bool(use_quote_delim), encoding=encoding)
    if column_names is None:
        if not header:
            raise ValueError("Expected `column_names` or `header` arguments. Neither is "
                             "provided.")
        column_names = _column_names(files, rows)
    names = list(column_names)
    if len(names) != len(set(names)):
        ordered = sorted(names)
        twice = {a for a, b in zip(ordered, ordered[1:]) if a == b}
        raise ValueError(f"Either `column_names` argument or CSV header row contains duplicate "
                         f"column names: {twice}.")
    select = (_column_indices(select_columns, names) if select_columns is not None else None)
    if column_defaults is not None:
        defaults = list(column_defaults)
    else:
        defaults = _infer_defaults(files, len(names), rows, header, na_value,
                                   select if select is not None else list(range(len(names))),
                                   num_rows_for_inference)
    if select is not None and len(defaults) != len(select):
        raise ValueError(f"If specified, `column_defaults` and `select_columns` must have the "
                         f"same length: `column_defaults` has length {len(defaults)}, "
                         f"`select_columns` has length {len(select)}.")
    if select is not None and len(names) > len(select):
        names = [names[i] for i in select]
    if label_name is not None and label_name not in names:
        raise ValueError(f"`label_name` provided must be one of the columns: {names}. "
                         f"Received: {label_name}.")

    reader = _TolerantCsvDataset if ignore_errors else CsvDataset

    def one_file(path: Any) -> Dataset:
        return reader(path, defaults, compression_type=compression, header=header,
                          field_delim=field_delim, use_quote_delim=use_quote_delim,
                          na_value=na_value, select_cols=select)

    dataset = Dataset.from_tensor_slices(files)
    if shuffle:
        dataset = dataset.shuffle(len(files), shuffle_seed)
    cycle = 1 if num_parallel_reads in (None, AUTOTUNE) else int(num_parallel_reads)
    dataset = dataset.interleave(one_file, cycle_length=cycle, block_length=1)
    if shuffle:
        dataset = dataset.shuffle(shuffle_buffer_size, shuffle_seed)
    if num_epochs != 1:
        dataset = dataset.repeat(num_epochs)
    dataset = dataset.batch(batch_size, drop_remainder=num_epochs is None)

    def to_columns(*columns: Any) -> Any:
        features = collections.OrderedDict(zip(names, columns))
        if label_name is not None:
            return features, features.pop(label_name)
        return features
    dataset = dataset.map(to_columns)
    return dataset.prefetch(AUTOTUNE if prefetch_buffer_size is None else prefetch_buffer_size)
