"""`Tensor`: the one class users see, and `EagerTensor`, which holds a NumPy or CuPy array.

Python operators on tensors (`+`, `@`, `x[1:3]`, ...) are installed from a table in
`runtime.ops.operators`, so this module knows nothing of particular ops.

>>> from autograph.runtime.graph.tensor_conversion import convert_to_tensor
>>> t = convert_to_tensor([[1.0, 2.0], [3.0, 4.0]])
>>> t
<ag.Tensor: shape=(2, 2), dtype=float32, numpy=
array([[1., 2.],
       [3., 4.]], dtype=float32)>
>>> t.shape, len(t)
(TensorShape([2, 2]), 2)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.devices import CPU, Device, placement_device
from autograph.runtime.core.tensor_shape import TensorShape

# TensorFlow 1 compared tensors by identity; TensorFlow 2 compares eager tensors elementwise.
# `disable_tensor_equality` turns the first back on (the operators module reads it); eager
# tensors stay unhashable either way, as in TensorFlow 2.
identity_equality = [False]


def enable_tensor_equality() -> None:
    """`==` and `!=` on tensors compare elementwise (TensorFlow 2's default)."""
    identity_equality[0] = False


def disable_tensor_equality() -> None:
    """`==` and `!=` on tensors compare identities, as in TensorFlow 1
    (`ag.compat.v1.disable_tensor_equality`)."""
    identity_equality[0] = True


class Tensor:
    """A multi-dimensional array of one dtype: eager (holds values) or symbolic (in a graph)."""

    __slots__ = ()

    if TYPE_CHECKING:  # what eager and symbolic tensors both define
        @property
        def dtype(self) -> dtypes.DType: ...

        @property
        def shape(self) -> TensorShape: ...

        @property
        def name(self) -> str: ...

        def numpy(self) -> Any: ...

        # The Python operators, installed by the ops layer (`runtime.ops.operators`).
        def __add__(self, other: Any) -> Any: ...

        def __radd__(self, other: Any) -> Any: ...

        def __sub__(self, other: Any) -> Any: ...

        def __rsub__(self, other: Any) -> Any: ...

        def __mul__(self, other: Any) -> Any: ...

        def __rmul__(self, other: Any) -> Any: ...

        def __truediv__(self, other: Any) -> Any: ...

        def __rtruediv__(self, other: Any) -> Any: ...

        def __floordiv__(self, other: Any) -> Any: ...

        def __rfloordiv__(self, other: Any) -> Any: ...

        def __mod__(self, other: Any) -> Any: ...

        def __rmod__(self, other: Any) -> Any: ...

        def __pow__(self, other: Any) -> Any: ...

        def __rpow__(self, other: Any) -> Any: ...

        def __matmul__(self, other: Any) -> Any: ...

        def __rmatmul__(self, other: Any) -> Any: ...

        def __and__(self, other: Any) -> Any: ...

        def __rand__(self, other: Any) -> Any: ...

        def __or__(self, other: Any) -> Any: ...

        def __ror__(self, other: Any) -> Any: ...

        def __xor__(self, other: Any) -> Any: ...

        def __rxor__(self, other: Any) -> Any: ...

        def __lt__(self, other: Any) -> Any: ...

        def __le__(self, other: Any) -> Any: ...

        def __gt__(self, other: Any) -> Any: ...

        def __ge__(self, other: Any) -> Any: ...

        def __neg__(self) -> Any: ...

        def __abs__(self) -> Any: ...

        def __invert__(self) -> Any: ...

        def __getitem__(self, key: Any) -> Any: ...

        # Conversions to Python values (a symbolic tensor raises, saying why).
        def __len__(self) -> int: ...

        def __index__(self) -> int: ...

        def __int__(self) -> int: ...

        def __float__(self) -> float: ...

    @property
    def ndim(self) -> int | None:
        return self.shape.rank

    def get_shape(self) -> TensorShape:
        return self.shape

    def __hash__(self):
        raise TypeError("Tensor is unhashable (== compares elementwise). Use tensor.ref() as a "
                        "dict key or set element instead.")

    def ref(self) -> TensorRef:
        """A hashable reference to this tensor, for use in sets and as dict keys."""
        return TensorRef(self)

    __array_priority__ = 100  # numpy defers to our operators: np.float32(1) + t -> Tensor


class TensorRef:
    """A hashable handle on a tensor or variable (compared by identity); `.deref()` gives it
    back."""

    __slots__ = ("_tensor",)

    def __init__(self, tensor: Any):
        self._tensor = tensor

    def deref(self) -> Any:
        return self._tensor

    def __hash__(self) -> int:
        return id(self._tensor)

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, TensorRef) and other._tensor is self._tensor


