"""User-facing functions of the string ops (`ag.strings.*`): `join`, `length`, `split`,
`bytes_split`, `unicode_split`, `unicode_decode`, `ngrams`, `to_number` and
`to_hash_bucket_fast`.

In a graph, `name` names the op (default: the op type, such as `StringJoin`).

As TensorFlow's, the splits give a 1-D tensor for one string and a RaggedTensor for more: one
row of pieces per string (of a tensor of strings of rank k, a ragged tensor of rank k + 1).
"""

from __future__ import annotations

from typing import Any, Sequence

from autograph.runtime.core import dtypes
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.gathering import gather
from autograph.runtime.ops.array.ops import reshape, shape, size
from autograph.runtime.ops.creation.ops import range as range_
from autograph.runtime.ops.math.ops import maximum
from autograph.runtime.ops.ragged.factory import range as ragged_range
from autograph.runtime.ops.ragged.mapping import map_flat_values
from autograph.runtime.ops.ragged.ragged_tensor import RaggedTensor
from autograph.runtime.ops.string import defs as string_defs  # noqa: F401  (declares the ops)
from autograph.runtime.ops.string import fingerprint

__all__ = ["join", "length", "upper", "lower", "split", "bytes_split", "unicode_split",
           "unicode_decode", "ngrams", "to_number", "to_hash_bucket_fast"]

_join = op_handle("StringJoin")
_length = op_handle("StringLength")
_upper = op_handle("StringUpper")
_lower = op_handle("StringLower")
_split = op_handle("StringSplitV2")
_bytes_split = op_handle("StringBytesSplit")
_unicode_split = op_handle("UnicodeSplit")
_unicode_decode = op_handle("UnicodeDecode")
_to_number = op_handle("StringToNumber")
_to_hash_bucket_fast = op_handle("StringToHashBucketFast")


def join(inputs: Sequence[Any], separator: str = "", name: str | None = None) -> Tensor:
    """Joins string tensors elementwise, with `separator` between them.

    Args:
        inputs: string tensors of one shape, or scalars (which apply to every element).
        separator: a string inserted between the joined strings.
        name: the op's name in a graph; unused eagerly.

    Returns:
        A string tensor of the inputs' shape.

    Ragged tensors of strings (of one row partition) join value by value, into a ragged
    tensor of that partition; scalars apply to each of their values.

    >>> join([["a", "b"], "x"], separator="-").numpy()
    array([b'a-x', b'b-x'], dtype=object)
    """
    if any(isinstance(x, RaggedTensor) for x in inputs):
        return map_flat_values(lambda *xs: _join.run([list(xs)], {"separator": separator},
                                                     name), *inputs)
    return _join.run([inputs], {"separator": separator}, name)


def upper(input: Any, encoding: str = "", name: str | None = None) -> Tensor:  # noqa: A002
    """Each string in upper case: ASCII letters only, or every letter with `encoding="utf-8"`.

    >>> upper(["Mixed", "é"]).numpy()
    array([b'MIXED', b'\\xc3\\xa9'], dtype=object)
    """
    return _upper.run([input], {"encoding": encoding}, name)


def lower(input: Any, encoding: str = "", name: str | None = None) -> Tensor:  # noqa: A002
    """Each string in lower case: ASCII letters only, or every letter with `encoding="utf-8"`.

    >>> lower("MiXed").numpy()
    b'mixed'
    """
    return _lower.run([input], {"encoding": encoding}, name)


def length(input: Any, unit: str = "BYTE", name: str | None = None) -> Tensor:  # noqa: A002
    """The length of each string, in bytes (`unit="BYTE"`) or characters (`"UTF8_CHAR"`).

    >>> length(["abc", "é"]).numpy()
    array([3, 2], dtype=int32)
    >>> length("é", unit="UTF8_CHAR").numpy()
    np.int32(1)
    """
    return _length.run([input], {"unit": unit}, name)


