"""Creation functions of the public API: `constant`, `fill`, `zeros`, `range`, `cast`, ...

`as_shape_tensor` (not exported) turns the shapes users write (lists, tuples, `TensorShape`s,
ints, integer tensors) into the 1-D integer tensor that shape inputs of ops take; the random ops
use it too.

In a graph, `name` names the op a function creates (default: the op type, or the function's
name where TensorFlow's names it so: `zeros`, `ones`). `constant` makes one `Const` op holding
the value computed on the host. `zeros_like`, `ones_like` and `range`, which may cast, create
their ops inside `name_scope(name)` and give the last one the scope's name, as TensorFlow does.
"""

from __future__ import annotations

import operator
from typing import Any

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.eager.fallback import is_composite_shape, map_composite
from autograph.runtime.graph.graph import SymbolicTensor, building_graph
from autograph.runtime.graph.tensor import EagerTensor, Tensor, make_eager
from autograph.runtime.graph.tensor_conversion import (
    change_dtype_hint,
    convert_to_tensor,
    graph_constant,
    to_array,
)
from autograph.runtime.graph.type_spec import CompositeTensor
from autograph.runtime.ops.creation import defs as creation_defs  # noqa: F401  (declares the ops)
from autograph.runtime.ops.graph.ops import name_scope
from autograph.runtime.ops.op_args import known_dims

__all__ = ["constant", "fill", "zeros", "ones", "zeros_like", "ones_like", "range", "linspace",
           "eye", "cast"]

_fill = op_handle("Fill")
_zeros_like = op_handle("ZerosLike")
_ones_like = op_handle("OnesLike")
_range = op_handle("Range")
_linspace = op_handle("LinSpace")
_eye = op_handle("Eye")
_cast = op_handle("Cast")

# Range's dtype inference takes the latest of its arguments' dtypes in this order, as TF does.
_RANGE_ORDER = (dtypes.int8, dtypes.int16, dtypes.uint16, dtypes.int32, dtypes.uint32,
                dtypes.int64, dtypes.float16, dtypes.float32, dtypes.float64)
_INT32_MAX = 2 ** 31 - 1


def as_shape_tensor(shape: Any, what: str = "shape") -> Tensor:
    """A 1-D integer tensor for `shape`: a list, tuple, `TensorShape`, int, or integer tensor.

    Tensors pass through unchanged (the op checks them); an int `n` means the shape `[n]`; a
    list holding tensors is packed into one (`[n, 4]`).

    >>> as_shape_tensor((2, 3)).numpy()
    array([2, 3], dtype=int32)
    """
    if isinstance(shape, Tensor):
        return shape
    if isinstance(shape, (list, tuple)) and any(isinstance(d, Tensor) for d in shape):
        return convert_to_tensor(list(shape))  # `[n, 4]` with a tensor `n`: packed, as in TF
    dims = _dims(shape, what)
    big = any(abs(d) > _INT32_MAX for d in dims)
    return convert_to_tensor(np.array(dims, dtype=np.int64 if big else np.int32))


def _dims(shape: Any, what: str) -> list[int]:
    """The dims of a shape given as a `TensorShape`, tensor, int, or sequence of ints."""
    if isinstance(shape, TensorShape):
        if not shape.is_fully_defined():
            raise ValueError(f"{what} must be fully defined, got {shape}.")
        return known_dims(shape)
    if isinstance(shape, Tensor):
        values = np.asarray(shape)
        if values.ndim != 1 or values.dtype.kind not in "iu":
            raise ValueError(f"{what} must be a 1-D integer tensor, got a {shape.dtype.name} "
                             f"tensor of shape {shape.shape}.")
        return values.tolist()
    items = [shape] if isinstance(shape, (int, np.integer)) else shape
    try:
        if isinstance(items, (str, bytes)) or any(isinstance(d, bool) for d in items):
            raise TypeError
        return [operator.index(d) for d in items]
    except TypeError:
        raise TypeError(f"{what} must be a list or tuple of ints, a TensorShape or an integer "
                        f"tensor, got {shape!r}.") from None


