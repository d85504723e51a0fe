"""Parsing `--signature` of `autograph graph`: parameter names with dtypes and shapes.

The syntax, one `NAME: TYPE` per parameter, separated by commas:

    x: float32[None, 3]    a rank-2 tensor whose first dimension is unknown (`?` also works)
    n: int32[]             a scalar
    s: float32[*]          a tensor of unknown rank (a bare `float32` means the same)

Types are autograph's dtype names (`float32`, `int64`, `bool`, `string`, ...). Every parameter of
the function must be given, except those with a default value (the function then traces with
that default).

>>> parse_signature("x: float32[None, 3], n: int32[]")
{'x': TensorSpec(shape=(None, 3), dtype=ag.float32, name='x'), \
'n': TensorSpec(shape=(), dtype=ag.int32, name='n')}
"""

from __future__ import annotations

import inspect
import re
from typing import Any, Callable

from autograph.cli.common import UserError
from autograph.runtime.core import dtypes
from autograph.runtime.graph.tensor_spec import TensorSpec

_ENTRY = re.compile(r"\s*([A-Za-z_]\w*)\s*:\s*([A-Za-z_]\w*)\s*(?:\[([^\]]*)\])?\s*")
_DIM = re.compile(r"\d+|None|\?")


def parse_signature(text: str) -> dict[str, TensorSpec]:
    """`"x: float32[None, 3], n: int32[]"` as `{name: TensorSpec}`, in the order written.

    Raises:
        UserError: naming the entry at fault and the syntax expected.
    """
    specs: dict[str, TensorSpec] = {}
    for entry in _split_entries(text):
        match = _ENTRY.fullmatch(entry)
        if match is None:
            raise UserError(f"--signature: cannot read {entry.strip()!r}: expected NAME: DTYPE"
                            f"[DIMS], e.g. 'x: float32[None, 3]' or 'n: int32[]'")
        name, dtype_name, dims = match.groups()
        if name in specs:
            raise UserError(f"--signature: parameter {name!r} is given twice")
        specs[name] = TensorSpec(_parse_shape(name, dims), _parse_dtype(name, dtype_name), name)
    if not specs:
        raise UserError("--signature is empty: give each parameter as NAME: DTYPE[DIMS], e.g. "
                        "'x: float32[None, 3], n: int32[]'")
    return specs


def bind_signature(func: Callable, specs: dict[str, TensorSpec]) -> dict[str, TensorSpec]:
    """Checks `specs` against `func`'s parameters; returns them as keyword arguments.

    Raises:
        UserError: a name that is not a parameter, or a parameter without a default left out.
    """
    try:
        parameters = inspect.signature(func).parameters
    except (TypeError, ValueError):
        return specs
    named = {name: p for name, p in parameters.items()
             if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
    for name in specs:
        if name not in named:
            known = ", ".join(named) or "none"
            raise UserError(f"--signature: {name!r} is not a parameter of {_name(func)} "
                            f"(its parameters: {known})")
    missing = [name for name, p in named.items() if name not in specs and p.default is p.empty]
    if missing:
        raise UserError(f"--signature: parameter {missing[0]!r} of {_name(func)} has no default "
                        f"and is missing; give it as e.g. '{missing[0]}: float32[]'")
    return specs


def _split_entries(text: str) -> list[str]:
    """Splits at the commas outside brackets."""
    entries, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
        elif char == "," and depth == 0:
            entries.append(text[start:i])
            start = i + 1
    entries.append(text[start:])
    return [e for e in entries if e.strip()]


def _parse_dtype(name: str, dtype_name: str) -> dtypes.DType:
    try:
        dtype = dtypes.as_dtype(dtype_name)
    except TypeError as e:
        raise UserError(f"--signature: parameter {name!r}: {e}") from None
    if dtype.name in ("resource", "variant"):
        raise UserError(f"--signature: parameter {name!r}: a {dtype.name} cannot be passed in; "
                        f"use a value dtype such as float32")
    return dtype


def _parse_shape(name: str, dims: str | None) -> Any:
    if dims is None or dims.strip() == "*":
        return None
    shape = []
    for dim in (d.strip() for d in dims.split(",")) if dims.strip() else ():
        if not _DIM.fullmatch(dim):
            raise UserError(f"--signature: parameter {name!r}: bad dimension {dim!r}; use a "
                            f"number, None (or ?) for an unknown size, or [*] for unknown rank")
        shape.append(int(dim) if dim.isdigit() else None)
    return tuple(shape)


def _name(func: Callable) -> str:
    return getattr(func, "__name__", None) or repr(func)
