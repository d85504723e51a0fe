"""Element-wise, rank and dtype assertions of `ag.debugging`, as TensorFlow's `check_ops`.

Eagerly an assertion checks at once: it returns None when it holds and raises
InvalidArgumentError (element-wise checks) or ValueError / TypeError (rank and dtype checks)
when it does not, with TensorFlow's messages. In a graph it returns an op: an `Assert` that
checks each time it runs (inside `ag.function` every such op runs, so a call fails there), or a
`NoOp` when the check was settled while the graph was built; a check that fails with values
known while building raises then, as in TensorFlow.

>>> assert_less(convert_to_tensor([1, 2]), 3)
>>> assert_equal(convert_to_tensor([1, 2, 3]), [1, 5, 7])
Traceback (most recent call last):
...
autograph.runtime.core.errors.InvalidArgumentError: Condition x == y did not hold.
Indices of first 2 different values:
[[1]
 [2]]
Corresponding x values:
[2 3]
Corresponding y values:
[5 7]
First 3 elements of x:
[1 2 3]
First 3 elements of y:
[1 5 7]
"""

from __future__ import annotations

import contextlib
from typing import Any, Callable, Iterator

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.graph.constant_value import constant_value
from autograph.runtime.graph.graph import building_graph
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.ops import rank as rank_of
from autograph.runtime.ops.array.ops import shape as shape_of
from autograph.runtime.ops.control_flow.ops import Assert
from autograph.runtime.ops.graph.ops import no_op
from autograph.runtime.ops.math import ops as math_ops
from autograph.runtime.ops.reduction.ops import reduce_all

__all__ = ["assert_equal", "assert_none_equal", "assert_less", "assert_less_equal",
           "assert_greater", "assert_greater_equal", "assert_positive", "assert_negative",
           "assert_non_negative", "assert_non_positive", "assert_rank", "assert_rank_at_least",
           "assert_rank_in", "assert_type", "assert_integer", "assert_scalar"]


# Element-wise comparisons -----------------------------------------------------------------------
def assert_equal(x: Any, y: Any, message: str | None = None, summarize: int | None = None,
                 name: str | None = None) -> Any:
    """Checks that `x == y` element-wise (broadcasting), as `tf.debugging.assert_equal`.

    Args:
        x: a tensor.
        y: a tensor of `x`'s dtype, broadcastable to `x`'s shape.
        message: put before the default message.
        summarize: how many entries of each tensor the message shows (default 3; -1 all).
        name: the name scope of the ops in a graph (default `assert_equal`).

    Returns:
        None eagerly; in a graph the op that checks (make it a control dependency in graph
        mode; inside `ag.function` it runs anyway).

    Raises:
        InvalidArgumentError: the condition does not hold (eagerly, or with values known while
            building a graph).
    """
    if x is y:  # the same tensor is equal to itself, NaNs included, as in TensorFlow
        return None if building_graph() is None else no_op()
    return _binary_assert("==", "assert_equal", math_ops.equal, np.equal, x, y, None,
                          summarize, message, name)


def assert_none_equal(x: Any, y: Any, summarize: int | None = None, message: str | None = None,
                      name: str | None = None) -> Any:
    """Checks that `x != y` element-wise; see `assert_equal`."""
    return _binary_assert("!=", "assert_none_equal", math_ops.not_equal, np.not_equal, x, y,
                          None, summarize, message, name)


def assert_less(x: Any, y: Any, message: str | None = None, summarize: int | None = None,
                name: str | None = None) -> Any:
    """Checks that `x < y` element-wise; see `assert_equal`."""
    return _binary_assert("<", "assert_less", math_ops.less, np.less, x, y, None, summarize,
                          message, name)


def assert_less_equal(x: Any, y: Any, message: str | None = None, summarize: int | None = None,
                      name: str | None = None) -> Any:
    """Checks that `x <= y` element-wise; see `assert_equal`."""
    return _binary_assert("<=", "assert_less_equal", math_ops.less_equal, np.less_equal, x, y,
                          None, summarize, message, name)


