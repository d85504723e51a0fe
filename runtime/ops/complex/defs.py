"""Declarations of the complex-number ops: Complex, Real, Imag, Conj, ComplexAbs and Angle.

As in TensorFlow, each takes complex tensors only (Complex takes two real ones); the Python
functions in `complex_ops.py` handle real inputs without an op. Kernels live in
`kernels/complex_kernels.py`.
"""

from autograph.runtime.registry import shape_inference as si
from autograph.runtime.registry.op_registry import register_op

_PARTS = "Tout: {float32, float64} = DT_FLOAT"

register_op("Complex").input("real: T").input("imag: T").output("out: Tout") \
    .attr("T: {float32, float64} = DT_FLOAT").attr("Tout: {complex64, complex128} = DT_COMPLEX64") \
    .set_shape_fn(si.broadcast).doc(
        "Builds complex numbers real + imag * 1j elementwise, with broadcasting.\n\n"
        "real: the real parts, float32 (for complex64) or float64 (for complex128).\n"
        "imag: the imaginary parts, of real's dtype.")

# op name -> (input name, output name, summary); TensorFlow names ComplexAbs's arguments x, y.
_TO_REAL = {
    "Real": ("input", "output", "Returns the real part of each element."),
    "Imag": ("input", "output", "Returns the imaginary part of each element."),
    "ComplexAbs": ("x", "y", "Returns the magnitude |x| of each element."),
    "Angle": ("input", "output", "Returns the argument (phase) of each element, in (-pi, pi]."),
}
for _name, (_in, _out, _summary) in _TO_REAL.items():
    register_op(_name).input(f"{_in}: T").output(f"{_out}: Tout") \
        .attr("T: complextype = DT_COMPLEX64").attr(_PARTS) \
        .set_shape_fn(si.unchanged).doc(
            f"{_summary}\n\n{_in}: a complex tensor.\n"
            f"Tout: float32 for complex64 input, float64 for complex128.")

register_op("Conj").input("input: T").output("output: T").attr("T: complextype = DT_COMPLEX64") \
    .set_shape_fn(si.unchanged).doc(
        "Returns the complex conjugate of each element.\n\ninput: a complex tensor.")
