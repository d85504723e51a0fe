"""`ag.tile` of ragged tensors and `ag.reverse` of those of ragged rank 1, as TensorFlow's:

- tile by `[m0, m1, m2, ...]` repeats the rows `m0` times, each row's items `m1` times within
  the row, and so on down (uniform inner dimensions tile as dense ones);
- reverse along axis 0 reverses the order of the rows, along axis 1 the values within each
  row, along a uniform inner axis the flat values.

Both are gathers of the flat values, so they run in graphs and carry gradients.
"""

from __future__ import annotations

from typing import Any, Sequence

from autograph.runtime.core.errors import UnimplementedError
from autograph.runtime.graph.tensor import EagerTensor
from autograph.runtime.ops.array.gathering import gather
from autograph.runtime.ops.array.ops import reverse, tile
from autograph.runtime.ops.creation.ops import range as range_
from autograph.runtime.ops.math.ops import floormod
from autograph.runtime.ops.ragged import partition as rp
from autograph.runtime.ops.ragged.factory import gather_rows
from autograph.runtime.ops.ragged.ragged_tensor import RaggedTensor

__all__ = ["tile_or_reverse"]


def tile_or_reverse(op_name: str, inputs: Sequence[Any], attrs: dict[str, Any] | None,
                    name: str | None) -> Any:
    """`Tile` or `ReverseV2` of a ragged tensor, or NotImplemented."""
    if op_name not in ("Tile", "ReverseV2") or not isinstance(inputs[0], RaggedTensor):
        return NotImplemented
    rt: RaggedTensor = inputs[0]
    what = "ag.tile" if op_name == "Tile" else "ag.reverse"
    if op_name == "Tile":
        return _tile(rt, _known(inputs[1], what))
    if rt.ragged_rank != 1:
        raise UnimplementedError(f"{what} of a RaggedTensor of ragged_rank {rt.ragged_rank} is "
                                 f"not supported: convert it with to_tensor() first.")
    rank = rt.shape.rank if rt.shape.rank is not None else 0
    for axis in _known(inputs[1], what):
        rt = _reverse(rt, axis + rank if axis < 0 else axis)
    return rt


def _known(value: Any, what: str) -> list[int]:
    if isinstance(value, (list, tuple)):
        return [int(v) for v in value]
    if isinstance(value, EagerTensor):
        return [int(v) for v in value.numpy().reshape(-1)]
    raise UnimplementedError(f"{what} of a RaggedTensor needs its multiples or axes as Python "
                             f"values or eager tensors; got {value!r}.")


def _tile(rt: RaggedTensor, multiples: list[int]) -> RaggedTensor:
    """Tiling is separable: each axis is repeated on its own, the outer ones by rows."""
    result: Any = rt
    for axis, times in enumerate(multiples):
        if times != 1:
            result = _repeat_axis(result, axis, times)
    return result


def _repeat_axis(value: Any, axis: int, times: int) -> Any:
    """`value` (ragged or dense) with its items along `axis` repeated `times` times, in turn:
    row by row along axis 0, within each row along axis 1, and deeper in the values."""
    if not isinstance(value, RaggedTensor):
        multiples = [1] * (value.shape.rank or 0)
        multiples[axis] = times
        return tile(value, multiples)
    if axis > 1:
        return value.with_values(_repeat_axis(value.values, axis - 1, times))
    nrows = value.nrows()
    if axis == 0:
        return gather_rows(value, floormod(range_(0, nrows * times,
                                                  dtype=value.row_splits_dtype), nrows))
    splits = value.row_splits
    lengths = rp.lengths_from_splits(splits)
    out_splits = rp.splits_from_lengths(lengths * times)
    out_rows = rp.rowids_from_splits(out_splits)
    position = range_(0, out_splits[-1], dtype=splits.dtype) - gather(out_splits, out_rows)
    source = gather(splits, out_rows) + floormod(position, gather(lengths, out_rows))
    inner = value.values
    picked = gather_rows(inner, source) if isinstance(inner, RaggedTensor) else gather(
        inner, source)
    return RaggedTensor.from_row_splits(picked, out_splits, validate=False)


def _reverse(rt: RaggedTensor, axis: int) -> RaggedTensor:
    if axis == 0:
        return gather_rows(rt, range_(rt.nrows() - 1, -1, -1, dtype=rt.row_splits_dtype))
    if axis == 1:
        splits = rt.row_splits
        ids = rp.rowids_from_splits(splits)
        position = range_(0, splits[-1], dtype=splits.dtype)
        source = gather(splits[:-1], ids) + gather(splits[1:], ids) - 1 - position
        return rt.with_flat_values(gather(rt.flat_values, source))
    return rt.with_flat_values(reverse(rt.flat_values, [axis - 1]))


