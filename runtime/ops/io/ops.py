"""User-facing functions of the file-format ops (`ag.io.*`): `serialize_tensor`,
`parse_tensor`, `parse_example`, `parse_single_example`, `decode_csv`, `read_file` and
`write_file`, with the feature specs `FixedLenFeature` (a dense tensor), `VarLenFeature` (a
`SparseTensor`) and `RaggedFeature` (a `RaggedTensor`).

Each is one op (`runtime/ops/io/defs.py`), so it runs eagerly, inside `ag.function` and in a
`Dataset.map` function alike. In a graph, `name` names the op.

>>> parse_tensor(serialize_tensor([1.5, 2.0]), out_type="float32").numpy()
array([1.5, 2. ], dtype=float32)
"""

from __future__ import annotations

from typing import Any, NamedTuple, Sequence

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.tensor import EagerTensor, Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor, to_array
from autograph.runtime.ops.array.ops import reshape
from autograph.runtime.ops.io import defs as io_defs  # noqa: F401  (declares the ops)
from autograph.runtime.ops.io.ragged_feature import RaggedFeature, ragged_from_parts
from autograph.runtime.ops.sparse.sparse_tensor import SparseTensor

__all__ = ["FixedLenFeature", "RaggedFeature", "VarLenFeature", "decode_csv", "decode_raw",
           "parse_example", "parse_single_example", "parse_tensor", "read_file",
           "serialize_tensor", "write_file"]

_serialize = op_handle("SerializeTensor")
_parse_tensor = op_handle("ParseTensor")
_parse_example = op_handle("ParseExample")
_decode_csv = op_handle("DecodeCSV")
_read_file = op_handle("ReadFile")
_write_file = op_handle("WriteFile")
_decode_raw = op_handle("DecodeRaw")
_decode_padded_raw = op_handle("DecodePaddedRaw")


def serialize_tensor(tensor: Any, name: str | None = None) -> Tensor:
    """`tensor` as the bytes of a TensorFlow `TensorProto`, a scalar string: the same bytes
    `tf.io.serialize_tensor` gives, for tensors of numbers, bools and strings.

    >>> serialize_tensor(7).numpy()
    b'\\x08\\x03\\x12\\x00"\\x04\\x07\\x00\\x00\\x00'
    """
    return _serialize.run([tensor], None, name)


def parse_tensor(serialized: Any, out_type: Any, name: str | None = None) -> Tensor:
    """The tensor that `serialized` (a scalar string of `TensorProto` bytes) holds.

    Args:
        serialized: what `serialize_tensor` (ours or TensorFlow's) gave.
        out_type: the dtype of the tensor it holds.
        name: the op's name in a graph; unused eagerly.

    Raises:
        InvalidArgumentError: the tensor is not of `out_type` (the message names both), or
            the bytes are not a `TensorProto`.

    >>> parse_tensor(serialize_tensor(["a", "bc"]), out_type="string").numpy()
    array([b'a', b'bc'], dtype=object)
    """
    x = convert_to_tensor(serialized, dtype=dtypes.string)
    return _parse_tensor.run([x], {"out_type": dtypes.as_dtype(out_type)}, name)


def read_file(filename: Any, name: str | None = None) -> Tensor:
    """The bytes of the file `filename`, as a scalar string (read each time it runs).

    Raises:
        NotFoundError: no such file (FailedPreconditionError for a directory).
    """
    return _read_file.run([convert_to_tensor(filename, dtype=dtypes.string)], None, name)


def write_file(filename: Any, contents: Any, name: str | None = None) -> Any:
    """Writes `contents` (a scalar string) to the file `filename`, replacing it and making
    the missing directories. Eagerly it returns None; in a graph, the op."""
    return _write_file.run([convert_to_tensor(filename, dtype=dtypes.string),
                            convert_to_tensor(contents, dtype=dtypes.string)], None, name)


# Example parsing ---------------------------------------------------------------------------
class FixedLenFeature(NamedTuple):
    """A feature of a fixed number of values (`tf.io.FixedLenFeature`), parsed as a dense
    tensor of `shape` and `dtype` (float32, int64 or string); `default_value` (of that shape)
    fills in for an Example without it, which is otherwise an error."""

    shape: Any
    dtype: Any
    default_value: Any = None


class VarLenFeature(NamedTuple):
    """A feature of any number of values (`tf.io.VarLenFeature`), parsed as a `SparseTensor`
    of `dtype` (float32, int64 or string): for one Example, a vector of its values; for a
    batch, a matrix with one row per Example (`dense_shape`: the batch size and the most
    values of one Example)."""

    dtype: Any


_EXAMPLE_TYPES = (dtypes.float32, dtypes.int64, dtypes.string)


def _example_dtype(key: str, dtype: Any, what: str) -> dtypes.DType:
    d = dtypes.as_dtype(dtype)
    if d not in _EXAMPLE_TYPES:
        raise InvalidArgumentError(f"The {what} for key '{key}' has dtype {d.name}; an "
                                   f"Example holds float32, int64 and string values only. "
                                   f"Parse it as one of those and cast it.")
    return d


