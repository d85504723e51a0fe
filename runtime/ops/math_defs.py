"""Declarations of the math ops (elementwise, reductions, matrix products).

Ops are declared here, once each; kernels live in `kernels/math_kernels.py` and the user-facing
functions in `runtime/ops/math_ops.py`.
"""

from runtime import shape_inference as si
from runtime.op_registry import register_op

register_op("AddV2").input("x: T").input("y: T").output("z: T") \
    .attr("T: {numbertype, string}").set_is_commutative().set_shape_fn(si.broadcast) \
    .doc("Returns x + y elementwise, with NumPy broadcasting (concatenation for strings).")

register_op("Neg").input("x: T").output("y: T").attr("T: signedtype") \
    .set_shape_fn(si.unchanged).doc("Returns -x elementwise.")
