"""Elementwise ops on ragged tensors, as TensorFlow dispatches them: an elementwise op given
ragged tensors runs on their flat values (their row partitions must match) and gives a ragged
tensor of the same partition. A dense operand broadcasts: a scalar or a tensor over the
uniform inner dimensions applies to every value; one of the ragged tensor's rank applies row
by row, its ragged dimensions of size 1.

`ag.math.abs(rt)`, `rt + 1`, `ag.where(rt > 0, rt, 0.0)` all go through here: each op asks
the handler registered with `runtime.eager.fallback` when an input does not convert to a
tensor.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.tensor import EagerTensor, Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.gathering import gather
from autograph.runtime.ops.array.ops import broadcast_to, identity, reshape, size
from autograph.runtime.ops.checks.assertions import assert_equal
from autograph.runtime.ops.control_flow.ops import Assert
from autograph.runtime.ops.creation.ops import cast
from autograph.runtime.ops.graph.ops import control_dependencies
from autograph.runtime.ops.math.ops import equal, logical_and, minimum
from autograph.runtime.ops.op_args import hinted
from autograph.runtime.ops.ragged import partition as rp
from autograph.runtime.ops.ragged.ragged_tensor import RaggedTensor
from autograph.runtime.ops.reduction.ops import reduce_all

__all__ = ["ELEMENTWISE", "elementwise", "flat_rowids", "same_partition_checks"]

# Ops that apply value by value (their inputs broadcast against each other).
ELEMENTWISE = frozenset("""
Abs AddV2 Angle BitwiseAnd BitwiseOr BitwiseXor Cast Ceil CheckNumerics ClipByValue Complex
ComplexAbs Conj Cos Equal Exp Floor FloorDiv FloorMod Greater GreaterEqual Identity Imag Invert
IsFinite IsNan Less LessEqual Log Log1p LogicalAnd LogicalNot LogicalOr Maximum Minimum Mul Neg
NotEqual OnesLike Pow Real RealDiv Relu Round Rsqrt SelectV2 Sigmoid Sign Sin Sqrt Square
StopGradient StringLength StringLower StringToNumber StringUpper Sub Tanh ZerosLike
""".split())


def elementwise(op_name: str, inputs: Sequence[Any], attrs: dict[str, Any] | None,
                name: str | None) -> Any:
    """The op on the flat values of its ragged inputs, or NotImplemented where it is not an
    elementwise op given a ragged tensor."""
    if op_name not in ELEMENTWISE:
        return NotImplemented
    raggeds = [x for x in inputs if isinstance(x, RaggedTensor)]
    if not raggeds:
        return NotImplemented
    first = raggeds[0]
    args = op_handle(op_name).op_def.input_arg
    flat = []
    checks: list = []
    for arg, x in zip(args, inputs):
        if isinstance(x, RaggedTensor):
            checks.extend(same_partition_checks(first, x))
            flat.append(x.flat_values)
        else:
            hint = next((y.dtype for a, y in zip(args, inputs)
                         if a.type_attr == arg.type_attr and isinstance(y, RaggedTensor)),
                        None)
            flat.append(dense_operand(first, x if hint is None or isinstance(x, Tensor)
                                      else hinted(x, hint)))
    result = op_handle(op_name).run(flat, attrs, name)
    if checks:  # in a graph: the result waits for the partitions to be found equal
        with control_dependencies(checks):
            result = identity(result)
    return first.with_flat_values(result)


def same_partition_checks(a: RaggedTensor, b: RaggedTensor) -> list:
    """Ragged operands must have the same row partitions: checked now when eager (and by
    ragged rank); in a graph, the assertions to check them when it runs."""
    if a is b:
        return []
    if a.ragged_rank != b.ragged_rank:
        raise InvalidArgumentError(
            f"Ragged operands have ragged ranks {a.ragged_rank} and {b.ragged_rank}: "
            f"elementwise ops need ragged tensors of the same row partitions.")
    checks = []
    for x, y in zip(a.nested_row_splits, b.nested_row_splits):
        if x is y:
            continue
        if not (isinstance(x, EagerTensor) and isinstance(y, EagerTensor)):
            checks.append(_same_splits_assertion(x, y))
            continue
        if x.numpy().shape == y.numpy().shape:
            assert_equal(x, cast(y, x.dtype))  # TensorFlow's message, its data included
        else:
            raise InvalidArgumentError(
                f"Condition x == y did not hold: the ragged operands' row splits differ "
                f"({x.numpy().tolist()} and {y.numpy().tolist()}); elementwise ops need "
                f"ragged tensors of the same row partitions.")
    return checks


def _same_splits_assertion(x: Tensor, y: Tensor) -> Any:
    """An assertion that row splits `x` and `y` are equal (compared over the shorter length,
    so that different lengths fail the assertion rather than the comparison)."""
    n, m = size(x), size(y)
    common = minimum(n, m)
    ok = logical_and(equal(n, m), reduce_all(equal(x[:common], cast(y[:common], x.dtype))))
    return Assert(ok, ["Condition x == y did not hold: the ragged operands' row splits "
                       "differ; elementwise ops need ragged tensors of the same row "
                       "partitions. Row splits:", x, y])


def _uniform_rows_operand(rt: RaggedTensor, t: Tensor, dims: list) -> Tensor:
    """Dense `t` (dimensions `dims`, a row length other than 1) as an operand of eager `rt`'s
    flat values, when every row of `rt` has that length; else TensorFlow's error comparing
    the row splits the dense operand would have with `rt`'s."""
    nrows, width = int(rt.nrows()), dims[1]
    splits = rt.row_splits.numpy()
    uniform = np.arange(nrows + 1, dtype=splits.dtype) * width
    if dims[0] not in (1, None, nrows):
        raise InvalidArgumentError(
            f"A dense operand of shape {t.shape} does not broadcast to a ragged tensor of "
            f"shape {rt.shape}: {dims[0]} rows against {nrows}.")
    assert_equal(convert_to_tensor(uniform), rt.row_splits)
    rows = broadcast_to(reshape(t, dims), [nrows] + dims[1:])
    return reshape(rows, [nrows * width] + dims[2:])


