"""Splitting one string into pieces, and parsing one string as a number, in plain Python.

The string kernels run these per element; the shape functions of the split ops run them too,
when the input's value is known, to give the exact number of pieces.
"""

from __future__ import annotations

import codecs
import re
from typing import Callable, cast

from autograph.runtime.core import dtypes

_FLOAT_WORDS = re.compile(rb"[+-]?(inf|infinity|nan)", re.IGNORECASE)
_HEX = re.compile(rb"[+-]?0x([0-9a-f]+\.?[0-9a-f]*|\.[0-9a-f]+)(p[+-]?[0-9]+)?", re.IGNORECASE)
_INT = re.compile(rb"[+-]?[0-9]+")
_DECIMAL = re.compile(rb"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)(e[+-]?[0-9]+)?", re.IGNORECASE)


def split(s: bytes, sep: bytes, maxsplit: int) -> list[bytes]:
    """`s` split at `sep` (at runs of whitespace when `sep` is empty), at most `maxsplit` times
    when `maxsplit` >= 0, as Python's `bytes.split` does; but `maxsplit=0` gives `[s]` as it
    is, as in TensorFlow (Python strips whitespace there)."""
    return [s] if maxsplit == 0 else s.split(sep or None, maxsplit)


def bytes_split(s: bytes) -> list[bytes]:
    """`s` as single bytes."""
    return [s[i:i + 1] for i in range(len(s))]


def unicode_split(s: bytes, encoding: str, errors: str, replacement_char: int) -> list[bytes]:
    """`s` as single characters, each encoded in `encoding` again.

    errors: 'strict' raises ValueError for invalid input, 'replace' puts `replacement_char` in
    place of each invalid sequence, 'ignore' drops it.
    """
    handler = errors if errors != "replace" else _replacer(replacement_char)
    text = s.decode(encoding, handler)
    return [ch.encode(encoding, "surrogatepass") for ch in text]


def unicode_decode(s: bytes, encoding: str, errors: str, replacement_char: int) -> list[int]:
    """The code points of `s`; `errors` as for `unicode_split`."""
    handler = errors if errors != "replace" else _replacer(replacement_char)
    return [ord(ch) for ch in s.decode(encoding, handler)]


def _replacer(code: int) -> str:
    """The name of a codecs error handler that puts `chr(code)` in place of invalid input."""
    name = f"autograph.replace_with_{code}"
    try:
        codecs.lookup_error(name)
    except LookupError:
        codecs.register_error(name, lambda e: (chr(code), cast(UnicodeDecodeError, e).end))
    return name


def parser(out_type: dtypes.DType) -> Callable[[bytes], float | int]:
    """A function parsing one string as a number of `out_type`; it raises ValueError when the
    string is not such a number.

    Floats accept what C's strtod accepts, as TensorFlow does: surrounding whitespace,
    exponents, hexadecimal, inf, infinity and nan in any case. Integers accept an optional sign
    and decimal digits, and must fit `out_type`.
    """
    if out_type.is_floating:
        return _parse_float
    low, high = out_type.min, out_type.max

    def parse_int(s: bytes) -> int:
        text = s.strip()
        if not _INT.fullmatch(text):
            raise ValueError(s)
        value = int(text)
        if not low <= value <= high:
            raise ValueError(s)
        return value
    return parse_int


def _parse_float(s: bytes) -> float:
    text = s.strip()
    if _DECIMAL.fullmatch(text) or _FLOAT_WORDS.fullmatch(text):
        return float(text)
    if _HEX.fullmatch(text):
        return float.fromhex(text.decode("ascii"))
    raise ValueError(s)
