"""Scattering functions: `scatter_nd` and the `tensor_scatter_nd_*` family; and `meshgrid`.

Re-exported by `runtime/ops/array/ops.py`. `indices` hold coordinates in their last
dimension; `updates` hold one value (or slice) per coordinate:
`indices.shape[:-1] + shape[indices.shape[-1]:]`. A coordinate outside the shape is an
InvalidArgumentError, as on TensorFlow's CPU.

>>> scatter_nd([[4], [3], [1], [7]], [9, 10, 11, 12], [8]).numpy()
array([ 0, 11,  0, 10,  9,  0,  0, 12], dtype=int32)
>>> [g.numpy().tolist() for g in meshgrid([1, 2, 3], [4, 5])]
[[[1, 2, 3], [1, 2, 3]], [[4, 4, 4], [5, 5, 5]]]
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array import defs as array_defs  # noqa: F401  (declares the ops)

__all__ = ["scatter_nd", "tensor_scatter_nd_update", "tensor_scatter_nd_add",
           "tensor_scatter_nd_sub", "tensor_scatter_nd_min", "tensor_scatter_nd_max", "meshgrid"]

_scatter_nd = op_handle("ScatterNd")
_update, _add, _sub, _min, _max = (op_handle(f"TensorScatter{n}")
                                   for n in ("Update", "Add", "Sub", "Min", "Max"))
_reshape = op_handle("Reshape")
_broadcast_to = op_handle("BroadcastTo")
_pack = op_handle("Pack")
_size = op_handle("Size")


def scatter_nd(indices: Any, updates: Any, shape: Any, name: str | None = None) -> Any:
    """A tensor of `shape`: zeros, with `updates` added at the coordinates `indices` (repeated
    coordinates add up)."""
    return _scatter_nd.run([indices, updates, shape], None, name)


def tensor_scatter_nd_update(tensor: Any, indices: Any, updates: Any,
                             name: str | None = None) -> Any:
    """`tensor` with the entries (or slices) at `indices` replaced by `updates`; of repeated
    coordinates, the last update stays."""
    return _update.run([tensor, indices, updates], None, name)


def tensor_scatter_nd_add(tensor: Any, indices: Any, updates: Any,
                          name: str | None = None) -> Any:
    """`tensor` with `updates` added at `indices` (repeats add up)."""
    return _add.run([tensor, indices, updates], None, name)


def tensor_scatter_nd_sub(tensor: Any, indices: Any, updates: Any,
                          name: str | None = None) -> Any:
    """`tensor` with `updates` subtracted at `indices` (repeats add up)."""
    return _sub.run([tensor, indices, updates], None, name)


def tensor_scatter_nd_min(tensor: Any, indices: Any, updates: Any,
                          name: str | None = None) -> Any:
    """`tensor` with each entry at `indices` the least of it and its updates."""
    return _min.run([tensor, indices, updates], None, name)


def tensor_scatter_nd_max(tensor: Any, indices: Any, updates: Any,
                          name: str | None = None) -> Any:
    """`tensor` with each entry at `indices` the greatest of it and its updates."""
    return _max.run([tensor, indices, updates], None, name)


def meshgrid(*args: Any, indexing: str = "xy", name: str | None = None) -> list:
    """N-D coordinate grids from N vectors, as `np.meshgrid`: with `indexing="xy"` (Cartesian)
    the first two output dimensions are swapped, with `"ij"` (matrix) they are in order.

    Raises:
        ValueError: `indexing` is neither.
    """
    if indexing not in ("xy", "ij"):
        raise ValueError(f"Argument `indexing` parameter must be either 'xy' or 'ij', got "
                         f"'{indexing}'")
    vectors = [_reshape.run([convert_to_tensor(a), [-1]]) for a in args]
    n = len(vectors)
    if n == 0:
        return []
    sizes = [_size.run([v]) for v in vectors]
    if indexing == "xy" and n > 1:
        sizes[0], sizes[1] = sizes[1], sizes[0]
    shape = _pack.run([sizes], {"axis": 0})
    grids = []
    for i, v in enumerate(vectors):
        at = (1 - i if i < 2 else i) if indexing == "xy" and n > 1 else i
        dims = [1] * n
        dims[at] = -1
        grids.append(_broadcast_to.run([_reshape.run([v, dims]), shape]))
    return grids
