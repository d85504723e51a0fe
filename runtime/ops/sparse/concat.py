"""`ag.sparse.concat`: sparse tensors joined along one dimension, as TensorFlow's
`tf.sparse.concat`.

Each input's coordinates along `axis` move past the inputs before it; the result holds every
entry, in row-major order. The other dimensions must match, or with
`expand_nonconcat_dims=True` grow to the largest of them. Shapes known while building are
checked then; in a graph, shapes known only when it runs are checked by an assertion the
result waits for.

>>> a = SparseTensor([[0, 1]], [1], [2, 2])
>>> b = SparseTensor([[1, 0]], [2], [2, 1])
>>> st = concat(1, [a, b])
>>> st.indices.numpy().tolist(), st.values.numpy().tolist(), st.dense_shape.numpy().tolist()
([[0, 1], [1, 2]], [1, 2], [2, 3])
"""

from __future__ import annotations

from typing import Any, Sequence

from autograph.runtime.core import dtypes
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.tensor import EagerTensor, Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.ops import concat as dense_concat
from autograph.runtime.ops.array.ops import identity, stack
from autograph.runtime.ops.control_flow.ops import Assert
from autograph.runtime.ops.graph.ops import control_dependencies
from autograph.runtime.ops.math.ops import equal, maximum
from autograph.runtime.ops.reduction.ops import reduce_all
from autograph.runtime.ops.sparse.ops import reorder
from autograph.runtime.ops.sparse.sparse_tensor import SparseTensor

__all__ = ["concat"]


def concat(axis: int, sp_inputs: Sequence[SparseTensor], expand_nonconcat_dims: bool = False,
           name: str | None = None) -> SparseTensor:
    """The sparse tensors of `sp_inputs` joined along dimension `axis`.

    Args:
        axis: the dimension to join along; negative counts from the last.
        sp_inputs: sparse tensors of one rank and dtype.
        expand_nonconcat_dims: grow the other dimensions to the largest of the inputs' rather
            than require them to match.
        name: unused (the result is made of several ops).

    Raises:
        TypeError: an input that is not a SparseTensor.
        InvalidArgumentError: no inputs, ranks or dtypes that differ, `axis` out of range, or
            (without `expand_nonconcat_dims`) other dimensions that differ.
        ValueError: an input of unknown rank.
    """
    inputs = list(sp_inputs)
    for sp in inputs:
        if not isinstance(sp, SparseTensor):
            raise TypeError("Input must be a SparseTensor.")
    if not inputs:
        raise InvalidArgumentError("ag.sparse.concat needs at least one SparseTensor in "
                                   "sp_inputs, got none.")
    rank = _rank(inputs)
    if not -rank <= axis < rank:
        raise InvalidArgumentError(f"Concat dimension must be in range [{-rank}, {rank}), got "
                                   f"{axis}")
    axis %= rank
    for i, sp in enumerate(inputs[1:], 1):
        if sp.dtype != inputs[0].dtype:
            raise InvalidArgumentError(
                f"ag.sparse.concat: input {i} holds {sp.dtype.name} values where input 0 holds "
                f"{inputs[0].dtype.name}; cast them to one dtype first.")
    checks = [] if expand_nonconcat_dims else _same_other_dims(inputs, axis)
    shapes = [sp.dense_shape for sp in inputs]
    others = shapes[0]
    if expand_nonconcat_dims:
        for s in shapes[1:]:
            others = maximum(others, s)
    total = shapes[0][axis]
    offsets = [total]
    for s in shapes[1:]:
        total = total + s[axis]
        offsets.append(total)
    dense_shape = stack([total if d == axis else others[d] for d in range(rank)])
    moved = [inputs[0].indices]
    for sp, offset in zip(inputs[1:], offsets):
        shift = stack([offset if d == axis else convert_to_tensor(0, dtypes.int64)
                       for d in range(rank)])
        moved.append(sp.indices + shift)
    indices = dense_concat(moved, 0)
    values = dense_concat([sp.values for sp in inputs], 0)
    if checks:  # in a graph: the result waits for the other dimensions to be found equal
        with control_dependencies(checks):
            indices = identity(indices)
    joined = SparseTensor._from_parts(indices, values, dense_shape,
                                      _static_shape(inputs, axis, expand_nonconcat_dims))
    return reorder(joined)


def _rank(inputs: list[SparseTensor]) -> int:
    """The inputs' common rank; InvalidArgumentError naming the first that differs."""
    ranks = [sp.shape.rank for sp in inputs]
    if any(r is None for r in ranks):
        raise ValueError("ag.sparse.concat needs sparse tensors of known rank: give each "
                         "dense_shape a static length.")
    for i, r in enumerate(ranks):
        if r != ranks[0]:
            raise InvalidArgumentError(f"Ranks of all input tensors must match: expected "
                                       f"{ranks[0]} but got {r} at position {i}")
    return int(ranks[0])  # type: ignore[arg-type]


def _same_other_dims(inputs: list[SparseTensor], axis: int) -> list[Any]:
    """Every dimension but `axis` must match the first input's: checked now where known; in a
    graph, the assertions that check the rest when it runs."""
    first = inputs[0]
    checks = []
    for i, sp in enumerate(inputs[1:], 1):
        for d, (x, y) in enumerate(zip(first.shape.dims or (), sp.shape.dims or ())):
            if d != axis and x is not None and y is not None and x != y:
                raise InvalidArgumentError(f"Input shapes must match: expected {x} for "
                                           f"dimension {d} but got {y} at position {i}")
        if not (isinstance(first.dense_shape, EagerTensor)
                and isinstance(sp.dense_shape, EagerTensor)):
            checks.append(_same_other_dims_assertion(first.dense_shape, sp.dense_shape, axis, i))
    return checks


def _same_other_dims_assertion(a: Tensor, b: Tensor, axis: int, position: int) -> Any:
    rank = int(a.shape[0])
    keep = [d for d in range(rank) if d != axis]
    ok = reduce_all(equal(stack([a[d] for d in keep]), stack([b[d] for d in keep]))) \
        if keep else convert_to_tensor(True)
    return Assert(ok, [f"Input shapes must match (every dimension but the concat dimension "
                       f"{axis}): input {position} has dense shape", b, "where input 0 has", a])


def _static_shape(inputs: list[SparseTensor], axis: int, expand: bool) -> TensorShape:
    dims = [sp.shape.as_list() for sp in inputs]
    out = []
    for d in range(len(dims[0])):
        column = [s[d] for s in dims]
        known = [c for c in column if c is not None]
        if d == axis or expand:
            complete = len(known) == len(column)
            out.append((sum(known) if d == axis else max(known)) if complete else None)
        else:
            out.append(known[0] if known else None)
    return TensorShape(out)
