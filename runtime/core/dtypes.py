"""Data types of tensors: `DType` objects, `as_dtype`, and the named type sets of op specs.

Each dtype is a process-wide singleton, so dtypes compare by identity in hot paths. String tensors
hold NumPy object arrays of `bytes`, as TensorFlow's `.numpy()` returns them.

>>> as_dtype("float32") is float32
True
>>> as_dtype(np.int64).name
'int64'
>>> float16.is_floating, int8.is_integer, bool_.is_numeric
(True, True, False)
>>> complex64.is_complex, complex128.real_dtype
(True, ag.float64)
"""

from __future__ import annotations

from typing import Any

import numpy as np


class DType:
    """One element type: its name, its NumPy type and its TensorFlow enum value."""

    __slots__ = ("name", "enum", "as_numpy_dtype", "np_dtype", "kind", "__weakref__")

    def __init__(self, name: str, enum: int, numpy_type: Any, kind: str):
        self.name = name
        self.enum = enum
        self.as_numpy_dtype = numpy_type
        self.np_dtype = np.dtype(numpy_type)
        # 'f' float, 'c' complex, 'i' signed int, 'u' unsigned int, 'b' bool, 'S' string
        self.kind = kind

    @property
    def is_floating(self) -> bool:
        return self.kind == "f"

    @property
    def is_integer(self) -> bool:
        return self.kind in "iu"

    @property
    def is_complex(self) -> bool:
        return self.kind == "c"

    @property
    def real_dtype(self) -> DType:
        """The dtype of the real and imaginary parts of a complex dtype; itself otherwise."""
        return _REAL_PARTS.get(self, self)

    @property
    def is_unsigned(self) -> bool:
        return self.kind == "u"

    @property
    def is_bool(self) -> bool:
        return self.kind == "b"

    @property
    def is_numeric(self) -> bool:
        return self.kind in "fciu"

    @property
    def is_string(self) -> bool:
        return self.kind == "S"

    @property
    def is_host_only(self) -> bool:
        """Strings, resources and variants always live in host memory."""
        return self.kind in "SRV"

    @property
    def size(self) -> int:
        """Bytes per element (for strings, the size of an object reference)."""
        return self.np_dtype.itemsize

    @property
    def min(self):
        """The smallest representable value."""
        return _limits(self)[0]

    @property
    def max(self):
        """The largest representable value."""
        return _limits(self)[1]

    @property
    def base_dtype(self) -> DType:
        return self

    def is_compatible_with(self, other: Any) -> bool:
        return self is as_dtype(other)

    def __repr__(self) -> str:
        return f"ag.{self.name}"

    def __str__(self) -> str:
        return f"<dtype: '{self.name}'>"

    def __eq__(self, other: Any) -> bool:
        if self is other:
            return True
        if other is None:
            return False
        try:
            return self is as_dtype(other)
        except TypeError:
            return False

    def __ne__(self, other: Any) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(self.name)

    def __reduce__(self):
        return as_dtype, (self.name,)


def _limits(dtype: DType):
    if dtype.kind == "f":
        info = np.finfo(dtype.np_dtype)
        return float(info.min), float(info.max)
    if dtype.kind in "iu":
        info = np.iinfo(dtype.np_dtype)
        return int(info.min), int(info.max)
    if dtype.kind == "b":
        return False, True
    raise TypeError(f"dtype {dtype.name} has no min or max: its values are not ordered.")


# Enum values follow TensorFlow's types.proto so that `DT_INT32` style defaults read the same.
float16 = DType("float16", 19, np.float16, "f")
float32 = DType("float32", 1, np.float32, "f")
float64 = DType("float64", 2, np.float64, "f")
int8 = DType("int8", 6, np.int8, "i")
int16 = DType("int16", 5, np.int16, "i")
int32 = DType("int32", 3, np.int32, "i")
int64 = DType("int64", 9, np.int64, "i")
complex64 = DType("complex64", 8, np.complex64, "c")
complex128 = DType("complex128", 18, np.complex128, "c")
uint8 = DType("uint8", 4, np.uint8, "u")
uint16 = DType("uint16", 17, np.uint16, "u")
uint32 = DType("uint32", 22, np.uint32, "u")
uint64 = DType("uint64", 23, np.uint64, "u")
bool_ = DType("bool", 10, np.bool_, "b")
string = DType("string", 7, np.object_, "S")
# Opaque host values: a handle to a resource such as a variable, and a value of any Python
# type such as a tensor list. Both live in host memory, in 0-d object arrays.
resource = DType("resource", 20, np.object_, "R")
variant = DType("variant", 21, np.object_, "V")

