"""`assert_shapes`: checks the shapes of several tensors and the sizes they share.

Each tensor comes with a shape of sizes: an int (that size), a string (a symbol: every
dimension with that symbol has the same size, across tensors), or None / '.' (any size). A
first entry `...` or '*' leaves the outer dimensions free and checks the innermost ones. A
scalar counts as one dimension of size one. Sizes known while the program is built are
checked then (ValueError); in a graph the rest become `Assert` ops, as in TensorFlow.

>>> from autograph.runtime.ops.creation.ops import zeros
>>> assert_shapes([(zeros([2, 3]), ("N", "D")), (zeros([2]), ("N",))])
>>> assert_shapes([(zeros([2, 3]), ("N", "D")), (zeros([3]), ("N",))])
Traceback (most recent call last):
...
ValueError: Specified by tensor shape=(2, 3) dtype=float32 dimension 0.  Tensor shape=(3,) \
dtype=float32 dimension 0 must have size 2.  Received size 3, shape (3,)
"""

from __future__ import annotations

from typing import Any, NamedTuple

from autograph.runtime.graph.graph import building_graph
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.ops import rank as rank_of
from autograph.runtime.ops.array.ops import shape as shape_of
from autograph.runtime.ops.checks.assertions import (
    _message_prefix,
    _scope,
    _shape_and_dtype,
    assert_rank,
    assert_rank_at_least,
    assert_rank_in,
)
from autograph.runtime.ops.control_flow.ops import Assert, cond
from autograph.runtime.ops.graph.ops import control_dependencies, group
from autograph.runtime.ops.math.ops import equal

__all__ = ["assert_shapes"]

_ANY_SIZE = (None, ".")
_OUTER_DIMS = (Ellipsis, "*")


class _Checked(NamedTuple):
    tensor: Any
    innermost: bool  # the shape names the innermost dimensions only
    sizes: Any  # the tensor's sizes: ints, or tensors where unknown (a tensor if its rank is)
    symbols: tuple


def assert_shapes(shapes: Any, data: Any = None, summarize: int | None = None,
                  message: str | None = None, name: str | None = None) -> Any:
    """Checks that each tensor has its shape and that sizes named alike are equal.

    Args:
        shapes: a list of `(tensor, shape)` pairs, or a dict of tensor -> shape.
        data: what a failing `Assert` shows instead of the default message.
        summarize: how many entries of each shown tensor (graph checks).
        message: put before the default message.
        name: the name scope of the ops in a graph (default `assert_shapes`).

    Returns:
        None eagerly; in a graph the op grouping the checks that run with it.

    Raises:
        ValueError: a shape or size known while building does not hold, or a shape is
            malformed (not iterable, `...` not first).
    """
    if isinstance(shapes, dict):
        shapes = shapes.items()
    prefix = _message_prefix(message)
    graph = building_graph()
    with _scope(name, "assert_shapes"):
        pairs = [(convert_to_tensor(x), s) for x, s in shapes if s is not None]

        def described(x: Any) -> str:
            return x.name if graph is not None else _shape_and_dtype(x)
        checked = [_parse(x, s, prefix, described) for x, s in pairs]
        rank_checks = [_rank_check(c, message) for c in checked]
        rank_checks = [r for r in rank_checks if r is not None]
        size_checks = []
        specified: dict[Any, tuple[Any, Any, int]] = {}
        for c in checked:
            for i, symbol in enumerate(c.symbols):
                if symbol in _ANY_SIZE:
                    continue
                dim = i - len(c.symbols) if c.innermost else i
                with control_dependencies(rank_checks):  # index only once the rank holds
                    actual = c.sizes[dim]
                if not _is_size(symbol) and symbol not in specified:
                    specified[symbol] = (actual, c.tensor, dim)
                    continue
                if _is_size(symbol):
                    expected, why = int(symbol), "Specified explicitly"
                else:
                    expected, by, at = specified[symbol]
                    why = f"Specified by tensor {described(by)} dimension {at}"
                if _is_size(actual) and _is_size(expected):
                    if int(actual) != int(expected):
                        raise ValueError(
                            f"{prefix}{why}.  Tensor {described(c.tensor)} dimension {dim} must "
                            f"have size {int(expected)}.  Received size {int(actual)}, shape "
                            f"{c.tensor.shape}")
                    continue
                shown = data if data is not None else [
                    prefix, why, f"Tensor {described(c.tensor)} dimension", dim,
                    "must have size", expected, "Received shape: ", shape_of(c.tensor)]
                size_checks.append(Assert(equal(convert_to_tensor(actual),
                                                convert_to_tensor(expected)), shown,
                                          summarize=summarize))
        if graph is None:
            return None
        with control_dependencies(rank_checks):
            return group(*size_checks)


def _parse(x: Any, shape: Any, prefix: str, described: Any) -> _Checked:
    if not (hasattr(shape, "__iter__") or hasattr(shape, "__getitem__")):
        raise ValueError(f"{prefix}Tensor {described(x)}.  Specified shape must be an iterable.  "
                         f"An iterable has the attribute `__iter__` or `__getitem__`.  "
                         f"Received specified shape: {shape}")
    symbols = tuple(shape)
    for i, symbol in enumerate(symbols):
        if i and _is_outer(symbol):
            raise ValueError(f"{prefix}Tensor {described(x)} specified shape index {i}.  Symbol "
                             f"`...` or `*` for a variable number of unspecified dimensions is "
                             f"only allowed as the first entry")
    innermost = bool(symbols) and _is_outer(symbols[0])
    inner = symbols[1:] if innermost else symbols
    return _Checked(x, innermost, _sizes(x), inner or (1,))


def _is_outer(symbol: Any) -> bool:
    return isinstance(symbol, (str, type(Ellipsis))) and symbol in _OUTER_DIMS


def _sizes(x: Any) -> Any:
    """`x`'s sizes, a scalar as one dimension of size one: ints where known, tensors where not;
    one tensor when even the rank is unknown."""
    dims = x.shape.as_list() if x.shape.rank is not None else None
    if dims == []:
        return (1,)
    if dims is not None:
        if None not in dims:
            return dims
        dynamic = shape_of(x)
        return [d if d is not None else dynamic[i] for i, d in enumerate(dims)]
    return cond(equal(rank_of(x), 0), lambda: convert_to_tensor([1]), lambda: shape_of(x))


def _rank_check(c: _Checked, message: str | None) -> Any:
    rank = len(c.symbols)
    if c.innermost:
        return None if rank <= 1 else assert_rank_at_least(c.tensor, rank, message=message)
    if rank <= 1:  # a scalar is one dimension of size one
        return assert_rank_in(c.tensor, [0, 1], message=message)
    return assert_rank(c.tensor, rank, message=message)


def _is_size(value: Any) -> bool:
    """Whether `value` is a size known now (an int, or text of one, as TensorFlow reads it)."""
    if value is None:
        return False
    try:
        int(value)
    except (TypeError, ValueError):
        return False
    return True
