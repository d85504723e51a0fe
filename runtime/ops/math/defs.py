"""Declarations of the elementwise math ops: arithmetic, comparisons, logic, bits, unary maths.

Ops are declared here, once each; kernels live in `kernels/math_kernels.py` and the user-facing
functions in `runtime/ops/math/ops.py`. Reductions, scans and softmax are declared in
`reduction_defs.py`, matrix products and einsum in `linalg_defs.py`. Type sets follow
TensorFlow's op definitions (`signedtype` stands for its `UNARY()` set, and so on); ops that
TensorFlow runs on complex numbers add `complextype`, the others reject complex tensors. The
complex-only ops (Real, Imag, Conj, Complex, ComplexAbs, Angle) are in `complex_defs.py`.
"""

from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.core.tensor_shape import format_raw, raw_compatible, raw_merge
from autograph.runtime.registry import shape_inference as si
from autograph.runtime.registry.op_registry import register_op

register_op("AddV2").input("x: T").input("y: T").output("z: T") \
    .attr("T: {numbertype, complextype, string}").set_is_commutative().set_shape_fn(si.broadcast) \
    .doc("Returns x + y elementwise, with NumPy broadcasting (concatenation for strings).")

register_op("Neg").input("x: T").output("y: T").attr("T: {signedtype, complextype}") \
    .set_shape_fn(si.unchanged).doc("Returns -x elementwise.")

# Type sets of ops that take complex values too.
_NUM_C, _SIGNED_C, _FLOAT_C = ("numbertype, complextype", "signedtype, complextype",
                               "floattype, complextype")
_BINARY_ARGS = "\n\nx: a tensor.\ny: a tensor of the same dtype, broadcast against x."

# op name -> (allowed T, commutative, summary): `x: T, y: T -> z: T`, broadcasting.
_ARITHMETIC = {
    "Sub": (_NUM_C, False, "Returns x - y elementwise."),
    "Mul": (_NUM_C, True, "Returns x * y elementwise."),
    "RealDiv": (_FLOAT_C, False, "Returns x / y elementwise, for floats and complex numbers."),
    "FloorDiv": ("numbertype", False, "Returns floor(x / y) elementwise; integer division by "
                                      "zero is an error."),
    "FloorMod": ("numbertype", False, "Returns x - floor(x / y) * y elementwise: the remainder "
                                      "has the sign of y."),
    "Pow": (_SIGNED_C, False, "Returns x ** y elementwise; integers to negative integer "
                                 "powers are an error."),
    "Maximum": ("numbertype", True, "Returns the larger of x and y elementwise (NaN wins)."),
    "Minimum": ("numbertype", True, "Returns the smaller of x and y elementwise (NaN wins)."),
    "BitwiseAnd": ("integertype", True, "Returns x & y elementwise, bit by bit."),
    "BitwiseOr": ("integertype", True, "Returns x | y elementwise, bit by bit."),
    "BitwiseXor": ("integertype", True, "Returns x ^ y elementwise, bit by bit."),
}
for _name, (_types, _commutative, _summary) in _ARITHMETIC.items():
    _builder = register_op(_name).input("x: T").input("y: T").output("z: T") \
        .attr(f"T: {{{_types}}}").set_shape_fn(si.broadcast).doc(_summary + _BINARY_ARGS)
    if _commutative:
        _builder.set_is_commutative()

# Ordering comparisons: `x: T, y: T -> z: bool`, numbers only.
_ORDERING = {
    "Less": "Returns x < y elementwise.",
    "LessEqual": "Returns x <= y elementwise.",
    "Greater": "Returns x > y elementwise.",
    "GreaterEqual": "Returns x >= y elementwise.",
}
for _name, _summary in _ORDERING.items():
    register_op(_name).input("x: T").input("y: T").output("z: bool").attr("T: numbertype") \
        .set_shape_fn(si.broadcast).doc(_summary + _BINARY_ARGS)


