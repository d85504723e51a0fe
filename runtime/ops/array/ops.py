"""Array functions of the public API: reshaping, joining, splitting, gathering, slicing, padding.

Names and signatures follow TensorFlow 2 (`tf.reshape`, `tf.concat`, ...). Gathering and
selection functions live in `runtime/ops/array/gathering.py`, slicing and `tensor[key]` in
`runtime/ops/array/indexing.py`; this module re-exports them, so `__all__` here is the family's API.

In a graph, `name` names the op a function creates. The default is TensorFlow's: the op type
(`Reshape`, `Tile`), or the name in the function's signature (`transpose`, `concat`, `stack`,
`unstack`, `split`).
"""

from __future__ import annotations

import math
from typing import Any, Sequence

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.eager.settled_calls import int_signature
from autograph.runtime.graph.graph import SymbolicTensor, building_graph
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor, set_list_packer
from autograph.runtime.graph.type_spec import CompositeTensor
from autograph.runtime.ops.array import defs as array_defs  # noqa: F401
from autograph.runtime.ops.array.gathering import boolean_mask, gather, gather_nd, one_hot, where
from autograph.runtime.ops.array.indexing import (
    as_index_vector,
    newaxis,
    slice,
    strided_slice,
    tensor_getitem,  # noqa: F401  (Tensor.__getitem__ calls it)
)
from autograph.runtime.ops.array.scattering import (  # noqa: F401
    meshgrid,
    scatter_nd,
    tensor_scatter_nd_add,
    tensor_scatter_nd_max,
    tensor_scatter_nd_min,
    tensor_scatter_nd_sub,
    tensor_scatter_nd_update,
)
from autograph.runtime.ops.array.sorting import (  # noqa: F401
    argsort,
    histogram_fixed_width,
    searchsorted,
    sort,
    unique,
)
from autograph.runtime.ops.control_flow import defs as control_flow_defs  # noqa: F401
from autograph.runtime.ops.creation import defs as creation_defs  # noqa: F401
from autograph.runtime.ops.creation.ops import constant
from autograph.runtime.ops.math import defs as math_defs  # noqa: F401
from autograph.runtime.ops.reduction.ops import reduce_all

__all__ = [
    "identity", "stop_gradient", "reshape", "shape", "size", "rank", "expand_dims", "squeeze",
    "transpose", "concat", "stack", "unstack", "split", "tile", "broadcast_to", "reverse", "pad",
    "gather", "gather_nd", "one_hot", "where", "boolean_mask", "slice", "strided_slice",
    "newaxis", "scatter_nd", "tensor_scatter_nd_update", "tensor_scatter_nd_add",
    "tensor_scatter_nd_sub", "tensor_scatter_nd_min", "tensor_scatter_nd_max", "meshgrid",
    "sort", "argsort", "unique", "searchsorted", "histogram_fixed_width",
]

_identity = op_handle("Identity")
_stop_gradient = op_handle("StopGradient")
_reshape = op_handle("Reshape")
_shape = op_handle("Shape")
_size = op_handle("Size")
_rank = op_handle("Rank")
_expand_dims = op_handle("ExpandDims")
_squeeze = op_handle("Squeeze")
_transpose = op_handle("Transpose")
_conj = op_handle("Conj")
_broadcast_gradient_args = op_handle("BroadcastGradientArgs")
_concat = op_handle("ConcatV2")
_pack = op_handle("Pack")
_unpack = op_handle("Unpack")
_split = op_handle("Split")
_split_v = op_handle("SplitV")
_tile = op_handle("Tile")
_broadcast_to = op_handle("BroadcastTo")
_reverse = op_handle("ReverseV2")
_pad = op_handle("PadV2")
_mirror_pad = op_handle("MirrorPad")
_cast = op_handle("Cast")
_equal = op_handle("Equal")
_check_defined = op_handle("CheckDefined")


def identity(input: Any, name: str | None = None) -> Any:
    """Returns a tensor with the same shape and contents as `input`.

    >>> identity([1, 2]).numpy()
    array([1, 2], dtype=int32)
    """
    return _identity.run([input], None, name)


