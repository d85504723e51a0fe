"""Samples of `CheckNumerics`, the op behind `ag.debugging.check_numerics`."""

import numpy as np

from tests.op_testing import OpSample

SAMPLES = [
    OpSample("CheckNumerics", [np.array([[1.5, -2.0], [0.0, 3.0]], np.float32)],
             {"message": "finite"}),
    OpSample("CheckNumerics", [np.array([2.5, -1e3], np.float64)], {"message": "finite"}),
]
