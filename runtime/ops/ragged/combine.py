"""`ag.concat` and `ag.stack` of ragged tensors (dense ones among them are made ragged), as
TensorFlow's:

- concat along axis 0 puts the rows of each after those of the one before;
- concat along axis 1 (ragged rank 1) joins row `i` of each into row `i` of the result;
- stack along axis 0 gives one more ragged dimension, one row per input;
- stack along axis 1 (ragged rank 1) gives rows of rows: row `i` holds row `i` of each input.
"""

from __future__ import annotations

from typing import Any, Sequence

from autograph.runtime.core.errors import InvalidArgumentError, UnimplementedError
from autograph.runtime.graph.tensor import EagerTensor, Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.gathering import gather
from autograph.runtime.ops.array.ops import concat as dense_concat
from autograph.runtime.ops.array.ops import stack as dense_stack
from autograph.runtime.ops.array.scattering import scatter_nd
from autograph.runtime.ops.creation.ops import cast
from autograph.runtime.ops.creation.ops import range as range_
from autograph.runtime.ops.ragged import partition as rp
from autograph.runtime.ops.ragged.factory import gather_rows
from autograph.runtime.ops.ragged.ragged_tensor import RaggedTensor, _concat_rows

__all__ = ["combine"]


def combine(op_name: str, inputs: Sequence[Any], attrs: dict[str, Any] | None,
            name: str | None) -> Any:
    """`ConcatV2` or `Pack` of a list holding ragged tensors, or NotImplemented."""
    if op_name not in ("ConcatV2", "Pack"):
        return NotImplemented
    values = list(inputs[0])
    if not any(isinstance(v, RaggedTensor) for v in values):
        return NotImplemented
    axis = inputs[1] if op_name == "ConcatV2" else (attrs or {}).get("axis", 0)
    axis = int(axis.numpy()) if isinstance(axis, EagerTensor) else int(axis)
    rts = _as_ragged(values)
    rank = rts[0].shape.rank
    if op_name == "Pack" and rank is not None and axis < 0:
        axis += rank + 1
    elif rank is not None and axis < 0:
        axis += rank
    if op_name == "ConcatV2":
        if axis == 0:
            return _rows_of(rts)
        if axis == 1 and all(r.ragged_rank == 1 for r in rts):
            return _join_rows(rts)
    else:
        if axis == 0:
            splits = rp.splits_from_lengths(dense_stack([r.nrows() for r in rts]))
            return RaggedTensor.from_row_splits(_rows_of(rts), splits, validate=False)
        if axis == 1 and all(r.ragged_rank == 1 for r in rts):
            inner = _rows_of(rts)
            n = len(rts)
            order = range_(0, n * rts[0].nrows(), dtype=rts[0].row_splits_dtype)
            # row i of input k sits at k * nrows + i; the result wants it at i * n + k
            nrows = rts[0].nrows()
            source = (order % n) * nrows + order // n
            gathered = gather_rows(inner, source)
            splits = range_(0, n * nrows + 1, n, dtype=rts[0].row_splits_dtype)
            return RaggedTensor.from_row_splits(gathered, splits, validate=False)
    raise UnimplementedError(
        f"{'ag.concat' if op_name == 'ConcatV2' else 'ag.stack'} of ragged tensors along "
        f"axis {axis} is supported along axis 0, and along axis 1 for ragged_rank 1.")


def _as_ragged(values: list) -> list[RaggedTensor]:
    found = [v for v in values if isinstance(v, RaggedTensor)]
    rank = found[0].ragged_rank
    dtype = found[0].row_splits_dtype
    out = []
    for v in values:
        if not isinstance(v, RaggedTensor):
            t = v if isinstance(v, Tensor) else convert_to_tensor(v, dtype=found[0].dtype)
            v = RaggedTensor.from_tensor(t, ragged_rank=rank, row_splits_dtype=dtype)
        if v.ragged_rank != rank:
            raise ValueError(f"ragged_rank must match: got ragged ranks {rank} and "
                             f"{v.ragged_rank}.")
        out.append(v.with_row_splits_dtype(dtype))
    return out


def _rows_of(rts: list[RaggedTensor]) -> RaggedTensor:
    result = rts[0]
    for r in rts[1:]:
        result = _concat_rows(result, r)
    return result


def _join_rows(rts: list[RaggedTensor]) -> RaggedTensor:
    """Row `i` of the result is row `i` of each of `rts`, one after another."""
    nrows = [r.nrows() for r in rts]
    if all(isinstance(n, EagerTensor) for n in nrows) and len({int(n) for n in nrows}) > 1:
        raise InvalidArgumentError("Input tensors at index 0 (=x) and 1 (=y) have "
                                   "incompatible shapes.")
    lengths = [r.row_lengths() for r in rts]
    total = lengths[0]
    for extra in lengths[1:]:
        total = total + extra
    splits = rp.splits_from_lengths(total)
    before = cast(splits[:-1], rts[0].row_splits_dtype)
    places = []
    for r, length in zip(rts, lengths):
        rowids = r.value_rowids()
        within = range_(0, gather(r.row_splits, -1 + rp.size_of(r.row_splits)),
                        dtype=r.row_splits_dtype) - gather(r.row_splits, rowids)
        places.append(gather(before, rowids) + within)
        before = before + length
    destination = dense_concat(places, axis=0)
    count = gather(splits, -1 + rp.size_of(splits))
    source = scatter_nd(destination[:, None], range_(0, count, dtype=destination.dtype),
                        count[None])
    values = gather(dense_concat([r.values for r in rts], axis=0), source)
    return RaggedTensor.from_row_splits(values, splits, validate=False)