def constant(value: Any, dtype: Any = None, shape: Any = None, name: str = "Const") -> Tensor:
    """A constant tensor from a Python or NumPy value (or a tensor).

    Args:
        value: a Python scalar or nested list, a NumPy array, or a tensor (in a graph, an
            eager one: a symbolic tensor has no value yet).
        dtype: the dtype of the result; a tensor of another dtype is cast, other values must
            convert without loss (`constant(1.5, ag.int32)` is a TypeError: use `cast`).
        shape: the shape of the result: `value` is reshaped when it has as many elements, and
            fills the shape when it has one element.
        name: the name of the `Const` op in a graph; unused eagerly.

    Returns:
        A `Tensor`.

    Raises:
        TypeError: when `value` has neither as many elements as `shape` nor one, or is a
            symbolic tensor while building a graph.

    >>> constant([1, 2, 3, 4], shape=(2, 2)).numpy()
    array([[1, 2],
           [3, 4]], dtype=int32)
    >>> constant(7.0, shape=[2]).numpy()
    array([7., 7.], dtype=float32)
    """
    dtype = None if dtype is None else dtypes.as_dtype(dtype)
    target = None if shape is None else _constant_shape(shape)
    graph = building_graph()
    if graph is not None:  # one Const op, its value computed here on the host
        array = _host_value(value, dtype)
        if target is not None and array.shape != target:
            array = _reshaped(array, target)
        return graph_constant(graph, array, name)
    if isinstance(value, Tensor):
        t = cast(value, dtype) if dtype is not None else value
    else:
        # A new tensor per call, as TensorFlow: conversion shares one tensor per Python
        # scalar, but each constant is its own (a tape watching one watches no other).
        t = convert_to_tensor(value, dtype=dtype)
        if isinstance(t, EagerTensor):
            t = make_eager(t._value, t._dtype, t._device)
    if target is None or tuple(t.shape.as_list()) == target:
        return t
    return convert_to_tensor(_reshaped(np.asarray(t), target))


def _constant_shape(shape: Any) -> tuple[int, ...]:
    target = tuple(_dims(shape, "shape"))
    if any(d < 0 for d in target):
        raise ValueError(f"constant: shape must not contain negative dimensions, got "
                         f"{list(target)}.")
    return target


def _host_value(value: Any, dtype: dtypes.DType | None) -> np.ndarray:
    """`constant`'s value as a host array of `dtype`: a tensor is cast as `Cast` would."""
    if not isinstance(value, Tensor) and hasattr(type(value), "__tf_tensor__"):
        value = convert_to_tensor(value)  # a variable: its value, when it has one now
    if isinstance(value, SymbolicTensor):
        raise TypeError(f"constant needs a value known now, but {value.name} is a symbolic "
                        f"tensor whose value exists only when its graph runs. Use "
                        f"ag.identity, ag.cast or ag.reshape on it instead.")
    if not isinstance(value, Tensor) or dtype is None or value.dtype is dtype:
        return to_array(value, dtype)
    if value.dtype.is_string or dtype.is_string:
        raise InvalidArgumentError(f"Cast from {value.dtype.name} to {dtype.name} is not "
                                   f"supported: only numbers and bool can be cast.", "Cast")
    with np.errstate(invalid="ignore", over="ignore"):  # as the Cast kernel
        return np.asarray(value).astype(dtype.np_dtype)


def _reshaped(array: np.ndarray, target: tuple[int, ...]) -> np.ndarray:
    """`array` reshaped to `target`, or filling it when it has one element."""
    size = int(np.prod(target, dtype=np.int64))
    if array.size == size:
        return array.reshape(target)
    if array.size == 1:
        return np.full(target, array.reshape(()), dtype=array.dtype)
    raise TypeError(f"constant: a value with {array.size} elements cannot have shape "
                    f"{list(target)}; it needs {size} elements (to be reshaped) or 1 (to fill "
                    f"the shape).")


