"""`TensorSpec`: the dtype and (possibly partial) shape of a tensor, without its value.

A spec describes the tensors a function accepts (`input_signature`) and is the trace type of
every tensor: a tensor of shape `(2, 3)` is a subtype of the spec `(None, 3)`, which is a
subtype of the spec of unknown rank. The spec's `name` only names the placeholder made for it;
subtyping ignores it, equality (as in TensorFlow) does not.

>>> from autograph.runtime.core import dtypes
>>> spec = TensorSpec([None, 3], dtypes.int32)
>>> spec
TensorSpec(shape=(None, 3), dtype=ag.int32, name=None)
>>> TensorSpec([2, 3], dtypes.int32).is_subtype_of(spec), spec.is_compatible_with(
...     TensorSpec([2, 4], dtypes.int32))
(True, False)
>>> spec.describe()
'int32 Tensor, shape=(None, 3)'
"""

from __future__ import annotations

from typing import Any, Sequence

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import (
    TensorShape,
    as_raw_shape,
    format_raw,
    raw_compatible,
)
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor


def _raw_subtype(a: Any, b: Any) -> bool:
    """Whether every tensor of raw shape `a` also has raw shape `b`."""
    if b is None:
        return True
    if a is None or len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if y is not None and x != y:
            return False
    return True


def _raw_supertype(a: Any, b: Any) -> Any:
    """The most specific raw shape that both `a` and `b` are subtypes of."""
    if a is None or b is None or len(a) != len(b):
        return None
    return tuple(x if x == y else None for x, y in zip(a, b))


