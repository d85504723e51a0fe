"""Tensors as TensorFlow's `TensorProto` bytes, and back: what `tf.io.serialize_tensor` writes
and `tf.io.parse_tensor` reads.

Written as TensorFlow writes them (`Tensor::AsProtoTensorContent`): the dtype enum (field 1),
the shape (field 2, always present), then the raw little-endian values (`tensor_content`,
field 4) for numbers and bools, or one `string_val` (field 8) per string. Read as TensorFlow
reads them (`Tensor::FromProto`): `tensor_content`, or else the typed repeated field of the
dtype (`float_val`, `int_val`, ...), where fewer values than elements repeat the last one and
none means zeros.

>>> data = encode(np.array([1.5, -2.0], np.float32))
>>> data
b'\\x08\\x01\\x12\\x04\\x12\\x02\\x08\\x02"\\x08\\x00\\x00\\xc0?\\x00\\x00\\x00\\xc0'
>>> decode(data)
(1, array([ 1.5, -2. ], dtype=float32))
"""

from __future__ import annotations

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.ops.io import wire

# TensorFlow's names of its dtypes (`DataTypeString`), as its error messages print them.
TENSORFLOW_NAMES = {1: "float", 2: "double", 3: "int32", 4: "uint8", 5: "int16", 6: "int8",
                    7: "string", 8: "complex64", 9: "int64", 10: "bool", 14: "bfloat16",
                    17: "uint16", 18: "complex128", 19: "half", 20: "resource", 21: "variant",
                    22: "uint32", 23: "uint64"}

_BY_ENUM = {d.enum: d for d in (dtypes.float16, dtypes.float32, dtypes.float64, dtypes.int8,
                                dtypes.int16, dtypes.int32, dtypes.int64, dtypes.uint8,
                                dtypes.uint16, dtypes.uint32, dtypes.uint64, dtypes.complex64,
                                dtypes.complex128, dtypes.bool_, dtypes.string)}

# The repeated field that holds each dtype's values when `tensor_content` is empty.
_FLOAT_VAL, _DOUBLE_VAL, _INT_VAL, _STRING_VAL = 5, 6, 7, 8
_SCOMPLEX_VAL, _INT64_VAL, _BOOL_VAL, _DCOMPLEX_VAL, _HALF_VAL = 9, 10, 11, 12, 13
_UINT32_VAL, _UINT64_VAL = 16, 17
_VALUE_FIELD = {1: _FLOAT_VAL, 2: _DOUBLE_VAL, 3: _INT_VAL, 4: _INT_VAL, 5: _INT_VAL,
                6: _INT_VAL, 17: _INT_VAL, 9: _INT64_VAL, 10: _BOOL_VAL, 19: _HALF_VAL,
                8: _SCOMPLEX_VAL, 18: _DCOMPLEX_VAL, 22: _UINT32_VAL, 23: _UINT64_VAL}


class ProtoError(ValueError):
    """The bytes are not a TensorProto of a tensor that can be made."""


def tensorflow_name(enum: int) -> str:
    return TENSORFLOW_NAMES.get(enum, f"dtype enum {enum}")


def _shape_bytes(shape: tuple[int, ...]) -> bytes:
    dims = b"".join(wire.length_field(2, wire.varint_field(1, d) if d else b"") for d in shape)
    return wire.length_field(2, dims)


def encode(array: np.ndarray, dtype: dtypes.DType | None = None) -> bytes:
    """The TensorProto bytes of `array` (of `dtype`, else of the array's own dtype)."""
    dtype = dtype or dtypes.as_dtype(dtypes.string if array.dtype == object else array.dtype)
    out = wire.varint_field(1, dtype.enum) + _shape_bytes(array.shape)
    if dtype == dtypes.string:
        return out + b"".join(wire.length_field(_STRING_VAL, _as_bytes(s))
                              for s in array.reshape(-1))
    if array.size:
        data = np.ascontiguousarray(array, dtype=dtype.np_dtype.newbyteorder("<")).tobytes()
        out += wire.length_field(4, data)
    return out


def _as_bytes(value: object) -> bytes:
    return value.encode("utf-8") if isinstance(value, str) else bytes(value)  # type: ignore


