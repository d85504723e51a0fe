"""The kernel of `Substr`: each string's substring, bytes or UTF-8 characters."""

from __future__ import annotations

import numpy as np

from autograph.kernels.common import BOTH
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.registry.kernel_registry import register_kernel


@register_kernel("Substr", device=BOTH, host_memory=("input", "pos", "len", "output"))
def substr(ctx, input, pos, len, unit):  # noqa: A002
    if np.shape(pos) != np.shape(len):
        raise InvalidArgumentError(f"pos and len should have the same shape, got: "
                                   f"{_listed(np.shape(pos))} vs. {_listed(np.shape(len))}")
    strings, starts, counts = np.broadcast_arrays(input, pos, len)
    out = np.empty(strings.shape, dtype=object)
    for index in np.ndindex(strings.shape):
        out[index] = _one(strings[index], int(starts[index]), int(counts[index]), unit,
                          index, input.shape == strings.shape)
    return out


def _one(s: bytes, pos: int, count: int, unit: str, index: tuple, flat: bool) -> bytes:
    units: bytes | str = s if unit == "BYTE" else s.decode("utf-8", errors="replace")
    size = len(units)
    start = pos + size if pos < 0 else pos
    if start < 0 or start > size:
        where = index[0] if len(index) == 1 else list(index)
        raise InvalidArgumentError(f"pos {pos} out of range for string {s!r} at index {where}")
    piece = units[start:] if count < 0 else units[start:start + count]
    return piece.encode("utf-8") if isinstance(piece, str) else piece


def _listed(shape: tuple) -> str:
    return "[" + ",".join(str(d) for d in shape) + "]"
