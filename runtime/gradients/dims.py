"""Shape vectors for gradient functions: a list of ints where every dim is known when the
gradient is built, else an integer tensor computed when the graph runs.

Gradients of functions traced with unknown dims (a `None` batch size) take these paths, so
they never read a Python shape that is not there.

>>> import autograph as ag
>>> shape_vector(ag.zeros([2, 3]))
[2, 3]
>>> concat_dims([[2], [5]])
[2, 5]
"""

from __future__ import annotations

import math
from typing import Any, Sequence, Union

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.gradients.grad_util import static_dims
from autograph.runtime.graph.tensor import Tensor

Dims = Union[list, Tensor]  # a shape vector: known ints, or an integer tensor

_shape, _concat, _prod, _cast = (op_handle(n) for n in ("Shape", "ConcatV2", "Prod", "Cast"))
_strided_slice, _reshape = op_handle("StridedSlice"), op_handle("Reshape")


def shape_vector(t: Tensor, dtype: dtypes.DType = dtypes.int32) -> Dims:
    """`t`'s shape: a list when all its dims are known, else a `Shape` tensor of `dtype`."""
    known = static_dims(t)
    if known is not None:
        return known
    return _shape.run([t], {"out_type": dtype})


def as_tensor(v: Dims, dtype: dtypes.DType = dtypes.int32) -> Any:
    """A shape vector as an integer tensor (or array) of `dtype`."""
    if isinstance(v, list):
        return np.array(v, dtype=dtype.np_dtype).reshape(-1)
    return v if v.dtype == dtype else _cast.run([v], {"DstT": dtype})


def slice_dims(v: Dims, start: int, stop: int | None = None) -> Dims:
    """`v[start:stop]` (non-negative bounds; None: to the end)."""
    if isinstance(v, list):
        return v[start:stop]
    end_mask = 1 if stop is None else 0
    return _strided_slice.run(
        [v, np.array([start], np.int32), np.array([stop or 0], np.int32),
         np.array([1], np.int32)], {"end_mask": end_mask})


def concat_dims(parts: Sequence[Dims], dtype: dtypes.DType = dtypes.int32) -> Dims:
    """The shape vectors `parts` joined, a list when every part is one."""
    lists = [p for p in parts if isinstance(p, list)]
    if len(lists) == len(parts):
        return [d for p in lists for d in p]
    return _concat.run([[as_tensor(p, dtype) for p in parts], np.int32(0)])


def prod_dims(v: Dims) -> Dims:
    """The product of `v`'s dims, as a one-element shape vector."""
    if isinstance(v, list):
        return [math.prod(v)]
    return _reshape.run([_prod.run([v, np.int32(0)], {"keep_dims": False}),
                         np.array([1], np.int32)])


def reshape_to(t: Tensor, v: Dims) -> Tensor:
    """`t` reshaped to `v` (nothing done when its shape is `v` already)."""
    if isinstance(v, list) and static_dims(t) == v:
        return t
    return _reshape.run([t, as_tensor(v)])