class TensorSpec:
    """Describes a tensor by dtype and static shape (TensorFlow's `tf.TensorSpec`).

    Args:
        shape: anything `TensorShape` accepts: a list or tuple of ints and `None`s, a
            `TensorShape`, or None for unknown rank.
        dtype: the element type (default `float32`); anything `as_dtype` accepts.
        name: optional name of the placeholder made for this spec while tracing.

    Raises:
        TypeError: a shape or dtype that cannot be interpreted.

    >>> TensorSpec(None, "string").describe()
    'string Tensor, shape=<unknown>'
    """

    __slots__ = ("_shape", "_dtype", "_name", "_hash")

    def __init__(self, shape: Any, dtype: Any = dtypes.float32, name: str | None = None):
        if name is not None and not isinstance(name, str):
            raise TypeError(f"TensorSpec name must be a str or None, not {name!r}.")
        self._shape = as_raw_shape(shape)
        self._dtype = dtypes.as_dtype(dtype)
        self._name = name
        self._hash = hash((self._shape, id(self._dtype), name))

    @classmethod
    def _make(cls, raw_shape: Any, dtype: dtypes.DType, name: str | None = None) -> TensorSpec:
        # Trusted inputs (a raw shape tuple and a DType): skips validation on the call path.
        spec = object.__new__(cls)
        spec._shape = raw_shape
        spec._dtype = dtype
        spec._name = name
        spec._hash = hash((raw_shape, id(dtype), name))
        return spec

    @classmethod
    def from_tensor(cls, tensor: Any, name: str | None = None) -> TensorSpec:
        """The spec of `tensor` (eager or symbolic), named `name` or after a symbolic tensor's
        op.

        >>> from autograph.runtime.graph.tensor_conversion import convert_to_tensor
        >>> TensorSpec.from_tensor(convert_to_tensor([1, 2]))
        TensorSpec(shape=(2,), dtype=ag.int32, name=None)
        """
        if not (hasattr(tensor, "dtype") and hasattr(tensor, "shape")):
            raise TypeError(f"TensorSpec.from_tensor expects a tensor, got {type(tensor).__name__}"
                            f" {tensor!r}.")
        if name is None:
            name = getattr(getattr(tensor, "op", None), "name", None)
        return cls(tensor.shape, tensor.dtype, name)

    # Properties -------------------------------------------------------------------------------
    @property
    def shape(self) -> TensorShape:
        return TensorShape(self._shape)

    @property
    def dtype(self) -> dtypes.DType:
        return self._dtype

    @property
    def name(self) -> str | None:
        return self._name

    # Relations --------------------------------------------------------------------------------
    def is_compatible_with(self, spec_or_tensor: Any) -> bool:
        """Whether `spec_or_tensor` (a spec, a tensor, or anything with `dtype` and `shape`)
        could be described by this spec: same dtype, compatible shapes (`None` matches all).

        >>> TensorSpec([None], "int32").is_compatible_with(TensorSpec([5], "int32"))
        True
        """
        other = spec_or_tensor
        if not (hasattr(other, "dtype") and hasattr(other, "shape")):
            return False
        try:
            dtype = dtypes.as_dtype(other.dtype)
        except TypeError:
            return False
        return dtype is self._dtype and raw_compatible(self._shape, as_raw_shape(other.shape))

    def is_subtype_of(self, other: Any) -> bool:
        """Whether every tensor this spec describes is also described by `other`: the same
        dtype and a shape at least as specific (names are ignored)."""
        return (type(other) is TensorSpec and self._dtype is other._dtype
                and _raw_subtype(self._shape, other._shape))

    def most_specific_common_supertype(self, others: Sequence[Any]) -> TensorSpec | None:
        """The most specific spec that this one and all `others` are subtypes of (differing
        dims become `None`, differing ranks unknown rank), or None when a dtype differs or an
        other is not a `TensorSpec`. The name is kept when all names agree."""
        shape, name = self._shape, self._name
        for other in others:
            if type(other) is not TensorSpec or other._dtype is not self._dtype:
                return None
            shape = _raw_supertype(shape, other._shape)
            if other._name != name:
                name = None
        return TensorSpec._make(shape, self._dtype, name)

    # Tracing ----------------------------------------------------------------------------------
    def placeholder_value(self, context: Any = None) -> Any:
        """A new placeholder of this dtype and shape in `context.graph` (a `FuncGraph`), named
        after the spec, else after `context.name`."""
        graph = getattr(context, "graph", None)
        if graph is None:
            raise ValueError(f"{self!r}.placeholder_value needs a PlaceholderContext with the "
                             f"graph being traced.")
        return graph.add_input(self._dtype, self._shape, self._name or context.name)

    def to_tensors(self, value: Any) -> list:
        """The tensors a value of this type feeds: the value itself."""
        return [value]

    def cast(self, value: Any) -> Any:
        """`value` as a tensor this spec describes: tensors are checked, Python and NumPy
        values converted to the spec's dtype.

        Raises:
            TypeError: the value does not fit the spec (dtype, shape, or not convertible).

        >>> TensorSpec([None], "int32").cast([1, 2]).shape
        TensorShape([2])
        """
        tensor = value
        if not isinstance(value, Tensor):
            try:
                tensor = convert_to_tensor(value, dtype=self._dtype)
            except (TypeError, ValueError) as e:
                raise TypeError(f"Cannot convert {_short(value)} to a tensor matching "
                                f"{self!r}: {e}") from None
        if tensor.dtype is not self._dtype or not _raw_subtype(
                as_raw_shape(tensor.shape), self._shape):
            raise TypeError(f"{tensor.dtype.name} tensor of shape {tensor.shape} does not match "
                            f"{self!r}.")
        return tensor

    def describe(self) -> str:
        """`int32 Tensor, shape=(None, 3)`: how signatures print a tensor argument."""
        return f"{self._dtype.name} Tensor, shape={format_raw(self._shape)}"

    # Python protocol --------------------------------------------------------------------------
    def __eq__(self, other: Any) -> bool:
        if self is other:
            return True
        return (type(other) is TensorSpec and self._dtype is other._dtype
                and self._shape == other._shape and self._name == other._name)

    def __ne__(self, other: Any) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return (f"TensorSpec(shape={format_raw(self._shape)}, dtype=ag.{self._dtype.name}, "
                f"name={self._name!r})")

    def __reduce__(self):
        return TensorSpec, (self._shape, self._dtype, self._name)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


__all__ = ["TensorSpec"]
