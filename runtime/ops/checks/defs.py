"""Declaration of `CheckNumerics`, the op behind `ag.debugging.check_numerics`.

It passes its input on, or raises InvalidArgumentError when the input holds a NaN or an
infinity. Stateful, as in TensorFlow: it is never pruned or merged with another, so every
call of a function that holds it checks. Its kernel is in `kernels/check_kernels.py`.
"""

from __future__ import annotations

from autograph.runtime.registry import shape_inference as si
from autograph.runtime.registry.op_registry import register_op

register_op("CheckNumerics").input("tensor: T").output("output: T") \
    .attr("T: {half, float, double}").attr("message: string").set_is_stateful() \
    .set_shape_fn(si.unchanged).doc(
        "Passes tensor on; raises InvalidArgumentError when it holds a NaN or an infinity.\n\n"
        "tensor: a floating-point tensor.\n"
        "output: tensor.\n"
        "message: put before what was found (`message : Tensor had NaN values`).")
