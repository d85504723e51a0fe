"""The protocol buffer wire format, as far as `TensorProto` and `tf.train.Example` need it.

A message is a sequence of fields, each a key (`field_number << 3 | wire_type`, a varint)
followed by a varint (wire type 0), 8 bytes (1), a length-prefixed run of bytes (2) or 4 bytes
(5). Writing them here keeps tensor serialization and example parsing free of the `protobuf`
package; `ag.train.Example` and its kin use that package for their message classes.

>>> encode_varint(300)
b'\\xac\\x02'
>>> list(fields(b"\\x08\\x96\\x01\\x12\\x02hi"))
[(1, 0, 150), (2, 2, b'hi')]
"""

from __future__ import annotations

from typing import Iterator

import numpy as np

VARINT, FIXED64, LENGTH, FIXED32 = 0, 1, 2, 5


class WireError(ValueError):
    """The bytes are not a well-formed protocol buffer message."""


def encode_varint(value: int) -> bytes:
    """A varint; a negative value as its 64-bit two's complement (ten bytes)."""
    value &= (1 << 64) - 1
    out = bytearray()
    while value > 0x7F:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def key(number: int, wire_type: int) -> bytes:
    return encode_varint(number << 3 | wire_type)


def length_field(number: int, payload: bytes) -> bytes:
    """A length-delimited field (bytes, a string, a message, a packed array)."""
    return key(number, LENGTH) + encode_varint(len(payload)) + payload


def varint_field(number: int, value: int) -> bytes:
    return key(number, VARINT) + encode_varint(value)


def read_varint(data: bytes, pos: int) -> tuple[int, int]:
    """(value, position after it) of the varint at `pos`."""
    result = shift = 0
    while True:
        if pos >= len(data):
            raise WireError("a varint runs past the end of the message")
        byte = data[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return result, pos
        shift += 7
        if shift >= 70:
            raise WireError("a varint is longer than ten bytes")


def fields(data: bytes) -> Iterator[tuple[int, int, int | bytes]]:
    """(field number, wire type, value) of each field: an int for varints and fixed-size
    fields (their little-endian bits), bytes for length-delimited ones.

    Raises:
        WireError: a truncated field, or a wire type that is not 0, 1, 2 or 5.
    """
    pos, end = 0, len(data)
    while pos < end:
        tag, pos = read_varint(data, pos)
        number, wire_type = tag >> 3, tag & 7
        if number == 0:
            raise WireError("a field number is 0")
        value: int | bytes
        if wire_type == VARINT:
            value, pos = read_varint(data, pos)
        elif wire_type in (FIXED64, FIXED32):
            size = 8 if wire_type == FIXED64 else 4
            if pos + size > end:
                raise WireError("a fixed-size field runs past the end of the message")
            value = int.from_bytes(data[pos:pos + size], "little")
            pos += size
        elif wire_type == LENGTH:
            size, pos = read_varint(data, pos)
            if pos + size > end:
                raise WireError("a length-delimited field runs past the end of the message")
            value = bytes(data[pos:pos + size])
            pos += size
        else:
            raise WireError(f"wire type {wire_type} is not supported")
        yield number, wire_type, value


def signed64(value: int) -> int:
    """A varint's bits as a signed 64-bit integer (int64, int32 and enum fields)."""
    value &= (1 << 64) - 1
    return value - (1 << 64) if value >> 63 else value


def packed_varints(payload: bytes) -> list[int]:
    """The values of a packed repeated varint field (unsigned; see `signed64`)."""
    values, pos = [], 0
    while pos < len(payload):
        value, pos = read_varint(payload, pos)
        values.append(value)
    return values


def repeated_fixed(items: list[tuple[int, int | bytes]], np_dtype: str) -> np.ndarray:
    """The values of a repeated fixed-size field (`float`, `double`) from its occurrences,
    packed (wire type 2) or not, in order."""
    size = np.dtype(np_dtype).itemsize
    parts = []
    for wire_type, value in items:
        if wire_type == LENGTH:
            assert isinstance(value, bytes)
            if len(value) % size:
                raise WireError(f"a packed field of {size}-byte values holds {len(value)} bytes")
            parts.append(np.frombuffer(value, dtype=np_dtype))
        else:
            assert isinstance(value, int)
            parts.append(np.frombuffer(value.to_bytes(size, "little"), dtype=np_dtype))
    return np.concatenate(parts) if parts else np.zeros(0, np_dtype)


def repeated_varints(items: list[tuple[int, int | bytes]]) -> list[int]:
    """The values of a repeated varint field from its occurrences, packed or not."""
    values: list[int] = []
    for wire_type, value in items:
        if wire_type == LENGTH:
            assert isinstance(value, bytes)
            values.extend(packed_varints(value))
        elif wire_type == VARINT:
            assert isinstance(value, int)
            values.append(value)
        else:
            raise WireError(f"a varint field has wire type {wire_type}")
    return values
