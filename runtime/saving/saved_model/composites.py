"""Composite tensors in an export's function arguments and results: a `SparseTensor` or a
`RaggedTensor` is written as its spec's class and fields plus its component tensors, and
loaded as the same composite of the loaded function's tensors.

Only the composites of this package are written (a user's `ExtensionType` would need its class
at load time, which an export does not carry).
"""

from __future__ import annotations

from typing import Any, Callable

from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.type_spec import TypeSpec
from autograph.runtime.ops.ragged.ragged_spec import RaggedTensorSpec
from autograph.runtime.ops.sparse.sparse_tensor import SparseTensorSpec

__all__ = ["SPECS", "composite_spec", "encode_fields", "decode_fields"]

SPECS: dict[str, type[TypeSpec]] = {"SparseTensorSpec": SparseTensorSpec,
                                    "RaggedTensorSpec": RaggedTensorSpec}


def composite_spec(value: Any) -> TypeSpec | None:
    """`value`'s spec when it is a composite an export can carry, else None."""
    spec = getattr(value, "_type_spec", None)
    return spec if isinstance(spec, TypeSpec) and type(spec).__name__ in SPECS else None


def encode_fields(spec: TypeSpec, encode: Callable[[Any], Any]) -> list:
    """The spec's fields as JSON (shapes as lists of dimensions, None where unknown)."""
    return [{"shape": field.as_list() if field.rank is not None else None}
            if isinstance(field, TensorShape) else encode(field) for field in spec._serialize()]


def decode_fields(doc: list, decode: Callable[[Any], Any]) -> tuple:
    return tuple(TensorShape(field["shape"]) if isinstance(field, dict) and "shape" in field
                 else decode(field) for field in doc)
