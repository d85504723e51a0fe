"""Samples of the ops that call Python (`EagerPyFunc`, `PyFunc`, `PyFuncStateless`)."""

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.held_objects import hold
from autograph.runtime.ops.script.ops import ScriptFunction
from tests.op_testing import OpSample

_F32 = dtypes.float32
_X = np.array([[1.0, -2.0], [3.0, 0.5]], np.float32)
_N = np.array([3, 1, 2], np.int64)

# Held for the life of the test process, as a graph would hold them.
_DOUBLE = hold(ScriptFunction(lambda x: x * 2.0, "py_function", [_F32], [_F32], False))
_SORTED = hold(ScriptFunction(lambda n: [np.sort(n), n.size], "numpy_function",
                              [dtypes.int64], [dtypes.int64, dtypes.int64], False))
_NONE = hold(ScriptFunction(lambda: None, "numpy_function", [], [], False))

SAMPLES = [
    OpSample("EagerPyFunc", [[_X]], {"token": _DOUBLE, "Tout": [_F32]}),
    OpSample("PyFunc", [[_N]], {"token": _SORTED, "Tout": [dtypes.int64, dtypes.int64]}),
    OpSample("PyFuncStateless", [[_N]], {"token": _SORTED,
                                         "Tout": [dtypes.int64, dtypes.int64]}),
    OpSample("PyFunc", [[]], {"token": _NONE, "Tout": []}),
]
