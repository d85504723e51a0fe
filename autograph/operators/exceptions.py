"""`assert_stmt`: Python's `assert`, and an `Assert` op for a tensor condition.

    ag__.assert_stmt(test, lambda: message)     # plain Python: assert test, message

For a Python value the message is computed only when the assertion fails, as in Python. For a
tensor (eager or symbolic) it is an `Assert` op: eagerly it checks at once, in a graph each
time the op runs (inside a branch or loop body every op runs; at the top of a graph, run the
returned op or make it a control dependency). Its failure is an InvalidArgumentError showing
the message, which is computed when the op is made.

>>> assert_stmt(1 < 2, lambda: "never computed")
>>> assert_stmt([], lambda: "empty")
Traceback (most recent call last):
...
AssertionError: empty
"""

from __future__ import annotations

from typing import Any, Callable

from autograph.operators.graph_cond import truth_tensor
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.ops.control_flow.ops import Assert


def assert_stmt(expression1: Any, expression2: Callable[[], Any] | None = None) -> Any:
    """`assert expression1, expression2()`; an `Assert` op when `expression1` is a tensor.

    Returns:
        None, or in a graph the `Assert` op.

    Raises:
        AssertionError: a false Python value.
        runtime.core.errors.InvalidArgumentError: a false eager tensor.
    """
    if not isinstance(expression1, Tensor):
        if not expression1:
            message = expression2() if expression2 is not None else None
            raise AssertionError(*(() if message is None else (message,)))
        return None
    expression1 = truth_tensor(expression1, "assert")
    message = expression2() if expression2 is not None else None
    data = [] if message is None else list(message) if isinstance(message, (list, tuple)) \
        else [message]
    return Assert(expression1, data)