def flat_rowids(rt: RaggedTensor) -> Tensor:
    """The outermost row of each flat value."""
    splits = rt.nested_row_splits
    ids = rp.rowids_from_splits(splits[-1])
    for outer in reversed(splits[:-1]):
        ids = gather(rp.rowids_from_splits(outer), ids)
    return ids


def dense_operand(rt: RaggedTensor, x: Any) -> Tensor:
    """Dense `x` as an operand of `rt`'s flat values: unchanged when it broadcasts over the
    uniform inner dimensions alone, else (of `rt`'s rank, its ragged dimensions of size 1)
    one row of it per flat value."""
    t = x if isinstance(x, Tensor) else convert_to_tensor(x)
    rank, k = t.shape.rank, rt.ragged_rank
    flat_rank = rt.flat_values.shape.rank
    if rank is None or flat_rank is None or rank <= flat_rank - 1:
        return t
    dims = [1] * (flat_rank + k - rank) + t.shape.as_list()
    if k == 1 and dims[1] not in (1, None) and isinstance(rt.row_splits, EagerTensor):
        return _uniform_rows_operand(rt, t, dims)
    if any(d not in (1, None) for d in dims[1:k + 1]):
        raise InvalidArgumentError(
            f"Condition x == y did not hold: a dense operand of shape {t.shape} does not "
            f"broadcast to a ragged tensor of shape {rt.shape} (its ragged dimensions must "
            f"have size 1).")
    rows = reshape(t, [dims[0] if dims[0] is not None else -1] + dims[k + 1:])
    if dims[0] == 1:
        return reshape(rows, dims[k + 1:])
    return gather(rows, flat_rowids(rt))
