"""Samples of the matrix decompositions (distinct eigenvalues and singular values, so that
their gradients are defined)."""

import numpy as np

from tests.op_testing import OpSample

_SYMMETRIC = np.array([[2.0, 1.0, 0.5], [1.0, 3.0, -0.2], [0.5, -0.2, 1.5]])
_TALL = np.array([[1.0, 2.0], [3.0, -1.0], [0.5, 0.25], [-2.0, 1.5]])

SAMPLES = [
    OpSample("SelfAdjointEigV2", [_SYMMETRIC]),
    OpSample("SelfAdjointEigV2", [_SYMMETRIC.astype(np.float32)], {"compute_v": False}),
    OpSample("Svd", [_TALL]),
    OpSample("Svd", [_TALL.T.copy()], {"compute_uv": False}),
    OpSample("Svd", [np.stack([_TALL[:3], _TALL[1:] * 2.0]).astype(np.float32)],
             {"full_matrices": True}),  # sides differing by one: the gradient is defined
    OpSample("Qr", [_TALL]),
    OpSample("Qr", [_TALL.T.copy()]),
    OpSample("Qr", [_TALL.T.astype(np.float32)], {"full_matrices": True}),
]
