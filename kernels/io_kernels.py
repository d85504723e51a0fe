"""Kernels of the file-format ops: SerializeTensor, ParseTensor, ParseExample, DecodeCSV,
ReadFile, WriteFile, DecodeRaw and DecodePaddedRaw.

NumPy only: their strings and parsed values live in host memory on every device, so every
input and output is listed in `host_memory` and one body serves both devices.
"""

import numpy as np

from autograph.kernels.common import BOTH
from autograph.runtime.core import dtypes
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.ops.io import csv_fields, example_wire, files, tensor_proto
from autograph.runtime.registry.kernel_registry import register_kernel


def _scalar_bytes(value, what):
    if value.ndim != 0:
        raise InvalidArgumentError(f"{what} must be a scalar string; got shape "
                                   f"{list(value.shape)}.")
    return bytes(value[()])


@register_kernel("SerializeTensor", device=BOTH, host_memory=("tensor", "serialized"))
def serialize_tensor(ctx, tensor):
    dtype = dtypes.string if tensor.dtype == object else dtypes.as_dtype(tensor.dtype)
    return np.array(tensor_proto.encode(np.asarray(tensor), dtype), dtype=object)


@register_kernel("ParseTensor", device=BOTH, host_memory=("serialized", "output"))
def parse_tensor(ctx, serialized, out_type):
    data = _scalar_bytes(serialized, "serialized")
    try:
        enum, array = tensor_proto.decode(data)
    except tensor_proto.ProtoError as e:
        raise InvalidArgumentError(f"Could not parse `serialized` as TensorProto: {e}.") \
            from None
    if enum != out_type.enum:
        raise InvalidArgumentError(
            f"Type mismatch between parsed tensor ({tensor_proto.tensorflow_name(enum)}) and "
            f"dtype ({tensor_proto.tensorflow_name(out_type.enum)})")
    return array


@register_kernel("ReadFile", device=BOTH, host_memory=("filename", "contents"))
def read_file(ctx, filename):
    path = _scalar_bytes(filename, "filename").decode("utf-8")
    return np.array(files.read_bytes(path), dtype=object)


@register_kernel("WriteFile", device=BOTH, host_memory=("filename", "contents"))
def write_file(ctx, filename, contents):
    path = _scalar_bytes(filename, "filename").decode("utf-8")
    files.write_bytes(path, _scalar_bytes(contents, "contents"))
    return ()


# ParseExample ------------------------------------------------------------------------------
_KIND = {dtypes.float32: "float", dtypes.int64: "int64", dtypes.string: "string"}


def _where(single, key, index):
    return f"Key: {key}." if single else f"Name: <unknown>, Key: {key}, Index: {index}."


def _example(data):
    try:
        return example_wire.features(data)
    except example_wire.ExampleError:
        raise InvalidArgumentError(f"Could not parse example input, value: '{data!r}'") \
            from None


@register_kernel("ParseExample", device=BOTH,
                 host_memory=("serialized", "dense_defaults", "sparse_indices", "sparse_values",
                              "sparse_shapes", "dense_values"))
def parse_example(ctx, serialized, dense_defaults, sparse_keys, dense_keys, num_sparse,
                  sparse_types, dense_shapes):
    single = serialized.ndim == 0
    examples = [_example(bytes(s)) for s in serialized.reshape(-1)]
    dense = [_dense(examples, key, default, shape, single)
             for key, default, shape in zip(dense_keys, dense_defaults, dense_shapes)]
    dense = [d.reshape(serialized.shape + d.shape[1:]) for d in dense]
    indices, values, shapes = [], [], []
    for key, dtype in zip(sparse_keys, sparse_types):
        i, v, s = _sparse(examples, key, dtype, single)
        indices.append(i)
        values.append(v)
        shapes.append(s)
    return indices, values, shapes, dense


def _dense(examples, key, default, shape, single):
    dtype = dtypes.as_dtype(dtypes.string if default.dtype == object else default.dtype)
    kind, size = _KIND[dtype], int(np.prod(shape, dtype=np.int64))
    out = np.empty((len(examples),) + tuple(shape), dtype=dtype.np_dtype)
    for index, found in enumerate(examples):
        if key not in found:
            if default.size == 0:
                name = "" if single else "Name: <unknown>, "
                raise InvalidArgumentError(f"{name}Feature: {key} (data type: {kind}) is "
                                           f"required but could not be found.")
            out[index, ...] = default  # `...`: a 0-d string default is copied, not nested
            continue
        actual, values = found[key]
        if actual != kind:
            raise InvalidArgumentError(f"{_where(single, key, index)}  Data types don't match. "
                                       f"Data type: {actual} but expected type: {kind}")
        if len(values) != size:
            raise InvalidArgumentError(
                f"{_where(single, key, index)}  Number of {kind} values != expected.  Values "
                f"size: {len(values)} but output shape: {list(shape)}")
        out[index, ...] = np.array(values, dtype=dtype.np_dtype).reshape(shape) if size else \
            np.zeros(shape, dtype.np_dtype)
    return out


