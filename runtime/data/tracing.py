"""What a dataset function returns, found by tracing it once on a symbolic element.

`trace` runs a `map` function on placeholders of the element's specs and reads the specs of what
it returns. `is_elementwise` then says whether the traced function acts on each scalar of its
input on its own: then running it once on a batch equals batching its per-element results,
which lets `map(...).batch(...)` call it once per batch.
"""

from __future__ import annotations

from typing import Any, Callable

from autograph.runtime.function.conversion import converted_function
from autograph.runtime.graph.func_graph import FuncGraph, func_graph_from_py_func, pack_sequence_as
from autograph.runtime.graph.tensor_spec import TensorSpec

# Ops whose output element i depends only on input element i (with scalars broadcast).
_ELEMENTWISE = frozenset("""
Placeholder Const Identity Cast Abs Neg Sign Square Sqrt Rsqrt Exp Expm1 Log Log1p Sin Cos Tan
Tanh Sigmoid Relu Floor Ceil Round Rint Reciprocal Erf Add AddV2 Sub Mul RealDiv Div DivNoNan
FloorDiv FloorMod TruncateDiv TruncateMod Mod Pow Maximum Minimum SquaredDifference Equal
NotEqual Less LessEqual Greater GreaterEqual LogicalAnd LogicalOr LogicalNot IsNan IsFinite
IsInf Select SelectV2 Atan2 Asin Acos Atan Sinh Cosh Asinh Acosh Atanh BitwiseAnd BitwiseOr
BitwiseXor
""".split())


def trace(name: str, fn: Callable, call: Callable, specs: list[TensorSpec],
          template: Any) -> FuncGraph | None:
    """The graph of `call(fn, element)` on a symbolic element, converted by AutoGraph first
    (as TensorFlow traces `map` functions: an `if` on a tensor becomes a `cond`), or None
    where it cannot be traced (the function needs values)."""
    converted = converted_function(fn)

    def traced(*flat: Any) -> Any:
        return call(converted, pack_sequence_as(template, list(flat)))
    try:
        return func_graph_from_py_func(name, traced, list(specs), control_flow=True)
    except Exception:  # noqa: BLE001  (any failure means: run it eagerly instead)
        return None


def is_elementwise(graph: FuncGraph, specs: list[TensorSpec]) -> bool:
    """Whether `graph` (traced on `specs`) may run on a batch of elements at once."""
    if not specs or not all(s.shape.is_fully_defined() for s in specs):
        return False
    shape = specs[0].shape
    if any(s.shape != shape for s in specs) or graph.captures:
        return False
    for op in graph.get_operations():
        if op.type not in _ELEMENTWISE:
            return False
        if op.type == "Const" and op.outputs[0].shape.rank != 0:
            return False  # a non-scalar constant would broadcast differently against a batch
    return all(t.shape == shape for t in graph.outputs)
