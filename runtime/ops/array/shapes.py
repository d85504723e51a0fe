"""Shape functions of the array ops, and the size rules their kernels share.

Each function takes an `InferenceContext` and returns one raw shape per output arg; inputs that
are shapes, axes or sizes are read with `c.value(i)` when known, and give a partial shape when
not. `reshape_target` and `split_sizes` are also called by the kernels, so that a kernel and its
shape function never disagree on a size.

>>> reshape_target((2, 3), [3, -1])
(3, 2)
>>> split_sizes([2, -1], 5, axis=0)
[2, 3]
"""

from __future__ import annotations

import math
from typing import Any, Sequence, cast

from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.core.tensor_shape import format_raw, raw_compatible, raw_merge
from autograph.runtime.registry import shape_inference as si
from autograph.runtime.registry.shape_inference import InferenceContext, RawShape


# Reading shape-like inputs ----------------------------------------------------------------------
def vector_value(c: InferenceContext, i: int, what: str) -> list[int] | None:
    """Input `i`, a vector of ints, as a list; None when its value is unknown."""
    si.with_rank(c, c.shape(i), 1, what)
    value = c.value(i)
    return None if value is None else value.reshape(-1).tolist()


def vector_length(c: InferenceContext, i: int, what: str) -> int | None:
    """The static length of input `i`, a vector (None when unknown)."""
    return si.with_rank(c, c.shape(i), 1, what)[0]


def scalar_value(c: InferenceContext, i: int, what: str) -> int | None:
    """Input `i`, a scalar int, as a Python int; None when its value is unknown."""
    shape = c.shape(i)
    if shape is not None and len(shape) != 0:
        raise c.error(f"{what} must be a scalar, but its shape is {format_raw(shape)}.")
    value = c.value(i)
    return None if value is None else int(value)


def _unknown(rank: int | None) -> RawShape:
    return None if rank is None else (None,) * rank


def _rank(shape: RawShape) -> int | None:
    return None if shape is None else len(shape)


# Rules shared with the kernels -------------------------------------------------------------------
def reshape_target(shape: RawShape, sizes: Sequence[int]) -> RawShape:
    """The shape `Reshape` gives a tensor of `shape` for the requested `sizes` (one may be -1).

    As in TensorFlow, a -1 is inferred even for an empty tensor when the other sizes allow it:
    zero-sized dims are left out of the element counts when `sizes` has a zero too.
    """
    def requested() -> str:  # for the errors only: formatting costs more than the rest
        return format_raw(tuple(sizes))
    if sum(s == -1 for s in sizes) > 1:
        raise InvalidArgumentError(f"shape {requested()} may contain at most one -1 (the size "
                                   f"to infer).")
    if any(s < -1 for s in sizes):
        raise InvalidArgumentError(f"shape {requested()} may contain only sizes >= 0 and one "
                                   f"-1.")
    out = [None if s == -1 else s for s in sizes]
    if shape is None or None in shape:
        return tuple(out)
    shape = cast(tuple[int, ...], shape)  # known, as just checked
    n = math.prod(shape)
    if -1 in sizes:
        zero_requested = 0 in sizes
        product = math.prod(s for s in sizes if s > 0)
        count = math.prod(d for d in shape if d > 0 or not zero_requested)
        skipped = zero_requested and 0 in shape
        if not skipped and count % product:
            raise InvalidArgumentError(
                f"Cannot reshape a tensor with {n} elements to shape {requested()}: the given "
                f"sizes multiply to {product}, which does not divide {n}.")
        out[sizes.index(-1)] = count // product
    elements = math.prod(cast(list[int], out))  # the -1, the only None, is now filled
    if elements != n:
        raise InvalidArgumentError(f"Cannot reshape a tensor with {n} elements to shape "
                                   f"{requested()}, which has {elements} elements.")
    return tuple(out)


