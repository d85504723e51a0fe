"""Gradients of products: the `Prod` reduction and `Einsum` contractions.

Prod's gradient is, per element, the product of the other elements it was multiplied with:
computed as the product of the non-zero elements divided by the element, where there is no
zero; the product of the others at the one zero, where there is exactly one; zero elsewhere.
So zeros in the input give exact gradients, without dividing by zero.

An operand's gradient of an Einsum is itself an Einsum: of the output gradient with the other
operands (conjugated), into the operand's subscripts. A subscript only that operand has
(summed out, `"ij->i"`'s j) comes back through a vector of ones; a repeated one (a diagonal,
`"ii->i"`) through an identity matrix; `...` dims the operand was broadcast along are summed.
"""

from __future__ import annotations

import string
from collections import Counter
from typing import Any

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.gradients.dims import as_tensor, reshape_to, shape_vector, slice_dims
from autograph.runtime.gradients.grad_util import conj, static_dims
from autograph.runtime.gradients.math_grad import _unreduced
from autograph.runtime.gradients.registry import RegisterGradient
from autograph.runtime.ops.linalg.defs import ELLIPSIS, parse_einsum_equation

_prod, _sum, _select, _equal, _cast = (op_handle(n) for n in (
    "Prod", "Sum", "SelectV2", "Equal", "Cast"))
_mul, _div, _logical_and, _einsum = (op_handle(n) for n in (
    "Mul", "RealDiv", "LogicalAnd", "Einsum"))
_fill, _eye, _reshape = op_handle("Fill"), op_handle("Eye"), op_handle("Reshape")
_broadcast_gradient_args, _add = op_handle("BroadcastGradientArgs"), op_handle("AddV2")


def _constant(value: float, like: Any) -> np.ndarray:
    return np.array(value, like.dtype.np_dtype)


@RegisterGradient("Prod")
def _prod_grad(op: Any, grad: Any) -> list:
    x, axes = op.inputs
    zero = _constant(0, x)
    is_zero = _equal.run([x, zero])
    kept = {"keep_dims": True}
    safe_x = _select.run([is_zero, _constant(1, x), x])
    nonzero_product = _prod.run([safe_x, axes], kept)
    zeros = _sum.run([_cast.run([is_zero], {"DstT": dtypes.int32}), axes], kept)
    no_zero = _equal.run([zeros, np.int32(0)])
    the_zero = _logical_and.run([is_zero, _equal.run([zeros, np.int32(1)])])
    others = _select.run([no_zero, _div.run([nonzero_product, safe_x]),
                          _select.run([the_zero, nonzero_product, zero])])
    return [_mul.run([_unreduced(op, grad), conj(others)]), None]


# Einsum ---------------------------------------------------------------------------------------
def _subscripts(labels: list[str]) -> str:
    return "".join("..." if label == ELLIPSIS else label for label in labels)


def _dim(x: Any, labels: list[str], at: int) -> Any:
    """The size of `x`'s dim named by `labels[at]` (after its `...`, counted from the end)."""
    position = at if ELLIPSIS not in labels[:at] else at - len(labels) + (x.shape.rank or 0)
    dims = shape_vector(x)
    if isinstance(dims, list):
        return dims[position]
    return _reshape.run([slice_dims(dims, position, position + 1), np.zeros(0, np.int32)])


def _ones(n: Any, like: Any) -> Any:
    if isinstance(n, int):
        return np.ones(n, like.dtype.np_dtype)
    return _fill.run([_reshape.run([n, np.array([1], np.int32)]), _constant(1, like)])


def _identity(n: Any, like: Any) -> Any:
    if isinstance(n, int):
        return np.eye(n, dtype=like.dtype.np_dtype)
    return _eye.run([n, n], {"dtype": like.dtype})


