"""RandomGamma's gradient, as TensorFlow defines it: the derivative of each sample with respect
to its alpha by implicit reparameterisation (Figurnov et al., 2018; the `RandomGammaGrad` op),
summed over the sample dimensions. The shape gets none.

>>> import autograph as ag
>>> alpha = ag.constant([1.0, 3.0])
>>> with ag.GradientTape() as tape:
...     tape.watch(alpha)
...     samples = ag.random.gamma([5], alpha, seed=1)
>>> tape.gradient(samples, alpha).shape
TensorShape([2])
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.gradients.dims import as_tensor, concat_dims, shape_vector
from autograph.runtime.gradients.grad_util import static_dims
from autograph.runtime.gradients.registry import RegisterGradient

_gamma_grad, _mul, _sum, _reshape = (op_handle(n) for n in (
    "RandomGammaGrad", "Mul", "Sum", "Reshape"))
_fill, _shape, _range = op_handle("Fill"), op_handle("Shape"), op_handle("Range")


@RegisterGradient("RandomGamma")
def _random_gamma_grad(op: Any, grad: Any) -> list:
    shape, alpha = op.inputs
    sample = op.outputs[0]
    count = static_dims(shape)  # [number of sample dimensions], when known
    if count is not None:
        ones: Any = [1] * count[0]
        axes: Any = np.arange(count[0], dtype=np.int32)
    else:
        ones = _fill.run([_shape.run([shape]), np.int32(1)])
        axes = _range.run([np.int32(0), _reshape.run([_shape.run([shape]), []]), np.int32(1)])
    # alpha with a unit dimension for each sample dimension, to broadcast against the samples
    alpha_broadcastable = _reshape.run([alpha, as_tensor(concat_dims([ones,
                                                                        shape_vector(alpha)]))])
    partial = _gamma_grad.run([alpha_broadcastable, sample])
    return [None, _sum.run([_mul.run([grad, partial]), axes], {"keep_dims": False})]