def split_sizes(sizes: Sequence[int], dim: int | None, axis: int) -> list[int | None]:
    """`SplitV`'s `size_splits` with its -1 resolved against `dim`, the size of the split axis."""
    if sum(s == -1 for s in sizes) > 1 or any(s < -1 for s in sizes):
        raise InvalidArgumentError(f"size_splits {list(sizes)} may contain only sizes >= 0 and "
                                   f"at most one -1.")
    given = sum(s for s in sizes if s >= 0)
    if dim is None:
        return [None if s == -1 else s for s in sizes]
    if -1 in sizes:
        if given > dim:
            raise InvalidArgumentError(
                f"size_splits {list(sizes)} add up to {given}, more than the size {dim} of "
                f"dimension {axis}.")
        return [dim - given if s == -1 else s for s in sizes]
    if given != dim:
        raise InvalidArgumentError(
            f"size_splits {list(sizes)} must add up to the size {dim} of dimension {axis}, but "
            f"they add up to {given}.")
    return list(sizes)


def expand_axis(axis: int, rank: int) -> int:
    """Where a new dimension goes (`ExpandDims`, `Pack`): `axis` in `[-rank - 1, rank]`, >= 0."""
    if not -rank - 1 <= axis <= rank:
        raise InvalidArgumentError(f"axis {axis} is out of range for inserting a dimension into a "
                                   f"tensor of rank {rank}; it must be in [{-rank - 1}, {rank}].")
    return axis + rank + 1 if axis < 0 else axis


# Shape functions ---------------------------------------------------------------------------------
def reshape(c: InferenceContext) -> list[RawShape]:
    sizes = vector_value(c, 1, "shape")
    if sizes is None:
        return [_unknown(vector_length(c, 1, "shape"))]
    return [reshape_target(c.shape(0), sizes)]


def shape_of(c: InferenceContext) -> list[RawShape]:
    return [(_rank(c.shape(0)),)]


def expand_dims(c: InferenceContext) -> list[RawShape]:
    dim_shape = c.shape(1)
    if dim_shape is not None and dim_shape not in ((), (1,), (None,)):
        raise c.error(f"axis must be a scalar, but its shape is {format_raw(dim_shape)}.")
    shape = c.shape(0)
    value = c.value(1)
    if shape is None:
        return [None]
    if value is None:
        return [(None,) * (len(shape) + 1)]
    axis = expand_axis(int(value.reshape(-1)[0]), len(shape))
    return [shape[:axis] + (1,) + shape[axis:]]


def squeeze(c: InferenceContext) -> list[RawShape]:
    shape = c.shape(0)
    if shape is None:
        return [None]
    axes = {si.normalize_axis(c, a, len(shape)) for a in c.attr("squeeze_dims")}
    if not axes:
        return [None if None in shape else tuple(d for d in shape if d != 1)]
    for a in sorted(axes):
        if shape[a] not in (1, None):
            raise c.error(f"Can not squeeze dim[{a}]: expected a dimension of 1, got {shape[a]} "
                          f"(input shape {format_raw(shape)}).")
    return [tuple(d for i, d in enumerate(shape) if i not in axes)]


def _per_dimension_vector(c: InferenceContext, name: str) -> tuple[RawShape, Any, int | None]:
    """Input 0's shape, and input 1 (one entry per dimension of input 0): its value and length."""
    shape = c.shape(0)
    values = vector_value(c, 1, name)
    length = vector_length(c, 1, name)
    if shape is not None and length is not None and length != len(shape):
        raise c.error(f"{name} must have one entry per dimension of the input (rank "
                      f"{len(shape)}), but it has {length}.")
    return shape, values, length


def transpose(c: InferenceContext) -> list[RawShape]:
    shape, perm, length = _per_dimension_vector(c, "perm")
    if perm is None:
        return [_unknown(_rank(shape) if shape is not None else length)]
    if sorted(perm) != list(range(len(perm))):
        raise c.error(f"perm {perm} is not a permutation of [0, 1, ..., {len(perm) - 1}].")
    if shape is None:
        return [(None,) * len(perm)]
    return [tuple(shape[p] for p in perm)]


