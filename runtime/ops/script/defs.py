"""Declarations of the ops that call Python: `EagerPyFunc`, `PyFunc`, `PyFuncStateless`.

Each names its Python function by a token (`runtime.core.held_objects`), as TensorFlow's
script ops do; `script_ops` holds the function while the graph lives. The function's results
can have any shape, so the outputs' shapes are unknown (`ensure_shape` or `set_shape` tell
them). `EagerPyFunc` and `PyFunc` are stateful: never pruned, folded or merged with a twin, and
run on every run of their graph.
"""

from __future__ import annotations

from autograph.runtime.registry import shape_inference as si
from autograph.runtime.registry.op_registry import register_op


def _unknown_shapes(c: si.InferenceContext) -> list:
    return [[None] * len(c.attr("Tout"))]


_ARGS = ("input: the arguments of the function.\n"
         "output: its results, converted to Tout.\n"
         "token: names the function (`runtime.core.held_objects`), held by this process.\n"
         "Tin: the dtypes of the arguments.\n"
         "Tout: the dtypes of the results.")

register_op("EagerPyFunc").input("input: Tin").output("output: Tout").attr("token: string") \
    .attr("Tin: list(type) >= 0").attr("Tout: list(type) >= 0").set_is_stateful() \
    .set_shape_fn(_unknown_shapes).doc(
        "Calls a Python function on eager tensors (`py_function`); differentiable.\n\n" + _ARGS)

register_op("PyFunc").input("input: Tin").output("output: Tout").attr("token: string") \
    .attr("Tin: list(type) >= 0").attr("Tout: list(type) >= 0").set_is_stateful() \
    .set_shape_fn(_unknown_shapes).doc(
        "Calls a Python function on NumPy arrays (`numpy_function`).\n\n" + _ARGS)

register_op("PyFuncStateless").input("input: Tin").output("output: Tout") \
    .attr("token: string").attr("Tin: list(type) >= 0").attr("Tout: list(type) >= 0") \
    .set_shape_fn(_unknown_shapes).doc(
        "Calls a Python function on NumPy arrays (`numpy_function(stateful=False)`): one "
        "whose results depend on its arguments alone, so graph passes may fold or merge it."
        "\n\n" + _ARGS)
