"""Samples of every math op, run by `test_op_coverage` to check shape functions against kernels.

Ops with interesting shape logic (broadcasting, axes, keep_dims, batch dimensions, einsum
equations) get several samples.
"""

import numpy as np

from tests.op_testing import OpSample

F32 = np.arange(6, dtype=np.float32).reshape(2, 3) + 0.5
F64_ROW = np.array([1.5, -2.0, 3.0])
I32 = np.array([[4, -5, 6], [7, 8, -9]], np.int32)
U8_ROW = np.array([3, 1, 2], np.uint8)
I64 = np.array([1, 2, 3], np.int64)
BOOLS = np.array([[True, False, True], [False, False, True]])
EMPTY = np.zeros((2, 0), np.float32)


def _binary(op, x, y):
    return OpSample(op, [x, y])


SAMPLES = [
    _binary("AddV2", F32, F32[0]),
    _binary("AddV2", np.array([b"a", b"b"], object), np.array(b"!", object)),
    _binary("Sub", I32, np.int32(1)),
    _binary("Sub", EMPTY, np.ones((2, 1), np.float32)),
    _binary("Mul", F64_ROW, F64_ROW.reshape(3, 1)),
    _binary("RealDiv", F32, np.float32(2.0)),
    _binary("FloorDiv", I32, np.array([2, 3, 4], np.int32)),
    _binary("FloorMod", F64_ROW, np.float64(1.25)),
    _binary("Pow", I32, np.int32(2)),
    _binary("Maximum", U8_ROW, np.array([[2], [1]], np.uint8)),
    _binary("Minimum", I64, np.int64(2)),
    _binary("BitwiseAnd", I32, np.int32(6)),
    _binary("BitwiseOr", U8_ROW, U8_ROW),
    _binary("BitwiseXor", I64, I64[::-1].copy()),
    _binary("Less", F32, F32[1]),
    _binary("LessEqual", I32, np.int32(0)),
    _binary("Greater", U8_ROW, np.uint8(1)),
    _binary("GreaterEqual", F64_ROW, F64_ROW.reshape(3, 1)),
    _binary("Equal", I32, I32[0]),
    _binary("Equal", np.array([b"a", b"b"], object), np.array([b"b", b"b"], object)),
    OpSample("Equal", [I64, np.array([1, 2], np.int64)], {"incompatible_shape_error": False}),
    _binary("NotEqual", BOOLS, BOOLS[0]),
    OpSample("NotEqual", [F32, F32[0]], {"incompatible_shape_error": False}),
    _binary("LogicalAnd", BOOLS, np.bool_(True)),
    _binary("LogicalOr", BOOLS, BOOLS[::-1].copy()),
    OpSample("LogicalNot", [BOOLS]),
    OpSample("ClipByValue", [F32, np.float32(1.0), np.float32(4.0)]),
    OpSample("ClipByValue", [I32, np.array([0, 1, 2], np.int32), np.array([[5], [6]], np.int32)]),
    OpSample("AddN", [[F32, F32, F32]]),
    OpSample("_FusedElementwise", [[F32, np.float32(2.0), F32]],
             {"program": ["multiply i0 i1", "sqrt s0", "subtract s1 i2"]}),
    OpSample("_FusedElementwise", [[F64_ROW, F64_ROW.reshape(3, 1)]],
             {"program": ["add i0 i1", "negative s0"]}),
    OpSample("AddN", [[I64]]),
    OpSample("ReluGrad", [F32, np.float32([[-1.0, 2.0, -0.5], [3.0, -4.0, 5.0]])]),
    OpSample("SigmoidGrad", [np.float32([0.25, 0.5, 0.9]), np.float32([1.0, -2.0, 0.5])]),
    OpSample("TanhGrad", [np.float64([[-0.5, 0.0, 0.75]]), np.float64([[2.0, 1.0, -1.0]])]),
]

# Unary ops: one sample each, on an input their dtypes accept.
SAMPLES += [OpSample(op, [x]) for op, x in [
    ("Neg", I32), ("Abs", F64_ROW), ("Sign", I32), ("Square", np.float16([1.5, -2.0])),
    ("Sqrt", F32), ("Rsqrt", F32), ("Exp", F64_ROW), ("Log", F32), ("Log1p", F32),
    ("Sin", F32), ("Cos", EMPTY), ("Tanh", F64_ROW), ("Sigmoid", F32), ("Relu", I32),
    ("Round", np.float32(2.5)), ("Floor", F64_ROW), ("Ceil", F32), ("Invert", U8_ROW),
    ("IsNan", np.array([1.0, np.nan], np.float32)), ("IsFinite", F64_ROW),
]]


def _axes(*axes):
    return np.array(axes, np.int32)


SAMPLES += [
    OpSample("Sum", [F32, _axes(0)]),
    OpSample("Sum", [I32, np.int32(-1)], {"keep_dims": True}),
    OpSample("Sum", [I32, _axes()]),
    OpSample("Prod", [I64, np.array([0], np.int64)]),
    OpSample("_SumToShape", [F32, np.array([1, 3], np.int32)]),
    OpSample("_SumToShape", [I32, np.array([2, 3], np.int64)]),
    OpSample("Mean", [I32, _axes(0, 1)], {"keep_dims": True}),
    OpSample("Mean", [F32, _axes(1, -1)]),
    OpSample("Max", [EMPTY, _axes(1)]),
    OpSample("Max", [F64_ROW, np.int32(0)]),
    OpSample("Min", [U8_ROW.reshape(1, 3, 1), _axes(0, 2)], {"keep_dims": True}),
    OpSample("Any", [BOOLS, _axes(1)]),
    OpSample("All", [BOOLS, _axes(0, 1)]),
    OpSample("ArgMax", [F32, np.int32(1)], {"output_type": np.int32}),
    OpSample("ArgMax", [BOOLS, np.int64(0)]),
    OpSample("ArgMin", [I32, np.int32(-1)]),
    OpSample("Cumsum", [I32, np.int32(1)]),
    OpSample("Cumsum", [F32, np.int32(0)], {"exclusive": True, "reverse": True}),
    OpSample("Softmax", [F32]),
    OpSample("Softmax", [F64_ROW.reshape(3, 1)], {"axis": 0}),
    OpSample("MatMul", [F32, F32.T.copy()]),
    OpSample("MatMul", [I32, I32], {"transpose_a": True}),
    OpSample("BatchMatMulV2", [np.ones((2, 1, 2, 3)), np.ones((3, 3, 4))]),
    OpSample("BatchMatMulV2", [np.ones((2, 3, 2), np.float32), np.ones((4, 3), np.float32)],
             {"adj_x": True, "adj_y": True}),
    OpSample("Einsum", [[F32, F32]], {"equation": "ij,kj->ik"}),
    OpSample("Einsum", [[np.ones((2, 3, 3))]], {"equation": "...ii->...i"}),
    OpSample("Einsum", [[F32, np.ones((4, 3, 5), np.float32)]], {"equation": "ij,...jk"}),
    OpSample("Einsum", [[I64]], {"equation": "i->"}),
]
