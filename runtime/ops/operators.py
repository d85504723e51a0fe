"""Python operators on tensors, installed on `Tensor` from one table when this module loads.

`t + u` is `add(t, u)`, `2 - t` is `subtract(2, t)`, `t @ u` is `matmul(t, u)`, and so on, as in
TensorFlow 2. `&`, `|`, `^` and `~` are logical on bools and bitwise on integers. `==` and `!=`
compare elementwise when the other operand converts to the tensor's dtype (shapes that cannot
broadcast give a scalar False / True); otherwise, and for `t == None`, they fall back to
Python's identity comparison. `Tensor.__hash__` stays an error, as in TensorFlow: use
`t.ref()` for sets and dict keys. Indexing delegates to `array_ops.tensor_getitem`.

Forward operators are the front-end functions themselves (`Tensor.__add__ is math_ops.add`):
one Python call less on the hottest path.

>>> import autograph as ag
>>> t = ag.convert_to_tensor([1, 2])
>>> (10 - t * 2).numpy(), (t == 2).numpy()
(array([8, 6], dtype=int32), array([False,  True]))
"""

from __future__ import annotations

from typing import Any, Callable

from runtime.ops import math_ops
from runtime.tensor import Tensor
from runtime.tensor_conversion import convert_to_tensor


def _reflected(fn: Callable) -> Callable:
    """The `__r<op>__` form of a binary operator: `other <op> self`."""
    def reflected(self: Tensor, other: Any) -> Any:
        return fn(other, self)
    reflected.__name__ = reflected.__qualname__ = f"r{fn.__name__}"
    return reflected


def _bool_or_bits(logical: Callable, bitwise: Callable, name: str) -> Callable:
    """An operator that is `logical` on bool tensors and `bitwise` on the others."""
    def operator(self: Tensor, other: Any) -> Any:
        return (logical if self.dtype.is_bool else bitwise)(self, other)
    operator.__name__ = operator.__qualname__ = name
    return operator


def _bool_or_bits_reflected(logical: Callable, bitwise: Callable, name: str) -> Callable:
    def operator(self: Tensor, other: Any) -> Any:
        return (logical if self.dtype.is_bool else bitwise)(other, self)
    operator.__name__ = operator.__qualname__ = name
    return operator


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
        converted = _comparable(self, other)
        if converted is None:
            return NotImplemented  # Python then compares identities: == False, != True
        handle = math_ops._equal if op_name == "Equal" else math_ops._not_equal
        return handle.run((self, converted), {"incompatible_shape_error": False})
    operator.__name__ = operator.__qualname__ = "__eq__" if op_name == "Equal" else "__ne__"
    return operator


def _getitem(self: Tensor, key: Any) -> Any:
    from runtime.ops import array_ops  # looked up at call time: array_ops may load later
    return array_ops.tensor_getitem(self, key)


_BINARY = {  # name -> function(x, y); the reflected `__r<name>__` swaps the operands
    "add": math_ops.add, "sub": math_ops.subtract, "mul": math_ops.multiply,
    "truediv": math_ops.truediv, "floordiv": math_ops.floordiv, "mod": math_ops.floormod,
    "pow": math_ops.pow, "matmul": math_ops.matmul,
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
for _name, _fn in _BINARY.items():
    OPERATORS[f"__{_name}__"] = _fn
    OPERATORS[f"__r{_name}__"] = _reflected(_fn)
for _name, (_logical, _bitwise) in _BOOL_OR_BITS.items():
    OPERATORS[f"__{_name}__"] = _bool_or_bits(_logical, _bitwise, f"__{_name}__")
    OPERATORS[f"__r{_name}__"] = _bool_or_bits_reflected(_logical, _bitwise, f"__r{_name}__")

for _name, _fn in OPERATORS.items():
    setattr(Tensor, _name, _fn)
