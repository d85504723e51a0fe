"""Complex-number functions of the public API: `complex`, `real`, `imag`, `conj`, `angle`.

Each runs one op for complex tensors and, as in TensorFlow, treats a real tensor as a complex
number with imaginary part zero without running one (`real(x)` and `conj(x)` are `x` itself).
`abs` of a complex tensor (the ComplexAbs op) is `math_ops.abs`.
"""

from __future__ import annotations

import math
from typing import Any

from autograph.runtime.core import dtypes
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.gathering import where
from autograph.runtime.ops.complex import defs as complex_defs  # noqa: F401  (declares the ops)
from autograph.runtime.ops.creation.ops import zeros_like

__all__ = ["complex", "real", "imag", "conj", "angle"]

_complex = op_handle("Complex")
_real = op_handle("Real")
_imag = op_handle("Imag")
_conj = op_handle("Conj")
_angle = op_handle("Angle")
_COMPLEX_OF = {dtypes.float32: dtypes.complex64, dtypes.float64: dtypes.complex128}


def complex(real: Any, imag: Any, name: str | None = None) -> Tensor:  # noqa: A001
    """Returns `real + imag * 1j` elementwise, with broadcasting.

    float32 parts give complex64 and float64 parts complex128, as in TensorFlow.

    Raises:
        TypeError: the parts differ in dtype or are not float32 or float64.

    >>> complex([1.0, 2.0], [3.0, 4.0]).numpy()
    array([1.+3.j, 2.+4.j], dtype=complex64)
    """
    real, imag = convert_to_tensor(real), convert_to_tensor(imag)
    out = _COMPLEX_OF.get(real.dtype)
    if out is None or imag.dtype is not real.dtype:
        raise TypeError(f"The `real` and `imag` components have incorrect types: "
                        f"{real.dtype.name} {imag.dtype.name}. They must be of one dtype, "
                        f"float32 or float64; convert them with ag.cast first.")
    return _complex.run((real, imag), {"Tout": out}, name)


def _numeric(x: Any, what: str) -> Tensor:
    x = convert_to_tensor(x)
    if not x.dtype.is_numeric:
        raise TypeError(f"{what} needs a numeric tensor, but got a tensor of dtype "
                        f"{x.dtype.name}.")
    return x


def real(input: Any, name: str | None = None) -> Tensor:  # noqa: A002
    """The real part of each element: a float tensor; a real `input` is returned as it is.

    >>> real([1 + 2j, 3 - 4j]).numpy()
    array([1., 3.])
    """
    x = _numeric(input, "ag.math.real")
    return _real.run((x,), {"Tout": x.dtype.real_dtype}, name) if x.dtype.is_complex else x


def imag(input: Any, name: str | None = None) -> Tensor:  # noqa: A002
    """The imaginary part of each element: a float tensor; zeros for a real `input`.

    >>> imag([1 + 2j, 3 - 4j]).numpy()
    array([ 2., -4.])
    """
    x = _numeric(input, "ag.math.imag")
    if x.dtype.is_complex:
        return _imag.run((x,), {"Tout": x.dtype.real_dtype}, name)
    return zeros_like(x, name=name)


def conj(x: Any, name: str | None = None) -> Tensor:
    """The complex conjugate of each element; a real `x` is returned as it is.

    >>> conj([1 + 2j]).numpy()
    array([1.-2.j])
    """
    x = _numeric(x, "ag.math.conj")
    return _conj.run((x,), None, name) if x.dtype.is_complex else x


def angle(input: Any, name: str | None = None) -> Tensor:  # noqa: A002
    """The argument (phase) of each element, in (-pi, pi]; pi or 0 for a real float `input`.

    Raises:
        TypeError: an integer `input` (its angles are not integers): cast it to a float first.

    >>> angle([1j, -1 + 0j]).numpy()
    array([1.57079633, 3.14159265])
    """
    x = _numeric(input, "ag.math.angle")
    if x.dtype.is_complex:
        return _angle.run((x,), {"Tout": x.dtype.real_dtype}, name)
    if not x.dtype.is_floating:
        raise TypeError(f"ag.math.angle of a {x.dtype.name} tensor would be pi or 0, which "
                        f"{x.dtype.name} cannot hold; cast it to a float dtype first.")
    return where(x < 0, convert_to_tensor(math.pi, x.dtype), zeros_like(x), name=name)