class EagerTensor(Tensor):
    """A tensor with a concrete value on a device."""

    __slots__ = ("_value", "_dtype", "_device", "__weakref__")

    def __init__(self, value: Any, dtype: dtypes.DType, device: Device = CPU):
        self._value = value
        self._dtype = dtype
        self._device = device

    @property
    def dtype(self) -> dtypes.DType:
        return self._dtype

    @property
    def shape(self) -> TensorShape:
        return TensorShape(self._value.shape)

    @property
    def device(self) -> str:
        return self._device.name

    @property
    def ndim(self) -> int:
        return len(self._value.shape)

    @property
    def name(self) -> str:
        raise AttributeError("Tensor.name is undefined when eager execution is enabled; only "
                             "tensors in a graph have names.")

    def numpy(self) -> Any:
        """A NumPy copy of the value (a NumPy scalar for a 0-d tensor), as in TensorFlow."""
        host = self._device.to_host(self._value)
        if host.ndim == 0:
            return host[()]
        return host.copy() if host is self._value else host

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        host = np.asarray(self._device.to_host(self._value))
        return host.astype(dtype, copy=False) if dtype is not None else host

    def __len__(self) -> int:
        shape = self._value.shape
        if not shape:
            raise TypeError("Scalar tensor has no len(); only tensors of rank >= 1 do.")
        return shape[0]

    def __bool__(self) -> bool:
        if self._value.shape not in ((), (1,)) and self._value.size != 1:
            raise ValueError(f"The truth value of a tensor of shape {self.shape} is ambiguous; "
                             f"reduce it first with ag.reduce_any or ag.reduce_all.")
        return bool(self._device.to_host(self._value).reshape(()))

    def __iter__(self):
        shape = self._value.shape
        if not shape:
            raise TypeError("Cannot iterate over a scalar tensor.")
        return (self[i] for i in range(shape[0]))

    def _scalar(self, kind: str) -> Any:
        if self._value.size != 1:
            raise TypeError(f"Only tensors with one element can be converted to Python {kind}s; "
                            f"this one has shape {self.shape}.")
        return self._device.to_host(self._value).reshape(())[()]

    def __index__(self) -> int:
        if not self._dtype.is_integer or self._value.shape != ():
            raise TypeError(f"Only scalar integer tensors can be used as an index; this one is "
                            f"{self._dtype.name} with shape {self.shape}.")
        return int(self._scalar("int"))

    def __int__(self) -> int:
        return int(self._scalar("int"))

    def __float__(self) -> float:
        return float(self._scalar("float"))

    def __complex__(self) -> complex:
        return complex(self._scalar("complex"))

    def __format__(self, spec: str) -> str:
        if not self._value.shape:
            return format(self._scalar("scalar"), spec)
        return format(self.numpy(), spec)  # as TensorFlow: NumPy's text, `[1 2]`

    def __repr__(self) -> str:
        return (f"<ag.Tensor: shape={self.shape}, dtype={self._dtype.name}, "
                f"numpy={_numpy_text(self.numpy(), is_repr=True)}>")

    def __str__(self) -> str:
        return (f"ag.Tensor({_numpy_text(self.numpy(), is_repr=False)}, shape={self.shape}, "
                f"dtype={self._dtype.name})")

    def __reduce__(self):
        return _unpickled, (self.numpy(), self._dtype)

    def __copy__(self) -> EagerTensor:
        return self  # tensors are immutable

    def __deepcopy__(self, memo: dict) -> EagerTensor:
        return self


def _numpy_text(value: Any, is_repr: bool) -> str:
    if np.ndim(value) == 0:
        if isinstance(value, np.ndarray):
            value = value[()]
        # As TensorFlow 2.21: str shows the NumPy scalar (float32 2.2 as 2.2), repr the Python
        # number it converts to (2.200000047683716).
        if not is_repr and isinstance(value, np.generic) and value.dtype.kind in "biufc":
            return str(value)
        item = value.item() if isinstance(value, np.generic) else value
        return repr(item) if is_repr else str(item)
    text = repr(value) if is_repr else str(value)
    return "\n" + text if "\n" in text else text  # as TensorFlow, str and repr alike


def make_eager(value: Any, dtype: dtypes.DType, device: Device) -> EagerTensor:
    """Wraps an array without checks (the dispatcher's fast constructor)."""
    t = _new(EagerTensor)
    t._value = value
    t._dtype = dtype
    t._device = device
    return t


_new = object.__new__


def _unpickled(value: Any, dtype: dtypes.DType) -> EagerTensor:
    """An eager tensor of `value` (an array), placed as a new value of `dtype` is."""
    device = placement_device(dtype)
    return make_eager(device.import_array(np.asarray(value, dtype.np_dtype)), dtype, device)
