"""Samples of the resource-variable ops and `TruncatedNormal`.

Handles are `resource` tensors of eager variables made here, which live as long as this module.
"""

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.state.variables import Variable
from tests.op_testing import OpSample

_FLOATS = Variable(np.ones((2, 3), np.float32), name="sample_floats")
_INTS = Variable(np.arange(4, dtype=np.int64), name="sample_ints")
_STRINGS = Variable(np.array([b"a", b"b"], dtype=object), name="sample_strings")
_handle_array = np.empty((), dtype=object)
_handle_array[()] = _FLOATS.handle.numpy()

SAMPLES = [
    OpSample("VarHandleOp", [], {"dtype": dtypes.float32, "shape": (2, 3),
                                 "shared_name": "sample_handle"}),
    OpSample("VarHandleOp", [], {"dtype": dtypes.int32, "shape": None}),
    OpSample("ReadVariableOp", [_FLOATS.handle], {"dtype": dtypes.float32}),
    OpSample("ReadVariableOp", [_INTS.handle], {"dtype": dtypes.int64}),
    OpSample("ReadVariableOp", [_STRINGS.handle], {"dtype": dtypes.string}),
    OpSample("AssignVariableOp", [_FLOATS.handle, np.full((2, 3), 2.0, np.float32)]),
    OpSample("AssignVariableOp", [_STRINGS.handle, np.array([b"c", b"d"], dtype=object)]),
    OpSample("AssignAddVariableOp", [_INTS.handle, np.arange(4, dtype=np.int64)]),
    OpSample("AssignAddVariableOp", [_FLOATS.handle, np.float32(0.5)]),
    OpSample("AssignSubVariableOp", [_INTS.handle, np.ones((4,), np.int64)]),
    OpSample("ResourceScatterAdd", [_FLOATS.handle, np.array([1, 1], np.int32),
                                    np.ones((2, 3), np.float32)]),
    OpSample("ResourceScatterSub", [_INTS.handle, np.array([3], np.int64),
                                    np.array([2], np.int64)]),
    OpSample("ResourceScatterMul", [_FLOATS.handle, np.array([0], np.int32),
                                    np.full((1, 3), 2.0, np.float32)]),
    OpSample("ResourceScatterDiv", [_FLOATS.handle, np.array([0], np.int64),
                                    np.full((1, 3), 4.0, np.float32)]),
    OpSample("ResourceScatterMin", [_INTS.handle, np.array([0, 2], np.int32),
                                    np.array([-1, 5], np.int64)]),
    OpSample("ResourceScatterMax", [_INTS.handle, np.array([0, 2], np.int32),
                                    np.array([-1, 5], np.int64)]),
    OpSample("ResourceScatterUpdate", [_FLOATS.handle, np.array([1, 1], np.int32),
                                       np.arange(6, dtype=np.float32).reshape(2, 3)]),
    OpSample("VarIsInitializedOp", [_FLOATS.handle]),
    OpSample("Const", [], {"value": _handle_array, "dtype": dtypes.resource}),
    OpSample("TruncatedNormal", [np.array([2, 3], np.int32)], {"dtype": dtypes.float32}),
    OpSample("TruncatedNormal", [np.array([0, 4], np.int64)], {"dtype": dtypes.float64}),
]