def concat(c: InferenceContext) -> list[RawShape]:
    shapes = c.shape(0)
    axis = scalar_value(c, 1, "axis")
    known = [(i, s) for i, s in enumerate(shapes) if s is not None]
    if not known:
        return [None]
    first, ref = known[0]
    if len(ref) == 0:
        raise c.error("Cannot concatenate scalars (rank 0); use ag.stack to join them.")
    for i, s in known:
        if len(s) != len(ref):
            raise c.error(f"values[{i}] has rank {len(s)} but values[{first}] has rank "
                          f"{len(ref)}; all values to concatenate must have the same rank.")
    if axis is None:
        return [(None,) * len(ref)]
    axis = si.normalize_axis(c, axis, len(ref))
    out = []
    for d in range(len(ref)):
        dims = [s[d] for _, s in known]
        if d == axis:
            full = len(known) == len(shapes) and None not in dims
            out.append(sum(dims) if full else None)
            continue
        merged = None
        for (i, s), dim in zip(known, dims):
            if merged is not None and dim is not None and dim != merged:
                raise c.error(f"values[{i}] has shape {format_raw(s)} but values[{first}] has "
                              f"shape {format_raw(ref)}: all dimensions except axis {axis} "
                              f"must match.")
            merged = dim if merged is None else merged
        out.append(merged)
    return [tuple(out)]


def pack(c: InferenceContext) -> list[RawShape]:
    shapes = c.shape(0)
    merged = None
    for i, s in enumerate(shapes):
        if not raw_compatible(merged, s):
            raise c.error(f"values[{i}] has shape {format_raw(s)} but the values before it "
                          f"have shape {format_raw(merged)}; all values to stack must have the "
                          f"same shape.")
        merged = raw_merge(merged, s)
    if merged is None:
        return [None]
    axis = expand_axis(c.attr("axis"), len(merged))
    return [merged[:axis] + (len(shapes),) + merged[axis:]]


def unpack(c: InferenceContext) -> list[list[RawShape]]:
    shape, num = c.shape(0), c.attr("num")
    if shape is None:
        return [[None] * num]
    if not shape:
        raise c.error("Cannot unstack a scalar (rank 0); the input must have rank >= 1.")
    axis = si.normalize_axis(c, c.attr("axis"), len(shape))
    if shape[axis] not in (None, num):
        raise c.error(f"Cannot unstack dimension {axis} of size {shape[axis]} into num={num} "
                      f"tensors; num must equal that size.")
    return [[shape[:axis] + shape[axis + 1:]] * num]


def split(c: InferenceContext) -> list[list[RawShape]]:
    axis, shape, num = scalar_value(c, 0, "axis"), c.shape(1), c.attr("num_split")
    if shape is None:
        return [[None] * num]
    if axis is None:
        return [[(None,) * len(shape)] * num]
    axis = si.normalize_axis(c, axis, len(shape))
    dim = shape[axis]
    if dim is not None and dim % num:
        raise c.error(f"Cannot split dimension {axis} of size {dim} into {num} equal parts; "
                      f"pass a list of sizes to ag.split for unequal parts.")
    piece = None if dim is None else dim // num
    return [[shape[:axis] + (piece,) + shape[axis + 1:]] * num]


def split_v(c: InferenceContext) -> list[list[RawShape]]:
    shape, num = c.shape(0), c.attr("num_split")
    sizes = vector_value(c, 1, "size_splits")
    length = vector_length(c, 1, "size_splits")
    axis = scalar_value(c, 2, "axis")
    if length is not None and length != num:
        raise c.error(f"size_splits has {length} entries, but num_split is {num}.")
    if shape is None:
        return [[None] * num]
    if axis is None:
        return [[(None,) * len(shape)] * num]
    axis = si.normalize_axis(c, axis, len(shape))
    dims = [None] * num if sizes is None else split_sizes(sizes, shape[axis], axis)
    return [[shape[:axis] + (d,) + shape[axis + 1:] for d in dims]]


def tile(c: InferenceContext) -> list[RawShape]:
    shape, multiples, length = _per_dimension_vector(c, "multiples")
    if multiples is None:
        return [_unknown(_rank(shape) if shape is not None else length)]
    if any(m < 0 for m in multiples):
        raise c.error(f"multiples must be >= 0, got {multiples}.")
    shape = (None,) * len(multiples) if shape is None else shape
    return [tuple(0 if m == 0 else None if d is None else d * m
                  for d, m in zip(shape, multiples))]


