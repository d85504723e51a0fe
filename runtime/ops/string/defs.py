"""Declarations of the string ops: StringJoin, StringLength, StringUpper, StringLower, the
split ops, StringToNumber and StringToHashBucketFast.

The split ops take a vector of strings and give their pieces as the three parts of a sparse
tensor (indices, values, dense shape), as TensorFlow's StringSplitV2 does; StringBytesSplit
and UnicodeSplit are ours (TensorFlow composes them from other ops).

String tensors hold NumPy object arrays of `bytes` and stay in host memory on every device.
Kernels live in `kernels/string_kernels.py`, the user-facing functions in
`runtime/ops/string/ops.py`.
"""

from __future__ import annotations

from typing import Any, Callable

from autograph.runtime.core.tensor_shape import format_raw, raw_compatible, raw_merge
from autograph.runtime.ops.string import pieces
from autograph.runtime.registry import shape_inference as si
from autograph.runtime.registry.op_registry import register_op
from autograph.runtime.registry.shape_inference import InferenceContext, RawShape


def _join_shape(c: InferenceContext) -> list[RawShape]:
    """Non-scalar inputs share one shape (no other broadcasting), which the output takes."""
    merged, unknown_rank = (), False
    for i, shape in enumerate(c.shape(0)):
        if shape is None:
            unknown_rank = True
        elif shape != ():
            if merged != () and not raw_compatible(merged, shape):
                raise c.error(f"StringJoin inputs that are not scalars must have one shape, "
                              f"but input {i} has shape {format_raw(shape)} where earlier "
                              f"inputs have {format_raw(merged)}.")
            merged = shape if merged == () else raw_merge(merged, shape)
    return [None if merged == () and unknown_rank else merged]


register_op("StringJoin").input("inputs: N * string").output("output: string") \
    .attr("N: int >= 0").attr("separator: string = ''").set_shape_fn(_join_shape).doc(
        "Joins strings elementwise, with separator between them.\n\n"
        "inputs: string tensors of one shape, or scalars (which apply to every element).\n"
        "separator: inserted between the joined strings.")

register_op("StringLength").input("input: string").output("output: int32") \
    .attr("unit: {'BYTE', 'UTF8_CHAR'} = 'BYTE'").set_shape_fn(si.unchanged).doc(
        "The length of each string.\n\n"
        "input: a string tensor.\n"
        "unit: BYTE counts bytes, UTF8_CHAR counts UTF-8 encoded characters.")


for _case in ("Upper", "Lower"):
    register_op(f"String{_case}").input("input: string").output("output: string") \
        .attr("encoding: {'', 'utf-8'} = ''").set_shape_fn(si.unchanged).doc(
            f"Each string in {_case.lower()} case.\n\n"
            f"input: a string tensor.\n"
            f"encoding: '' changes ASCII letters only; 'utf-8' every letter of UTF-8 text.")


def _pieces_shape(c: InferenceContext, count: Callable[[bytes], int] | None) -> list[RawShape]:
    """The shapes of a split op's outputs; `count(s)` is the number of pieces of string `s`,
    None when the pieces cannot be counted before the op runs."""
    si.with_rank(c, c.shape(0), 1, "input")
    value = c.value(0)
    if value is None or count is None:
        return [(None, 2), (None,), (2,)]
    total = sum(count(s) for s in value.reshape(-1))
    return [(total, 2), (total,), (2,)]


_SPARSE_OUTPUTS = (
    "\n\nindices: [n, 2] int64, the (string, piece) position of each piece.\n"
    "values: [n] string, the pieces in order.\n"
    "shape: [2] int64, the number of strings and the largest number of pieces of one string.")


def _sparse_split(name: str, values: str = "string") -> Any:
    return register_op(name).input("input: string").output("indices: int64") \
        .output(f"values: {values}").output("shape: int64")


