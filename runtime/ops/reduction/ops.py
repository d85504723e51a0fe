"""Reductions (`reduce_sum`, `argmax`, ...), `cumsum` and `softmax` of the public API.

An axis may be a Python int, a list or tuple of ints, or an integer tensor; negative axes count
from the end. `axis=None` means every axis (for `argmax` and `argmin`, axis 0, as TensorFlow).
In a graph, `name` names the op; it defaults to the op type (`Sum`, `ArgMax`, ...), as in
TensorFlow.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.eager.dispatch import OpHandle, op_handle
from autograph.runtime.eager.settled_calls import int_signature
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.graph.type_spec import CompositeTensor
from autograph.runtime.ops.reduction import defs as reduction_defs  # noqa: F401  (declares the ops)

__all__ = ["reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod", "reduce_any",
           "reduce_all", "argmax", "argmin", "cumsum", "softmax"]

_sum = op_handle("Sum")
_mean = op_handle("Mean")
_max = op_handle("Max")
_min = op_handle("Min")
_prod = op_handle("Prod")
_any = op_handle("Any")
_all = op_handle("All")
_arg_max = op_handle("ArgMax")
_arg_min = op_handle("ArgMin")
_cumsum = op_handle("Cumsum")
_softmax = op_handle("Softmax")
_range, _rank, _reshape = op_handle("Range"), op_handle("Rank"), op_handle("Reshape")



def _reduce(handle: OpHandle, input_tensor: Any, axis: Any, keepdims: Any,
            name: str | None) -> Tensor:
    signature = _axis_signature(axis)
    if signature is not None:  # Python axes: the call is settled once per signature
        keep = bool(keepdims)
        result = handle.run_keyed((signature, keep), input_tensor, lambda: (
            (input_tensor, np.arange(input_tensor.ndim, dtype=np.int32) if axis is None
             else axis), {"keep_dims": keep}))
        if result is not None:
            return result
    if axis is None and not isinstance(input_tensor, CompositeTensor):  # ragged: its op asks
        input_tensor = convert_to_tensor(input_tensor)
        rank = input_tensor.shape.rank
        if rank is None:  # every axis, counted when the graph runs; the result is a scalar
            axes = _range.run([np.int32(0), _rank.run([input_tensor]), np.int32(1)])
            result = handle.run((input_tensor, axes), {"keep_dims": bool(keepdims)}, name)
            return result if keepdims else _reshape.run([result, np.zeros(0, np.int32)])
        axis = np.arange(rank, dtype=np.int32)
    return handle.run((input_tensor, axis), {"keep_dims": bool(keepdims)}, name)


def _arg_extremum(handle: OpHandle, input: Any, axis: Any, output_type: Any,  # noqa: A002
                  name: str | None) -> Tensor:
    signature = int_signature(axis)
    if signature is not None:  # a Python axis: the call is settled once per signature
        result = handle.run_keyed((signature, output_type), input, lambda: (
            (input, axis), {"output_type": output_type}))
        if result is not None:
            return result
    return handle.run((input, axis), {"output_type": output_type}, name)


def _axis_signature(axis: Any) -> Any:
    """`axis` as a signature when it is None (every axis), a Python int or a list or tuple of
    them; else None."""
    return "all" if axis is None else int_signature(axis)


def reduce_sum(input_tensor: Any, axis: Any = None, keepdims: bool = False,
               name: str | None = None) -> Tensor:
    """Sums the elements of `input_tensor` over `axis` (0 over an empty axis).

    Args:
        input_tensor: a numeric tensor.
        axis: the axes to reduce: an int, a list or tuple of ints, or an integer tensor;
            None reduces every axis.
        keepdims: whether to keep each reduced axis, with size 1.
        name: the op's name in a graph; unused eagerly.

    Returns:
        A tensor of `input_tensor`'s dtype.

    Raises:
        InvalidArgumentError: an axis out of range.

    >>> reduce_sum([[1, 2], [3, 4]], axis=0).numpy()
    array([4, 6], dtype=int32)
    """
    return _reduce(_sum, input_tensor, axis, keepdims, name)


def reduce_mean(input_tensor: Any, axis: Any = None, keepdims: bool = False,
                name: str | None = None) -> Tensor:
    """Averages the elements of `input_tensor` over `axis`, keeping its dtype.

    Integer means truncate toward zero, as in TensorFlow; a float mean over an empty axis is
    NaN. Arguments are as for `reduce_sum`.

    >>> reduce_mean([[1, 2], [3, 6]], axis=1).numpy()
    array([1, 4], dtype=int32)
    """
    return _reduce(_mean, input_tensor, axis, keepdims, name)


def reduce_max(input_tensor: Any, axis: Any = None, keepdims: bool = False,
               name: str | None = None) -> Tensor:
    """Takes the largest element of `input_tensor` over `axis`.

    Over an empty axis the result is the dtype's lowest value (-inf for floats), as in
    TensorFlow. Arguments are as for `reduce_sum`.

    >>> reduce_max([[1, 5], [3, 4]], axis=-1).numpy()
    array([5, 4], dtype=int32)
    """
    return _reduce(_max, input_tensor, axis, keepdims, name)


def reduce_min(input_tensor: Any, axis: Any = None, keepdims: bool = False,
               name: str | None = None) -> Tensor:
    """Takes the smallest element of `input_tensor` over `axis`.

    Over an empty axis the result is the dtype's highest value (inf for floats), as in
    TensorFlow. Arguments are as for `reduce_sum`.

    >>> reduce_min([[1, 5], [3, 4]], axis=[0, 1]).numpy()
    np.int32(1)
    """
    return _reduce(_min, input_tensor, axis, keepdims, name)


def reduce_prod(input_tensor: Any, axis: Any = None, keepdims: bool = False,
                name: str | None = None) -> Tensor:
    """Multiplies the elements of `input_tensor` over `axis` (1 over an empty axis).

    Arguments are as for `reduce_sum`.

    >>> reduce_prod([[1, 2], [3, 4]], axis=1, keepdims=True).numpy()
    array([[ 2],
           [12]], dtype=int32)
    """
    return _reduce(_prod, input_tensor, axis, keepdims, name)


def reduce_any(input_tensor: Any, axis: Any = None, keepdims: bool = False,
               name: str | None = None) -> Tensor:
    """Computes the logical OR of a bool tensor over `axis` (False over an empty axis).

    Arguments are as for `reduce_sum`.

    >>> reduce_any([[True, False], [False, False]], axis=1).numpy()
    array([ True, False])
    """
    return _reduce(_any, input_tensor, axis, keepdims, name)


def reduce_all(input_tensor: Any, axis: Any = None, keepdims: bool = False,
               name: str | None = None) -> Tensor:
    """Computes the logical AND of a bool tensor over `axis` (True over an empty axis).

    Arguments are as for `reduce_sum`.

    >>> reduce_all([[True, False], [True, True]], axis=1).numpy()
    array([False,  True])
    """
    return _reduce(_all, input_tensor, axis, keepdims, name)


def argmax(input: Any, axis: Any = None, output_type: Any = dtypes.int64,
           name: str | None = None) -> Tensor:
    """Returns the index of the largest element along `axis` (the first one on ties).

    Args:
        input: a tensor of numbers or bools, of rank >= 1.
        axis: the axis, an int or a scalar integer tensor; None means 0, as in TensorFlow.
        output_type: the dtype of the indices: int16, uint16, int32 or int64.
        name: the op's name in a graph; unused eagerly.

    Returns:
        A tensor of `output_type` with `input`'s shape less `axis`.

    Raises:
        InvalidArgumentError: an axis out of range, or an empty one.

    >>> argmax([[1, 9, 3], [7, 2, 7]], axis=1).numpy()
    array([1, 0])
    """
    axis = 0 if axis is None else axis
    return _arg_extremum(_arg_max, input, axis, output_type, name)


def argmin(input: Any, axis: Any = None, output_type: Any = dtypes.int64,
           name: str | None = None) -> Tensor:
    """Returns the index of the smallest element along `axis` (the first one on ties).

    Arguments are as for `argmax`.

    >>> argmin([[1, 9, 3], [7, 2, 2]], axis=1).numpy()
    array([0, 1])
    """
    axis = 0 if axis is None else axis
    return _arg_extremum(_arg_min, input, axis, output_type, name)


def cumsum(x: Any, axis: Any = 0, exclusive: bool = False, reverse: bool = False,
           name: str | None = None) -> Tensor:
    """Computes the cumulative sum of `x` along `axis`.

    Args:
        x: a numeric tensor of rank >= 1.
        axis: the axis, an int or a scalar integer tensor; negative counts from the end.
        exclusive: whether each sum leaves out its own element (the first output is 0).
        reverse: whether to sum from the end of the axis toward its start.
        name: the op's name in a graph; unused eagerly.

    Returns:
        A tensor of `x`'s shape and dtype.

    >>> cumsum([1, 2, 3]).numpy()
    array([1, 3, 6], dtype=int32)
    >>> cumsum([1, 2, 3], exclusive=True, reverse=True).numpy()
    array([5, 3, 0], dtype=int32)
    """
    return _cumsum.run((x, axis), {"exclusive": bool(exclusive), "reverse": bool(reverse)},
                       name)


def softmax(logits: Any, axis: int | None = None, name: str | None = None) -> Tensor:
    """Computes `exp(logits) / reduce_sum(exp(logits), axis)` without overflow.

    Args:
        logits: a float tensor of rank >= 1.
        axis: the axis to normalise; None means the last one. Other axes run in the same
            kernel (the Softmax op's `axis` attr), not by transposing as TensorFlow does.
        name: the op's name in a graph; unused eagerly.

    Returns:
        A tensor of `logits`' shape and dtype.

    >>> softmax([0.0, 0.0]).numpy()
    array([0.5, 0.5], dtype=float32)
    """
    return _softmax.run((logits,), {"axis": -1 if axis is None else axis}, name)