def _equality_shape(c: si.InferenceContext) -> list:
    """Broadcast shapes; with incompatible_shape_error=false, a scalar when they cannot."""
    if c.attr("incompatible_shape_error"):
        return si.broadcast(c)
    x, y = c.shape(0), c.shape(1)
    if x is None or y is None or None in x or None in y:
        return [None]  # either the broadcast shape or a scalar: not known until run time
    try:
        return si.broadcast(c)
    except InvalidArgumentError:
        return [()]


for _name, _summary in (("Equal", "Returns x == y elementwise."),
                        ("NotEqual", "Returns x != y elementwise.")):
    register_op(_name).input("x: T").input("y: T").output("z: bool") \
        .attr("T: {numbertype, complextype, bool, string}") \
        .attr("incompatible_shape_error: bool = true") \
        .set_is_commutative().set_shape_fn(_equality_shape).doc(
            _summary + _BINARY_ARGS + "\nincompatible_shape_error: when false, shapes that "
            "cannot broadcast give a scalar (False for Equal, True for NotEqual) instead of an "
            "error, as Python's == and != on tensors need.")

for _name, _summary in (("LogicalAnd", "Returns x AND y elementwise."),
                        ("LogicalOr", "Returns x OR y elementwise.")):
    register_op(_name).input("x: bool").input("y: bool").output("z: bool") \
        .set_is_commutative().set_shape_fn(si.broadcast).doc(_summary + _BINARY_ARGS)

register_op("LogicalNot").input("x: bool").output("y: bool").set_shape_fn(si.unchanged) \
    .doc("Returns NOT x elementwise.\n\nx: a bool tensor.")

# op name -> (allowed T, summary): `x: T -> y: T`.
_UNARY = {
    "Abs": ("signedtype", "Returns |x| elementwise."),
    "Sign": (_SIGNED_C, "Returns -1, 0 or 1 elementwise, as x is negative, zero or positive "
                           "(NaN stays NaN)."),
    "Square": (_SIGNED_C, "Returns x * x elementwise."),
    "Sqrt": (_FLOAT_C, "Returns the square root of x elementwise (NaN below zero)."),
    "Rsqrt": (_FLOAT_C, "Returns 1 / sqrt(x) elementwise."),
    "Exp": (_FLOAT_C, "Returns e ** x elementwise."),
    "Log": (_FLOAT_C, "Returns the natural logarithm of x elementwise (-inf at zero)."),
    "Log1p": (_FLOAT_C, "Returns log(1 + x) elementwise, accurate for small x."),
    "Sin": (_FLOAT_C, "Returns sin(x) elementwise."),
    "Cos": (_FLOAT_C, "Returns cos(x) elementwise."),
    "Tanh": (_FLOAT_C, "Returns tanh(x) elementwise."),
    "Sigmoid": (_FLOAT_C, "Returns 1 / (1 + exp(-x)) elementwise."),
    "Relu": ("numbertype", "Returns max(x, 0) elementwise."),
    "Round": ("signedtype", "Rounds x to the nearest integer elementwise, halves to even."),
    "Floor": ("floattype", "Returns the largest integer not greater than x, elementwise."),
    "Ceil": ("floattype", "Returns the smallest integer not less than x, elementwise."),
    "Invert": ("integertype", "Flips every bit of x (~x) elementwise."),
}
for _name, (_types, _summary) in _UNARY.items():
    register_op(_name).input("x: T").output("y: T").attr(f"T: {{{_types}}}") \
        .set_shape_fn(si.unchanged).doc(_summary + "\n\nx: a tensor.")

register_op("ReluGrad").input("gradients: T").input("features: T").output("backprops: T") \
    .attr("T: {realnumbertype}").set_shape_fn(si.unchanged) \
    .doc("The gradient of Relu: gradients where features > 0, else 0.\n\n"
         "gradients: the gradient of Relu's output.\n"
         "features: Relu's input or output (positive at the same places).")