half, double = float16, float64
_REAL_PARTS = {complex64: float32, complex128: float64}

ALL_DTYPES: tuple[DType, ...] = (
    float16, float32, float64, int8, int16, int32, int64,
    uint8, uint16, uint32, uint64, bool_, string, complex64, complex128,
)

_BY_NAME = {d.name: d for d in ALL_DTYPES + (resource, variant)}
_BY_NAME.update({"half": float16, "float": float32, "double": float64, "str": string})
_BY_ENUM_NAME = {
    "DT_HALF": float16, "DT_FLOAT": float32, "DT_DOUBLE": float64, "DT_INT8": int8,
    "DT_INT16": int16, "DT_INT32": int32, "DT_INT64": int64, "DT_UINT8": uint8,
    "DT_UINT16": uint16, "DT_UINT32": uint32, "DT_UINT64": uint64, "DT_BOOL": bool_,
    "DT_STRING": string, "DT_COMPLEX64": complex64, "DT_COMPLEX128": complex128,
    "DT_RESOURCE": resource, "DT_VARIANT": variant,
}
_BY_NP = {d.np_dtype: d for d in ALL_DTYPES}
_BY_PYTHON_TYPE = {float: float64, int: int64, bool: bool_, str: string, bytes: string,
                   complex: complex128}

# Named type sets usable in attr specs (`"T: numbertype"`), as in TensorFlow's op_def grammar,
# with one difference: `numbertype` leaves complex out (TensorFlow's includes it), so that ops
# written for real numbers need not reject complex one by one; an op that takes complex values
# says so with `complextype` (`"T: {numbertype, complextype}"`).
REAL_NUMBER_TYPES = (float16, float32, float64, int8, int16, int32, int64,
                     uint8, uint16, uint32, uint64)
COMPLEX_TYPES = (complex64, complex128)
NUMBER_TYPES = REAL_NUMBER_TYPES + COMPLEX_TYPES
NAMED_TYPE_SETS: dict[str, tuple[DType, ...]] = {
    "numbertype": REAL_NUMBER_TYPES,
    "complextype": COMPLEX_TYPES,
    "realnumbertype": REAL_NUMBER_TYPES,
    "floattype": (float16, float32, float64),
    "integertype": (int8, int16, int32, int64, uint8, uint16, uint32, uint64),
    "signedtype": (float16, float32, float64, int8, int16, int32, int64),
    "quantizedtype": (),
}


def as_dtype(value: Any) -> DType:
    """Converts a name, enum name, NumPy dtype/type or Python type to a `DType`.

    Args:
        value: `ag.float32`, `"float32"`, `"DT_FLOAT"`, `np.float32`, `np.dtype("f4")`, `float`, ...

    Returns:
        The `DType` singleton.

    Raises:
        TypeError: when `value` names no supported dtype.

    >>> as_dtype("DT_INT32")
    ag.int32
    """
    if isinstance(value, DType):
        return value
    if isinstance(value, str):
        found = _BY_NAME.get(value) or _BY_ENUM_NAME.get(value)
        if found is not None:
            return found
    elif isinstance(value, type) and value in _BY_PYTHON_TYPE:
        return _BY_PYTHON_TYPE[value]
    else:
        try:
            np_dtype = np.dtype(value)
        except TypeError:
            np_dtype = None
        if np_dtype is not None:
            found = _BY_NP.get(np_dtype)
            if found is None and np_dtype.kind in "SU":
                found = string
            if found is not None:
                return found
    names = ", ".join(sorted(d.name for d in ALL_DTYPES))
    raise TypeError(f"Cannot convert {value!r} to a dtype. Supported dtypes: {names}.")


__all__ = ["DType", "as_dtype", "ALL_DTYPES", "NAMED_TYPE_SETS", "NUMBER_TYPES"] + [
    d.name for d in ALL_DTYPES if d.name != "bool"]
