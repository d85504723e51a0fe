"""Slicing: how the arguments of `Slice` and `StridedSlice` map onto a tensor's dimensions.

`plan_strided_slice` reads a StridedSlice spec (begin, end, strides and the five masks) as
TensorFlow does, which is also how NumPy reads `x[key]`; `plan_slice` does the same for `Slice`.
Shape functions use a plan's `shape` (with unknown dims and values), kernels its `key`: a basic
NumPy/CuPy index, so both always agree.

>>> plan = plan_strided_slice((4, 5), [1, 0], [3, 0], [1, -1], end_mask=0b10)
>>> plan.key, plan.shape
((slice(1, 3, 1), slice(0, None, -1), Ellipsis), (2, 1))
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.ops.array.shapes import vector_length, vector_value
from autograph.runtime.registry.shape_inference import InferenceContext, RawShape

MASKS = ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask")
_UNKNOWN = object()  # a bound whose value is not known (graph mode), as opposed to omitted


class SlicePlan(NamedTuple):
    """`key`: a basic NumPy index (None when some value is unknown); `shape`: the result's."""

    key: tuple | None
    shape: RawShape


def plan_strided_slice(shape: RawShape, begin: Sequence[int] | None,
                       end: Sequence[int] | None, strides: Sequence[int] | None,
                       begin_mask: int = 0, end_mask: int = 0, ellipsis_mask: int = 0,
                       new_axis_mask: int = 0, shrink_axis_mask: int = 0,
                       length: int | None = None) -> SlicePlan:
    """The index and output shape of `StridedSlice` on a tensor of `shape`.

    Args:
        shape: the input's raw shape.
        begin, end, strides: the spec's vectors as lists of ints, or None when unknown.
        begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask: StridedSlice's
            masks; bit i applies to entry i of the spec.
        length: the spec's length, for when begin, end and strides are all unknown.

    Raises:
        InvalidArgumentError: several ellipses, too many indices, a zero stride, or an index
            (a shrunk axis) out of bounds.
    """
    n = next((len(v) for v in (begin, end, strides) if v is not None), length)
    if n is None:
        return SlicePlan(None, None)
    ellipses = [i for i in range(n) if ellipsis_mask >> i & 1]
    if len(ellipses) > 1:
        raise InvalidArgumentError(f"A slice spec may contain only one ellipsis, but "
                                   f"ellipsis_mask {ellipsis_mask:#b} marks entries {ellipses}.")
    kinds = ["..." if ellipsis_mask >> i & 1 else "new" if new_axis_mask >> i & 1
             else "index" if shrink_axis_mask >> i & 1 else "slice" for i in range(n)]
    if shape is None:
        return SlicePlan(None, None)
    rank = len(shape)
    used = sum(k in ("index", "slice") for k in kinds)
    if used > rank:
        raise InvalidArgumentError(f"Too many indices for a tensor of rank {rank}: the slice "
                                   f"spec indexes {used} dimensions.")
    if not ellipses:
        kinds.append("...")  # an implicit ellipsis keeps the remaining dimensions whole
    index: list = []
    out: list = []
    dim = 0
    for i, kind in enumerate(kinds):
        if kind == "...":
            out.extend(shape[dim:dim + rank - used])
            dim += rank - used
            index.append(Ellipsis)
        elif kind == "new":
            out.append(1)
            index.append(None)
        elif kind == "index":
            at, size = (None if begin is None else begin[i]), shape[dim]
            if at is not None and size is not None and not -size <= at < size:
                raise InvalidArgumentError(f"index {at} is out of bounds for dimension {dim} "
                                           f"with size {size}.")
            index.append(at)
            dim += 1
        else:
            step = None if strides is None else strides[i]
            if step == 0:
                raise InvalidArgumentError(f"strides[{i}] must be non-zero (a slice cannot have "
                                           f"step 0).")
            start = _bound(begin, begin_mask, i)
            stop = _bound(end, end_mask, i)
            size = shape[dim]
            if start is _UNKNOWN or stop is _UNKNOWN or step is None or size is None:
                out.append(None)
            else:
                out.append(len(range(*slice(start, stop, step).indices(size))))
            index.append(slice(start, stop, step))
            dim += 1
    known = begin is not None and end is not None and strides is not None
    return SlicePlan(tuple(index) if known else None, tuple(out))


def _bound(values: Sequence[int] | None, mask: int, i: int):
    if mask >> i & 1:
        return None
    return _UNKNOWN if values is None else values[i]


def plan_slice(shape: RawShape, begin: Sequence[int] | None, size: Sequence[int] | None,
               length: int | None = None) -> SlicePlan:
    """The index and output shape of `Slice` (`size[i] == -1` takes the rest of dimension i)."""
    n = next((len(v) for v in (begin, size) if v is not None), length)
    if shape is not None and n is not None and n != len(shape):
        raise InvalidArgumentError(f"begin and size must have one entry per dimension of the "
                                   f"input (rank {len(shape)}), but they have {n}.")
    if shape is None:
        if n is None:
            return SlicePlan(None, None)
        shape = (None,) * n
    index, out = [], []
    for i, d in enumerate(shape):
        b = None if begin is None else begin[i]
        s = None if size is None else size[i]
        if b is not None and (b < 0 or (d is not None and b > d)):
            raise InvalidArgumentError(f"begin[{i}] = {b} is out of range for dimension {i} of "
                                       f"size {d}; it must be in [0, {d}].")
        if s is not None and s < -1:
            raise InvalidArgumentError(f"size[{i}] = {s} is invalid; it must be >= 0, or -1 for "
                                       f"the rest of the dimension.")
        if s not in (None, -1) and b is not None and d is not None and b + s > d:
            raise InvalidArgumentError(f"size[{i}] = {s} from begin[{i}] = {b} runs past the end "
                                       f"of dimension {i}, which has size {d}.")
        if s == -1:
            out.append(None if b is None or d is None else d - b)
        else:
            out.append(s)
        if b is not None and s is not None:
            index.append(slice(b, None if s == -1 else b + s))
    known = begin is not None and size is not None
    return SlicePlan(tuple(index) + (Ellipsis,) if known else None, tuple(out))


# Shape functions ---------------------------------------------------------------------------------
def _common_length(c: InferenceContext, names: Sequence[str]) -> int | None:
    lengths = [vector_length(c, i + 1, name) for i, name in enumerate(names)]
    known = {n for n in lengths if n is not None}
    if len(known) > 1:
        listed = ", ".join(f"{name} {n}" for name, n in zip(names, lengths))
        raise c.error(f"{', '.join(names)} must have the same length, got {listed}.")
    return known.pop() if known else None


def slice_shape(c: InferenceContext) -> list[RawShape]:
    length = _common_length(c, ("begin", "size"))
    begin, size = vector_value(c, 1, "begin"), vector_value(c, 2, "size")
    return [plan_slice(c.shape(0), begin, size, length).shape]


def strided_slice_shape(c: InferenceContext) -> list[RawShape]:
    names = ("begin", "end", "strides")
    length = _common_length(c, names)
    values = [vector_value(c, i + 1, name) for i, name in enumerate(names)]
    masks = {m: c.attr(m) for m in MASKS}
    begin, end, strides = values
    return [plan_strided_slice(c.shape(0), begin, end, strides, length=length, **masks).shape]