def stop_gradient(input: Any, name: str | None = None) -> Any:  # noqa: A002
    """`input` itself, as a constant to gradients: none flow through it.

    >>> stop_gradient(3.0).numpy()
    np.float32(3.0)
    """
    return _stop_gradient.run([input], None, name)


def reshape(tensor: Any, shape: Any, name: str | None = None) -> Any:
    """Returns `tensor`'s elements, in order, with shape `shape` (one size may be -1).

    Args:
        tensor: a tensor.
        shape: an int32/int64 vector of sizes; a -1 is inferred from the element count.
        name: the op's name in a graph; unused eagerly.

    Raises:
        InvalidArgumentError: the element counts differ, or `shape` has several -1.

    >>> reshape([1, 2, 3, 4, 5, 6], [3, -1]).numpy()
    array([[1, 2],
           [3, 4],
           [5, 6]], dtype=int32)
    """
    result = _reshape.run_keyed(int_signature(shape), tensor,  # Python ints: settled once
                                lambda: ([tensor, as_index_vector(shape)], None))
    return _reshape.run([tensor, as_index_vector(shape)], None, name) if result is None else result


def shape(input: Any, out_type: Any = dtypes.int32, name: str | None = None) -> Any:
    """Returns the shape of `input` as a vector of dtype `out_type` (int32 or int64).

    >>> shape([[1.0, 2.0, 3.0]]).numpy()
    array([1, 3], dtype=int32)
    """
    input, static = _with_static_shape(input)
    if static is not None and None not in static:
        return constant(list(static), out_type, name=name or "Shape")
    return _shape.run([input], {"out_type": out_type}, name)


def size(input: Any, out_type: Any = dtypes.int32, name: str | None = None) -> Any:
    """Returns the number of elements of `input`, a scalar of dtype `out_type`.

    >>> int(size([[1, 2, 3], [4, 5, 6]]))
    6
    """
    input, static = _with_static_shape(input)
    if static is not None and (None not in static or 0 in static):
        return constant(math.prod(d or 0 for d in static), out_type, name=name or "Size")
    return _size.run([input], {"out_type": out_type}, name)


def rank(input: Any, name: str | None = None) -> Any:
    """Returns the number of dimensions of `input`, an int32 scalar.

    >>> int(rank([[1, 2, 3], [4, 5, 6]]))
    2
    """
    input, static = _with_static_shape(input)
    if static is not None:
        return constant(len(static), dtypes.int32, name=name or "Rank")
    return _rank.run([input], None, name)


def _with_static_shape(input: Any) -> tuple[Any, tuple | None]:
    """`input` (as a tensor in a graph) and, in a graph, its static shape when its rank is
    known: as TensorFlow's, `shape`, `size` and `rank` are then constants, needing no feed."""
    if building_graph() is None or isinstance(input, CompositeTensor):
        return input, None  # a composite: the op's fallback gives its shape
    t = convert_to_tensor(input)
    return t, t._shape if isinstance(t, SymbolicTensor) else None


def expand_dims(input: Any, axis: Any, name: str | None = None) -> Any:
    """Inserts a dimension of size 1 at `axis`, in `[-rank - 1, rank]`.

    >>> expand_dims([1, 2], -1).shape
    TensorShape([2, 1])
    """
    result = _expand_dims.run_keyed(int_signature(axis), input, lambda: ([input, axis], None))
    return _expand_dims.run([input, axis], None, name) if result is None else result


def squeeze(input: Any, axis: Any = None, name: str | None = None) -> Any:
    """Removes dimensions of size 1: those in `axis` (an int or a list), or all of them.

    Raises:
        InvalidArgumentError: a dimension in `axis` does not have size 1.

    >>> squeeze([[[1], [2]]]).shape
    TensorShape([2])
    >>> squeeze([[[1], [2]]], axis=-1).shape
    TensorShape([1, 2])
    """
    axes = [] if axis is None else list(axis) if isinstance(axis, (list, tuple)) else [axis]
    return _squeeze.run([input], {"squeeze_dims": axes}, name)


