"""`ag.compat.v1.Dimension`: TensorFlow 1's size of one dimension, known (an int) or not (None).

Arithmetic with ints or other dimensions gives a dimension, unknown when either is; comparisons
give None when either is unknown. TensorShape's dimensions are plain ints here (TensorFlow 2's
behaviour); `Dimension`, `dimension_value` and `dimension_at_index` serve programs written for
TensorFlow 1.

>>> Dimension(3) + 2, Dimension(None) * 4, str(Dimension(None))
(Dimension(5), Dimension(None), '?')
"""

from __future__ import annotations

import operator
from typing import Any, Callable

__all__ = ["Dimension", "dimension_value", "dimension_at_index"]


class Dimension:
    """The size of one dimension: `value` is an int >= 0, or None when unknown."""

    __hash__ = None  # type: ignore[assignment]  # == compares values, as in TensorFlow

    def __init__(self, value: Any):
        if isinstance(value, Dimension):
            value = value.value
        if value is not None:
            if isinstance(value, bool) or not hasattr(value, "__index__"):
                raise TypeError(f"Dimension value must be integer or None or have an __index__ "
                                f"method, got value '{value!r}' with type '{type(value)}'")
            value = operator.index(value)
            if value < 0:
                raise ValueError(f"Dimension {value} must be >= 0")
        self.value: int | None = value

    def __repr__(self) -> str:
        return f"Dimension({self.value!r})"

    def __str__(self) -> str:
        return "?" if self.value is None else str(self.value)

    def __int__(self) -> int:
        if self.value is None:
            raise TypeError("An unknown Dimension has no int value.")
        return self.value

    __index__ = __int__

    def __bool__(self) -> bool:
        return bool(self.value)

    def is_compatible_with(self, other: Any) -> bool:
        other = Dimension(other)
        return self.value is None or other.value is None or self.value == other.value

    def assert_is_compatible_with(self, other: Any) -> None:
        if not self.is_compatible_with(other):
            raise ValueError(f"Dimensions {self} and {Dimension(other)} are not compatible")

    def merge_with(self, other: Any) -> Dimension:
        """The known one of the two, or an error where both are known and differ."""
        other = Dimension(other)
        self.assert_is_compatible_with(other)
        return Dimension(self.value if self.value is not None else other.value)


def _arithmetic(fn: Callable[[int, int], int], reflected: bool = False) -> Callable:
    def method(self: Dimension, other: Any) -> Any:
        try:
            other = Dimension(other)
        except (TypeError, ValueError):
            return NotImplemented
        a, b = (other.value, self.value) if reflected else (self.value, other.value)
        return Dimension(None if a is None or b is None else fn(a, b))
    return method


def _comparison(fn: Callable[[int, int], bool]) -> Callable:
    def method(self: Dimension, other: Any) -> Any:
        try:
            other = Dimension(other)
        except (TypeError, ValueError):
            return NotImplemented
        return None if self.value is None or other.value is None else fn(self.value,
                                                                          other.value)
    return method


for _name, _fn in (("add", operator.add), ("sub", operator.sub), ("mul", operator.mul),
                   ("floordiv", operator.floordiv), ("mod", operator.mod)):
    setattr(Dimension, f"__{_name}__", _arithmetic(_fn))
    setattr(Dimension, f"__r{_name}__", _arithmetic(_fn, reflected=True))
for _name, _fn in (("eq", operator.eq), ("ne", operator.ne), ("lt", operator.lt),
                   ("le", operator.le), ("gt", operator.gt), ("ge", operator.ge)):
    setattr(Dimension, f"__{_name}__", _comparison(_fn))


def dimension_value(dimension: Any) -> int | None:
    """The int (or None) of a `Dimension`, or the value itself."""
    return dimension.value if isinstance(dimension, Dimension) else dimension


def dimension_at_index(shape: Any, index: int) -> Dimension:
    """Dimension `index` of `shape` (a `TensorShape`, or a list of sizes), unknown when the
    shape's rank is."""
    dims = getattr(shape, "dims", shape)
    if dims is None:
        return Dimension(None)
    return Dimension(dimension_value(list(dims)[index]))
