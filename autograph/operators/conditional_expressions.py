"""`if_exp`: Python's conditional expression `x if cond else y`, lazy, on tensors too.

    ag__.if_exp(cond, lambda: x, lambda: y, 'x if cond else y')   # plain Python:
                                                                   #   x if cond else y

For a Python value or an eager tensor `cond`, exactly Python's expression (only the chosen
operand is evaluated). For a symbolic tensor `cond`, one `If` op whose branches compute `x`
and `y`; both must give values of one dtype (a Python number takes the other's dtype), and
errors quote `expr_repr`, the expression's source.

>>> if_exp(1 > 2, lambda: 1 / 0, lambda: "no", "1 / 0 if 1 > 2 else 'no'")
'no'
"""

from __future__ import annotations

from typing import Any, Callable

from autograph.operators.graph_cond import graph_if, is_symbolic

_LABELS = ("the true case", "the false case")


def if_exp(cond: Any, if_true: Callable[[], Any], if_false: Callable[[], Any],
           expr_repr: str) -> Any:
    """`if_true()` if `cond` else `if_false()`.

    Raises:
        TypeError: (graph path) the two values have different dtypes or kinds.

    >>> if_exp(True, lambda: 1, lambda: 2, "1 if True else 2")
    1
    """
    if is_symbolic(cond):
        (value,) = graph_if(cond, lambda: (if_true(),), lambda: (if_false(),), (),
                            ("the result",), f"`{expr_repr}`", _LABELS)
        return value
    return if_true() if cond else if_false()
