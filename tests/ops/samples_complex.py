"""Samples of the complex-number ops, run by `test_op_coverage`."""

import numpy as np

from autograph.runtime.core import dtypes
from tests.op_testing import OpSample

C64 = np.array([[1 + 2j, 3 - 4j, 0.5j]], np.complex64)
C128 = np.array([1 - 1j, -2 + 0.5j], np.complex128)

SAMPLES = [
    OpSample("Complex", [np.array([1.0, 2.0], np.float32), np.float32(3.0)],
             {"Tout": dtypes.complex64}),
    OpSample("Complex", [np.ones((2, 1)), np.zeros((1, 3))], {"Tout": dtypes.complex128}),
    OpSample("Conj", [C64]),
    OpSample("Conj", [C128]),
]
for _op in ("Real", "Imag", "ComplexAbs", "Angle"):
    SAMPLES += [OpSample(_op, [C64], {"Tout": dtypes.float32}),
                OpSample(_op, [C128], {"Tout": dtypes.float64})]
