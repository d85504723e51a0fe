"""Op samples for the array ops: the shape-function-vs-kernel check runs each of them."""

import numpy as np

from autograph.runtime.core import dtypes
from tests.op_testing import OpSample

_x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
_m = np.arange(6, dtype=np.int32).reshape(2, 3)
_s = np.array([[b"a", b"b"], [b"c", b"d"]], dtype=object)
_empty = np.zeros((2, 0), dtype=np.float64)
_i32 = np.int32


def _v(*values, dtype=np.int32):
    return np.array(values, dtype=dtype)


SAMPLES = [
    OpSample("Identity", [_x]),
    OpSample("Identity", [_s]),
    OpSample("StopGradient", [_x]),
    OpSample("Reshape", [_x, _v(4, -1)]),
    OpSample("Reshape", [_m, _v(6, dtype=np.int64)]),
    OpSample("Reshape", [_empty, _v(-1, 0)]),
    OpSample("Reshape", [np.float16(1.5), _v()]),
    OpSample("Shape", [_x], {"out_type": dtypes.int64}),
    OpSample("Size", [_m], {"out_type": dtypes.int32}),
    OpSample("Rank", [_s]),
    OpSample("BroadcastGradientArgs", [_v(2, 1, 4), _v(3, 1)]),
    OpSample("BroadcastGradientArgs", [_v(5, dtype=np.int64), _v(dtype=np.int64)]),
    OpSample("ExpandDims", [_m, _i32(-1)]),
    OpSample("ExpandDims", [np.uint8(3), _i32(0)]),
    OpSample("Squeeze", [np.zeros((1, 3, 1), np.int8)], {"squeeze_dims": []}),
    OpSample("Squeeze", [np.zeros((1, 3, 1), np.int8)], {"squeeze_dims": [-1]}),
    OpSample("Transpose", [_x, _v(2, 0, 1)]),
    OpSample("ConcatV2", [[_m, _m + 6], _i32(-1)]),
    OpSample("ConcatV2", [[_empty, _empty], _i32(1)]),
    OpSample("Pack", [[_m, _m, _m]], {"axis": 1}),
    OpSample("Unpack", [_x], {"num": 3, "axis": 1}),
    OpSample("Unpack", [np.zeros((0, 2), np.int16)], {"num": 0, "axis": 0}),
    OpSample("Split", [_i32(2), _x], {"num_split": 2}),
    OpSample("SplitV", [_x, _v(1, -1, 1), _i32(-1)], {"num_split": 3}),
    OpSample("Tile", [_m, _v(2, 0)]),
    OpSample("BroadcastTo", [_v(1, 2, 3, dtype=np.uint16), _v(2, 3)]),
    OpSample("BroadcastTo", [np.float64(2), _v()]),
    OpSample("GatherV2", [_x, _v(2, 0, 2), _i32(1)], {"batch_dims": 0}),
    OpSample("GatherV2", [_x, np.array([[1], [0]], np.int64), _i32(2)], {"batch_dims": 1}),
    OpSample("GatherV2", [_s, _i32(1), _i32(0)], {"batch_dims": 0}),
    OpSample("GatherNd", [_x, np.array([[1, 2], [0, 0]], np.int32)], {"batch_dims": 0}),
    OpSample("GatherNd", [_x, np.array([[1], [0]], np.int64)], {"batch_dims": 1}),
    OpSample("Slice", [_x, _v(1, 0, 1), _v(-1, 2, 3)]),
    OpSample("StridedSlice", [_x, _v(1, 0), _v(0, 0), _v(1, -1)],
             {"shrink_axis_mask": 1, "end_mask": 2}),
    OpSample("StridedSlice", [_x, _v(0, 0, 1), _v(0, 0, 3), _v(1, 1, 2)],
             {"ellipsis_mask": 1, "new_axis_mask": 2}),
    OpSample("StridedSlice", [_m, _v(5), _v(2), _v(1)]),
    OpSample("PadV2", [_m, _v(1, 0, 0, 2).reshape(2, 2), _i32(-1)]),
    OpSample("MirrorPad", [_m, _v(1, 1, 2, 2).reshape(2, 2)], {"mode": "REFLECT"}),
    OpSample("MirrorPad", [_m, _v(2, 0, 0, 3).reshape(2, 2)], {"mode": "SYMMETRIC"}),
    OpSample("ReverseV2", [_x, _v(0, -1)]),
    OpSample("OneHot", [_v(0, 2, 5), _i32(3), np.float32(1), np.float32(0)], {"axis": 0}),
    OpSample("OneHot", [np.zeros((2, 0), np.int64), _i32(4), _i32(7), _i32(0)], {"axis": -1}),
    OpSample("Where", [np.array([[True, False], [True, True]])]),
    OpSample("Where", [np.array([0.0, 1.5, 0.0], np.float32)]),
    OpSample("SelectV2", [np.array([True, False]), _m[:, :1] * 1.0, np.float64(9)]),
    OpSample("ScatterNd", [np.array([[1], [3], [1]], np.int32),
                           np.array([[1.5, 2.0], [0.5, -1.0], [3.0, 4.0]], np.float32),
                           np.array([4, 2], np.int32)]),
    OpSample("ScatterNd", [np.array([[0, 1], [2, 0]], np.int64), np.array([7, 8], np.int64),
                           np.array([3, 2], np.int64)]),
    OpSample("SparseToDense", [np.array([[0, 1], [2, 0]], np.int64), np.array([3, 2], np.int64),
                               np.array([1.5, -2.0], np.float32), np.float32(0.5)]),
    OpSample("SparseToDense", [np.array([1, 3], np.int32), np.array([5], np.int32),
                               np.int32(7), np.int32(0)]),
    OpSample("TensorScatterUpdate", [np.arange(8, dtype=np.float64).reshape(4, 2),
                                     np.array([[2], [0]], np.int32),
                                     np.array([[9.5, 8.5], [7.5, 6.5]])]),
    OpSample("TensorScatterUpdate", [np.array([b"a", b"b", b"c"], dtype=object),
                                     np.array([[1]], np.int32), np.array([b"z"], dtype=object)]),
    OpSample("TensorScatterAdd", [np.linspace(-1, 1, 6, dtype=np.float32).reshape(2, 3),
                                  np.array([[1, 2], [0, 0]], np.int32),
                                  np.array([0.25, -0.75], np.float32)]),
    OpSample("TensorScatterSub", [np.linspace(-1, 1, 6).reshape(3, 2),
                                  np.array([[1], [2]], np.int64), np.ones((2, 2))]),
    OpSample("TensorScatterMin", [np.array([1.0, 2.5, -3.0, 4.0], np.float32),
                                  np.array([[1], [3]], np.int32),
                                  np.array([0.5, 4.5], np.float32)]),
    OpSample("TensorScatterMax", [np.array([1.0, 2.5, -3.0, 4.0]),
                                  np.array([[2], [0]], np.int32), np.array([-1.5, 0.25])]),
    OpSample("Sort", [np.array([[0.5, -1.5, 2.0], [3.0, 1.0, -2.5]], np.float32)],
             {"axis": -1, "descending": False}),
    OpSample("Sort", [np.array([[3, 1], [0, 5], [5, -1]], np.int64)],
             {"axis": 0, "descending": True}),
    OpSample("Unique", [np.array([5, 3, 5, 1, 3], np.int32)], {"out_idx": dtypes.int64}),
    OpSample("Unique", [np.array([b"b", b"a", b"b"], dtype=object)]),
    OpSample("LowerBound", [np.array([[0, 3, 9], [1, 2, 3]], np.int32),
                            np.array([[2, 9], [0, 5]], np.int32)]),
    OpSample("UpperBound", [np.array([[0.0, 3.0, 3.0]]), np.array([[3.0, -1.0, 4.0]])],
             {"out_type": dtypes.int64}),
    OpSample("HistogramFixedWidth", [np.array([-1.0, 0.0, 1.5, 2.0, 5.0, 15.0], np.float32),
                                     np.array([0.0, 5.0], np.float32), np.int32(5)]),
]