def _sum_broadcast(result: Any, x: Any, at: int, x_dims: int, result_dims: int) -> Any:
    """`result` summed over the `...` dims (from `at`) along which `x` was broadcast."""
    have, want = static_dims(result), static_dims(x)
    if have is not None and want is not None:
        wide, narrow = have[at:at + result_dims], want[at:at + x_dims]
        if wide == narrow:
            return result
        lead = result_dims - x_dims
        axes: Any = np.array([at + j for j in range(lead)] + [
            at + lead + j for j, d in enumerate(narrow) if d == 1 and wide[lead + j] != 1],
            np.int32)
    else:
        narrow_v = as_tensor(slice_dims(shape_vector(x), at, at + x_dims))
        wide_v = as_tensor(slice_dims(shape_vector(result), at, at + result_dims))
        axes = _add.run([_broadcast_gradient_args.run([narrow_v, wide_v])[0], np.int32(at)])
    return reshape_to(_sum.run([result, axes], {"keep_dims": True}), shape_vector(x))


def _operand_grad(i: int, operands: list, inputs: list, output: list, grad: Any) -> Any:
    x, labels = operands[i], inputs[i]
    terms = [(grad, output)] + [(conj(t), inputs[j]) for j, t in enumerate(operands) if j != i]
    available = {label for _, named in terms for label in named}
    in_use = {label for named in inputs + [output] for label in named}
    fresh = iter(c for c in string.ascii_letters if c not in in_use)
    named = len([label for label in labels if label != ELLIPSIS])
    has_dots = ELLIPSIS in labels and x.shape.rank != named  # its `...` has dims
    target: list[str] = []
    for at, label in enumerate(labels):
        if label == ELLIPSIS:
            target += [ELLIPSIS] if has_dots else []
        elif label in target:  # a diagonal: the identity spreads the gradient onto it
            target.append(next(fresh))
            terms.append((_identity(_dim(x, labels, at), grad), [label, target[-1]]))
        else:
            target.append(label)
            if label not in available:  # summed out: ones broadcast the gradient along it
                terms.append((_ones(_dim(x, labels, at), grad), [label]))
    # Other operands' `...` dims that this one lacks: kept in the result, then summed.
    extra_dots = 0
    if not has_dots and ELLIPSIS in output:
        if grad.shape.rank is None:
            raise NotImplementedError(f"The gradient of Einsum {_equation(inputs, output)!r} "
                                      f"needs the rank of its output known.")
        extra_dots = grad.shape.rank - (len(output) - 1)
    equation = (",".join(_subscripts(named_) for _, named_ in terms) + "->" +
                _subscripts(([ELLIPSIS] if extra_dots else []) + target))
    result = _einsum.run([[t for t, _ in terms]], {"equation": equation})
    if extra_dots:
        return _sum.run([result, np.arange(extra_dots, dtype=np.int32)], {"keep_dims": False})
    if not has_dots:
        return result
    if grad.shape.rank is None or x.shape.rank is None:
        raise NotImplementedError(f"The gradient of Einsum {_equation(inputs, output)!r} "
                                  f"needs the ranks of its operands and output known.")
    at = labels.index(ELLIPSIS)
    return _sum_broadcast(result, x, at, x.shape.rank - named,
                          grad.shape.rank - (len(output) - 1))


def _equation(inputs: list, output: list) -> str:
    return ",".join(_subscripts(labels) for labels in inputs) + "->" + _subscripts(output)


@RegisterGradient("Einsum")
def _einsum_grad(op: Any, grad: Any) -> list:
    operands = list(op.inputs)
    inputs, output = parse_einsum_equation(op.get_attr("equation"), len(operands))
    if output is None:  # implicit: `...`, then the subscripts used once, sorted
        counts = Counter(label for labels in inputs for label in labels if label != ELLIPSIS)
        output = ([ELLIPSIS] if any(ELLIPSIS in labels for labels in inputs) else []) + sorted(
            label for label, n in counts.items() if n == 1)
    return [_operand_grad(i, operands, inputs, output, grad) for i in range(len(operands))]