def _pieces(input: Any, handle: Any, attrs: dict | None, name: str | None,  # noqa: A002
            what: str, extra: tuple = ()) -> Any:
    """The pieces of each string of `input`: a 1-D tensor for a scalar, else a ragged
    tensor with one row of pieces per string (its outer dimensions uniform)."""
    x = input.flat_values if isinstance(input, RaggedTensor) else convert_to_tensor(
        input, dtype=dtypes.string)
    rank = x.shape.rank
    if rank is None:
        raise ValueError(f"ag.strings.{what} needs an input of known rank, but the rank of "
                         f"{x.name} is unknown. Give it a shape, for example with "
                         f"ag.reshape(x, [-1]).")
    flat = reshape(x, [-1])
    indices, values, dense_shape = handle.run([flat, *extra], attrs, name)
    if rank == 0 and not isinstance(input, RaggedTensor):
        return values
    rows = RaggedTensor.from_value_rowids(values, indices[:, 0], dense_shape[0],
                                          validate=False)
    if isinstance(input, RaggedTensor):
        return input.with_flat_values(rows)
    dims = shape(x, out_type=dtypes.int64)
    for axis in range(rank - 1, 0, -1):  # the outer dimensions, innermost first
        size = dims[axis]
        rows = RaggedTensor.from_row_splits(
            rows, range_(0, rows.nrows() + 1, size, dtype=dtypes.int64), validate=False)
    return rows


def split(input: Any, sep: str | bytes | None = None, maxsplit: int = -1,  # noqa: A002
          name: str | None = None) -> Tensor:
    """The pieces of a string, split at `sep`: a 1-D string tensor for one string, a ragged
    tensor (one row of pieces per string) for a tensor or ragged tensor of strings.

    Args:
        input: a string, or a tensor or ragged tensor of strings.
        sep: the separator; None or "" splits at runs of whitespace and drops empty pieces.
        maxsplit: the most splits to make; -1 for no limit.
        name: the op's name in a graph; unused eagerly.

    Raises:
        ValueError: `input` has unknown rank.

    >>> split("a,b,,c", sep=",").numpy()
    array([b'a', b'b', b'', b'c'], dtype=object)
    >>> split("a b  c", maxsplit=1).numpy()
    array([b'a', b'b  c'], dtype=object)
    >>> split(["a b", "c"])
    <ag.RaggedTensor [[b'a', b'b'], [b'c']]>
    """
    sep = b"" if sep is None else sep
    return _pieces(input, _split, {"maxsplit": int(maxsplit)}, name, "split", (sep,))


def bytes_split(input: Any, name: str | None = None) -> Tensor:  # noqa: A002
    """The bytes of a string, as a 1-D string tensor of one-byte strings (for more strings, a
    ragged tensor with one row per string).

    >>> bytes_split("héllo"[:2]).numpy()
    array([b'h', b'\\xc3', b'\\xa9'], dtype=object)
    """
    return _pieces(input, _bytes_split, None, name, "bytes_split")


def unicode_split(input: Any, input_encoding: str, errors: str = "replace",  # noqa: A002
                  replacement_char: int = 65533, name: str | None = None) -> Tensor:
    """The characters of a string, each encoded in `input_encoding`, as a 1-D string tensor
    (for more strings, a ragged tensor with one row per string).

    Args:
        input: a string, or a tensor or ragged tensor of strings, in `input_encoding`.
        input_encoding: 'UTF-8', 'UTF-16-BE' or 'UTF-32-BE'.
        errors: for invalid input, 'strict' raises InvalidArgumentError, 'replace' puts
            `replacement_char` in place of each invalid sequence, 'ignore' drops it.
        replacement_char: the code point 'replace' puts in (U+FFFD by default).
        name: the op's name in a graph; unused eagerly.

    >>> unicode_split("hé", "UTF-8").numpy()
    array([b'h', b'\\xc3\\xa9'], dtype=object)
    """
    attrs = {"input_encoding": input_encoding, "errors": errors,
             "replacement_char": int(replacement_char)}
    return _pieces(input, _unicode_split, attrs, name, "unicode_split")


