"""Gradients of the complex-number ops: Conj, Real, Imag, Complex, Angle and ComplexAbs.

As in TensorFlow, the gradient of a real function f of a complex z is df/d(re z) +
i df/d(im z): Real's gradient puts the real output gradient in the real part, Imag's in the
imaginary part, and Complex splits a complex gradient back into its parts.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.gradients.grad_util import reduce_to
from autograph.runtime.gradients.registry import RegisterGradient

_complex, _real, _imag, _conj = (op_handle(n) for n in ("Complex", "Real", "Imag", "Conj"))
_mul, _div, _neg, _select, _equal = (op_handle(n) for n in (
    "Mul", "RealDiv", "Neg", "SelectV2", "Equal"))
_zeros_like, _ones_like = op_handle("ZerosLike"), op_handle("OnesLike")


def _as_complex(real: Any, like: Any) -> Any:
    """A real tensor as a complex one of `like`'s dtype (imaginary parts zero)."""
    return _complex.run([real, _zeros_like.run([real])], {"Tout": like.dtype})


@RegisterGradient("Conj")
def _conj_grad(op: Any, grad: Any) -> list:
    return [_conj.run([grad])]


@RegisterGradient("Real")
def _real_grad(op: Any, grad: Any) -> list:
    return [_as_complex(grad, op.inputs[0])]


@RegisterGradient("Imag")
def _imag_grad(op: Any, grad: Any) -> list:
    return [_complex.run([_zeros_like.run([grad]), grad], {"Tout": op.inputs[0].dtype})]


@RegisterGradient("Complex")
def _complex_grad(op: Any, grad: Any) -> list:
    real, imag = op.inputs
    parts = {"Tout": real.dtype}
    return [reduce_to(_real.run([grad], parts), real), reduce_to(_imag.run([grad], parts), imag)]


@RegisterGradient("ComplexAbs")
def _complex_abs_grad(op: Any, grad: Any) -> list:
    """grad * z / |z|, and 0 where z is 0 (TensorFlow's choice of subgradient): there z / 1."""
    z, magnitude = op.inputs[0], op.outputs[0]
    is_zero = _equal.run([magnitude, np.zeros((), magnitude.dtype.np_dtype)])
    safe = _select.run([is_zero, _ones_like.run([magnitude]), magnitude])
    return [_mul.run([_as_complex(grad, z), _div.run([z, _as_complex(safe, z)])])]


@RegisterGradient("Angle")
def _angle_grad(op: Any, grad: Any) -> list:
    """-grad / (im z + i re z), as TensorFlow (infinite or NaN at z = 0)."""
    z = op.inputs[0]
    parts = {"Tout": grad.dtype}
    swapped = _complex.run([_imag.run([z], parts), _real.run([z], parts)], {"Tout": z.dtype})
    return [_neg.run([_div.run([_as_complex(grad, z), swapped])])]