def assert_greater(x: Any, y: Any, message: str | None = None, summarize: int | None = None,
                   name: str | None = None) -> Any:
    """Checks that `x > y` element-wise; see `assert_equal`."""
    return _binary_assert(">", "assert_greater", math_ops.greater, np.greater, x, y, None,
                          summarize, message, name)


def assert_greater_equal(x: Any, y: Any, message: str | None = None,
                         summarize: int | None = None, name: str | None = None) -> Any:
    """Checks that `x >= y` element-wise; see `assert_equal`."""
    return _binary_assert(">=", "assert_greater_equal", math_ops.greater_equal,
                          np.greater_equal, x, y, None, summarize, message, name)


def assert_positive(x: Any, message: str | None = None, summarize: int | None = None,
                    name: str | None = None) -> Any:
    """Checks that `x > 0` element-wise; see `assert_equal`."""
    return _sign_assert("> 0", "assert_positive", x, message, summarize, name)


def assert_negative(x: Any, message: str | None = None, summarize: int | None = None,
                    name: str | None = None) -> Any:
    """Checks that `x < 0` element-wise; see `assert_equal`."""
    return _sign_assert("< 0", "assert_negative", x, message, summarize, name)


def assert_non_negative(x: Any, message: str | None = None, summarize: int | None = None,
                        name: str | None = None) -> Any:
    """Checks that `x >= 0` element-wise; see `assert_equal`."""
    return _sign_assert(">= 0", "assert_non_negative", x, message, summarize, name)


def assert_non_positive(x: Any, message: str | None = None, summarize: int | None = None,
                        name: str | None = None) -> Any:
    """Checks that `x <= 0` element-wise; see `assert_equal`."""
    return _sign_assert("<= 0", "assert_non_positive", x, message, summarize, name)


# x compared with zero: (zero on the left?, the comparison), as TensorFlow writes them
_SIGN_CHECKS: dict[str, tuple[bool, str]] = {
    "> 0": (True, "<"), "< 0": (False, "<"), ">= 0": (True, "<="), "<= 0": (False, "<="),
}
_COMPARISONS: dict[str, tuple[Callable, Callable]] = {
    "<": (math_ops.less, np.less), "<=": (math_ops.less_equal, np.less_equal),
}


def _sign_assert(condition: str, opname: str, x: Any, message: str | None,
                 summarize: int | None, name: str | None) -> Any:
    with _scope(name, opname):
        x = convert_to_tensor(x, name="x")
        described = x.name if building_graph() is not None else _shape_and_dtype(x)
        data = [_message_prefix(message), f"Condition x {condition} did not hold element-wise:",
                f"x ({described}) = ", x]
        zero = convert_to_tensor(0, dtype=x.dtype)
        zero_first, sym = _SIGN_CHECKS[condition]
        compare, np_compare = _COMPARISONS[sym]
        left, right = (zero, x) if zero_first else (x, zero)
        return _binary_assert(sym, f"assert_{'less' if sym == '<' else 'less_equal'}", compare,
                              np_compare, left, right, data, summarize, None, None)


def _binary_assert(sym: str, opname: str, compare: Callable, np_compare: Callable, x: Any,
                   y: Any, data: list | None, summarize: int | None, message: str | None,
                   name: str | None) -> Any:
    with _scope(name, opname):
        x = convert_to_tensor(x, name="x")
        y = convert_to_tensor(y, name="y")
        if building_graph() is None:
            holds = compare(x, y)
            if bool(np.all(holds.numpy())):
                return None
            limit = 3 if summarize is None else (10 ** 9 if summarize < 0 else summarize)
            if data is None:
                data = _eager_message_data(sym, x, y, limit, holds.numpy())
            if message is not None:
                data = [message, *data]
            raise InvalidArgumentError("\n".join(_pretty(d, limit) for d in data))
        if data is None:
            data = [f"Condition x {sym} y did not hold element-wise:", f"x ({x.name}) = ", x,
                    f"y ({y.name}) = ", y]
        if message is not None:
            data = [message, *data]
        condition = reduce_all(compare(x, y))
        known_x, known_y = constant_value(x), constant_value(y)
        if known_x is not None and known_y is not None and not np.all(np_compare(known_x,
                                                                                 known_y)):
            raise InvalidArgumentError("\n".join(_known_text(d) for d in data))
        return Assert(condition, data, summarize=summarize)


