"""User-facing functions of the string ops (`ag.strings.*`): `join`, `length`, `split`,
`bytes_split`, `unicode_split` and `to_number`.

In a graph, `name` names the op (default: the op type, such as `StringJoin`).

TensorFlow's splits give a 1-D tensor for one string and a RaggedTensor (one row of pieces
per string) for more. There are no ragged tensors here, so the splits take one string (a
scalar) and give a 1-D tensor; for more strings they raise an UnimplementedError that says so,
rather than return something that is not what TensorFlow returns.
"""

from __future__ import annotations

from typing import Any, Sequence

from autograph.runtime.core import dtypes
from autograph.runtime.core.errors import UnimplementedError
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.ops import reshape
from autograph.runtime.ops.string import defs as string_defs  # noqa: F401  (declares the ops)

__all__ = ["join", "length", "upper", "lower", "split", "bytes_split", "unicode_split",
           "to_number"]

_join = op_handle("StringJoin")
_length = op_handle("StringLength")
_upper = op_handle("StringUpper")
_lower = op_handle("StringLower")
_split = op_handle("StringSplitV2")
_bytes_split = op_handle("StringBytesSplit")
_unicode_split = op_handle("UnicodeSplit")
_to_number = op_handle("StringToNumber")


def join(inputs: Sequence[Any], separator: str = "", name: str | None = None) -> Tensor:
    """Joins string tensors elementwise, with `separator` between them.

    Args:
        inputs: string tensors of one shape, or scalars (which apply to every element).
        separator: a string inserted between the joined strings.
        name: the op's name in a graph; unused eagerly.

    Returns:
        A string tensor of the inputs' shape.

    >>> join([["a", "b"], "x"], separator="-").numpy()
    array([b'a-x', b'b-x'], dtype=object)
    """
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


def _one_string(input: Any, what: str) -> Tensor:  # noqa: A002
    """`input` as a string vector of one element, checked to be a single string."""
    x = convert_to_tensor(input, dtype=dtypes.string)
    rank = x.shape.rank
    if rank == 0:
        return reshape(x, [1])
    if rank is None:
        raise ValueError(f"ag.strings.{what} needs an input of known rank: it takes one string "
                         f"(a scalar), but the rank of {x.name} is unknown. Give it a shape, "
                         f"for example with ag.reshape(x, []).")
    raise UnimplementedError(
        f"ag.strings.{what} of a string tensor of rank {rank} (shape {x.shape}) would give a "
        f"RaggedTensor, one row of pieces per string, and ragged tensors are not supported. "
        f"Split one string at a time (for example ag.strings.{what}(x[i]), or in a loop over "
        f"the strings) or pass a scalar string.")


def split(input: Any, sep: str | bytes | None = None, maxsplit: int = -1,  # noqa: A002
          name: str | None = None) -> Tensor:
    """The pieces of one string, split at `sep`, as a 1-D string tensor.

    Args:
        input: one string (a scalar string tensor or a Python string).
        sep: the separator; None or "" splits at runs of whitespace and drops empty pieces.
        maxsplit: the most splits to make; -1 for no limit.
        name: the op's name in a graph; unused eagerly.

    Raises:
        UnimplementedError: `input` holds more than one string (TensorFlow would give a
            RaggedTensor, which is not supported): split the strings one at a time.

    >>> split("a,b,,c", sep=",").numpy()
    array([b'a', b'b', b'', b'c'], dtype=object)
    >>> split("a b  c", maxsplit=1).numpy()
    array([b'a', b'b  c'], dtype=object)
    """
    x = _one_string(input, "split")
    sep = b"" if sep is None else sep
    return _split.run([x, sep], {"maxsplit": int(maxsplit)}, name)[1]


def bytes_split(input: Any, name: str | None = None) -> Tensor:  # noqa: A002
    """The bytes of one string, as a 1-D string tensor of one-byte strings.

    Raises:
        UnimplementedError: `input` holds more than one string, as for `split`.

    >>> bytes_split("héllo"[:2]).numpy()
    array([b'h', b'\\xc3', b'\\xa9'], dtype=object)
    """
    return _bytes_split.run([_one_string(input, "bytes_split")], None, name)[1]


def unicode_split(input: Any, input_encoding: str, errors: str = "replace",  # noqa: A002
                  replacement_char: int = 65533, name: str | None = None) -> Tensor:
    """The characters of one string, each encoded in `input_encoding`, as a 1-D string tensor.

    Args:
        input: one string in `input_encoding`.
        input_encoding: 'UTF-8', 'UTF-16-BE' or 'UTF-32-BE'.
        errors: for invalid input, 'strict' raises InvalidArgumentError, 'replace' puts
            `replacement_char` in place of each invalid sequence, 'ignore' drops it.
        replacement_char: the code point 'replace' puts in (U+FFFD by default).
        name: the op's name in a graph; unused eagerly.

    Raises:
        UnimplementedError: `input` holds more than one string, as for `split`.

    >>> unicode_split("hé", "UTF-8").numpy()
    array([b'h', b'\\xc3\\xa9'], dtype=object)
    """
    attrs = {"input_encoding": input_encoding, "errors": errors,
             "replacement_char": int(replacement_char)}
    return _unicode_split.run([_one_string(input, "unicode_split")], attrs, name)[1]


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