def fill(dims: Any, value: Any, name: str | None = None) -> Tensor:
    """A tensor of shape `dims` whose elements all equal the scalar `value`.

    >>> fill([2, 3], 9).numpy()
    array([[9, 9, 9],
           [9, 9, 9]], dtype=int32)
    """
    shape = dims if is_composite_shape(dims) else as_shape_tensor(dims, "dims")
    return _fill.run([shape, value], None, name)  # a ragged shape: the op's fallback


def zeros(shape: Any, dtype: Any = dtypes.float32, name: str | None = None) -> Tensor:
    """A tensor of zeros (False for bool, empty strings for string).

    >>> zeros([2]).numpy()
    array([0., 0.], dtype=float32)
    """
    dtype = dtypes.as_dtype(dtype)
    return fill(shape, _scalar(0, dtype, "zeros"), "zeros" if name is None else name)


def ones(shape: Any, dtype: Any = dtypes.float32, name: str | None = None) -> Tensor:
    """A tensor of ones (True for bool).

    >>> ones((2,), dtype="int64").numpy()
    array([1, 1])
    """
    dtype = dtypes.as_dtype(dtype)
    return fill(shape, _scalar(1, dtype, "ones"), "ones" if name is None else name)


def zeros_like(input: Any, dtype: Any = None, name: str | None = None) -> Tensor:  # noqa: A002
    """Zeros with the shape of `input`, and its dtype unless `dtype` is given.

    >>> zeros_like([[1, 2]]).numpy()
    array([[0, 0]], dtype=int32)
    """
    return _like(_zeros_like, input, dtype, 0, name, "zeros_like")


def ones_like(input: Any, dtype: Any = None, name: str | None = None) -> Tensor:  # noqa: A002
    """Ones with the shape of `input`, and its dtype unless `dtype` is given.

    >>> ones_like([1.5, 2.5], dtype="int32").numpy()
    array([1, 1], dtype=int32)
    """
    return _like(_ones_like, input, dtype, 1, name, "ones_like")


def _like(handle: Any, input: Any, dtype: Any, value: int, name: str | None,  # noqa: A002
          what: str) -> Tensor:
    """`zeros_like` or `ones_like` (`what`); in a graph, in `name_scope(name, what)`."""
    if isinstance(input, CompositeTensor):  # a ragged tensor: its values
        return map_composite(_like, handle, input, dtype, value, name, what)
    if building_graph() is None:  # eagerly, ops have no names: no scope to enter
        return _like_ops(handle, input, dtype, value, None, what)
    with name_scope(name, what, [input]) as scope:
        return _like_ops(handle, input, dtype, value, scope, what)


def _like_ops(handle: Any, input: Any, dtype: Any, value: int, scope: str | None,  # noqa: A002
              what: str) -> Tensor:
    x = convert_to_tensor(input)
    dtype = x.dtype if dtype is None else dtypes.as_dtype(dtype)
    if isinstance(x, SymbolicTensor) and x._shape is not None and None not in x._shape and (
            x.dtype not in (dtypes.resource, dtypes.variant)):
        # As TensorFlow's: a graph tensor of known shape gives a fill of that shape, which
        # does not need the tensor's value (nor a feed of it).
        return fill(list(x._shape), _scalar(value, dtype, what), scope)
    if dtype is x.dtype:
        return handle.run([x], None, scope)
    if x.dtype.is_string or dtype.is_string:
        return fill(x.shape, _scalar(value, dtype, what), scope)
    return cast(handle.run([x], None), dtype, scope)  # exact: 0 and 1 exist in every dtype


def _scalar(value: int, dtype: dtypes.DType, what: str) -> np.ndarray:
    if dtype.is_string:
        if value:
            raise InvalidArgumentError(f"{what} does not support dtype string: there is no "
                                       f"string one. Use fill(shape, b'...') instead.")
        return np.array(b"", dtype=object)
    return np.array(value, dtype=dtype.np_dtype)