for _name, _formula in (("SigmoidGrad", "dy * (y * (1 - y))"), ("TanhGrad", "dy * (1 - y * y)")):
    register_op(_name).input("y: T").input("dy: T").output("z: T") \
        .attr(f"T: {{{_FLOAT_C}}}").set_shape_fn(si.unchanged) \
        .doc(f"The gradient of {_name[:-4]} from its output: {_formula}, in that order.\n\n"
             f"y: {_name[:-4]}'s output.\n"
             f"dy: the gradient of that output.")

for _name, _summary in (("IsNan", "Returns which elements of x are NaN."),
                        ("IsFinite", "Returns which elements of x are neither infinite nor NaN.")):
    register_op(_name).input("x: T").output("y: bool").attr("T: floattype") \
        .set_shape_fn(si.unchanged).doc(_summary + "\n\nx: a float tensor.")


def _clip_shape(c: si.InferenceContext) -> list:
    t = c.shape(0)
    for i, what in ((1, "clip_value_min"), (2, "clip_value_max")):
        bound = c.shape(i)
        if not raw_compatible(si.broadcast_shapes(c, t, bound), t):
            raise c.error(f"{what} of shape {format_raw(bound)} would change the shape of t "
                          f"{format_raw(t)}; it must be a scalar or broadcast to t's shape.")
    return [t]


register_op("ClipByValue").input("t: T").input("clip_value_min: T") \
    .input("clip_value_max: T").output("output: T").attr("T: numbertype") \
    .set_shape_fn(_clip_shape).doc(
        "Clips t elementwise to [clip_value_min, clip_value_max].\n\n"
        "t: a tensor.\n"
        "clip_value_min: the lower bound: a scalar, or a tensor that broadcasts to t's shape.\n"
        "clip_value_max: the upper bound, likewise; where it is below clip_value_min the result "
        "is clip_value_min.\n"
        "output: a tensor with t's shape.")


def _add_n_shape(c: si.InferenceContext) -> list:
    shapes = c.shape(0)
    merged = shapes[0]
    for i, shape in enumerate(shapes[1:], start=1):
        if not raw_compatible(merged, shape):
            raise c.error(f"AddN needs inputs of one shape, but inputs[{i}] has shape "
                          f"{format_raw(shape)} and the ones before it {format_raw(merged)}. "
                          f"Use ag.add (which broadcasts) or reshape the inputs first.")
        merged = raw_merge(merged, shape)
    return [merged]


register_op("AddN").input("inputs: N * T").output("sum: T").attr("N: int >= 1") \
    .attr("T: {numbertype, complextype, variant}").set_is_aggregate().set_is_commutative() \
    .set_shape_fn(_add_n_shape).doc(
        "Adds all input tensors elementwise.\n\n"
        "inputs: one or more tensors of the same dtype and shape (no broadcasting).\n"
        "sum: their sum.")


def _fused_shape(c: si.InferenceContext) -> list:
    shape: tuple | None = ()
    for s in c.shape(0):
        shape = si.broadcast_shapes(c, shape, s)
    return [shape]


register_op("_FusedElementwise").input("inputs: N * T").output("output: T") \
    .attr("N: int >= 1").attr("T: {float32, float64}").attr("program: list(string)") \
    .set_shape_fn(_fused_shape).doc(
        "A chain of elementwise ops run as one kernel, block by block on the CPU. The graph "
        "optimiser's fusion pass makes it in plans; user graphs never hold it.\n\n"
        "inputs: the chain's inputs: tensors of the output's shape, or scalars.\n"
        "program: one step per op, in order: a NumPy ufunc name and its operands, `i<k>` for "
        "inputs[k] and `s<j>` for step j's result (`multiply i0 i1`); the last step's result "
        "is the output.\n"
        "output: the last step's result.")