def unicode_decode(input: Any, input_encoding: str, errors: str = "replace",  # noqa: A002
                   replacement_char: int = 65533, replace_control_characters: bool = False,
                   name: str | None = None) -> Any:
    """The code points of each string (int32): a 1-D tensor for one string, else a ragged
    tensor with one row per string. Arguments as for `unicode_split`.

    >>> unicode_decode("hé", "UTF-8").numpy()
    array([104, 233], dtype=int32)
    >>> unicode_decode(["hé", "x"], "UTF-8")
    <ag.RaggedTensor [[104, 233], [120]]>
    """
    attrs = {"input_encoding": input_encoding, "errors": errors,
             "replacement_char": int(replacement_char)}
    return _pieces(input, _unicode_decode, attrs, name, "unicode_decode")


def ngrams(data: Any, ngram_width: int, separator: str = " ", pad_values: Any = None,
           padding_width: int | None = None, preserve_short_sequences: bool = False,
           name: str | None = None) -> Any:
    """The `ngram_width`-grams of each row of `data` (a string vector, or a ragged tensor of
    rows of strings): each run of `ngram_width` consecutive strings joined with `separator`.

    Raises:
        ValueError: `pad_values`, `padding_width` or `preserve_short_sequences` given (not
            supported), or a width below 1.

    >>> ngrams(["a", "b", "c"], 2).numpy()
    array([b'a b', b'b c'], dtype=object)
    """
    if pad_values is not None or padding_width is not None or preserve_short_sequences:
        raise ValueError("ag.strings.ngrams supports no padding and no "
                         "preserve_short_sequences: pad the rows first.")
    if not isinstance(ngram_width, int) or ngram_width < 1:
        raise ValueError(f"ngram_width must be a positive integer, got {ngram_width!r}.")
    if not isinstance(data, RaggedTensor):
        x = convert_to_tensor(data, dtype=dtypes.string)
        count = maximum(size(x) - ngram_width + 1, 0)
        return _join.run([[x[k:k + count] for k in range(ngram_width)]],
                         {"separator": separator}, name)
    starts, limits = data.row_splits[:-1], data.row_splits[1:]
    counts = maximum(limits - starts - (ngram_width - 1), 0)
    firsts = ragged_range(starts, starts + counts, dtype=starts.dtype,
                          row_splits_dtype=starts.dtype)
    picks = [gather(data.values, firsts.values + k) for k in range(ngram_width)]
    joined = _join.run([picks], {"separator": separator}, name)
    return RaggedTensor.from_row_splits(joined, firsts.row_splits, validate=False)


def to_number(string_tensor: Any, out_type: Any = dtypes.float32,
              name: str | None = None) -> Tensor:
    """Parses each string as a number of `out_type` (float32, float64, int32, int64, uint32 or
    uint64), keeping the shape.

    Floats accept surrounding whitespace, exponents, hexadecimal, inf and nan; integers an
    optional sign and decimal digits, and must fit `out_type`.

    Raises:
        InvalidArgumentError: a string that is not such a number (named in the message).

    >>> to_number(["1.5", "-2", "1e3"]).numpy()
    array([   1.5,   -2. , 1000. ], dtype=float32)
    >>> to_number("42", out_type="int64").numpy()
    np.int64(42)
    """
    x = convert_to_tensor(string_tensor, dtype=dtypes.string)
    return _to_number.run([x], {"out_type": dtypes.as_dtype(out_type)}, name)


def to_hash_bucket_fast(input: Any, num_buckets: int,  # noqa: A002
                        name: str | None = None) -> Any:
    """The bucket of each string, an int64 in [0, num_buckets): its FarmHash Fingerprint64
    modulo `num_buckets`, as TensorFlow's (so the same strings get the same buckets). A
    ragged tensor of strings gives a ragged tensor of buckets, of the same row partition.

    FarmHash comes from the optional pyfarmhash package (pip install pyfarmhash).

    Raises:
        InvalidArgumentError: `num_buckets` below 1.
        ImportError: pyfarmhash is not installed.

    >>> to_hash_bucket_fast(["Who", "is"], 1024).numpy()
    array([633, 768])
    """
    fingerprint.require()  # ImportError now, rather than from the kernel when it runs
    if isinstance(input, RaggedTensor):
        return input.with_flat_values(to_hash_bucket_fast(input.flat_values, num_buckets, name))
    return _to_hash_bucket_fast.run([input], {"num_buckets": num_buckets}, name)