def _paddings(c: InferenceContext) -> tuple[RawShape, list[list[int]] | None]:
    shape, pads_shape = c.shape(0), si.with_rank(c, c.shape(1), 2, "paddings")
    if pads_shape[1] not in (None, 2) or (shape is not None and pads_shape[0] not in (
            None, len(shape))):
        raise c.error(f"paddings must have shape ({_rank(shape)}, 2), one (before, after) pair "
                      f"per dimension of the input, but its shape is {format_raw(pads_shape)}.")
    value = c.value(1)
    if value is None:
        return _unknown(_rank(shape) if shape is not None else pads_shape[0]), None
    pads = value.tolist()
    if any(p < 0 for pair in pads for p in pair):
        raise c.error(f"paddings must be >= 0, got {pads}.")
    return ((None,) * len(pads) if shape is None else shape), pads


def pad(c: InferenceContext) -> list[RawShape]:
    value_shape = c.shape(2)
    if value_shape is not None and len(value_shape) != 0:
        raise c.error(f"constant_values must be a scalar, but its shape is "
                      f"{format_raw(value_shape)}.")
    shape, pads = _paddings(c)
    if pads is None:
        return [shape]
    return [tuple(None if d is None else d + a + b for d, (a, b) in zip(shape, pads))]


def mirror_pad(c: InferenceContext) -> list[RawShape]:
    shape, pads = _paddings(c)
    if pads is None:
        return [shape]
    mode = c.attr("mode")
    for i, (d, (before, after)) in enumerate(zip(shape, pads)):
        limit = None if d is None else d - 1 if mode == "REFLECT" else d
        if limit is not None and max(before, after) > max(limit, 0):
            raise c.error(f"In {mode} mode, paddings of dimension {i} (size {d}) must be at "
                          f"most {max(limit, 0)}, got [{before}, {after}].")
    return [tuple(None if d is None else d + a + b for d, (a, b) in zip(shape, pads))]


def reverse(c: InferenceContext) -> list[RawShape]:
    shape = c.shape(0)
    axes = vector_value(c, 1, "axis")
    if axes is not None and shape is not None:
        seen = [si.normalize_axis(c, a, len(shape)) for a in axes]
        if len(set(seen)) != len(seen):
            raise c.error(f"axis {axes} names a dimension more than once.")
    return [shape]


def broadcast_to(c: InferenceContext) -> list[RawShape]:
    shape = c.shape(0)
    target = vector_value(c, 1, "shape")
    if target is None:
        return [_unknown(vector_length(c, 1, "shape"))]
    if any(d < 0 for d in target):
        raise c.error(f"shape must contain only sizes >= 0, got {target}.")
    if shape is not None:
        if len(shape) > len(target):
            raise c.error(f"Unable to broadcast a tensor of shape {format_raw(shape)} to the "
                          f"shape {format_raw(tuple(target))} of lower rank.")
        for d, t in zip(reversed(shape), reversed(target)):
            if d not in (1, None, t):
                raise c.error(f"Unable to broadcast a tensor of shape {format_raw(shape)} to "
                              f"shape {format_raw(tuple(target))}: its dimension of size {d} "
                              f"must be 1 or {t}.")
    return [tuple(target)]


def broadcast_reduction_axes(a: list[int], b: list[int]) -> tuple[list[int], list[int]]:
    """For shapes `a` and `b` broadcast together, the axes of the result along which each was
    broadcast (a gradient summed over them has that input's shape)."""
    rank = max(len(a), len(b))
    a, b = [1] * (rank - len(a)) + a, [1] * (rank - len(b)) + b
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y and x != 1 and y != 1:
            raise ValueError(f"Incompatible shapes: {a} vs. {b} (dimension {i})")
    return [i for i, x in enumerate(a) if x == 1], [i for i, y in enumerate(b) if y == 1]


def broadcast_gradient_args(c: InferenceContext) -> list[RawShape]:
    a, b = vector_value(c, 0, "s0"), vector_value(c, 1, "s1")
    if a is None or b is None:
        return [(None,), (None,)]
    try:
        r0, r1 = broadcast_reduction_axes(a, b)
    except ValueError as e:
        raise c.error(str(e)) from None
    return [(len(r0),), (len(r1),)]
