"""The stages of a jit plan: a compiled region, or a plan of the ops that stay uncompiled.

Every stage reads its inputs from, and writes its outputs into, the plan's values (a dict by
tensor id). A compiled stage that raises while running (an integer division by zero, arrays of
different shapes) or that numba cannot compile runs its ops on an ordinary `Plan` instead, so
errors are exactly the plan's: a compiled stage has no effect before it returns (its prints are
held until then), so running it again is safe.

An elementwise stage writes into the arrays it returned on the previous call when nothing else
holds them any more (`sys.getrefcount`, a CPython detail). Measured on the 8-op chain on 1e7
float32 values: the loop takes 3.5 ms into a reused buffer and 8.7 ms into a fresh one, since a
new 40 MB buffer comes from the OS and faults in page by page on first write (np.copyto into
a reused buffer: 2.7 ms). `tests/runtime/test_jit.py` checks that a result the caller holds is
never overwritten.
"""

from __future__ import annotations

import math
import sys
import warnings
from typing import Any, Callable

import numpy as np

from autograph.runtime.core.traceback_utils import user_stacklevel
from autograph.runtime.exec.executor import BodyCompiler, Plan
from autograph.runtime.exec.jit.regions import SCALAR, Region
from autograph.runtime.exec.jit.writer import KernelSource, elementwise_kernel, scalar_kernel
from autograph.runtime.graph.graph import Graph, SymbolicTensor

_kernels: dict[tuple, Callable] = {}  # (source, constants) -> numba dispatcher


class JitCompileWarning(UserWarning):
    """Part of a function with `jit_compile=True` runs uncompiled."""


class PlanStage:
    """Ops that run on an ordinary plan; with `compile_bodies`, the elementwise chains inside
    their control flow compiled (`bodies`)."""

    def __init__(self, graph: Graph, region: Region, inputs: list[SymbolicTensor],
                 outputs: list[SymbolicTensor], compile_bodies: BodyCompiler | None = None):
        self.inputs = [t for t in inputs if t.op.type != "Const"]  # the plan makes those
        self.outputs = outputs
        self.plan = Plan(graph, self.inputs, list(outputs) + list(region.ops),
                         compile_bodies=compile_bodies)

    def run(self, values: dict[int, Any]) -> None:
        results = self.plan.run([values[id(t)] for t in self.inputs])
        for t, value in zip(self.outputs, results):
            values[id(t)] = value

    @property
    def source(self) -> str:
        return self.plan.source


class CompiledStage:
    """A region numba compiles on its first run."""

    def __init__(self, graph: Graph, region: Region, inputs: list[SymbolicTensor],
                 outputs: list[SymbolicTensor]):
        self.graph, self.region, self.outputs = graph, region, outputs
        self.constants = {id(t): t.op.attrs["value"] for t in inputs if t.op.type == "Const"}
        self.scalar = region.kind == SCALAR
        # Scalar constants are written into the source; arrays (and fed values) are arguments.
        self.inputs = [t for t in inputs if not (t.op.type == "Const" and t._shape == ())]
        if self.scalar:
            self.kernel_source = scalar_kernel(region.ops, self.inputs, outputs)
        else:
            self.arrays = [t._shape != () for t in self.inputs]
            self.kernel_source = elementwise_kernel(region.ops, self.inputs, self.arrays,
                                                    outputs)
        self.dtypes = [np.dtype(t.dtype.as_numpy_dtype) for t in outputs]
        self._kernel: Callable | None = None  # compiled lazily, per argument types
        self._broken = False  # numba could not compile it: it runs on the plan from now on
        self._fallback: PlanStage | None = None
        self._given: list[Any] = [None] * len(outputs)  # last results, reused when free

    @property
    def source(self) -> str:
        return self.kernel_source.source

    def run(self, values: dict[int, Any]) -> None:
        if self._broken:
            return self._on_plan().run(values)
        args = [self.constants[id(t)] if id(t) in self.constants else values[id(t)]
                for t in self.inputs]
        if self._kernel is None:
            self._kernel = _jit(self.kernel_source)
        try:
            if self.scalar:
                self._run_scalar(self._kernel, args, values)
            else:
                self._run_elementwise(self._kernel, args, values)
        except Exception as e:  # the plan raises its own error for it, or gets the result
            if _is_compile_error(e):
                self._broken = True
                names = ", ".join(f"{op.name} ({op.type})" for op in self.region.ops)
                first = (str(e).strip() or type(e).__name__).splitlines()[0]
                warnings.warn(f"jit_compile=True: numba could not compile {names}; they run "
                              f"uncompiled. numba said: {first}", JitCompileWarning,
                              stacklevel=user_stacklevel())
            self._on_plan().run(values)

    def _run_scalar(self, kernel: Callable, args: list[Any], values: dict[int, Any]) -> None:
        results, text = kernel(*[np.asarray(a)[()] for a in args])
        for t, dtype, value in zip(self.outputs, self.dtypes, results):
            values[id(t)] = dtype.type(value)
        if text.size:
            sys.stdout.write(text.tobytes().decode("utf-8", "replace"))

    def _run_elementwise(self, kernel: Callable, args: list[Any],
                         values: dict[int, Any]) -> None:
        shape = None
        flat = []
        for a, is_array in zip(args, self.arrays):
            if is_array:
                a = np.ascontiguousarray(a)
                if shape is None:
                    shape = a.shape
                elif a.shape != shape:
                    raise ValueError("operands of different shapes")
                flat.append(a.reshape(-1))
            else:
                flat.append(np.asarray(a)[()])
        if shape is None:
            raise ValueError("no array operand")
        outs = [self._output(i, shape, dtype) for i, dtype in enumerate(self.dtypes)
                if self.outputs[i]._shape != ()]
        scalars = iter(kernel(math.prod(shape), *flat, *[o.reshape(-1) for o in outs]))
        arrays = iter(outs)
        for t, dtype in zip(self.outputs, self.dtypes):
            values[id(t)] = dtype.type(next(scalars)) if t._shape == () else next(arrays)

    def _output(self, i: int, shape: Any, dtype: np.dtype) -> np.ndarray:
        given = self._given[i]
        # 3: `self._given`, the local `given` and getrefcount's argument; any other holder
        # of the array, or a view of it, adds one.
        if given is not None and given.shape == shape and sys.getrefcount(given) == 3:
            return given
        out = self._given[i] = np.empty(shape, dtype)
        return out

    def _on_plan(self) -> PlanStage:
        if self._fallback is None:
            self._fallback = PlanStage(self.graph, self.region, self.inputs, self.outputs)
        return self._fallback


def _is_compile_error(e: Exception) -> bool:
    import numba

    return isinstance(e, numba.core.errors.NumbaError)


def _jit(kernel: KernelSource) -> Callable:
    """The numba dispatcher of `kernel` (one per source: it compiles per argument types)."""
    key = (kernel.source, tuple((k, v.tobytes()) for k, v in kernel.constants.items()))
    found = _kernels.get(key)
    if found is not None:
        return found
    import numba

    from autograph.runtime.exec.jit import support

    namespace: dict[str, Any] = dict(support.HELPERS)
    namespace.update(kernel.constants)
    exec(compile(kernel.source, "<jit kernel>", "exec"), namespace)
    found = _kernels[key] = numba.njit(error_model="numpy")(namespace["kernel"])
    return found
