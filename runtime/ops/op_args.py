"""Checks and conversions of the arguments of the functions composed in `autograph`."""

from __future__ import annotations

from typing import Any, cast

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.graph.type_spec import CompositeTensor


def floating(x: Any, function: str, complex_ok: bool = False) -> Tensor:
    """`x` as a tensor, which must be floating (or complex, where `complex_ok`)."""
    x = convert_to_tensor(x)
    if not (x.dtype.is_floating or (complex_ok and x.dtype.is_complex)):
        kinds = "a floating or complex" if complex_ok else "a floating"
        raise TypeError(f"{function} takes {kinds} tensor, got {x.dtype.name}; cast it first, "
                        f"e.g. ag.cast(x, ag.float32)")
    return x


def tensor_like(value: Any) -> bool:
    """Whether `value` is a tensor or stands for one (a variable)."""
    return isinstance(value, Tensor) or hasattr(type(value), "__tf_tensor__")


def hinted(value: Any, dtype: dtypes.DType) -> Any:
    """`value` as a tensor of `dtype` where it can take it, else of its own dtype (how
    `add` converts a Python operand). Only a lossy conversion (a TypeError) falls back: an int
    outside `dtype`'s range stays the ValueError that names the range. A composite (a
    ragged tensor) stays as it is: the op it meets takes it."""
    if isinstance(value, CompositeTensor):
        return value
    try:
        return convert_to_tensor(value, dtype=dtype)
    except TypeError:
        return convert_to_tensor(value)


def pair(x: Any, y: Any) -> tuple[Tensor, Tensor]:
    """`x` and `y` as tensors; a Python value takes the other operand's dtype, and one that
    cannot is a TypeError, as when an op converts it (`squared_difference(int_t, 1.5)`)."""
    if tensor_like(y) and not tensor_like(x):
        y = convert_to_tensor(y)
        return convert_to_tensor(x, dtype=y.dtype), y
    if tensor_like(x):
        x = convert_to_tensor(x)
        return x, (convert_to_tensor(y) if tensor_like(y) else convert_to_tensor(y, dtype=x.dtype))
    x = convert_to_tensor(x)
    return x, convert_to_tensor(y, dtype_hint=x.dtype)


def known_rank(x: Tensor, function: str) -> int:
    """`x`'s rank, which `function` needs known when it is called."""
    rank = x.shape.rank
    if rank is None:
        raise ValueError(f"{function} needs the rank of its input known when it is called, "
                         f"got a tensor of unknown shape; give the function an "
                         f"input_signature with the rank, or call x.set_shape first.")
    return rank


def known_dims(shape: TensorShape) -> list[int]:
    """The dims of `shape`, which the caller has checked are all known."""
    return cast(list[int], shape.as_list())
