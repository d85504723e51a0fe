"""Declarations of the file-format ops: SerializeTensor, ParseTensor, ParseExample, DecodeCSV,
ReadFile and WriteFile.

Their inputs and outputs are strings or small host values, so their kernels
(`kernels/io_kernels.py`) keep everything in host memory on every device. `ParseExample` takes
its feature keys, types and shapes as attrs (TensorFlow's `ParseExampleV2` takes the keys as
tensors); an empty default marks a dense feature as required, as in TensorFlow.
"""

from __future__ import annotations

from autograph.runtime.ops.io import example_wire, tensor_proto
from autograph.runtime.registry import shape_inference as si
from autograph.runtime.registry.op_registry import register_op
from autograph.runtime.registry.shape_inference import InferenceContext, RawShape


def _parsed_shape(c: InferenceContext) -> list[RawShape]:
    si.with_rank(c, c.shape(0), 0, "serialized")
    value = c.value(0)
    if value is None:
        return [None]
    try:
        return [tensor_proto.decode(bytes(value.reshape(-1)[0]))[1].shape]
    except tensor_proto.ProtoError:
        return [None]  # the kernel says what is wrong, with TensorFlow's error


register_op("SerializeTensor").input("tensor: T").output("serialized: string").attr("T: type") \
    .set_shape_fn(si.scalar).doc(
        "The tensor as the bytes of a TensorFlow TensorProto.\n\n"
        "tensor: a tensor of numbers, bools or strings.\n"
        "serialized: a scalar string, what tf.io.serialize_tensor writes.")

register_op("ParseTensor").input("serialized: string").output("output: out_type") \
    .attr("out_type: type").set_shape_fn(_parsed_shape).doc(
        "The tensor that TensorProto bytes hold.\n\n"
        "serialized: a scalar string holding a TensorProto.\n"
        "out_type: the dtype the TensorProto must hold (InvalidArgumentError otherwise).")


_RAW_TYPES = "{float16, float32, float64, int32, uint16, uint8, int16, int8, int64"


def _raw_shape(c: InferenceContext) -> list[RawShape]:
    """The input's shape and one more dim: the values in each string (from the first
    string's length when the input is known, else unknown)."""
    strings = c.shape(0)
    if strings is None:
        return [None]
    size = c.attr("out_type").size
    value = c.value(0)
    count = None
    if value is not None and value.size:
        count = len(bytes(value.reshape(-1)[0])) // size
    return [tuple(strings) + (count,)]


def _padded_raw_shape(c: InferenceContext) -> list[RawShape]:
    strings = c.shape(0)
    length = c.value(1)
    count = None if length is None else int(length) // c.attr("out_type").size
    return [None if strings is None else tuple(strings) + (count,)]


register_op("DecodeRaw").input("bytes: string").output("output: out_type") \
    .attr(f"out_type: {_RAW_TYPES}, complex64, complex128, bool}}") \
    .attr("little_endian: bool = true").set_shape_fn(_raw_shape).doc(
        "The bytes of each string read as numbers of out_type: the input's shape and one more "
        "dim.\n\n"
        "bytes: strings of one length, a multiple of out_type's size.\n"
        "little_endian: the byte order of the numbers (ignored for one-byte types).")

register_op("DecodePaddedRaw").input("input_bytes: string").input("fixed_length: int32") \
    .output("output: out_type").attr(f"out_type: {_RAW_TYPES}}}") \
    .attr("little_endian: bool = true").set_shape_fn(_padded_raw_shape).doc(
        "Each string cut or padded with zero bytes to fixed_length, read as numbers of "
        "out_type.\n\n"
        "fixed_length: a multiple of out_type's size.\n"
        "little_endian: the byte order of the numbers.")


def _example_shapes(c: InferenceContext) -> list[RawShape]:
    batch = c.shape(0)
    if batch is not None and len(batch) > 1:
        raise c.error(f"serialized must be a scalar or a vector; got shape {list(batch)}.")
    rank = None if batch is None else len(batch) + 1
    num_sparse = c.attr("num_sparse")
    dense = [None if batch is None else tuple(batch) + tuple(s)
             for s in c.attr("dense_shapes")]
    value = c.value(0)
    counts: list = [None] * num_sparse
    if value is not None:
        try:
            counts = list(example_wire.sparse_counts(value, c.attr("sparse_keys")))
        except example_wire.ExampleError:
            pass  # the kernel reports it
    return [[(n, rank) for n in counts], [(n,) for n in counts], [(rank,)] * num_sparse,
            dense]


register_op("ParseExample").input("serialized: string").input("dense_defaults: Tdense") \
    .output("sparse_indices: num_sparse * int64").output("sparse_values: sparse_types") \
    .output("sparse_shapes: num_sparse * int64").output("dense_values: Tdense") \
    .attr("sparse_keys: list(string) >= 0").attr("dense_keys: list(string) >= 0") \
    .attr("num_sparse: int >= 0").attr("sparse_types: list({float32, int64, string}) >= 0") \
    .attr("Tdense: list({float32, int64, string}) >= 0").attr("dense_shapes: list(shape) >= 0") \
    .set_shape_fn(_example_shapes).doc(
        "The features of serialized tf.train.Example protos.\n\n"
        "serialized: a scalar or vector of serialized Examples.\n"
        "dense_defaults: per dense key, its default value (of its dense shape), or an empty "
        "tensor when the feature is required.\n"
        "sparse_keys, sparse_types: the variable-length features and their dtypes.\n"
        "dense_keys, Tdense, dense_shapes: the fixed-length features, dtypes and shapes.\n"
        "sparse_indices, sparse_values, sparse_shapes: per sparse key, the parts of a sparse "
        "tensor (the example's index, then the value's position in the feature).\n"
        "dense_values: per dense key, the values, shaped serialized's shape + dense shape.")


def _csv_shape(c: InferenceContext) -> list[RawShape]:
    return [[c.shape(0)] * len(c.attr("OUT_TYPE"))]


register_op("DecodeCSV").input("records: string").input("record_defaults: OUT_TYPE") \
    .output("output: OUT_TYPE").attr("OUT_TYPE: list({float32, float64, int32, int64, string})") \
    .attr("field_delim: string = ','").attr("use_quote_delim: bool = true") \
    .attr("na_value: string = ''").attr("select_cols: list(int) = []") \
    .set_shape_fn(_csv_shape).doc(
        "The fields of CSV lines, one tensor per column.\n\n"
        "records: strings, each one line of CSV.\n"
        "record_defaults: per column, a one-element default (used for an empty or na_value "
        "field), or an empty tensor when the field is required.\n"
        "field_delim: the one-character field separator.\n"
        "use_quote_delim: whether double quotes group a field (and \"\" is a quote in it).\n"
        "na_value: a field text that counts as missing.\n"
        "select_cols: the columns to keep (ascending), or all of them when empty.")

register_op("ReadFile").input("filename: string").output("contents: string") \
    .set_is_stateful().set_shape_fn(si.scalar).doc(
        "The bytes of a file (stateful: read on every run, never folded).\n\n"
        "filename: a scalar string, the file's path.")

register_op("WriteFile").input("filename: string").input("contents: string") \
    .set_is_stateful().set_shape_fn(lambda c: []).doc(
        "Writes contents to a file, replacing it (making the missing directories).\n\n"
        "filename: a scalar string, the file's path.\n"
        "contents: a scalar string, the bytes to write.")
