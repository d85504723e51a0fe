"""Python operators on ragged tensors, installed on `RaggedTensor` from one table when this
module loads (as `runtime.ops.operators` does for `Tensor`): `rt + 1`, `rt * rt`, `-rt`,
`rt > 0`, `rt == rt` run their op on the flat values (`elementwise`), `rt[...]` indexes
(`indexing`), iterating gives the rows, eagerly, and `to_sparse` / `from_sparse` convert
(`sparse_conversion`).
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

from autograph.runtime.graph.tensor import EagerTensor
from autograph.runtime.ops.math import ops as math_ops
from autograph.runtime.ops.ragged.indexing import ragged_getitem
from autograph.runtime.ops.ragged.ragged_tensor import RaggedTensor
from autograph.runtime.ops.ragged.sparse_conversion import from_sparse, to_sparse

__all__ = ["install"]

_BINARY: dict[str, Callable] = {
    "add": math_ops.add, "sub": math_ops.subtract, "mul": math_ops.multiply,
    "truediv": math_ops.truediv, "floordiv": math_ops.floordiv, "mod": math_ops.floormod,
    "pow": math_ops.pow, "and": math_ops.logical_and, "or": math_ops.logical_or,
    "xor": math_ops.logical_xor,
}
_COMPARISONS: dict[str, Callable] = {
    "lt": math_ops.less, "le": math_ops.less_equal, "gt": math_ops.greater,
    "ge": math_ops.greater_equal, "eq": math_ops.equal, "ne": math_ops.not_equal,
}
_UNARY: dict[str, Callable] = {
    "neg": math_ops.negative, "abs": math_ops.abs, "invert": math_ops.logical_not,
}


def _binary(fn: Callable) -> tuple[Callable, Callable]:
    def operator(self: RaggedTensor, other: Any) -> Any:
        return fn(self, other)

    def reflected(self: RaggedTensor, other: Any) -> Any:
        return fn(other, self)
    return operator, reflected


def _iter(self: RaggedTensor) -> Iterator[Any]:
    n = self.nrows()
    if not isinstance(n, EagerTensor):
        raise TypeError("Iterating over a symbolic RaggedTensor is only supported in a "
                        "for loop that ag.function converts (`for row in rt:`).")
    return (ragged_getitem(self, i) for i in range(int(n)))


def install() -> None:
    """Sets the operators on `RaggedTensor`."""
    for name, fn in _BINARY.items():
        operator, reflected = _binary(fn)
        setattr(RaggedTensor, f"__{name}__", operator)
        setattr(RaggedTensor, f"__r{name}__", reflected)
    for name, fn in _COMPARISONS.items():
        setattr(RaggedTensor, f"__{name}__", _binary(fn)[0])
    for name, fn in _UNARY.items():
        setattr(RaggedTensor, f"__{name}__", fn)
    extra = {"__div__": _binary(math_ops.truediv)[0],
             "__getitem__": ragged_getitem, "__iter__": _iter, "to_sparse": to_sparse,
             "from_sparse": classmethod(from_sparse)}
    for attr, value in extra.items():
        setattr(RaggedTensor, attr, value)


install()
