"""Export converters of elementwise math, comparisons, casts and reductions: one function per
op type of ours, writing the ONNX nodes that compute the same values."""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.saving.onnx.export_graph import where
from autograph.runtime.saving.onnx.export_table import converts
from autograph.runtime.saving.onnx.onnx_module import onnx, onnx_type

# Ops of ours that are one ONNX op of the same inputs.
_SAME = {
    "AddV2": "Add", "Sub": "Sub", "Mul": "Mul", "RealDiv": "Div", "Maximum": "Max",
    "Minimum": "Min", "Pow": "Pow", "Less": "Less",
    "LessEqual": "LessOrEqual", "Greater": "Greater", "GreaterEqual": "GreaterOrEqual",
    "LogicalAnd": "And", "LogicalOr": "Or", "LogicalNot": "Not", "Abs": "Abs", "Neg": "Neg",
    "Exp": "Exp", "Log": "Log", "Sqrt": "Sqrt", "Tanh": "Tanh", "Sigmoid": "Sigmoid",
    "Relu": "Relu", "Sin": "Sin", "Cos": "Cos", "Floor": "Floor", "Ceil": "Ceil",
    "Round": "Round", "Sign": "Sign", "IsNan": "IsNaN", "Identity": "Identity",
    "StopGradient": "Identity", "AddN": "Sum", "SelectV2": "Where",
}
_STRING_EQUAL_OPSET = 19
_BITWISE = {"BitwiseAnd": "BitwiseAnd", "BitwiseOr": "BitwiseOr", "BitwiseXor": "BitwiseXor",
            "Invert": "BitwiseNot"}


@converts(*_SAME)
def _same(g: Any, op: Any) -> None:
    g.node(_SAME[op.type], [g.name(t) for t in op.inputs], g.outputs(op))


@converts(*_BITWISE, opset=18)
def _bitwise(g: Any, op: Any) -> None:
    g.node(_BITWISE[op.type], [g.name(t) for t in op.inputs], g.outputs(op))


@converts("Equal", "NotEqual")
def _equal(g: Any, op: Any) -> None:
    if op.inputs[0].dtype.is_string and g.opset < _STRING_EQUAL_OPSET:
        raise ValueError(f"ag.onnx.export: {where(op)} compares strings, which ONNX's Equal "
                         f"does from opset {_STRING_EQUAL_OPSET}; pass "
                         f"opset={_STRING_EQUAL_OPSET} (or higher).")
    inputs = [g.input(op, 0), g.input(op, 1)]
    if op.type == "Equal":
        g.node("Equal", inputs, g.outputs(op))
    else:
        g.node("Not", [g.one("Equal", inputs)], g.outputs(op))


@converts("Rsqrt")
def _rsqrt(g: Any, op: Any) -> None:
    g.node("Reciprocal", [g.one("Sqrt", [g.input(op, 0)])], g.outputs(op))


@converts("Square")
def _square(g: Any, op: Any) -> None:
    x = g.input(op, 0)
    g.node("Mul", [x, x], g.outputs(op))


@converts("Log1p")
def _log1p(g: Any, op: Any) -> None:
    one = g.const(1, op.inputs[0].dtype.np_dtype)
    g.node("Log", [g.one("Add", [g.input(op, 0), one])], g.outputs(op))


@converts("IsFinite")
def _is_finite(g: Any, op: Any) -> None:
    x = g.input(op, 0)
    bad = g.one("Or", [g.one("IsNaN", [x]), g.one("IsInf", [x])])
    g.node("Not", [bad], g.outputs(op))


@converts("FloorDiv")
def _floor_div(g: Any, op: Any) -> None:
    x, y = g.input(op, 0), g.input(op, 1)
    if op.inputs[0].dtype.is_floating:
        g.node("Floor", [g.one("Div", [x, y])], g.outputs(op))
    else:  # ONNX Div truncates integers; x - floor_mod(x, y) divides exactly
        g.node("Div", [g.one("Sub", [x, g.one("Mod", [x, y], fmod=0)]), y], g.outputs(op))