def _split_count(c: InferenceContext) -> list[RawShape]:
    si.with_rank(c, c.shape(1), 0, "sep")
    sep, maxsplit = c.value(1), c.attr("maxsplit")
    if sep is None:
        return _pieces_shape(c, None)
    sep_bytes = bytes(sep.reshape(-1)[0])
    return _pieces_shape(c, lambda s: len(pieces.split(s, sep_bytes, maxsplit)))


_sparse_split("StringSplitV2").input("sep: string").attr("maxsplit: int = -1") \
    .set_shape_fn(_split_count).doc(
        "Splits each string of a vector at a separator, into sparse tensor parts.\n\n"
        "input: a vector of strings.\n"
        "sep: a scalar string; an empty one splits at runs of whitespace and drops empty "
        "pieces.\n"
        "maxsplit: the most splits per string; -1 for no limit." + _SPARSE_OUTPUTS)

_sparse_split("StringBytesSplit").set_shape_fn(lambda c: _pieces_shape(c, len)).doc(
    "Splits each string of a vector into single bytes, into sparse tensor parts.\n\n"
    "input: a vector of strings." + _SPARSE_OUTPUTS)


def _unicode_count(c: InferenceContext) -> list[RawShape]:
    args = (c.attr("input_encoding"), c.attr("errors"), c.attr("replacement_char"))
    try:
        return _pieces_shape(c, lambda s: len(pieces.unicode_split(s, *args)))
    except UnicodeError as e:
        raise c.error(f"input is not valid {args[0]}: {e}. Pass errors='replace' or 'ignore' "
                      f"to accept it.") from None


_sparse_split("UnicodeSplit") \
    .attr("input_encoding: {'UTF-8', 'UTF-16-BE', 'UTF-32-BE'}") \
    .attr("errors: {'strict', 'replace', 'ignore'} = 'replace'") \
    .attr("replacement_char: int = 65533").set_shape_fn(_unicode_count).doc(
        "Splits each string of a vector into characters (each encoded in input_encoding), "
        "into sparse tensor parts.\n\n"
        "input: a vector of strings in input_encoding.\n"
        "input_encoding: the encoding of the strings and of the pieces.\n"
        "errors: for invalid input, 'strict' fails, 'replace' puts replacement_char in place of "
        "each invalid sequence and 'ignore' drops it.\n"
        "replacement_char: the code point that 'replace' puts in." + _SPARSE_OUTPUTS)

_sparse_split("UnicodeDecode", "int32") \
    .attr("input_encoding: {'UTF-8', 'UTF-16-BE', 'UTF-32-BE'}") \
    .attr("errors: {'strict', 'replace', 'ignore'} = 'replace'") \
    .attr("replacement_char: int = 65533").set_shape_fn(_unicode_count).doc(
        "Decodes each string of a vector into its code points, into sparse tensor parts.\n\n"
        "input: a vector of strings in input_encoding.\n"
        "input_encoding: the encoding of the strings.\n"
        "errors: as for UnicodeSplit.\n"
        "replacement_char: the code point that 'replace' puts in.\n\n"
        "indices: [n, 2] int64, the (string, character) position of each code point.\n"
        "values: [n] int32, the code points in order.\n"
        "shape: [2] int64, the number of strings and the most characters of one string.")

register_op("StringToNumber").input("string_tensor: string").output("output: out_type") \
    .attr("out_type: {float32, float64, int32, int64, uint32, uint64} = DT_FLOAT") \
    .set_shape_fn(si.unchanged).doc(
        "Parses each string as a number (InvalidArgumentError for one that is not).\n\n"
        "string_tensor: a string tensor.\n"
        "out_type: the dtype of the numbers. Floats accept surrounding whitespace, exponents, "
        "hexadecimal, inf and nan; integers an optional sign and decimal digits, in range.")

register_op("StringToHashBucketFast").input("input: string").output("output: int64") \
    .attr("num_buckets: int >= 1").set_shape_fn(si.unchanged).doc(
        "The bucket of each string: its FarmHash Fingerprint64 modulo num_buckets.\n\n"
        "input: a string tensor.\n"
        "num_buckets: the number of buckets.")
