"""The export op table: for each op type of ours, the function that writes its ONNX nodes and
the lowest ONNX opset those nodes need.

The op modules (`export_math_ops.py`, `export_array_ops.py`, `export_nn_ops.py`,
`export_control_flow.py`) fill it with `@converts(...)`; each function takes the
`GraphExport` being written and our `Operation`, and binds the op's outputs to ONNX names.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

MIN_OPSET = 13
"""The lowest opset the exporter writes: the one where `Unsqueeze`, `Squeeze`, `ReduceSum` and
`Split` take their axes as inputs."""


class Converter(NamedTuple):
    fn: Callable[[Any, Any], None]
    opset: int  # the lowest opset its nodes need


TABLE: dict[str, Converter] = {}


def converts(*op_types: str, opset: int = MIN_OPSET) -> Callable:
    """Registers the decorated function as the converter of `op_types`."""
    def register(fn: Callable[[Any, Any], None]) -> Callable[[Any, Any], None]:
        for op_type in op_types:
            TABLE[op_type] = Converter(fn, opset)
        return fn
    return register
