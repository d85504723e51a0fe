"""`ag.map_fn`, as `tf.map_fn`: `fn` applied to each slice of `elems` along its first
dimension, the results stacked.

Eagerly it is a Python loop. In a graph it is one `while_loop` whose body writes each result
into a `TensorArray`, so the graph does not grow with the number of slices. Results follow
`fn_output_signature` (by default the signature of `elems`' slices): a dtype or `TensorSpec`
per result, or a composite's spec; rows of a ragged tensor (a `RaggedTensorSpec`) stack into
a ragged tensor.

>>> map_fn(lambda x: x * x, convert_to_tensor([1, 2, 3])).numpy()
array([1, 4, 9], dtype=int32)

(A Python list is a nest, as in TensorFlow: its items are the elements, sliced together.)
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.function.conversion import converted_function
from autograph.runtime.graph.func_graph import flatten, pack_sequence_as
from autograph.runtime.graph.graph import building_graph
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.graph.tensor_spec import TensorSpec
from autograph.runtime.graph.type_spec import TypeSpec
from autograph.runtime.ops.array.ops import shape, stack
from autograph.runtime.ops.control_flow.while_loop import while_loop
from autograph.runtime.ops.list.tensor_array import TensorArray

__all__ = ["map_fn"]


def map_fn(fn: Callable, elems: Any, dtype: Any = None, parallel_iterations: Any = None,
           back_prop: bool = True, swap_memory: bool = False, infer_shape: bool = True,
           name: str | None = None, fn_output_signature: Any = None) -> Any:
    """`fn` of each slice of `elems` (a tensor or a nest of them, sliced together) along the
    first dimension, stacked.

    Args:
        fn: takes one slice (in the structure of `elems`), returns results in the structure
            of `fn_output_signature`.
        elems: a tensor, a composite tensor (a ragged tensor's rows), or a nest of them with
            one first dimension.
        dtype: the older name of `fn_output_signature`.
        fn_output_signature: a nest of dtypes, `TensorSpec`s or composite specs (by default
            that of `elems`' slices).
        parallel_iterations, back_prop, swap_memory, name: accepted for TensorFlow's
            signature.
        infer_shape: results must all have one shape (in a graph).

    Raises:
        ValueError: an element of `elems` is a scalar, or `fn` returns another structure.
        TypeError: `fn` returns a dtype other than the signature's.
    """
    convert = converted_function(fn)
    leaves = [x if isinstance(getattr(x, "_type_spec", None), TypeSpec) else
              convert_to_tensor(x) for x in flatten(elems)]
    if any(_rank(x) == 0 for x in leaves):
        raise ValueError("Elements in elems must be 1+ dimensional Tensors, not scalars")
    signature = fn_output_signature if fn_output_signature is not None else dtype
    specs = (flatten(signature) if signature is not None else
             [_row_spec(x) for x in leaves])
    structure = signature if signature is not None else elems
    specs = [_as_spec(s) for s in specs]
    if building_graph() is None:
        return _eager(convert, elems, leaves, specs, structure)
    return _graph(convert, elems, leaves, specs, structure, infer_shape)


def _rank(x: Any) -> int | None:
    return x.shape.rank


def _row_spec(x: Any) -> Any:
    spec = getattr(x, "_type_spec", None)
    if isinstance(spec, TypeSpec):
        return spec._unbatched_spec()
    return TensorSpec(None, x.dtype)  # the dtype only: fn may change the shape


def _as_spec(s: Any) -> Any:
    if isinstance(s, (TensorSpec, TypeSpec)):
        return s
    return TensorSpec(None, dtypes.as_dtype(s))


def _results(value: Any, structure: Any, count: int) -> list:
    try:
        leaves = flatten(pack_sequence_as(structure, flatten(value)))
    except (TypeError, ValueError):
        raise ValueError(f"map_fn: fn returned {value!r}, which does not have the structure "
                         f"of fn_output_signature (by default that of elems), {structure!r}. "
                         f"Give fn_output_signature.") from None
    if len(leaves) != count:
        raise ValueError(f"map_fn: fn returned {len(leaves)} values; fn_output_signature "
                         f"has {count}.")
    return leaves


def _checked(value: Any, spec: Any) -> Any:
    if isinstance(spec, TypeSpec):
        return value
    tensor = convert_to_tensor(value, dtype=spec.dtype if not isinstance(value, Tensor)
                               else None)
    if tensor.dtype is not spec.dtype:
        raise TypeError(f"map_fn: fn returned a {tensor.dtype.name} tensor where "
                        f"fn_output_signature says {spec.dtype.name}; give "
                        f"fn_output_signature=ag.{tensor.dtype.name} (or cast the result).")
    return tensor


def _eager(fn: Callable, elems: Any, leaves: list, specs: list, structure: Any) -> Any:
    count = int(shape(leaves[0])[0]) if not hasattr(leaves[0], "nrows") else int(
        leaves[0].nrows())
    rows: list[list] = [[] for _ in specs]
    for i in range(count):
        value = fn(pack_sequence_as(elems, [x[i] for x in leaves]))
        for column, v, spec in zip(rows, _results(value, structure, len(specs)), specs):
            column.append(_checked(v, spec))
    out = [_stacked(column, spec) for column, spec in zip(rows, specs)]
    return pack_sequence_as(structure, out)


def _stacked(column: list, spec: Any) -> Any:
    if isinstance(spec, TypeSpec):
        if not spec._batchable:
            raise TypeError(f"map_fn cannot stack results of {spec.value_type.__name__}.")
        return spec._batch(column)
    if not column:
        dims = spec.shape.as_list() if spec.shape.rank is not None else []
        return convert_to_tensor(np.zeros([0] + [d or 0 for d in dims], spec.dtype.np_dtype))
    return stack(column)


def _graph(fn: Callable, elems: Any, leaves: list, specs: list, structure: Any,
           infer_shape: bool) -> Any:
    first = leaves[0]
    count = first.nrows(out_type=dtypes.int32) if hasattr(first, "nrows") else shape(first)[0]
    arrays = [_accumulator(spec, count, infer_shape) for spec in specs]

    def body(i: Tensor, arrays: list) -> tuple:
        value = fn(pack_sequence_as(elems, [x[i] for x in leaves]))
        written = []
        for array, v, spec in zip(arrays, _results(value, structure, len(specs)), specs):
            written.append(_write(array, i, _checked(v, spec), spec))
        return i + 1, written

    _, arrays = while_loop(lambda i, _: i < count, body,
                           (convert_to_tensor(0, dtype=count.dtype), arrays))
    return pack_sequence_as(structure, [_finished(a, spec) for a, spec in zip(arrays, specs)])


def _accumulator(spec: Any, count: Any, infer_shape: bool) -> Any:
    if isinstance(spec, TypeSpec):
        if not hasattr(spec.value_type, "from_row_lengths"):
            raise TypeError(f"map_fn in a function cannot stack results of "
                            f"{spec.value_type.__name__}; return tensors from fn.")
        return (TensorArray(spec._component_specs[0].dtype, size=count, infer_shape=False),
                TensorArray(dtypes.int64, size=count))
    return TensorArray(spec.dtype, size=count, infer_shape=infer_shape,
                       element_shape=spec.shape if spec.shape.rank is not None else None)


def _write(array: Any, i: Tensor, value: Any, spec: Any) -> Any:
    if isinstance(spec, TypeSpec):  # a ragged row: its values, and its length
        values, lengths = array
        row = convert_to_tensor(value)
        return (values.write(i, row), lengths.write(i, shape(row, out_type=dtypes.int64)[0]))
    return array.write(i, value)


def _finished(array: Any, spec: Any) -> Any:
    if isinstance(spec, TypeSpec):
        values, lengths = array
        return spec.value_type.from_row_lengths(values.concat(), lengths.stack())
    return array.stack()


