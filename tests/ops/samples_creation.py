"""Op samples of the creation, cast, random and string ops, for the shape-function check."""

import numpy as np

from autograph.runtime.core import dtypes
from tests.op_testing import OpSample

i32, i64 = np.int32, np.int64


def _strings(*items):
    return np.array([s.encode() for s in items], dtype=object)


SAMPLES = [
    OpSample("Const", [], {"value": np.arange(6, dtype=np.float32).reshape(2, 3),
                           "dtype": dtypes.float32}),
    OpSample("Const", [], {"value": np.array(True), "dtype": dtypes.bool_}),
    OpSample("Const", [], {"value": _strings("a", "bc"), "dtype": dtypes.string}),
    OpSample("Fill", [np.array([2, 3], i32), np.array(1.5, np.float32)]),
    OpSample("Fill", [np.array([0, 4], i64), np.array(7, np.int8)]),
    OpSample("Fill", [np.array([], i32), np.array(True)]),
    OpSample("Fill", [np.array([2], i32), np.array(b"s", dtype=object)]),
    OpSample("ZerosLike", [np.ones((2, 3), np.float64)]),
    OpSample("ZerosLike", [_strings("a", "b")]),
    OpSample("OnesLike", [np.zeros((0, 2), np.uint8)]),
    OpSample("Range", [np.array(0, i32), np.array(10, i32), np.array(3, i32)]),
    OpSample("Range", [np.array(5, i64), np.array(-5, i64), np.array(-2, i64)]),
    OpSample("Range", [np.array(5, i32), np.array(1, i32), np.array(1, i32)]),
    OpSample("Range", [np.array(0, np.float32), np.array(1, np.float32),
                       np.array(0.1, np.float32)]),
    OpSample("LinSpace", [np.array(0, np.float32), np.array(1, np.float32), np.array(5, i32)]),
    OpSample("LinSpace", [np.zeros((2, 1), np.float64), np.ones(3, np.float64),
                          np.array(4, i64)], {"axis": -2}),
    OpSample("LinSpace", [np.array(0, np.float16), np.array(1, np.float16), np.array(0, i32)]),
    OpSample("Eye", [np.array(2, i32), np.array(3, i32)]),
    OpSample("Eye", [np.array(2, i32), np.array(2, i32)],
             {"dtype": dtypes.int64, "batch_shape": [3, 1]}),
    OpSample("Cast", [np.array([1.7, -1.7], np.float32)], {"DstT": dtypes.int32}),
    OpSample("Cast", [np.array([[True, False]])], {"DstT": dtypes.float64}),
    OpSample("RandomUniform", [np.array([2, 3], i32)], {"dtype": dtypes.float32}),
    OpSample("RandomUniform", [np.array([0], i64)], {"dtype": dtypes.float16, "seed": 1}),
    OpSample("RandomUniformInt", [np.array([4], i32), np.array(-2, i64), np.array(5, i64)]),
    OpSample("RandomStandardNormal", [np.array([3, 1], i32)], {"dtype": dtypes.float64}),
    OpSample("Multinomial", [np.log(np.array([[0.5, 0.5], [0.1, 0.9]], np.float32)),
                             np.array(5, i32)], {"seed": 1, "seed2": 2}),
    OpSample("RandomShuffle", [np.arange(6, dtype=i32).reshape(3, 2)], {"seed": 3}),
    OpSample("RandomGamma", [np.array([4], i32), np.array([0.5, 1.5], np.float32)],
             {"seed": 4}),
    OpSample("RandomGammaGrad", [np.array([[0.5], [2.0]]), np.array([0.3, 1.0, 4.0])]),
    OpSample("RandomGammaGrad", [np.array([1.5], np.float32), np.array([0.0, 2.0], np.float32)]),
    OpSample("RandomPoissonV2", [np.array([3, 1], i64), np.array([1.0, 5.0])],
             {"dtype": dtypes.int32}),
    OpSample("StatelessRandomUniform", [np.array([2, 3], i32), np.array([1, 2], i64)],
             {"dtype": dtypes.float32}),
    OpSample("StatelessRandomNormal", [np.array([4], i64), np.array([7, 0], i32)],
             {"dtype": dtypes.float64}),
    OpSample("StatelessTruncatedNormal", [np.array([3, 2], i32), np.array([1, 2], i32)],
             {"dtype": dtypes.float16}),
    OpSample("StatelessRandomUniformFullInt", [np.array([5], i32), np.array([1, 2], i64)],
             {"dtype": dtypes.uint32}),
    OpSample("StatelessRandomUniformInt", [np.array([2, 2], i32), np.array([3, 4], i64),
                                           np.array(-5, i32), np.array(5, i32)]),
    OpSample("StringJoin", [[_strings("a", "b"), np.array(b"-", dtype=object),
                             _strings("x", "y")]], {"separator": "+"}),
    OpSample("StringJoin", [[np.array(b"a", dtype=object), np.array(b"b", dtype=object)]]),
    OpSample("StringLength", [_strings("ab", "é", "")], {"unit": "UTF8_CHAR"}),
    OpSample("StringLength", [np.array([[b"xyz"]], dtype=object)]),
    OpSample("StringUpper", [_strings("Mixed", "é")]),
    OpSample("StringLower", [_strings("Mixed", "É")], {"encoding": "utf-8"}),
]
