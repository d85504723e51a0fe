"""User-facing functions of the string ops (`ag.strings.*`): `join`, `length`.

In a graph, `name` names the op (default: the op type, `StringJoin` or `StringLength`).
"""

from __future__ import annotations

from typing import Any, Sequence

from runtime.dispatch import op_handle
from runtime.ops import string_defs  # noqa: F401  (declares the ops)
from runtime.tensor import Tensor

__all__ = ["join", "length"]

_join = op_handle("StringJoin")
_length = op_handle("StringLength")


def join(inputs: Sequence[Any], separator: str = "", name: str | None = None) -> Tensor:
    """Joins string tensors elementwise, with `separator` between them.

    Args:
        inputs: string tensors of one shape, or scalars (which apply to every element).
        separator: a string inserted between the joined strings.
        name: the op's name in a graph; unused eagerly.

    Returns:
        A string tensor of the inputs' shape.

    >>> join([["a", "b"], "x"], separator="-").numpy()
    array([b'a-x', b'b-x'], dtype=object)
    """
    return _join.run([inputs], {"separator": separator}, name)


def length(input: Any, unit: str = "BYTE", name: str | None = None) -> Tensor:  # noqa: A002
    """The length of each string, in bytes (`unit="BYTE"`) or characters (`"UTF8_CHAR"`).

    >>> length(["abc", "é"]).numpy()
    array([3, 2], dtype=int32)
    >>> length("é", unit="UTF8_CHAR").numpy()
    np.int32(1)
    """
    return _length.run([input], {"unit": unit}, name)