def _eager_message_data(sym: str, x: Any, y: Any, limit: int, holds: np.ndarray) -> list:
    """TensorFlow's eager message: the differing entries (when the shapes are the same and not
    scalars), then the first entries of each."""
    data: list = [f"Condition x {sym} y did not hold."]
    if limit <= 0:
        return data
    xs, ys = x.numpy(), y.numpy()
    if np.shape(xs) == np.shape(ys) and np.ndim(xs):
        differ = np.logical_not(holds)
        count = min(limit, int(differ.sum()))
        data += [f"Indices of first {count} different values:", np.argwhere(differ)[:count],
                 "Corresponding x values:", xs[differ].reshape(-1)[:count],
                 "Corresponding y values:", ys[differ].reshape(-1)[:count]]
    for label, values in (("x", np.reshape(xs, -1)), ("y", np.reshape(ys, -1))):
        shown = min(values.size, limit)
        data += [f"First {shown} elements of {label}:", values[:shown]]
    return data


def _pretty(item: Any, limit: int) -> str:
    """An item of an assertion's data as TensorFlow shows it eagerly: a tensor as the list of
    its first `limit` entries' texts (a scalar as its value), anything else with `str`."""
    if not isinstance(item, Tensor):
        return str(item)
    value = item.numpy()
    if np.isscalar(value):
        return str(value)
    flat = np.reshape(value, -1)
    shown = [str(v) for v in flat[:limit]]
    if len(shown) < flat.size:
        shown.append("...")
    return str(shown)


def _known_text(item: Any) -> str:
    known = constant_value(item) if isinstance(item, Tensor) else None
    return str(item if known is None else known)


# Ranks ------------------------------------------------------------------------------------------
def assert_rank(x: Any, rank: Any, message: str | None = None, name: str | None = None) -> Any:
    """Checks that `x` has rank `rank` (an int or an integer scalar tensor).

    A rank known while the graph is built is checked then, raising ValueError; an unknown one
    adds an `Assert` op. Returns None eagerly, else the op (a `NoOp` when settled).

    Raises:
        ValueError: `x`'s rank is known and is not `rank`.
    """
    return _rank_assert(x, [rank], "assert_rank", message, name,
                        lambda actual, ranks: actual == ranks[0], "rank {}")


def assert_rank_at_least(x: Any, rank: Any, message: str | None = None,
                         name: str | None = None) -> Any:
    """Checks that `x` has rank `rank` or more; see `assert_rank`."""
    return _rank_assert(x, [rank], "assert_rank_at_least", message, name,
                        lambda actual, ranks: actual >= ranks[0], "rank at least {}")


def assert_rank_in(x: Any, ranks: Any, message: str | None = None,
                   name: str | None = None) -> Any:
    """Checks that `x`'s rank is one of `ranks`; see `assert_rank`."""
    return _rank_assert(x, list(ranks), "assert_rank_in", message, name,
                        lambda actual, wanted: actual in wanted, "rank in {}")


