"""Op declarations: `OpDef`, `ArgDef`, `AttrDef`, and checking attr values against them.

An `OpDef` says what an op is (name, typed inputs and outputs, attrs, flags); it never says how
it is computed: that is a kernel's job (see `kernel_registry`). The fields follow TensorFlow's
`op_def.proto`.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any, Callable

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import as_raw_shape


class _NoDefault:
    def __repr__(self) -> str:
        return "NO_DEFAULT"


NO_DEFAULT = _NoDefault()

SCALAR_ATTR_TYPES = ("string", "int", "float", "bool", "type", "shape", "tensor", "func")


@dataclasses.dataclass(frozen=True)
class ArgDef:
    """One input or output: a single tensor, `N * T` tensors, or a `list(type)` of tensors."""

    name: str
    type: dtypes.DType | None = None  # a fixed dtype, e.g. `x: int32`
    type_attr: str = ""  # `x: T`
    number_attr: str = ""  # `xs: N * T`
    type_list_attr: str = ""  # `xs: Tlist` where Tlist is a list(type) attr
    is_ref: bool = False
    description: str = ""

    @property
    def is_list(self) -> bool:
        return bool(self.number_attr or self.type_list_attr)

    def type_string(self) -> str:
        base = self.type.name if self.type is not None else (self.type_attr or self.type_list_attr)
        if self.number_attr:
            base = f"{self.number_attr} * {base}"
        return f"Ref({base})" if self.is_ref else base


@dataclasses.dataclass(frozen=True)
class AttrDef:
    """One attr: its type, default, allowed values and minimum."""

    name: str
    type: str
    default_value: Any = NO_DEFAULT
    allowed_values: tuple | None = None
    has_minimum: bool = False
    minimum: int = 0
    description: str = ""

    @property
    def has_default(self) -> bool:
        return self.default_value is not NO_DEFAULT


@dataclasses.dataclass(frozen=True)
class OpDef:
    """The declaration of one op, as registered."""

    name: str
    input_arg: tuple[ArgDef, ...] = ()
    output_arg: tuple[ArgDef, ...] = ()
    attr: tuple[AttrDef, ...] = ()
    summary: str = ""
    description: str = ""
    is_commutative: bool = False
    is_aggregate: bool = False
    is_stateful: bool = False
    allows_uninitialized_input: bool = False
    deprecation: tuple[int, str] | None = None

    def attr_def(self, name: str) -> AttrDef | None:
        for a in self.attr:
            if a.name == name:
                return a
        return None

    @property
    def is_internal(self) -> bool:
        return self.name.startswith("_")

    @functools.cached_property
    def single_inputs(self) -> bool:
        """Whether each input arg is one tensor (no `N * T` or type-list arg)."""
        return not any(arg.is_list for arg in self.input_arg)

    @functools.cached_property
    def single_outputs(self) -> bool:
        """Whether each output arg is one tensor."""
        return not any(arg.is_list for arg in self.output_arg)


@dataclasses.dataclass(frozen=True)
class OpRegistration:
    """What the registry stores per op: the declaration and its shape function."""

    op_def: OpDef
    shape_fn: Callable | None = None


def inferred_attr_names(op_def: OpDef) -> set[str]:
    """Attrs whose values come from the inputs (type attrs like `T`, lengths like `N`)."""
    names: set[str] = set()
    for arg in op_def.input_arg:
        names.update(n for n in (arg.type_attr, arg.number_attr, arg.type_list_attr) if n)
    return names


def kernel_attr_names(op_def: OpDef) -> tuple[str, ...]:
    """The attrs a kernel is called with: those not inferred from the inputs, in the OpDef's
    order (kept per OpDef: plans ask for every op they write)."""
    found = _kernel_attr_names.get(id(op_def))
    if found is None or found[0] is not op_def:
        if len(_kernel_attr_names) >= _KERNEL_ATTR_NAMES_LIMIT:
            _kernel_attr_names.clear()
        inferred = inferred_attr_names(op_def)
        found = _kernel_attr_names[id(op_def)] = (
            op_def, tuple(a.name for a in op_def.attr if a.name not in inferred))
    return found[1]


_KERNEL_ATTR_NAMES_LIMIT = 4096
_kernel_attr_names: dict[int, tuple[OpDef, tuple[str, ...]]] = {}  # the OpDef held: ids stay


def check_attr_value(attr: AttrDef, value: Any, op_name: str = "") -> Any:
    """Returns `value` in canonical form for `attr`, or raises ValueError/TypeError saying why.

    Canonical forms: int, float, bool, str, `DType`, raw shape tuple (or None), tuples for lists.
    """
    where = f"attr '{attr.name}'" + (f" of op {op_name}" if op_name else "")
    if attr.type.startswith("list("):
        inner = attr.type[5:-1]
        if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
            raise TypeError(f"{where} expects a list of {inner}, got {value!r}")
        items = tuple(_check_scalar(inner, v, where) for v in value)
        if attr.has_minimum and len(items) < attr.minimum:
            raise ValueError(f"{where} needs a list of at least {attr.minimum} items, "
                             f"got {len(items)}")
        if attr.allowed_values is not None:
            for v in items:
                _check_allowed(attr, v, where)
        return items
    canonical = _check_scalar(attr.type, value, where)
    if attr.type == "int" and attr.has_minimum and canonical < attr.minimum:
        raise ValueError(f"{where} must be >= {attr.minimum}, got {canonical}")
    if attr.allowed_values is not None:
        _check_allowed(attr, canonical, where)
    return canonical


def _check_allowed(attr: AttrDef, value: Any, where: str) -> None:
    if attr.allowed_values is None:
        return
    if value not in attr.allowed_values:
        allowed = ", ".join(_show(v) for v in attr.allowed_values)
        raise ValueError(f"{where} is {_show(value)}, which is not in the allowed values "
                         f"{{{allowed}}}")


def _show(value: Any) -> str:
    return value.name if isinstance(value, dtypes.DType) else repr(value)


def _check_scalar(type_name: str, value: Any, where: str) -> Any:
    if type_name == "int":
        if isinstance(value, bool) or not hasattr(value, "__index__"):
            raise TypeError(f"{where} expects an int, got {value!r}")
        return int(value.__index__())
    if type_name == "float":
        if isinstance(value, bool) or not isinstance(value, (int, float)) and not hasattr(
                value, "__float__"):
            raise TypeError(f"{where} expects a float, got {value!r}")
        return float(value)
    if type_name == "bool":
        if not isinstance(value, (bool,)) and type(value).__name__ != "bool_":
            raise TypeError(f"{where} expects a bool, got {value!r}")
        return bool(value)
    if type_name == "string":
        if isinstance(value, bytes):
            return value.decode()
        if not isinstance(value, str):
            raise TypeError(f"{where} expects a string, got {value!r}")
        return value
    if type_name == "type":
        try:
            return dtypes.as_dtype(value)
        except TypeError as e:
            raise TypeError(f"{where}: {e}") from None
    if type_name == "shape":
        try:
            return as_raw_shape(value)
        except (TypeError, ValueError) as e:
            raise TypeError(f"{where}: {e}") from None
    return value  # tensor, func: checked by the op's users