def _sparse(examples, key, dtype, single):
    kind = _KIND[dtype]
    rows, parts = [], []
    for index, found in enumerate(examples):
        if key not in found:
            continue
        actual, values = found[key]
        if actual != kind:
            raise InvalidArgumentError(f"{_where(single, key, index)}  Data types don't match. "
                                       f"Expected type: {kind}, Actual type: {actual}")
        rows.append((index, len(values)))
        parts.append(values)
    count = sum(n for _, n in rows)
    values = np.empty(count, dtype=dtype.np_dtype)
    if count:
        values[:] = [v for part in parts for v in part]
    width = max((n for _, n in rows), default=0)
    if single:
        indices = np.arange(count, dtype=np.int64).reshape(count, 1)
        return indices, values, np.array([width], np.int64)
    indices = np.zeros((count, 2), np.int64)
    k = 0
    for index, n in rows:
        indices[k:k + n, 0] = index
        indices[k:k + n, 1] = np.arange(n)
        k += n
    return indices, values, np.array([len(examples), width], np.int64)


# DecodeCSV ---------------------------------------------------------------------------------
@register_kernel("DecodeCSV", device=BOTH, host_memory=("records", "record_defaults", "output"))
def decode_csv(ctx, records, record_defaults, field_delim, use_quote_delim, na_value,
               select_cols):
    types = [object if d.dtype == object else d.dtype.type for d in record_defaults]
    defaults = []
    for i, d in enumerate(record_defaults):
        if d.size > 1:
            raise InvalidArgumentError(f"There should only be 1 default per field but field {i} "
                                       f"has {d.size}")
        defaults.append(d.reshape(-1)[0] if d.size else None)
    columns = [np.empty(records.shape, dtype=object if t is object else t) for t in types]
    na = na_value.encode("utf-8")
    for i, record in enumerate(records.reshape(-1)):
        where = f"in record {i}"
        data = bytes(record)  # an empty record has no field at all, as in TensorFlow
        fields = csv_fields.split(data, field_delim, use_quote_delim, where) if data else []
        if select_cols:
            if len(fields) <= select_cols[-1]:
                have = sum(c < len(fields) for c in select_cols)
                raise InvalidArgumentError(f"Expect {len(select_cols)} fields but have {have} "
                                           f"{where}")
            fields = [fields[c] for c in select_cols]
        elif len(fields) != len(types):
            raise InvalidArgumentError(f"Expect {len(types)} fields but have {len(fields)} "
                                       f"{where}")
        for column, value in zip(columns, csv_fields.convert(fields, types, defaults, na,
                                                             where)):
            column.reshape(-1)[i] = value
    return columns


def _raw_values(strings: list, out_type, little_endian: bool) -> np.ndarray:
    order = "<" if little_endian else ">"
    dtype = np.dtype(out_type.as_numpy_dtype).newbyteorder(order)
    data = b"".join(strings)
    return np.frombuffer(data, dtype=dtype).astype(out_type.as_numpy_dtype)


@register_kernel("DecodeRaw", device=BOTH, host_memory=("bytes", "output"))
def decode_raw(ctx, strings, out_type, little_endian):
    flat = [bytes(s) for s in strings.reshape(-1)]
    size = out_type.size
    first = len(flat[0]) if flat else 0
    for i, item in enumerate(flat):
        if len(item) != first:
            raise InvalidArgumentError(f"DecodeRaw requires input strings to all be the same "
                                       f"size, but element {i} has size {first} != "
                                       f"{len(item)}")
    if first % size:
        raise InvalidArgumentError(f"Input to DecodeRaw has length {first} that is not a "
                                   f"multiple of {size}, the size of "
                                   f"{tensor_proto.tensorflow_name(out_type.enum)}")
    values = _raw_values(flat, out_type, little_endian)
    return values.reshape(strings.shape + (first // size,))


@register_kernel("DecodePaddedRaw", device=BOTH,
                 host_memory=("input_bytes", "fixed_length", "output"))
def decode_padded_raw(ctx, strings, fixed_length, out_type, little_endian):
    length, size = int(fixed_length), out_type.size
    if length % size:
        raise InvalidArgumentError(f"fixed_length ({length}) must be a multiple of the size "
                                   f"of out_type ({size})")
    flat = [bytes(s)[:length].ljust(length, b"\0") for s in strings.reshape(-1)]
    values = _raw_values(flat, out_type, little_endian)
    return values.reshape(strings.shape + (length // size,))
