"""Helpers shared by `cond`, `case`, `switch_case` and `while_loop`: argument checks, error
wording, function names, and the captures common to several function graphs."""

from __future__ import annotations

from typing import Any, Callable

from autograph.runtime.core import dtypes
from autograph.runtime.graph.func_graph import FuncGraph
from autograph.runtime.graph.graph import SymbolicTensor
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor


def check_callable(fn: Any, what: str, arg: str) -> Callable:
    """`fn`, which must be callable."""
    if not callable(fn):
        raise TypeError(f"{what}: {arg} must be callable, got {fn!r}.")
    return fn


def eager_value(value: Any, what: str, arg: str, kind: Any) -> Any:
    """`value` as a Python bool (`kind` bool) or int (`kind` "int"), checked as in graphs."""
    if isinstance(value, Tensor):
        if value.shape.rank != 0:
            raise ValueError(f"{what}: {arg} must be a scalar, got shape {value.shape}.")
        ok = value.dtype is kind if kind is dtypes.bool_ else value.dtype.is_integer
        if not ok:
            wanted = "a bool" if kind is dtypes.bool_ else "an int"
            raise TypeError(f"{what}: {arg} must be {wanted} scalar, got "
                            f"{with_article(value.dtype)} tensor.")
        value = value.numpy()
    return bool(value) if kind is dtypes.bool_ else int(value)


def scalar_tensor(value: Any, dtype: dtypes.DType | None, what: str, arg: str) -> Tensor:
    t = convert_to_tensor(value)
    if dtype is not None and t.dtype is not dtype:
        raise TypeError(f"{what}: {arg} must be {with_article(dtype)} scalar, got "
                        f"{with_article(t.dtype)} tensor; compare it first (e.g. x > 0).")
    if t.shape.rank not in (None, 0):
        raise ValueError(f"{what}: {arg} must be a scalar, got shape {t.shape}.")
    return t


def with_article(dtype: dtypes.DType) -> str:
    """`dtype`'s name with its article: "an int32", "a float32"."""
    return f"{'an' if dtype.name[0] in 'aeio' else 'a'} {dtype.name}"


def function_name(scope: str) -> str:
    return scope.rstrip("/").replace("/", "_")


def unify_captures(branches: list[FuncGraph]) -> list[SymbolicTensor]:
    """Every branch takes the tensors any branch captured, in one order; returns them."""
    outer, seen = [], set()
    for branch in branches:
        for t in branch.external_captures:
            if id(t) not in seen:
                seen.add(id(t))
                outer.append(t)
    for branch in branches:
        branch.order_captures(outer)
    return outer