def range(start: Any, limit: Any = None, delta: Any = 1, dtype: Any = None,  # noqa: A001
          name: str = "range") -> Tensor:
    """The sequence `start, start + delta, ...` up to but excluding `limit`, like Python's range.

    With one argument it counts from 0 to `start`. Without `dtype`, the result takes the widest
    dtype of the arguments (a Python float among them makes it float32). A range that runs
    away from `limit` (`range(5, 1)`) is empty, as in Python; TensorFlow raises an error there.

    Raises:
        InvalidArgumentError: when `delta` is 0.

    >>> range(5).numpy()
    array([0, 1, 2, 3, 4], dtype=int32)
    >>> range(1, 2, 0.25).numpy()
    array([1.  , 1.25, 1.5 , 1.75], dtype=float32)
    """
    if limit is None:
        start, limit = 0, start
    with name_scope(name, "Range", [start, limit, delta]) as scope:
        return _range_in_scope(start, limit, delta, dtype, scope)


def _range_in_scope(start: Any, limit: Any, delta: Any, dtype: Any, name: str) -> Tensor:
    dtype = None if dtype is None else dtypes.as_dtype(dtype)
    args = [a if isinstance(a, Tensor) else convert_to_tensor(a, dtype=dtype)
            for a in (start, limit, delta)]
    if dtype is None:
        found = [a.dtype for a in args]
        for d in found:
            if d not in _RANGE_ORDER:
                names = ", ".join(d.name for d in _RANGE_ORDER)
                raise InvalidArgumentError(f"range does not support dtype {d.name}; "
                                           f"supported: {names}.", "Range")
        dtype = max(found, key=_RANGE_ORDER.index)
    return _range.run([cast(a, dtype) for a in args], None, name)


def linspace(start: Any, stop: Any, num: Any, name: str | None = None, axis: int = 0) -> Tensor:
    """`num` evenly spaced values from `start` to `stop`, both included.

    `start` and `stop` may be tensors (they broadcast together); the new dimension of size
    `num` goes at `axis` of the result. Python numbers become float32.

    >>> linspace(0, 1, 5).numpy()
    array([0.  , 0.25, 0.5 , 0.75, 1.  ], dtype=float32)
    """
    if not isinstance(start, Tensor) and not isinstance(stop, Tensor):
        start = convert_to_tensor(start, dtype_hint=dtypes.float32)
    return _linspace.run([start, stop, num], {"axis": axis}, name)


def eye(num_rows: Any, num_columns: Any = None, batch_shape: Any = None,
        dtype: Any = dtypes.float32, name: str | None = None) -> Tensor:
    """Identity matrices of shape `batch_shape + [num_rows, num_columns]`.

    >>> eye(2, 3, dtype="int32").numpy()
    array([[1, 0, 0],
           [0, 1, 0]], dtype=int32)
    """
    if num_columns is None:
        num_columns = num_rows
    batch = () if batch_shape is None else tuple(_dims(batch_shape, "batch_shape"))
    return _eye.run([num_rows, num_columns], {"dtype": dtype, "batch_shape": batch}, name)


def cast(x: Any, dtype: Any, name: str | None = None) -> Tensor:
    """`x` converted to `dtype`; `x` itself when it has that dtype already.

    Floats become integers by truncation toward zero, numbers become bool by comparison with
    zero, and bool becomes 0 or 1. Strings cannot be cast.

    Raises:
        InvalidArgumentError: when `x` or `dtype` is a string type.

    >>> cast([1.9, -1.9], "int32").numpy()
    array([ 1, -1], dtype=int32)
    """
    if isinstance(x, CompositeTensor):  # a ragged tensor: its values
        return map_composite(cast, x, dtype, name=name)
    x = convert_to_tensor(x)
    dtype = dtypes.as_dtype(dtype)
    if x.dtype is dtype:
        return x
    if x.dtype.is_string or dtype.is_string:
        hint = change_dtype_hint(x.dtype, dtype)
        raise InvalidArgumentError(f"Cast from {x.dtype.name} to {dtype.name} is not supported: "
                                   f"only numbers and bool can be cast; {hint}.", "Cast")
    result = _cast.run_keyed(dtype.name, x, lambda: ([x], {"DstT": dtype}))  # settled once
    return _cast.run([x], {"DstT": dtype}, name) if result is None else result