def transpose(a: Any, perm: Any = None, conjugate: bool = False,
              name: str = "transpose") -> Any:
    """Permutes the dimensions of `a`: output dimension i is input dimension `perm[i]`.

    Args:
        a: a tensor.
        perm: a permutation of `range(rank)`; reversed dimensions when None (a matrix
            transpose for rank 2), which needs `a`'s rank to be known.
        conjugate: also conjugates complex values (TensorFlow's ConjugateTranspose); changes
            nothing for real ones.
        name: the op's name in a graph; unused eagerly.

    >>> transpose([[1, 2, 3]]).numpy()
    array([[1],
           [2],
           [3]], dtype=int32)
    """
    if perm is None:
        a = convert_to_tensor(a)
        r = a.shape.rank
        if r is None:
            raise ValueError("transpose(perm=None) needs a tensor of known rank; pass perm.")
        perm = list(range(r - 1, -1, -1))
    result = _transpose.run_keyed(int_signature(perm), a,
                                  lambda: ([a, as_index_vector(perm)], None))
    if result is None:
        result = _transpose.run([a, as_index_vector(perm)], None, name)
    return _conj.run([result], None) if conjugate and result.dtype.is_complex else result


def concat(values: Sequence[Any], axis: Any, name: str = "concat") -> Any:
    """Joins tensors of one rank along dimension `axis`; the other dimensions must match.

    >>> concat([[[1, 2]], [[3, 4]]], axis=0).numpy()
    array([[1, 2],
           [3, 4]], dtype=int32)
    """
    return _concat.run([list(values), axis], None, name)


def stack(values: Any, axis: int = 0, name: str = "stack") -> Any:
    """Stacks tensors of one shape along a new dimension `axis`, in `[-rank - 1, rank]`.

    A TensorArray (what a Python list appended to in a loop over tensors becomes) gives its
    own `stack()` along `axis` 0 (TensorFlow cannot stack such a list: the appended tensors
    belong to the loop's body).

    >>> stack([[1, 2], [3, 4]], axis=1).numpy()
    array([[1, 3],
           [2, 4]], dtype=int32)
    """
    if axis == 0 and not isinstance(values, (list, tuple, Tensor)) and callable(
            getattr(values, "stack", None)):
        return values.stack(name=name)  # a TensorArray
    return _pack.run([list(values)], {"axis": axis}, name)


def unstack(value: Any, num: int | None = None, axis: int = 0, name: str = "unstack") -> list:
    """Splits `value` into the list of its slices along `axis`, which is removed.

    Args:
        value: a tensor of rank >= 1.
        num: the size of dimension `axis`; taken from `value`'s static shape when None.
        axis: the dimension to unstack along.
        name: the op's name in a graph; unused eagerly.

    >>> [t.numpy() for t in unstack([[1, 2], [3, 4]], axis=1)]
    [array([1, 3], dtype=int32), array([2, 4], dtype=int32)]
    """
    if num is None:
        value = convert_to_tensor(value)
        dims = value.shape.dims
        if dims is not None:
            r = len(dims)
            if not -r <= axis < r:
                raise InvalidArgumentError(f"axis {axis} is out of range for a tensor of rank "
                                           f"{r}; it must be in [{-r}, {r}).", "Unpack")
            num = dims[axis]
        if num is None:
            raise ValueError(f"Cannot infer num from shape {value.shape}; pass num.")
    return _unpack.run([value], {"num": num, "axis": axis}, name)


def split(value: Any, num_or_size_splits: Any, axis: Any = 0, num: int | None = None,
          name: str = "split") -> list:
    """Splits `value` along `axis` into equal parts, or parts of the given sizes.

    Args:
        value: the tensor to split.
        num_or_size_splits: an int, the number of equal parts (it must divide the dimension),
            or a vector of sizes, one of which may be -1 for what remains.
        axis: the dimension to split.
        num: the number of parts, when the sizes' length is not static.
        name: the op's name in a graph; unused eagerly.

    >>> [t.numpy().tolist() for t in split([1, 2, 3, 4, 5], [2, -1])]
    [[1, 2], [3, 4, 5]]
    """
    if isinstance(num_or_size_splits, int) and not isinstance(num_or_size_splits, bool):
        return _split.run([axis, value], {"num_split": num_or_size_splits}, name)
    sizes = convert_to_tensor(num_or_size_splits)
    if sizes.shape.rank == 0:
        raise ValueError(f"num_or_size_splits must be an int or a vector of sizes, got the "
                         f"scalar tensor {num_or_size_splits!r}; pass int(...) for equal parts.")
    if num is None:
        num = sizes.shape[0] if sizes.shape.rank else None
        if num is None:
            raise ValueError("Cannot infer the number of parts from num_or_size_splits; pass "
                             "num.")
    return _split_v.run([value, sizes, axis], {"num_split": num}, name)


