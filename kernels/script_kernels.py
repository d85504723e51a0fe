"""Kernels of `EagerPyFunc`, `PyFunc` and `PyFuncStateless`: call the held Python function.

The function takes and returns host values (eager tensors on the CPU, or NumPy arrays), so
its inputs and outputs stay in host memory on every device; the held `ScriptFunction` converts
its results to the op's `Tout` and runs it eagerly, whatever graph is being built around.
"""

from __future__ import annotations

from autograph.kernels.common import BOTH
from autograph.runtime.core.held_objects import held
from autograph.runtime.registry.kernel_registry import register_kernel


def _call(ctx, inputs, token, Tout):
    return held(token)(list(inputs))


for _op_type in ("EagerPyFunc", "PyFunc", "PyFuncStateless"):
    register_kernel(_op_type, device=BOTH, host_memory=("input", "output"))(_call)
