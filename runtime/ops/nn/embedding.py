"""`ag.nn.embedding_lookup`: rows of a table by id, optionally norm-clipped."""

from __future__ import annotations

from typing import Any

from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.ops import gather
from autograph.runtime.ops.graph.ops import name_scope
from autograph.runtime.ops.math.clip import clip_by_norm
from autograph.runtime.ops.op_args import known_rank
from autograph.runtime.ops.ragged.ragged_tensor import RaggedTensor


def embedding_lookup(params: Any, ids: Any, max_norm: Any = None,
                     name: str | None = None) -> Any:
    """The rows of `params` that `ids` name (`gather(params, ids)`); with `max_norm`, each
    row scaled down to an L2 norm of at most `max_norm`. Ragged `ids` give a ragged tensor of
    their row partition, one row of `params` per id.

    >>> embedding_lookup([[1.0, 2.0], [3.0, 4.0]], [1, 1, 0]).numpy()
    array([[3., 4.],
           [3., 4.],
           [1., 2.]], dtype=float32)
    """
    if isinstance(ids, RaggedTensor):
        return ids.with_flat_values(embedding_lookup(params, ids.flat_values, max_norm, name))
    with name_scope(name, "embedding_lookup"):
        rows = gather(params, ids)
        if max_norm is None:
            return rows
        ids_rank = known_rank(convert_to_tensor(ids), "ag.nn.embedding_lookup")
        axes = list(range(ids_rank, known_rank(rows, "ag.nn.embedding_lookup")))
        return clip_by_norm(rows, max_norm, axes) if axes else rows
