"""Gradients of the variable ops: a read passes its gradient to the variable's handle (the
tensor a tape or `gradients` differentiates with respect to, for a variable); creating,
assigning and checking variables has no gradient."""

from __future__ import annotations

from typing import Any

from autograph.runtime.gradients.registry import RegisterGradient, no_gradient
from autograph.runtime.ops.state.defs import SCATTER_OPS

for _op_type in ("VarHandleOp", "VarIsInitializedOp", "AssignVariableOp",
                 "AssignAddVariableOp", "AssignSubVariableOp", *SCATTER_OPS):
    no_gradient(_op_type)


@RegisterGradient("ReadVariableOp")
def _read_variable_grad(op: Any, grad: Any) -> list:
    return [grad]