@converts("FloorMod")
def _floor_mod(g: Any, op: Any) -> None:
    x, y = g.input(op, 0), g.input(op, 1)
    if op.inputs[0].dtype.is_floating:  # x - floor(x / y) * y, the sign of y as Python's %
        floor = g.one("Floor", [g.one("Div", [x, y])])
        g.node("Sub", [x, g.one("Mul", [floor, y])], g.outputs(op))
    else:
        g.node("Mod", [x, y], g.outputs(op), fmod=0)


@converts("ClipByValue")
def _clip(g: Any, op: Any) -> None:  # Max/Min broadcast, where Clip needs scalar bounds
    low = g.one("Min", [g.input(op, 0), g.input(op, 2)])
    g.node("Max", [low, g.input(op, 1)], g.outputs(op))


@converts("Cast")
def _cast(g: Any, op: Any) -> None:
    g.node("Cast", [g.input(op, 0)], g.outputs(op), to=onnx_type(op.attrs["DstT"]))


_REDUCE = {"Sum": "ReduceSum", "Mean": "ReduceMean", "Max": "ReduceMax", "Min": "ReduceMin",
           "Prod": "ReduceProd"}


def reduce(g: Any, op: Any, onnx_op: str, x: str, keepdims: bool, outputs: Any = 1
           ) -> list[str]:
    """An ONNX reduction of `x` over `op`'s axes (its second input): the axes an input from
    opset 18 (ReduceSum: 13), an attribute before."""
    axes = op.inputs[1]
    values = g.constant_value(axes)
    if values is not None and np.ndim(values) == 1 and len(values) == 0:
        return g.node("Identity", [x], outputs)  # no axes: nothing reduced, as TensorFlow
    if g.opset >= 18 or onnx_op == "ReduceSum":
        axes_name = g.const(np.ravel(values).astype(np.int64)) if values is not None else \
            g.one("Reshape", [g.int64(axes), g.const(np.array([-1], np.int64))])
        return g.node(onnx_op, [x, axes_name], outputs, keepdims=int(keepdims))
    if values is None:
        raise ValueError(f"ag.onnx.export: {where(op)} reduces over axes computed at run "
                         f"time, which ONNX's {onnx_op} takes from opset 18; pass opset=18.")
    return g.node(onnx_op, [x], outputs, axes=[int(a) for a in np.ravel(values)],
                  keepdims=int(keepdims))


@converts(*_REDUCE)
def _reduce(g: Any, op: Any) -> None:
    reduce(g, op, _REDUCE[op.type], g.input(op, 0), op.attrs["keep_dims"], g.outputs(op))


@converts("All", "Any")
def _reduce_bool(g: Any, op: Any) -> None:  # ReduceMin/Max of bools came in opset 20
    as_int = g.one("Cast", [g.input(op, 0)], to=onnx().TensorProto.INT32)
    reduced = reduce(g, op, "ReduceMin" if op.type == "All" else "ReduceMax", as_int,
                     op.attrs["keep_dims"])[0]
    g.node("Cast", [reduced], g.outputs(op), to=onnx().TensorProto.BOOL)


@converts("ArgMax", "ArgMin")
def _arg(g: Any, op: Any) -> None:
    axis = g.constant_value(op.inputs[1])
    if axis is None:
        raise ValueError(f"ag.onnx.export: {where(op)} has an axis computed at run time; ONNX "
                         f"needs it known when the model is written.")
    out = g.one(op.type, [g.input(op, 0)], axis=int(axis), keepdims=0)
    if op.attrs["output_type"] is dtypes.int64:
        g.node("Identity", [out], g.outputs(op))
    else:
        g.node("Cast", [out], g.outputs(op), to=onnx_type(op.attrs["output_type"]))


@converts("Cumsum")
def _cumsum(g: Any, op: Any) -> None:
    g.node("CumSum", [g.input(op, 0), g.input(op, 1)], g.outputs(op),
           exclusive=int(op.attrs["exclusive"]), reverse=int(op.attrs["reverse"]))


@converts("Einsum")
def _einsum(g: Any, op: Any) -> None:
    g.node("Einsum", [g.name(t) for t in op.inputs], g.outputs(op),
           equation=op.attrs["equation"].replace(" ", ""))
