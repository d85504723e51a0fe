"""`and_`, `or_`, `not_`: Python's `and`, `or` and `not`, lazy as in Python, on tensors too.

    ag__.and_(a, lambda: b)     # plain Python: a and b
    ag__.or_(a, lambda: b)      # plain Python: a or b
    ag__.not_(a)                # plain Python: not a

The right operand is a function, called only when Python would evaluate it. For a Python value
or an eager tensor `a`, the result is exactly Python's (an operand, not necessarily a bool).
For a symbolic tensor `a` (a bool scalar, or a number meaning `a != 0`), the result is one `If`
op: `b` is computed in its branch only, as `ag.cond(a, lambda: b, lambda: a)` for `and`; both
operands must then give values of one dtype. `not_` of any tensor is `ag.logical_not` (for a
number tensor, `ag.equal(a, 0)`), elementwise.

>>> and_(0, lambda: 1 / 0), or_("", lambda: "default"), not_([])
(0, 'default', True)
"""

from __future__ import annotations

from typing import Any, Callable

from autograph.operators.graph_cond import graph_if, is_symbolic
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor  # noqa: F401  (doctests)
from autograph.runtime.ops.math import ops as math_ops

_LABELS_AND = ("the right operand", "the left operand")
_LABELS_OR = ("the left operand", "the right operand")


def and_(a: Any, b: Callable[[], Any]) -> Any:
    """`a and b()`, calling `b` only when `a` is true.

    >>> and_(True, lambda: "b")
    'b'
    """
    if is_symbolic(a):
        (value,) = graph_if(a, lambda: (b(),), lambda: (a,), (), ("the result",),
                            "`and` on a tensor", _LABELS_AND)
        return value
    return a and b()


def or_(a: Any, b: Callable[[], Any]) -> Any:
    """`a or b()`, calling `b` only when `a` is false.

    >>> or_(3, lambda: 1 / 0)
    3
    """
    if is_symbolic(a):
        (value,) = graph_if(a, lambda: (a,), lambda: (b(),), (), ("the result",),
                            "`or` on a tensor", _LABELS_OR)
        return value
    return a or b()


def not_(a: Any) -> Any:
    """`not a`; elementwise `ag.logical_not` for a tensor.

    >>> not_(0), not_(convert_to_tensor([True, False])).numpy()
    (True, array([False,  True]))
    """
    if isinstance(a, Tensor):
        return math_ops.logical_not(a) if a.dtype.is_bool else math_ops.equal(a, 0)
    return not a


def eq(a: Any, b: Any) -> Any:
    """`a == b`; `ag.equal(a, b)` when either is a tensor (`Feature.EQUALITY_OPERATORS`).

    >>> eq(1, 1), eq(convert_to_tensor([1, 2]), 1).numpy()
    (True, array([ True, False]))
    """
    if isinstance(a, Tensor) or isinstance(b, Tensor):
        return math_ops.equal(a, b)
    return a == b


def not_eq(a: Any, b: Any) -> Any:
    """`a != b`; `ag.not_equal(a, b)` when either is a tensor (`Feature.EQUALITY_OPERATORS`).

    >>> not_eq(1, 1), not_eq(convert_to_tensor([1, 2]), 1).numpy()
    (False, array([False,  True]))
    """
    if isinstance(a, Tensor) or isinstance(b, Tensor):
        return math_ops.not_equal(a, b)
    return a != b
