"""Kernels of the string ops: NumPy only, since string tensors live in host memory on a GPU too.

Every input and output is listed in `host_memory`, so the same body serves both devices.
"""

import numpy as np

from autograph.kernels.common import BOTH
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.ops.string import pieces
from autograph.runtime.ops.string.fingerprint import fingerprint64
from autograph.runtime.registry.kernel_registry import register_kernel


@register_kernel("StringJoin", device=BOTH, host_memory=("inputs", "output"))
def string_join(ctx, inputs, separator):
    if not inputs:
        return np.array(b"", dtype=object)
    sep = np.array(separator.encode("utf-8"), dtype=object)
    out = np.array(inputs[0], dtype=object)  # a copy: the inputs stay untouched
    for x in inputs[1:]:
        out = out + sep + x  # elementwise bytes concatenation; scalars broadcast
    return np.asarray(out, dtype=object)  # 0-d object arithmetic gives a bare `bytes`


def _changed_case(input, encoding, ascii_change, text_change):  # noqa: A002
    """Each string changed: bytes' own method (ASCII letters only), or over UTF-8 text."""
    def one(s: bytes) -> bytes:
        return text_change(s.decode("utf-8")).encode("utf-8") if encoding else ascii_change(s)
    out = np.empty(input.shape, dtype=object)
    out.reshape(-1)[:] = [one(s) for s in input.reshape(-1)]
    return out


@register_kernel("StringUpper", device=BOTH, host_memory=("input", "output"))
def string_upper(ctx, input, encoding):  # noqa: A002
    return _changed_case(input, encoding, bytes.upper, str.upper)


@register_kernel("StringLower", device=BOTH, host_memory=("input", "output"))
def string_lower(ctx, input, encoding):  # noqa: A002
    return _changed_case(input, encoding, bytes.lower, str.lower)


@register_kernel("StringLength", device=BOTH, host_memory=("input", "output"))
def string_length(ctx, input, unit):  # noqa: A002
    if unit == "BYTE":
        count = len
    else:  # UTF8_CHAR: count the bytes that start a character, as TensorFlow does
        def count(s: bytes) -> int:
            return sum((b & 0xC0) != 0x80 for b in s)
    lengths = [count(s) for s in input.reshape(-1)]
    return np.array(lengths, dtype=np.int32).reshape(input.shape)


def _sparse_pieces(strings: np.ndarray, split_one, dtype=object) -> tuple:
    """The (indices, values, shape) parts of the pieces `split_one(s)` of each string."""
    rows = [split_one(s) for s in strings]
    count = sum(len(r) for r in rows)
    indices = np.zeros((count, 2), np.int64)
    values = np.empty(count, dtype=dtype)
    k = 0
    for i, row in enumerate(rows):
        indices[k:k + len(row), 0] = i
        indices[k:k + len(row), 1] = np.arange(len(row))
        values[k:k + len(row)] = row
        k += len(row)
    width = max((len(r) for r in rows), default=0)
    return indices, values, np.array([len(rows), width], np.int64)


_SPARSE = ("indices", "values", "shape")


@register_kernel("StringSplitV2", device=BOTH, host_memory=("input", "sep") + _SPARSE)
def string_split_v2(ctx, input, sep, maxsplit):  # noqa: A002
    sep_bytes = bytes(sep.reshape(-1)[0])
    return _sparse_pieces(input, lambda s: pieces.split(s, sep_bytes, maxsplit))


@register_kernel("StringBytesSplit", device=BOTH, host_memory=("input",) + _SPARSE)
def string_bytes_split(ctx, input):  # noqa: A002
    return _sparse_pieces(input, pieces.bytes_split)


@register_kernel("UnicodeSplit", device=BOTH, host_memory=("input",) + _SPARSE)
def unicode_split(ctx, input, input_encoding, errors, replacement_char):  # noqa: A002
    def split_one(s: bytes) -> list[bytes]:
        try:
            return pieces.unicode_split(s, input_encoding, errors, replacement_char)
        except UnicodeError as e:
            raise InvalidArgumentError(f"input is not valid {input_encoding}: {e}. Pass "
                                       f"errors='replace' or 'ignore' to accept it.") from None
    return _sparse_pieces(input, split_one)


@register_kernel("UnicodeDecode", device=BOTH, host_memory=("input",) + _SPARSE)
def unicode_decode(ctx, input, input_encoding, errors, replacement_char):  # noqa: A002
    def decode_one(s: bytes) -> list[int]:
        try:
            return pieces.unicode_decode(s, input_encoding, errors, replacement_char)
        except UnicodeError as e:
            raise InvalidArgumentError(f"input is not valid {input_encoding}: {e}. Pass "
                                       f"errors='replace' or 'ignore' to accept it.") from None
    return _sparse_pieces(input, decode_one, np.int32)


@register_kernel("StringToNumber", device=BOTH, host_memory=("string_tensor", "output"))
def string_to_number(ctx, string_tensor, out_type):
    parse = pieces.parser(out_type)
    flat = string_tensor.reshape(-1)
    out = np.empty(flat.shape, out_type.np_dtype)
    for i, s in enumerate(flat):
        try:
            with np.errstate(over="ignore"):  # 1e50 as float32 is inf, as in TensorFlow
                out[i] = parse(s)
        except ValueError:
            text = s.decode("utf-8", "replace")
            raise InvalidArgumentError(
                f"StringToNumberOp could not correctly convert string: {text} (as "
                f"{out_type.name}: each string must hold one "
                f"{'number' if out_type.is_floating else 'integer in range'}).") from None
    return out.reshape(string_tensor.shape)


@register_kernel("StringToHashBucketFast", device=BOTH, host_memory=("input", "output"))
def string_to_hash_bucket_fast(ctx, input, num_buckets):  # noqa: A002
    buckets = [fingerprint64(bytes(s)) % num_buckets for s in input.reshape(-1)]
    return np.array(buckets, dtype=np.int64).reshape(input.shape)
