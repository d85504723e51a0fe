"""Placeholders for variables that have no value yet, and `ld`, the checked read of one.

Converted code binds a variable that a statement defines but that did not exist before it to
`Undefined('name')`, so that the variable can travel through the statement's state like any
other. Plain Python has no such value: reading the variable raises UnboundLocalError, which is
what `ld` does:

    x = ag__.Undefined('x')        # x not bound yet
    ...
    y = ag__.ld(x)                 # plain Python: y = x

`UndefinedReturnValue()` is the value of a function's return variable before any `return`
ran; `retval` turns it into the None that Python returns then.

>>> x = Undefined("x")
>>> is_undefined(x), is_undefined(0)
(True, False)
>>> ld(x)
Traceback (most recent call last):
...
UnboundLocalError: 'x' is used before assignment
>>> x + 1
Traceback (most recent call last):
...
UnboundLocalError: 'x' is used before assignment
"""

from __future__ import annotations

from typing import Any

from autograph.operators.handlers import PROGRAM_RAISE
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.graph.graph import SymbolicTensor, building_graph
from autograph.runtime.ops.control_flow.ops import is_checked, raise_if
from autograph.runtime.ops.math import ops as math_ops


class Undefined:
    """The value of variable `symbol_name` before anything is assigned to it."""

    __slots__ = ("symbol_name",)

    def __init__(self, symbol_name: str):
        self.symbol_name = symbol_name

    def read(self) -> Any:
        """Raises the error plain Python raises for reading an unbound variable (an error of
        the program: in a tensor branch, raised when the graph runs, if that branch runs)."""
        error = UnboundLocalError(f"'{self.symbol_name}' is used before assignment")
        setattr(error, PROGRAM_RAISE, True)
        raise error

    def __repr__(self) -> str:
        return f"Undefined({self.symbol_name!r})"

    def _used(self, *args: Any) -> Any:
        """Any use as a value (arithmetic, comparison, truth, indexing, a call) is a read."""
        self.read()


# A closure or a container may hold an `Undefined` where no `ld` checks it: using it as a
# number, a bool, a sequence or a function raises as reading the variable does.
for _method in ("add", "radd", "sub", "rsub", "mul", "rmul", "truediv", "rtruediv", "floordiv",
                "rfloordiv", "mod", "rmod", "pow", "rpow", "matmul", "rmatmul", "and", "rand",
                "or", "ror", "xor", "rxor", "lshift", "rlshift", "rshift", "rrshift", "neg",
                "pos", "abs", "invert", "lt", "le", "gt", "ge", "bool", "index", "int",
                "float", "complex", "len", "iter", "getitem", "setitem", "contains", "call",
                "tf_tensor", "array"):  # `tensor + x`, `np.asarray(x)`: conversions read it
    setattr(Undefined, f"__{_method}__", Undefined._used)
Undefined.dtype = property(Undefined._used)  # type: ignore[attr-defined]  # what ops read first


class UndefinedReturnValue:
    """The return value of a function before any `return` statement ran.

    `may_return_none`: the function may end without a `return` (returning None). Otherwise
    every path sets the value before the function ends, so a graph `if` may stand zeros in
    for it where the other branch returns a tensor: they are never returned.
    """

    __slots__ = ("may_return_none",)

    def __init__(self, may_return_none: bool = False):
        self.may_return_none = may_return_none

    def __repr__(self) -> str:
        if self.may_return_none:
            return "UndefinedReturnValue(may_return_none=True)"
        return "UndefinedReturnValue()"


def ld(value: Any) -> Any:
    """`value`, or UnboundLocalError naming the variable when it is `Undefined`. In a graph,
    a variable that may have no value (the result of a `CheckDefined`) is checked here when
    the graph runs, whether or not anything uses what is read, as Python checks every read.

    >>> ld(3)
    3
    """
    if isinstance(value, Undefined):
        value.read()
    if isinstance(value, SymbolicTensor) and is_checked(value) and (
            building_graph() is not None):
        _, defined = value.op.inputs
        raise_if(math_ops.logical_not(defined),
                 InvalidArgumentError(value.op.attrs["message"]))
    return value


def is_undefined(value: Any) -> bool:
    """Whether `value` stands for a variable that is not defined."""
    return isinstance(value, Undefined)


def is_undefined_return(value: Any) -> bool:
    """Whether `value` stands for a return value not set by any `return` yet."""
    return isinstance(value, UndefinedReturnValue)


def retval(value: Any) -> Any:
    """The value a function returns: `value`, or None when no `return` set it.

    >>> retval(UndefinedReturnValue(may_return_none=True)) is None, retval(2)
    (True, 2)
    """
    return None if isinstance(value, UndefinedReturnValue) else value