def decode(data: bytes) -> tuple[int, np.ndarray]:
    """(dtype enum, values) of TensorProto bytes.

    Raises:
        ProtoError: the bytes are not a TensorProto, its dtype is missing or one autograph
            does not have, its shape is unknown or negative, or its values do not fit it.
    """
    enum, shape, content = 0, None, None
    values: dict[int, list[tuple[int, int | bytes]]] = {}
    try:
        for number, wire_type, value in wire.fields(data):
            if number == 1 and wire_type == wire.VARINT:
                assert isinstance(value, int)
                enum = value
            elif number == 2 and wire_type == wire.LENGTH:
                assert isinstance(value, bytes)
                shape = _decode_shape(value)
            elif number == 4 and wire_type == wire.LENGTH:
                assert isinstance(value, bytes)
                content = value
            else:
                values.setdefault(number, []).append((wire_type, value))
    except wire.WireError as e:
        raise ProtoError(f"the bytes are not a TensorProto: {e}") from None
    if enum == 0:
        raise ProtoError("the TensorProto has no dtype")
    dtype = _BY_ENUM.get(enum)
    if dtype is None:
        raise ProtoError(f"the TensorProto holds a {tensorflow_name(enum)} tensor, a dtype "
                         f"autograph does not have")
    shape = shape if shape is not None else ()
    count = int(np.prod(shape, dtype=np.int64))
    if dtype == dtypes.string:
        strings = [v for t, v in values.get(_STRING_VAL, []) if t == wire.LENGTH]
        out = np.empty(count, dtype=object)
        out[:] = _filled(strings, count, b"")
        return enum, out.reshape(shape)
    np_dtype = dtype.np_dtype.newbyteorder("<")
    if content is not None and count > 0 and content:
        if len(content) != count * np_dtype.itemsize:
            raise ProtoError(f"the TensorProto's content holds {len(content)} bytes where a "
                             f"{tensorflow_name(enum)} tensor of shape {list(shape)} takes "
                             f"{count * np_dtype.itemsize}")
        array = np.frombuffer(content, dtype=np_dtype).astype(dtype.np_dtype)
        return enum, array.reshape(shape)
    return enum, _from_values(dtype, values.get(_VALUE_FIELD[enum], []), count).reshape(shape)


def _decode_shape(data: bytes) -> tuple[int, ...]:
    dims = []
    for number, wire_type, value in wire.fields(data):
        if number == 3 and value:
            raise ProtoError("the TensorProto's shape has an unknown rank")
        if number == 2 and wire_type == wire.LENGTH:
            assert isinstance(value, bytes)
            size = 0
            for n, t, v in wire.fields(value):
                if n == 1 and t == wire.VARINT:
                    assert isinstance(v, int)
                    size = wire.signed64(v)
            if size < 0:
                raise ProtoError(f"the TensorProto's shape has the unknown or negative "
                                 f"dimension {size}")
            dims.append(size)
    return tuple(dims)


def _filled(items: list, count: int, zero: object) -> list:
    """TensorFlow's rule: the first `count` values; fewer repeat the last one; none are zeros."""
    if not items:
        return [zero] * count
    return list(items[:count]) + [items[-1]] * max(0, count - len(items))


def _from_values(dtype: dtypes.DType, items: list, count: int) -> np.ndarray:
    if dtype in (dtypes.float32, dtypes.float64, dtypes.complex64, dtypes.complex128):
        part = "<f4" if dtype in (dtypes.float32, dtypes.complex64) else "<f8"
        flat = wire.repeated_fixed(items, part)
        if dtype.kind == "c":
            flat = flat.view("<c8" if part == "<f4" else "<c16")
        raw = list(flat)
    else:
        ints = wire.repeated_varints(items)
        if dtype == dtypes.float16:  # half_val: the bits of each value, in an int32 field
            raw = list(np.array(ints, np.uint16).view(np.float16))
        elif dtype.kind == "i":
            raw = [wire.signed64(v) for v in ints]
        else:
            raw = ints
    return np.array(_filled(raw, count, 0), dtype=dtype.np_dtype).reshape(-1)[:count] \
        if count else np.zeros(0, dtype.np_dtype)