def _dense_spec(key: str, feature: FixedLenFeature) -> tuple[dtypes.DType, tuple, Any]:
    dtype = _example_dtype(key, feature.dtype, "FixedLenFeature")
    dims = feature.shape.as_list() if hasattr(feature.shape, "as_list") else (
        [] if feature.shape is None else list(feature.shape))
    if any(d is None or d < 0 for d in dims):
        raise ValueError(f"First dimension of shape for feature {key} unknown. Consider using "
                         f"FixedLenSequenceFeature. Received feature={feature}.")
    shape = tuple(int(d) for d in dims)
    if feature.default_value is None:
        return dtype, shape, np.zeros(0, dtype.np_dtype)
    default = feature.default_value
    size = int(np.prod(shape, dtype=np.int64))
    if isinstance(default, Tensor) and not isinstance(default, EagerTensor):
        count = default.shape.num_elements()  # a tensor of the graph: checked when it runs
    else:
        default = to_array(default, dtype)
        count = default.size
    if count is not None and count != size:
        raise InvalidArgumentError(
            f"Input to reshape is a tensor with {count} values, but the requested shape "
            f"has {size}: the default_value of feature '{key}' must have its shape "
            f"{list(shape)}.")
    return dtype, shape, reshape(default, shape) if isinstance(default, Tensor) else \
        default.reshape(shape)


def _split_features(features: Any) -> tuple[list, list]:
    if not features:
        raise ValueError("Invalid argument: features cannot be empty.")
    dense: list = []
    sparse: list = []
    for key, feature in features.items():
        if isinstance(feature, FixedLenFeature):
            dense.append((key, *_dense_spec(key, feature)))
        elif isinstance(feature, VarLenFeature):
            sparse.append((key, _example_dtype(key, feature.dtype, "VarLenFeature")))
        elif isinstance(feature, RaggedFeature):  # read as a VarLenFeature, then partitioned
            sparse.append((feature.value_key or key, feature.dtype))
        else:
            raise ValueError(f"Unsupported {type(feature).__name__} {feature} for key '{key}'")
    return dense, sparse


def _parse(serialized: Tensor, features: Any, name: str | None,
           single: bool = False) -> dict[str, Any]:
    """The parsed features of the vector `serialized`; `single` where the caller gave one
    Example (a ragged feature is then its vector of values)."""
    dense, sparse = _split_features(features)
    sparse = list(dict(sparse).items())  # a key read by two features is parsed once
    attrs = {"dense_keys": [k for k, *_ in dense], "sparse_keys": [k for k, _ in sparse],
             "num_sparse": len(sparse), "sparse_types": [d for _, d in sparse],
             "dense_shapes": [s for _, _, s, _ in dense]}
    defaults = [convert_to_tensor(v, dtype=d) for _, d, _, v in dense]
    indices, values, shapes, dense_values = _parse_example.run([serialized, defaults], attrs,
                                                               name)
    found: dict[str, Any] = dict(zip((k for k, *_ in dense), dense_values))
    shape = TensorShape(serialized.shape.as_list() + [None])  # the batch's, and each row's
    parsed = dict(zip((k for k, _ in sparse), zip(indices, values, shapes)))
    for key, feature in features.items():
        if isinstance(feature, VarLenFeature):
            ids, vals, dense_shape = parsed[key]
            found[key] = SparseTensor._from_parts(ids, vals, dense_shape, shape=shape)
        elif isinstance(feature, RaggedFeature):
            ids, vals, dense_shape = parsed[feature.value_key or key]
            found[key] = ragged_from_parts(feature, ids, vals, dense_shape, single)
    return {key: found[key] for key in features}


def parse_example(serialized: Any, features: Any, example_names: Any = None,
                  name: str | None = None) -> dict[str, Any]:
    """The features of a batch of serialized `tf.train.Example`s, as a dict of tensors.

    Args:
        serialized: a vector of serialized Examples (a scalar counts as a batch of one).
        features: feature name -> `FixedLenFeature`, each parsed into a tensor of shape
            `[batch] + shape`, `VarLenFeature`, each parsed into a `SparseTensor` of dense
            shape `[batch, most values of one Example]`, or `RaggedFeature`, each parsed
            into a `RaggedTensor` of one row per Example (for a scalar `serialized`, the
            vector of its values).
        example_names: accepted for compatibility; errors say `Name: <unknown>`.
        name: the op's name in a graph; unused eagerly.

    Raises:
        InvalidArgumentError: an Example lacks a feature that has no default, holds it with
            another type or another number of values, or is not an Example.
        ValueError: `features` is empty or holds something that is not a feature spec.
    """
    x = convert_to_tensor(serialized, dtype=dtypes.string)
    if x.shape.rank == 0:
        return _parse(reshape(x, [1]), features, name, single=True)
    return _parse(x, features, name)


