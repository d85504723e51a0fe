"""Kernels: NumPy (CPU) and CuPy (GPU) implementations of the runtime's ops.

Importing this package registers every kernel, after the ops (which `runtime.ops` declares).
Kernels written once against `ctx.xp` are registered for both devices. This module is the one
place that imports the family modules (one per op family); they share what they need through
`kernels.common`, never through each other.
"""

import autograph.runtime.ops  # noqa: F401 -- declares the ops, which a kernel must find registered
from autograph.kernels import (  # noqa: F401
    array_kernels,
    check_kernels,
    complex_kernels,
    control_flow_kernels,
    creation_kernels,
    gamma_kernels,
    graph_kernels,
    io_kernels,
    iterator_kernels,
    linalg_kernels,
    list_kernels,
    logging_kernels,
    math_kernels,
    nn_kernels,
    random_kernels,
    reduction_kernels,
    script_kernels,
    state_kernels,
    string_kernels,
    substr_kernels,
    summary_kernels,
)
