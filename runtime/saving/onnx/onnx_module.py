"""The optional `onnx` package, imported at first use, and the dtype tables between its
element types and ours."""

from __future__ import annotations

from typing import Any

from autograph.runtime.core import dtypes

MISSING = ('ONNX export and import need the onnx package: pip install '
           '"autograph-dataflow[onnx]" (or pip install onnx).')


def onnx() -> Any:
    """The `onnx` module; ImportError naming the extra to install when it is missing."""
    try:
        import onnx as module
    except ImportError:
        raise ImportError(MISSING) from None
    return module


def onnx_type(dtype: dtypes.DType) -> int:
    """The ONNX element type (a `TensorProto` enum) of our `dtype`."""
    proto = onnx().TensorProto
    if dtype.is_string:
        return proto.STRING
    return int(onnx().helper.np_dtype_to_tensor_dtype(dtype.np_dtype))


def our_dtype(element_type: int) -> dtypes.DType:
    """Our dtype for an ONNX element type; TypeError for one we do not have."""
    module = onnx()
    if element_type == module.TensorProto.STRING:
        return dtypes.string
    try:
        return dtypes.as_dtype(module.helper.tensor_dtype_to_np_dtype(element_type))
    except (KeyError, TypeError, ValueError):
        name = module.TensorProto.DataType.Name(element_type) if element_type in \
            module.TensorProto.DataType.values() else str(element_type)
        raise TypeError(f"ONNX element type {name} has no autograph dtype.") from None
