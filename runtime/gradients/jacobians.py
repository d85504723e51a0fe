"""Jacobians from recorded ops: one backward pass per element of the target.

`jacobian` seeds each pass with a one-hot gradient of the target's shape and stacks the
results, giving `target.shape + source.shape`; `batch_jacobian` seeds one inner element of
every example at once (examples must not interact), giving `[batch] + target.shape[1:] +
source.shape[1:]`. The target's shape must be known.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Container, Sequence

import numpy as np

from autograph.runtime.gradients.backprop import Record, UnconnectedGradients, backward
from autograph.runtime.graph.func_graph import flatten, pack_sequence_as
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.ops.array.ops import concat, reshape, stack
from autograph.runtime.ops.array.ops import shape as shape_of
from autograph.runtime.ops.creation.ops import constant, zeros


def jacobian(records: Sequence[Record], target: Tensor, sources: Any,
             unconnected: UnconnectedGradients, as_tensor: Callable[[Any], Tensor],
             watched: Container[int]) -> Any:
    """`watched`: the ids of the tensors the tape watches (`backprop.backward`)."""
    given = flatten(sources)
    source_list = [as_tensor(s) for s in given]
    shapes = [s.shape for s in given]  # a variable's own shape, not its handle's
    shape = _known_shape(target, "jacobian", "target")
    n = math.prod(shape)
    rows: list[list[Any]] = [[] for _ in source_list]
    for i in range(n):
        seed = np.zeros(n, target.dtype.np_dtype)
        seed[i] = 1
        grads = backward(records, [target], source_list, [constant(seed.reshape(shape))],
                         unconnected, watched=watched)
        for row, g in zip(rows, grads):
            row.append(g)
    result: list[Any] = []
    for source, source_dims, row in zip(given, shapes, rows):
        if any(g is None for g in row):
            result.append(None)
            continue
        if source_dims.is_fully_defined():
            source_shape = [int(d) for d in source_dims.as_list()]
            stacked = stack(row) if row else zeros([0] + source_shape, source.dtype)
            result.append(reshape(stacked, shape + source_shape))
        else:  # known when the graph runs: each row has the source's shape
            dims = shape_of(source)
            stacked = stack(row) if row else zeros(concat([[0], dims], 0), source.dtype)
            result.append(reshape(stacked, concat([constant(shape, dims.dtype), dims], 0)))
    return pack_sequence_as(sources, result)


def batch_jacobian(records: Sequence[Record], target: Tensor, source: Tensor,
                   unconnected: UnconnectedGradients, source_dims: Any,
                   watched: Container[int]) -> Any:
    """`source_dims`: the source's shape (a variable's own, where `source` is its handle);
    `watched`: the ids of the tensors the tape watches."""
    shape = _known_shape(target, "batch_jacobian", "target")
    if len(shape) < 1:
        raise ValueError("batch_jacobian needs a target with a batch dimension, got a scalar.")
    batch, inner = shape[0], shape[1:]
    if not source_dims.is_fully_defined():
        raise ValueError(f"GradientTape.batch_jacobian needs the source's shape known, got "
                         f"{source_dims}.")
    source_shape = [int(d) for d in source_dims.as_list() if d is not None]
    m = math.prod(inner)
    columns = []
    for j in range(m):
        seed = np.zeros((batch, m), target.dtype.np_dtype)
        seed[:, j] = 1
        (g,) = backward(records, [target], [source], [constant(seed.reshape(shape))],
                        unconnected, watched=watched)
        if g is None:  # zeros, not None, whatever `unconnected` says, as TensorFlow
            return zeros([batch] + inner + source_shape[1:], target.dtype)
        columns.append(g)
    stacked = stack(columns, axis=1) if columns else zeros([batch, 0] + source_shape[1:],
                                                           source.dtype)
    return reshape(stacked, [batch] + inner + source_shape[1:])


def _known_shape(t: Tensor, function: str, what: str) -> list[int]:
    if not t.shape.is_fully_defined():
        raise ValueError(f"GradientTape.{function} needs the {what}'s shape known, got "
                         f"{t.shape}.")
    return [int(d) for d in t.shape.as_list() if d is not None]
