"""Static shapes: `TensorShape`, with unknown dimensions (`None`) and unknown rank.

Internally a shape is `None` (unknown rank) or a tuple of `int | None`; shape functions work on
those raw tuples for speed, and `TensorShape` wraps one for users.

>>> s = TensorShape([2, None])
>>> s.rank, s.as_list(), s.is_fully_defined()
(2, [2, None], False)
>>> s.merge_with([None, 3])
TensorShape([2, 3])
>>> TensorShape([2, 3]).most_specific_compatible_shape([2, 4])
TensorShape([2, None])
"""

from __future__ import annotations

from typing import Any, Iterator

RawShape = "tuple[int | None, ...] | None"


def _dim_value(d: Any) -> int | None:
    if d is None:
        return None
    if isinstance(d, bool):
        raise TypeError(f"A dimension must be an int or None, not {d!r}.")
    try:
        value = d.__index__()
    except (AttributeError, TypeError):
        value = getattr(d, "value", d)  # objects with a `.value`, like TF's Dimension
        if value is None:
            return None
        if not isinstance(value, int):
            raise TypeError(f"A dimension must be an int or None, not {d!r}.") from None
    if value < 0:
        raise ValueError(f"Dimension {value} must be >= 0 (use None for an unknown dimension).")
    return value


def as_raw_shape(shape: Any) -> tuple[int | None, ...] | None:
    """The raw tuple (or None for unknown rank) of anything `TensorShape` accepts."""
    if shape is None:
        return None
    if isinstance(shape, TensorShape):
        return shape._dims
    if isinstance(shape, tuple) and all(type(d) is int and d >= 0 for d in shape):
        return shape
    if isinstance(shape, int) and not isinstance(shape, bool):
        return (_dim_value(shape),)
    try:
        return tuple(_dim_value(d) for d in shape)
    except TypeError as e:
        raise TypeError(f"Cannot interpret {shape!r} as a shape: {e}") from None


def dims_compatible(a: int | None, b: int | None) -> bool:
    return a is None or b is None or a == b


def raw_compatible(a, b) -> bool:
    """Whether two raw shapes could describe the same tensor."""
    if a is None or b is None:
        return True
    return len(a) == len(b) and all(dims_compatible(x, y) for x, y in zip(a, b))


def raw_merge(a, b):
    """The most specific raw shape compatible with both, or ValueError."""
    if a is None:
        return b
    if b is None:
        return a
    if not raw_compatible(a, b):
        raise ValueError(f"Shapes {format_raw(a)} and {format_raw(b)} are not compatible")
    return tuple(x if x is not None else y for x, y in zip(a, b))


def format_raw(shape) -> str:
    """`(2, None)`, `(3,)`, `()`, or `<unknown>`: how shapes appear in messages."""
    if shape is None:
        return "<unknown>"
    if len(shape) == 1:
        return f"({shape[0]},)"
    return "(" + ", ".join(str(d) for d in shape) + ")"


class TensorShape:
    """The static shape of a tensor: possibly partial, possibly of unknown rank."""

    __slots__ = ("_dims",)

    def __init__(self, dims: Any = None):
        self._dims = as_raw_shape(dims)

    # Inspection ------------------------------------------------------------------------------
    @property
    def rank(self) -> int | None:
        return None if self._dims is None else len(self._dims)

    ndims = rank

    @property
    def dims(self) -> list[int | None] | None:
        return None if self._dims is None else list(self._dims)

    def as_list(self) -> list[int | None]:
        if self._dims is None:
            raise ValueError("as_list() is not defined on an unknown TensorShape.")
        return list(self._dims)

    def is_fully_defined(self) -> bool:
        return self._dims is not None and all(d is not None for d in self._dims)

    def num_elements(self) -> int | None:
        """The number of elements, or None when not fully defined."""
        if self._dims is None or any(d is None for d in self._dims):
            return None
        n = 1
        for d in self._dims:
            n *= d or 0
        return n

    def __len__(self) -> int:
        if self._dims is None:
            raise ValueError("Cannot take the length of a shape with unknown rank.")
        return len(self._dims)

    def __iter__(self) -> Iterator[int | None]:
        if self._dims is None:
            raise ValueError("Cannot iterate over a shape with unknown rank.")
        return iter(self._dims)

    def __getitem__(self, key):
        if self._dims is None:
            return TensorShape(None) if isinstance(key, slice) else None
        if isinstance(key, slice):
            return TensorShape(self._dims[key])
        return self._dims[key]

    def __bool__(self) -> bool:
        return self._dims is not None

    # Relations ------------------------------------------------------------------------------
    def is_compatible_with(self, other: Any) -> bool:
        """Whether both shapes could describe the same tensor (`None` matches anything)."""
        return raw_compatible(self._dims, as_raw_shape(other))

    def assert_is_compatible_with(self, other: Any) -> None:
        if not self.is_compatible_with(other):
            raise ValueError(f"Shapes {self} and {TensorShape(other)} are incompatible")

    def merge_with(self, other: Any) -> TensorShape:
        """The most specific shape compatible with both; ValueError when they conflict."""
        return TensorShape(raw_merge(self._dims, as_raw_shape(other)))

    def most_specific_compatible_shape(self, other: Any) -> TensorShape:
        """The most specific shape that both shapes are compatible with (their generalisation)."""
        o = as_raw_shape(other)
        if self._dims is None or o is None or len(self._dims) != len(o):
            return TensorShape(None)
        return TensorShape(tuple(a if a == b else None for a, b in zip(self._dims, o)))

    def is_subtype_of(self, other: Any) -> bool:
        """Whether every tensor of this shape also has shape `other` (`[2]` is within `[None]`)."""
        o = as_raw_shape(other)
        if o is None:
            return True
        if self._dims is None or len(self._dims) != len(o):
            return False
        return all(b is None or a == b for a, b in zip(self._dims, o))

    def concatenate(self, other: Any) -> TensorShape:
        o = as_raw_shape(other)
        if self._dims is None or o is None:
            return TensorShape(None)
        return TensorShape(self._dims + o)

    __add__ = concatenate

    def with_rank(self, rank: int) -> TensorShape:
        """This shape merged with `rank` unknown dims; ValueError if the rank differs."""
        try:
            return self.merge_with([None] * rank)
        except ValueError:
            raise ValueError(f"Shape {self} must have rank {rank}") from None

    def with_rank_at_least(self, rank: int) -> TensorShape:
        if self._dims is not None and len(self._dims) < rank:
            raise ValueError(f"Shape {self} must have rank at least {rank}")
        return self

    def __eq__(self, other: Any) -> bool:
        try:
            return self._dims == as_raw_shape(other)
        except (TypeError, ValueError):
            return NotImplemented

    def __hash__(self) -> int:
        return hash(self._dims)

    def __repr__(self) -> str:
        return "TensorShape(None)" if self._dims is None else f"TensorShape({list(self._dims)})"

    def __str__(self) -> str:
        return format_raw(self._dims)

    def __reduce__(self):
        return TensorShape, (self._dims,)


def unknown_shape(rank: int | None = None) -> TensorShape:
    """A shape of unknown rank, or of `rank` unknown dimensions."""
    return TensorShape(None if rank is None else [None] * rank)


__all__ = ["TensorShape", "unknown_shape"]
