"""Python operators on tensors, installed on `Tensor` from one table when this module loads.

`t + u` is `add(t, u)`, `2 - t` is `subtract(2, t)`, `t @ u` is `matmul(t, u)`, and so on, as in
TensorFlow 2. `&`, `|`, `^` and `~` are logical on bools and bitwise on integers. `==` and `!=`
compare elementwise when the other operand converts to the tensor's dtype (shapes that cannot
broadcast give a scalar False / True); otherwise, and for `t == None`, they fall back to
Python's identity comparison. `Tensor.__hash__` stays an error, as in TensorFlow: use
`t.ref()` for sets and dict keys. Indexing delegates to `array_ops.tensor_getitem`.

In a graph, binary operators name their op as TensorFlow's operator wrappers do: `t + u` is
an op named `add` (then `add_1`, ...), `-` `sub`, `*` `mul`, `/` `truediv`, `//` `floordiv`,
`%` `mod`, `**` `pow`, `@` `matmul`, `&` `and`, `|` `or`, `^` `xor`; the others keep their op
type (`Neg`, `Less`, `Equal`), and `t[key]` is `strided_slice`. An operator whose function runs
a single op calls that op's handle directly with the name, so it costs no more eagerly than
calling the function would.

>>> import autograph as ag
>>> t = ag.convert_to_tensor([1, 2])
>>> (10 - t * 2).numpy(), (t == 2).numpy()
(array([8, 6], dtype=int32), array([False,  True]))
"""

from __future__ import annotations

from typing import Any, Callable

from autograph.runtime.core.traceback_utils import filter_traceback
from autograph.runtime.eager.dispatch import OpHandle
from autograph.runtime.graph.graph import building_graph
from autograph.runtime.graph.tensor import Tensor, identity_equality
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array import ops as array_ops
from autograph.runtime.ops.math import ops as math_ops
from autograph.runtime.ops.op_args import hinted, tensor_like


def _binary(name: str, handle: OpHandle | None, fn: Callable) -> tuple[Callable, Callable]:
    """`__<name>__` and `__r<name>__`: `self <op> other` and `other <op> self`, ops named `name`.

    With a `handle` (the op `fn` runs, and nothing else) the operators call it directly. `+`
    converts `other` as `add` does (with `self`'s dtype where it can take it); the reflected
    operators convert it with `self`'s dtype or fail with a TypeError.
    """
    if handle is not None:
        if name == "add":
            def operator(self: Tensor, other: Any) -> Any:
                if not tensor_like(other):
                    other = hinted(other, self.dtype)
                return handle.run((self, other), None, name)
        else:
            def operator(self: Tensor, other: Any) -> Any:
                return handle.run((self, other), None, name)

        def reflected(self: Tensor, other: Any) -> Any:
            return handle.run((other, self), None, name)
    else:
        def operator(self: Tensor, other: Any) -> Any:
            return fn(self, other, name=name)

        def reflected(self: Tensor, other: Any) -> Any:
            if building_graph() is None and not tensor_like(other):
                other = convert_to_tensor(other, dtype=self.dtype)  # as the op handles do
            return fn(other, self, name=name)
    operator.__name__ = operator.__qualname__ = f"__{name}__"
    reflected.__name__ = reflected.__qualname__ = f"__r{name}__"
    return operator, reflected


def _bool_or_bits(name: str, logical: Callable, bitwise: Callable) -> tuple[Callable, Callable]:
    """`__<name>__` and `__r<name>__`: `logical` on bool tensors, `bitwise` on the others."""
    def operator(self: Tensor, other: Any) -> Any:
        return (logical if self.dtype.is_bool else bitwise)(self, other, name)

    def reflected(self: Tensor, other: Any) -> Any:
        return (logical if self.dtype.is_bool else bitwise)(other, self, name)
    operator.__name__ = operator.__qualname__ = f"__{name}__"
    reflected.__name__ = reflected.__qualname__ = f"__r{name}__"
    return operator, reflected