def tile(input: Any, multiples: Any, name: str | None = None) -> Any:
    """Repeats `input` `multiples[i]` times along each dimension i.

    >>> tile([[1, 2]], [2, 2]).numpy()
    array([[1, 2, 1, 2],
           [1, 2, 1, 2]], dtype=int32)
    """
    return _tile.run([input, as_index_vector(multiples)], None, name)


def broadcast_to(input: Any, shape: Any, name: str | None = None) -> Any:
    """Broadcasts `input` to `shape` with NumPy's rules (dimensions of size 1 stretch).

    >>> broadcast_to([1, 2, 3], [2, 3]).numpy()
    array([[1, 2, 3],
           [1, 2, 3]], dtype=int32)
    """
    return _broadcast_to.run([input, as_index_vector(shape)], None, name)


def reverse(tensor: Any, axis: Any, name: str | None = None) -> Any:
    """Reverses `tensor` along the dimensions in `axis` (a list; a single int also works).

    >>> reverse([[1, 2], [3, 4]], [1]).numpy()
    array([[2, 1],
           [4, 3]], dtype=int32)
    """
    if isinstance(axis, (int, np.integer)):
        axis = [axis]
    return _reverse.run([tensor, as_index_vector(axis)], None, name)


_PAD_MODES = ("CONSTANT", "REFLECT", "SYMMETRIC")


def pad(tensor: Any, paddings: Any, mode: str = "CONSTANT", constant_values: Any = 0,
        name: str | None = None) -> Any:
    """Pads `tensor`: `paddings[i] = [before, after]` elements around dimension i.

    Args:
        tensor: the tensor to pad.
        paddings: an int matrix of shape `(rank, 2)`.
        mode: "CONSTANT" (fill with `constant_values`), "REFLECT" (mirror, edge excluded) or
            "SYMMETRIC" (mirror, edge included); case-insensitive.
        constant_values: the fill value, of `tensor`'s dtype.
        name: the op's name in a graph; unused eagerly.

    >>> pad([1, 2, 3], [[1, 2]]).numpy()
    array([0, 1, 2, 3, 0, 0], dtype=int32)
    >>> pad([1, 2, 3], [[2, 2]], mode="reflect").numpy()
    array([3, 2, 1, 2, 3, 2, 1], dtype=int32)
    """
    upper = mode.upper() if isinstance(mode, str) else mode
    if upper == "CONSTANT":
        return _pad.run([tensor, paddings, constant_values], None, name)
    if upper in _PAD_MODES:
        return _mirror_pad.run([tensor, paddings], {"mode": upper}, name)
    raise ValueError(f"mode must be one of 'CONSTANT', 'REFLECT' or 'SYMMETRIC' (any case), got "
                     f"{mode!r}.")


def _packed_cast(item: Tensor, dtype: dtypes.DType) -> Tensor:
    """`item`, a tensor in a list that converts to `dtype`, cast to it; an int cast to a
    narrower int is checked to fit when the graph runs (InvalidArgumentError), where the eager
    conversion checks the values at once."""
    result = _cast.run([item], {"DstT": dtype})
    if item.dtype.is_integer and dtype.is_integer and (
            dtype.min > item.dtype.min or dtype.max < item.dtype.max):
        fits = reduce_all(_equal.run([_cast.run([result], {"DstT": item.dtype}), item]))
        result = _check_defined.run([result, fits], {"message": (
            f"A list item of dtype {item.dtype.name} converted to {dtype.name} holds a value "
            f"outside the range of {dtype.name}, [{dtype.min}, {dtype.max}]; cast it with "
            f"ag.cast, or convert the list to {item.dtype.name}.")})
    return result


set_list_packer(stack, _packed_cast)  # lists of symbolic tensors convert by stacking