def _rank_assert(x: Any, ranks: list, opname: str, message: str | None, name: str | None,
                 holds: Callable[[int, list], bool], wording: str) -> Any:
    graph = building_graph()
    with _scope(name, opname):
        x = convert_to_tensor(x, name="x")
        wanted = [convert_to_tensor(r, name="rank") for r in ranks]
        for r in wanted:
            if not r.dtype.is_integer or (r.shape.rank is not None and r.shape.rank != 0):
                raise ValueError(f"{_message_prefix(message)}Rank must be an integer scalar; "
                                 f"got {r.dtype.name} of shape {r.shape}.")
        known = [constant_value(r) if graph is not None else r.numpy() for r in wanted]
        actual = x.shape.rank
        described = x.name if graph is not None else ""
        values = [int(k) for k in known if k is not None]
        if actual is not None and len(values) == len(known):
            if not holds(actual, values):
                shown = tuple(values) if opname == "assert_rank_in" else values[0]
                raise ValueError(
                    f"{_message_prefix(message)}Tensor {described} must have "
                    f"{wording.format(shown)}.  Received rank {actual}, shape {x.shape}")
            return None if graph is None else no_op()
        rank_now = rank_of(x)
        checks = {"assert_rank": math_ops.equal, "assert_rank_at_least": math_ops.greater_equal}
        compare = checks.get(opname)
        if compare is not None:
            condition = compare(rank_now, wanted[0])
        else:
            condition = _any_of([math_ops.equal(rank_now, r) for r in wanted])
        data = [_message_prefix(message) or "",
                f"Tensor {described} must have {wording.format('').strip()}", *wanted,
                "Received shape: ", shape_of(x)]
        return Assert(condition, data)


def _any_of(conditions: list) -> Any:
    """True where any of the bool tensors `conditions` is."""
    result = conditions[0]
    for c in conditions[1:]:
        result = math_ops.logical_or(result, c)
    return result


# Dtypes -----------------------------------------------------------------------------------------
def assert_type(tensor: Any, tf_type: Any, message: str | None = None,
                name: str | None = None) -> Any:
    """Checks, while the program is built, that `tensor` has dtype `tf_type`.

    Raises:
        TypeError: it has another dtype.
    """
    wanted = dtypes.as_dtype(tf_type)
    graph = building_graph()
    with _scope(name, "assert_type"):
        tensor = convert_to_tensor(tensor, name="tensor")
        if tensor.dtype != wanted:
            described = tensor.name if graph is not None else "tensor"
            raise TypeError(f"{_message_prefix(message)}{described} must be of type "
                            f"{wanted!r}; got {tensor.dtype!r}")
        return None if graph is None else no_op("statically_determined_correct_type")


def assert_integer(x: Any, message: str | None = None, name: str | None = None) -> Any:
    """Checks, while the program is built, that `x` has an integer dtype.

    Raises:
        TypeError: it does not.
    """
    graph = building_graph()
    with _scope(name, "assert_integer"):
        x = convert_to_tensor(x, name="x")
        if not x.dtype.is_integer:
            described = x.name if graph is not None else "tensor"
            raise TypeError(f'{_message_prefix(message)}Expected "x" to be integer type.  '
                            f"Found: {described} of dtype {x.dtype!r}")
        return None if graph is None else no_op("statically_determined_was_integer")


def assert_scalar(tensor: Any, message: str | None = None, name: str | None = None) -> Any:
    """`tensor`, checked while the program is built to be a scalar.

    Raises:
        ValueError: its rank is not known to be 0.
    """
    graph = building_graph()
    with _scope(name, "assert_scalar"):
        tensor = convert_to_tensor(tensor)
        if tensor.shape.rank != 0:
            where = f" for {tensor.name}" if graph is not None else ""
            raise ValueError(f"{_message_prefix(message)}Expected scalar shape{where}, saw "
                             f"shape: {tensor.shape}.")
        return tensor


# Helpers ----------------------------------------------------------------------------------------
@contextlib.contextmanager
def _scope(name: str | None, default: str) -> Iterator[None]:
    """The name scope of an assertion's ops in a graph (none eagerly)."""
    graph = building_graph()
    if graph is None:
        yield
        return
    with graph.name_scope(name or default):
        yield


def _message_prefix(message: str | None) -> str:
    return f"{message}.  " if message else ""


def _shape_and_dtype(x: Any) -> str:
    return f"shape={x.shape} dtype={x.dtype.name}"