def _invert(self: Tensor) -> Any:
    return math_ops.logical_not(self) if self.dtype.is_bool else math_ops.invert(self)


def _comparable(self: Tensor, other: Any) -> Tensor | None:
    """`other` as a tensor of `self`'s dtype, or None when it is not one and cannot become one."""
    if other is None:
        return None
    if isinstance(other, Tensor):
        return other if other.dtype is self.dtype else None
    try:
        return convert_to_tensor(other, dtype=self.dtype)
    except (TypeError, ValueError):
        return None


def _equality(op_name: str) -> Callable:
    def operator(self: Tensor, other: Any) -> Any:
        if identity_equality[0]:
            return NotImplemented  # TensorFlow 1's identity comparison
        converted = _comparable(self, other)
        if converted is None:
            return NotImplemented  # Python then compares identities: == False, != True
        handle = math_ops._equal if op_name == "Equal" else math_ops._not_equal
        return handle.run((self, converted), {"incompatible_shape_error": False})
    operator.__name__ = operator.__qualname__ = "__eq__" if op_name == "Equal" else "__ne__"
    return operator


def _getitem(self: Tensor, key: Any) -> Any:
    return array_ops.tensor_getitem(self, key)


# name -> (the handle of the one op the function runs, or None; the function)
_BINARY: dict[str, tuple[Any, Callable]] = {
    "add": (math_ops._add, math_ops.add), "sub": (math_ops._sub, math_ops.subtract),
    "mul": (math_ops._mul, math_ops.multiply), "truediv": (None, math_ops.truediv),
    "floordiv": (math_ops._floor_div, math_ops.floordiv),
    "mod": (math_ops._floor_mod, math_ops.floormod), "pow": (math_ops._pow, math_ops.pow),
    "matmul": (None, math_ops.matmul),
}
_BOOL_OR_BITS = {  # name -> (on bool tensors, on integer tensors)
    "and": (math_ops.logical_and, math_ops.bitwise_and),
    "or": (math_ops.logical_or, math_ops.bitwise_or),
    "xor": (math_ops.logical_xor, math_ops.bitwise_xor),
}
OPERATORS: dict[str, Callable] = {
    "__lt__": math_ops.less, "__le__": math_ops.less_equal,
    "__gt__": math_ops.greater, "__ge__": math_ops.greater_equal,
    "__eq__": _equality("Equal"), "__ne__": _equality("NotEqual"),
    "__neg__": math_ops.negative, "__abs__": math_ops.abs, "__invert__": _invert,
    "__getitem__": _getitem,
}
for _name, (_handle, _fn) in _BINARY.items():
    OPERATORS[f"__{_name}__"], OPERATORS[f"__r{_name}__"] = _binary(_name, _handle, _fn)
for _name, (_logical, _bitwise) in _BOOL_OR_BITS.items():
    OPERATORS[f"__{_name}__"], OPERATORS[f"__r{_name}__"] = _bool_or_bits(_name, _logical,
                                                                          _bitwise)


def install_operators(cls: type, exclude: tuple[str, ...] = (),
                      convert: Callable | None = None) -> None:
    """Gives `cls` the same Python operators as `Tensor`, except the names in `exclude`.

    For a class whose instances stand for a tensor (such as `Variable`), `convert(obj)` turns
    the operand into that tensor first, so `v * 2` reads `v` once and multiplies. Errors leave
    the operators with the user's frames only (`runtime.core.traceback_utils`).
    """
    for name, fn in OPERATORS.items():
        if name not in exclude:
            setattr(cls, name, filter_traceback(fn if convert is None
                                                else _converting(fn, convert)))


def _converting(fn: Callable, convert: Callable) -> Callable:
    def operator(self: Any, *args: Any) -> Any:
        return fn(convert(self), *args)
    operator.__name__ = operator.__qualname__ = getattr(fn, "__name__", "operator")
    return operator


install_operators(Tensor)