def parse_single_example(serialized: Any, features: Any, example_names: Any = None,
                         name: str | None = None) -> dict[str, Any]:
    """The features of one serialized `tf.train.Example` (a scalar string), as a dict of
    tensors: the pattern `dataset.map(lambda x: parse_single_example(x, description))`.

    >>> from autograph.runtime.ops.io import wire
    >>> feature = wire.length_field(3, wire.length_field(1, b"\\x07"))  # int64_list [7]
    >>> example = wire.length_field(1, wire.length_field(1, wire.length_field(1, b"n")
    ...                                                  + wire.length_field(2, feature)))
    >>> parse_single_example(example, {"n": FixedLenFeature([], "int64"),
    ...                                "m": FixedLenFeature([2], "float32", [0.5, 1.0])})
    {'n': <ag.Tensor: shape=(), dtype=int64, numpy=7>, 'm': <ag.Tensor: shape=(2,), \
dtype=float32, numpy=array([0.5, 1. ], dtype=float32)>}

    Raises:
        ValueError: `serialized` is not a scalar.
        InvalidArgumentError: as `parse_example`.
    """
    x = convert_to_tensor(serialized, dtype=dtypes.string)
    if x.shape.rank != 0:
        raise ValueError("Input serialized must be a scalar")
    return _parse(x, features, name, single=True)


# CSV ---------------------------------------------------------------------------------------
def csv_default(value: Any, column: int) -> Tensor:
    """One column's default for `DecodeCSV`: a dtype (the field is required) or a value, a
    list of at most one value, or a tensor of at most one element."""
    if isinstance(value, (dtypes.DType, type)):
        dtype = dtypes.as_dtype(value)
        return convert_to_tensor(np.zeros(0, dtype.np_dtype), dtype=dtype)
    if isinstance(value, (list, tuple)) and not value:
        raise ValueError(f"record_defaults[{column}] is an empty list, whose dtype is unknown; "
                         f"give a dtype (ag.float32) for a required field.")
    t = convert_to_tensor(value)
    if t.shape.rank is not None and t.shape.rank > 1:
        raise ValueError(f"record_defaults[{column}] must have rank 0 or 1; got shape "
                         f"{t.shape}.")
    return t


def decode_csv(records: Any, record_defaults: Sequence[Any], field_delim: str = ",",
               use_quote_delim: bool = True, na_value: str = "",
               select_cols: Sequence[int] | None = None, name: str | None = None) -> list:
    """The fields of CSV lines, one tensor per column, of the shape of `records`.

    Args:
        records: strings, each one line of CSV.
        record_defaults: per column, its default (`[0]`, `[0.0]`, `[""]`, a scalar, or a
            one-element tensor, whose dtype is the column's) or a dtype for a required field.
        field_delim: the one-character separator.
        use_quote_delim: whether double quotes group a field (`""` is a quote inside).
        na_value: a field text that counts as missing.
        select_cols: the columns to keep, ascending; `record_defaults` then has one per kept
            column.
        name: the op's name in a graph; unused eagerly.

    Raises:
        InvalidArgumentError: a record with another number of fields, a required field
            missing, or a field that is not a number of its column's type.

    >>> [t.numpy() for t in decode_csv(["1,2.5,x", "3,,y"], [[0], [0.0], [""]])]
    [array([1, 3], dtype=int32), array([2.5, 0. ], dtype=float32), array([b'x', b'y'], \
dtype=object)]
    """
    defaults = [csv_default(v, i) for i, v in enumerate(record_defaults)]
    cols = [int(c) for c in select_cols] if select_cols is not None else []
    if cols:
        if any(b <= a for a, b in zip(cols, cols[1:])) or cols[0] < 0:
            raise ValueError("select_cols is not strictly increasing.")
        if len(cols) != len(defaults):
            raise ValueError("Length of select_cols and record_defaults do not match.")
    if len(field_delim) != 1:
        raise InvalidArgumentError(f"field_delim should be only 1 char; got {field_delim!r}")
    attrs = {"field_delim": field_delim, "use_quote_delim": bool(use_quote_delim),
             "na_value": na_value, "select_cols": cols}
    return list(_decode_csv.run([convert_to_tensor(records, dtype=dtypes.string), defaults],
                                attrs, name))


def decode_raw(input_bytes: Any, out_type: Any, little_endian: bool = True,
               fixed_length: Any = None, name: str | None = None) -> Tensor:
    """The bytes of each string read as numbers of `out_type`: the input's shape and one more
    dim. Strings must share one length, a multiple of the type's size, unless `fixed_length`
    cuts or pads (with zero bytes) each to that many bytes.

    >>> decode_raw("Duck", "uint8").numpy()
    array([ 68, 117,  99, 107], dtype=uint8)
    """
    attrs = {"out_type": dtypes.as_dtype(out_type), "little_endian": bool(little_endian)}
    strings = convert_to_tensor(input_bytes, dtype=dtypes.string)
    if fixed_length is None:
        return _decode_raw.run([strings], attrs, name)
    length = convert_to_tensor(fixed_length, dtype=dtypes.int32)
    return _decode_padded_raw.run([strings, length], attrs, name)
