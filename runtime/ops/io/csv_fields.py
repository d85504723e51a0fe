"""CSV fields as TensorFlow's `DecodeCSV` and `CsvDataset` read them.

A field is the text between delimiters; with quotes on (`use_quote_delim`), a field that starts
with `"` runs to the matching `"` and may hold delimiters, newlines and doubled quotes (`""`,
one quote). A field equal to `na_value`, or empty, is missing: it takes its column's default,
or is an error when the column has none. Numbers parse as TensorFlow's `safe_strto*` do.

>>> split(b'1,"a, ""b"" c",', ",", True)
[b'1', b'a, "b" c', b'']
>>> convert([b'1', b'', b'x'], [np.int32, np.float32, object], [np.int32(0), np.float32(2), None],
...         b'', 'in record 0')
[np.int32(1), np.float32(2.0), b'x']
"""

from __future__ import annotations

from typing import Any, Iterator

import numpy as np

from autograph.runtime.core.errors import InvalidArgumentError

_NAMES = {np.dtype(np.int32): "int32", np.dtype(np.int64): "int64",
          np.dtype(np.float32): "float", np.dtype(np.float64): "double"}


def split(record: bytes, delim: str, use_quotes: bool, where: str = "in record") -> list[bytes]:
    """The fields of one record.

    Raises:
        InvalidArgumentError: a quote in an unquoted field, or a quoted field not closed or
            followed by something other than the delimiter.
    """
    sep = delim.encode("utf-8")
    if not use_quotes or b'"' not in record:
        return record.split(sep)
    fields, pos, end = [], 0, len(record)
    while True:
        if pos < end and record[pos:pos + 1] == b'"':
            text, pos = _quoted(record, pos + 1, where)
            if pos < end and record[pos:pos + len(sep)] != sep:
                raise InvalidArgumentError(f"Quote inside a string has to be escaped by another "
                                           f"quote {where}: {_short(record)}")
        else:
            stop = record.find(sep, pos)
            stop = end if stop < 0 else stop
            text = record[pos:stop]
            if b'"' in text:
                raise InvalidArgumentError(f"Unquoted fields cannot have quotes/CRLFs inside "
                                           f"{where}: {_short(record)}")
            pos = stop
        fields.append(text)
        if pos >= end:
            return fields
        pos += len(sep)
        if pos == end:
            fields.append(b"")
            return fields


def _quoted(record: bytes, pos: int, where: str) -> tuple[bytes, int]:
    out = bytearray()
    while True:
        close = record.find(b'"', pos)
        if close < 0:
            raise InvalidArgumentError(f"Quoted field has to end with quote followed by delim "
                                       f"or end {where}: {_short(record)}")
        out += record[pos:close]
        if record[close + 1:close + 2] == b'"':
            out += b'"'
            pos = close + 2
        else:
            return bytes(out), close + 1


def _short(record: bytes) -> str:
    text = repr(record)
    return text if len(text) <= 80 else text[:77] + "..."


def records(lines: Iterator[bytes], delim: str, use_quotes: bool) -> Iterator[tuple[int, bytes]]:
    """(line number from 1, record) of the lines of a file, without their line ends; a quoted
    field may span lines, which then make one record (the last one may end inside it)."""
    sep = delim.encode("utf-8")
    pending, start, inside = b"", 0, False
    for number, line in enumerate(lines, 1):
        line = line.rstrip(b"\n").rstrip(b"\r")
        if inside:
            pending += b"\n" + line
        else:
            pending, start = line, number
        inside = use_quotes and (inside or b'"' in line) and _open_at_end(line, sep, inside)
        if not inside:
            yield start, pending
    if inside:
        yield start, pending


def ends_inside_quotes(record: bytes, delim: str) -> bool:
    """Whether `record` ends inside a quoted field (a file ended before its closing quote)."""
    return _open_at_end(record, delim.encode("utf-8"), False)


def _open_at_end(text: bytes, sep: bytes, inside: bool) -> bool:
    """Whether a quoted field is still open after `text` (which starts inside one when
    `inside`); only a field that starts with a quote is quoted."""
    pos, end, at_start = 0, len(text), not inside
    while pos < end:
        if inside:
            close = text.find(b'"', pos)
            if close < 0:
                return True
            if text[close + 1:close + 2] == b'"':
                pos = close + 2
                continue
            inside, pos = False, close + 1
        elif at_start and text[pos:pos + 1] == b'"':
            inside, at_start, pos = True, False, pos + 1
        else:
            stop = text.find(sep, pos)
            if stop < 0:
                return False
            pos, at_start = stop + len(sep), True
    return inside


def convert(fields: list[bytes], types: list[Any], defaults: list[Any], na_value: bytes,
            where: str) -> list[Any]:
    """The value of each field, of its column's type (`object` for strings); a missing field
    takes its default (None: the field is required).

    Raises:
        InvalidArgumentError: a required field is missing, or a number does not parse; the
            message says which field and `where` (TensorFlow's words).
    """
    out = []
    for i, (text, np_type, default) in enumerate(zip(fields, types, defaults)):
        if text == b"" or (na_value and text == na_value):
            if default is None:
                raise InvalidArgumentError(f"Field {i} is required but missing {where}!")
            out.append(default)
            continue
        if np_type is object:
            out.append(text)
            continue
        try:
            out.append(_number(text, np.dtype(np_type)))
        except ValueError:
            name = _NAMES[np.dtype(np_type)]
            raise InvalidArgumentError(f"Field {i} {where} is not a valid {name}: "
                                       f"{text.decode('utf-8', 'replace')}") from None
    return out


def _number(text: bytes, np_type: np.dtype) -> Any:
    if b"_" in text:
        raise ValueError("no underscores in numbers")
    if np_type.kind == "f":
        return np_type.type(float(text))
    value = int(text)
    info = np.iinfo(np_type)
    if not info.min <= value <= info.max:
        raise ValueError("out of range")
    return np_type.type(value)
