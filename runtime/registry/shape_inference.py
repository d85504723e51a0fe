"""Shape functions: the `InferenceContext` they receive, and the ones many ops share.

A shape function takes an `InferenceContext` and returns one raw shape per output arg (a list
of raw shapes for a list output). A raw shape is a tuple of `int | None`, or `None` when even the
rank is unknown. Shape functions must accept unknown dimensions, unknown ranks and unknown input
values (graph mode), and raise `c.error(...)` for inputs that can never work.

>>> c = InferenceContext("AddV2", [(2, 1), (3,)], [None, None], {})
>>> broadcast(c)
[(2, 3)]
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.core.tensor_shape import format_raw

RawShape = Any  # tuple[int | None, ...] | None


class InferenceContext:
    """What a shape function may know of an op call: input shapes, dtypes, attrs, values."""

    __slots__ = ("op_name", "attrs", "_shapes", "_dtypes", "_value_fn", "values_read")

    def __init__(self, op_name: str, shapes: Sequence[Any], input_dtypes: Sequence[Any],
                 attrs: dict[str, Any], value_fn: Callable[[int], Any] | None = None):
        self.op_name = op_name
        self.attrs = attrs
        self._shapes = shapes
        self._dtypes = input_dtypes
        self._value_fn = value_fn
        self.values_read = False

    @property
    def num_inputs(self) -> int:
        return len(self._shapes)

    def shape(self, i: int) -> RawShape:
        """The raw shape of input arg `i` (a list of raw shapes for a list arg)."""
        return self._shapes[i]

    def dtype(self, i: int) -> Any:
        return self._dtypes[i]

    def value(self, i: int) -> Any:
        """The NumPy value of input arg `i` when it is known (eagerly, or a constant), else None."""
        self.values_read = True
        return None if self._value_fn is None else self._value_fn(i)

    def attr(self, name: str) -> Any:
        return self.attrs[name]

    def error(self, message: str) -> InvalidArgumentError:
        """An error to raise for inputs that can never work: `raise c.error("...")`."""
        return InvalidArgumentError(message, self.op_name)


# Shared shape functions --------------------------------------------------------------------------
def unchanged(c: InferenceContext) -> list[RawShape]:
    """The output has the shape of input 0 (elementwise unary ops)."""
    return [c.shape(0)]


def scalar(c: InferenceContext) -> list[RawShape]:
    return [()]


def broadcast(c: InferenceContext) -> list[RawShape]:
    """The output has the broadcast shape of inputs 0 and 1 (elementwise binary ops)."""
    return [broadcast_shapes(c, c.shape(0), c.shape(1))]


def broadcast_shapes(c: InferenceContext, a: RawShape, b: RawShape) -> RawShape:
    """NumPy broadcasting of two raw shapes; `c.error` when they cannot broadcast."""
    if a == b:
        return a
    if a is None or b is None:
        return None
    n = max(len(a), len(b))
    a2 = (1,) * (n - len(a)) + tuple(a)
    b2 = (1,) * (n - len(b)) + tuple(b)
    out = []
    for x, y in zip(a2, b2):
        if x == 1:
            out.append(y)
        elif y == 1:
            out.append(x)
        elif x is None:
            out.append(y if y is not None and y != 1 else None)
        elif y is None or x == y:
            out.append(x)
        else:
            raise c.error(f"Incompatible shapes: {format_raw(a)} and {format_raw(b)} cannot be "
                          f"broadcast together (dimension {x} vs {y}).")
    return tuple(out)


def normalize_axis(c: InferenceContext, axis: int, rank: int | None, what: str = "axis") -> int:
    """`axis` in `[0, rank)`, accepting negative axes; `c.error` when out of range.

    Ops whose axis may also point one past the end (`expand_dims`, `stack`) pass `rank + 1`.
    """
    if rank is None:
        return axis
    if rank == 0:
        raise c.error(f"{what} {axis} is invalid for a scalar: a tensor of rank 0 has no axes.")
    if not -rank <= axis < rank:
        raise c.error(f"{what} {axis} is out of range for a tensor of rank {rank}; it must be in "
                      f"[{-rank}, {rank}).")
    return axis + rank if axis < 0 else axis


def with_rank(c: InferenceContext, shape: RawShape, rank: int, what: str) -> RawShape:
    """`shape` checked to have `rank` dims (an unknown shape becomes `rank` unknown dims)."""
    if shape is None:
        return (None,) * rank
    if len(shape) != rank:
        raise c.error(f"{what} must have rank {rank}, but its shape is {format_raw(shape)}.")
    return shape


def merge_dim(c: InferenceContext, a: int | None, b: int | None, what: str) -> int | None:
    if a is None:
        return b
    if b is None or a == b:
        return a
    raise c.error(f"{what}: dimensions {a} and {b} must be equal.")
