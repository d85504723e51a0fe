"""Turning Python and NumPy values into tensors, with TensorFlow's dtype rules.

Python `int` becomes int32 (int64 when it does not fit), `float` float32, `complex` complex128,
`bool` bool and `str` string; NumPy values keep their dtype. An explicit `dtype` accepts only
lossless conversions (int -> float is fine, float -> int is not: use `ag.cast`), and an int
outside its dtype's range is a ValueError that names the range.

>>> convert_to_tensor([1, 2]).dtype, convert_to_tensor(2.5).dtype
(ag.int32, ag.float32)
>>> convert_to_tensor(np.arange(3)).dtype
ag.int64
>>> convert_to_tensor(1.5, dtype=dtypes.int32)
Traceback (most recent call last):
...
TypeError: Cannot convert 1.5 to a tensor of dtype int32: it would lose information. ...
"""

from __future__ import annotations

from math import copysign
from typing import Any, Callable, Sequence

import numpy as np

from autograph.runtime.core import devices, dtypes
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.graph import Graph, SymbolicTensor, building_graph
from autograph.runtime.graph.tensor import EagerTensor, Tensor, make_eager
from autograph.runtime.registry.op_registry import op_registry

_INT32_MIN, _INT32_MAX = -(2 ** 31), 2 ** 31 - 1
_INT64_MIN, _INT64_MAX = -(2 ** 63), 2 ** 63 - 1
_SCALAR_TYPES = (int, float, bool, complex)
# NumPy's real scalars (immutable, as Python's), whose graph constants share an array too.
_NUMPY_SCALAR_TYPES = frozenset({np.bool_, np.float16, np.float32, np.float64, np.int8, np.int16,
                                 np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64})
_MAX_CACHED_SCALARS = 1024
_TO_NUMBER_TYPES = ("float32", "float64", "int32", "int64", "uint32", "uint64")
# Python scalars met in expressions (`x * 2`) are converted once per dtype and placement and
# then shared; tensors are immutable, so sharing is safe (TensorFlow's eager mode does the same).
_scalar_cache: dict[tuple, Tensor] = {}


def convert_to_tensor(value: Any, dtype: Any = None, dtype_hint: Any = None,
                      name: str | None = None) -> Tensor:
    """Converts `value` to a tensor (a tensor passes through).

    Args:
        value: a tensor, a NumPy array or scalar, a Python scalar, or a nested list of them,
            or an object with a `__tf_tensor__(dtype, name)` method (such as a variable).
        dtype: the dtype the result must have; a tensor of another dtype is a ValueError.
        dtype_hint: a dtype to use when `value` has none of its own and can take it.
        name: unused eagerly; kept for TensorFlow compatibility.

    Returns:
        A `Tensor`.

    Raises:
        ValueError: a tensor of the wrong dtype, a ragged list, an unsupported value, or an
            integer outside the range of its dtype.
        TypeError: a lossy conversion to `dtype`.
    """
    python_scalar = type(value) in _SCALAR_TYPES  # the most common value: `x * 2.0`
    if python_scalar or type(value) in _NUMPY_SCALAR_TYPES:  # or `x * np.float32(2)`
        graph = building_graph()
        if graph is not None:
            return graph_scalar(graph, value, dtype, dtype_hint, name or "Const")
        if python_scalar:
            return _eager_scalar(value, dtype, dtype_hint)
    if isinstance(value, Tensor):
        if dtype is not None and value.dtype is not dtypes.as_dtype(dtype):
            raise ValueError(f"Tensor conversion requested dtype {dtypes.as_dtype(dtype).name} "
                             f"for a tensor of dtype {value.dtype.name}; "
                             f"{change_dtype_hint(value.dtype, dtypes.as_dtype(dtype))}.")
        graph = building_graph()
        return value if graph is None else into_graph(graph, value)
    convert = getattr(type(value), "__tf_tensor__", None)
    if convert is not None:  # objects that stand for a tensor, such as variables
        return convert(value, None if dtype is None else dtypes.as_dtype(dtype), name)
    if isinstance(value, TensorShape):  # its dims, as TensorFlow converts a known shape
        if not value.is_fully_defined():
            raise ValueError(f"Cannot convert a partially known TensorShape {value} to a "
                             f"Tensor.")
        value = value.as_list()
        dtype_hint = dtype_hint or dtypes.int32
    graph = building_graph()
    if graph is not None:
        if isinstance(value, (list, tuple)) and _holds_tensor(value):
            return _packed(value, dtype, dtype_hint)
        return graph_constant(graph, _host_array(value, dtype, dtype_hint), name or "Const")
    return _convert_new(value, dtype, dtype_hint)


def _eager_scalar(value: Any, dtype: Any, dtype_hint: Any) -> Tensor:
    """An eager tensor of a Python scalar, kept per value, dtype and placement."""
    stack = devices._placement.stack
    key = (type(value), value, _sign(value), dtype, dtype_hint,
           stack[-1] if stack else None, devices._soft_placement[0])
    cached = _scalar_cache.get(key)
    if cached is None:
        cached = _convert_new(value, dtype, dtype_hint)
        if len(_scalar_cache) >= _MAX_CACHED_SCALARS:
            _scalar_cache.clear()
        _scalar_cache[key] = cached
    return cached


def _sign(value: Any) -> Any:
    """What tells 0.0 from -0.0, which compare (and hash) equal."""
    if type(value) is complex:
        return copysign(1.0, value.real), copysign(1.0, value.imag)
    return copysign(1.0, value)


# The host arrays of Python (and NumPy) scalars met while graphs are built (`x * 2.0` in a traced
# function), read-only, so that each Const made of one shares it instead of a copy.
_scalar_arrays: dict[tuple, np.ndarray] = {}


def _scalar_array(value: Any, dtype: Any, dtype_hint: Any) -> np.ndarray:
    key = (type(value), value, _sign(value), dtype, dtype_hint)
    array = _scalar_arrays.get(key)
    if array is None:
        array = np.array(_host_array(value, dtype, dtype_hint), copy=True)
        array.flags.writeable = False
        if len(_scalar_arrays) >= _MAX_CACHED_SCALARS:
            _scalar_arrays.clear()
        _scalar_arrays[key] = array
    return array


def _holds_tensor(value: Any) -> bool:
    return any(isinstance(v, Tensor) or (isinstance(v, (list, tuple)) and _holds_tensor(v))
               for v in value)


_stack: list[Callable[[list], Tensor] | None] = [None]
_cast: list[Callable[[Tensor, dtypes.DType], Tensor] | None] = [None]


def set_list_packer(stack: Callable[[list], Tensor],
                    cast: Callable[[Tensor, dtypes.DType], Tensor] | None = None) -> None:
    """Gives the function that stacks a list of tensors into one (`array_ops.stack`), and the
    one that casts a tensor item to the dtype the list converts to, which the ops layer above
    this one installs when it loads, as TensorFlow's auto-packing."""
    _stack[0] = stack
    _cast[0] = cast


def _packed(value: Sequence[Any], dtype: Any, dtype_hint: Any) -> Tensor:
    """A list holding symbolic tensors (`[n, 4]` as a shape), stacked into one tensor as
    TensorFlow auto-packs it; the other items take the tensors' dtype. With a `dtype`, a
    tensor item of another dtype is cast to it, as TensorFlow casts it (`concat((v, [i]), 0)`
    for a float32 `v` and an int64 `i`), where the eager conversion of its values would be
    allowed (see `_cast_checked`)."""
    if _stack[0] is None:
        raise TypeError("A list holding symbolic tensors converts by stacking them, which "
                        "needs the ops: import autograph.runtime.ops (autograph does).")
    if dtype is None:
        found = next((v for v in value if isinstance(v, Tensor)), None)
        dtype_hint = found.dtype if found is not None else dtype_hint
    items = [_packed_cast(v, dtypes.as_dtype(dtype), value)
             if dtype is not None and isinstance(v, Tensor) and v.dtype is not dtypes.as_dtype(
                 dtype) else convert_to_tensor(v, dtype, dtype_hint) for v in value]
    return _stack[0](items)


def _packed_cast(item: Tensor, dtype: dtypes.DType, original: Any) -> Tensor:
    src = np.dtype(item.dtype.np_dtype)
    if _cast[0] is None or not _lossless(src, dtype):
        raise TypeError(_lossy_message(original, dtype, src))
    return _cast[0](convert_to_tensor(item), dtype)


def _convert_new(value: Any, dtype: Any, dtype_hint: Any) -> Tensor:
    array = _host_array(value, dtype, dtype_hint)
    dt = dtypes.as_dtype(array.dtype)
    device = devices.placement_device(dt)
    return make_eager(device.import_array(array), dt, device)


def _host_array(value: Any, dtype: Any, dtype_hint: Any) -> np.ndarray:
    if dtype is None and dtype_hint is not None:
        try:
            return to_array(value, dtypes.as_dtype(dtype_hint))
        except (TypeError, ValueError):
            return to_array(value, None)
    return to_array(value, None if dtype is None else dtypes.as_dtype(dtype))


def graph_constant(graph: Graph, array: np.ndarray, name: str = "Const",
                   dtype: dtypes.DType | None = None, copy: bool = True,
                   source: str | None = None) -> SymbolicTensor:
    """A `Const` op in `graph` holding `array`, copied (the graph must not see later changes)
    unless `copy` is False, for an array nothing changes; made at `source` (`file:line`) when
    the caller knows it.

    `dtype` is needed only for object arrays that are not strings (resources, variants).
    """
    dt = dtype or dtypes.as_dtype(array.dtype)
    value = np.array(array, copy=True) if copy else array
    op = graph.create_op("Const", [], {"value": value, "dtype": dt}, [(dt, value.shape)],
                         name=name, op_def=op_registry().lookup_op_def("Const"), source=source)
    return op.outputs[0]


def graph_scalar(graph: Graph, value: Any, dtype: Any = None, dtype_hint: Any = None,
                 name: str = "Const", source: str | None = None) -> SymbolicTensor:
    """A `Const` op in `graph` for a Python or NumPy scalar (`x * 2.0`): its array is shared
    with every other constant of that value, read-only."""
    return graph_constant(graph, _scalar_array(value, dtype, dtype_hint), name,
                          dtype if type(dtype) is dtypes.DType else None, copy=False,
                          source=source)


def into_graph(graph: Graph, tensor: Tensor) -> SymbolicTensor:
    """`tensor` as a tensor of `graph`: eager values become constants, outer tensors captures."""
    if isinstance(tensor, SymbolicTensor):
        return tensor if tensor.graph is graph else graph.capture(tensor)
    return graph_constant(graph, np.asarray(tensor.numpy()), dtype=tensor.dtype)


def to_array(value: Any, dtype: dtypes.DType | None) -> np.ndarray:
    """A host NumPy array for `value`, of `dtype` when given (checked to be lossless)."""
    if dtype is not None and dtype.kind in "RV":  # resources and variants: opaque objects
        if isinstance(value, np.ndarray) and value.dtype == object:
            return value
        array = np.empty((), dtype=object)
        array[()] = value
        return array
    if isinstance(value, EagerTensor):
        array = value.numpy()
        array = np.asarray(array)
    elif isinstance(value, (np.ndarray, np.generic)):
        array = np.asarray(value)
    else:
        array = _python_to_array(value, dtype)
    if array.dtype.kind in "SU":
        array = _strings_to_object(array)
    elif array.dtype == object:
        array = _object_array(array, value)
    if dtype is None:
        dtypes.as_dtype(array.dtype)  # raises for unsupported NumPy dtypes such as complex
        return array
    return _cast_checked(array, dtype, value)


def _python_to_array(value: Any, dtype: dtypes.DType | None) -> np.ndarray:
    if value is None:
        raise ValueError("Attempt to convert a value (None) with an unsupported type "
                         "(<class 'NoneType'>) to a Tensor.")
    if isinstance(value, bool):
        return np.array(value, dtype=np.bool_)
    if isinstance(value, int):
        if dtype is not None and dtype.is_numeric:
            return _int_to(value, dtype)
        if not _INT64_MIN <= value <= _INT64_MAX:
            raise ValueError(_int_range_message(value, dtypes.int64))
        return np.array(value, dtype=np.int32 if _INT32_MIN <= value <= _INT32_MAX else np.int64)
    if isinstance(value, float):
        if dtype is not None and dtype.kind in "fc":  # rounded once, from Python's double
            return np.array(value, dtype=np.float64)
        return np.array(value, dtype=np.float32)
    if isinstance(value, complex):
        return np.array(value, dtype=np.complex128)
    if isinstance(value, (str, bytes)):
        return _strings_to_object(np.array(value, dtype=object))
    if isinstance(value, (list, tuple)):
        return _sequence_to_array(value, dtype)
    if isinstance(value, range):  # as TensorFlow: a sequence of its ints
        return _sequence_to_array(list(value), dtype)
    hint = ""
    if hasattr(value, "to_tensor") and hasattr(value, "flat_values"):  # a ragged tensor
        hint = (" This op does not take ragged tensors: make it dense with .to_tensor(), or "
                "apply the op to its values with ag.ragged.map_flat_values.")
    raise ValueError(f"Attempt to convert a value ({value!r}) with an unsupported type "
                     f"({type(value)}) to a Tensor.{hint}")


def _int_to(value: int, dtype: dtypes.DType) -> np.ndarray:
    # TensorFlow wraps ints that do not fit a narrower dtype (uint8 -1 is 255, int8 300 is 44)
    # and raises ValueError beyond int64; a silently wrapped value is a wrong answer, so any
    # out-of-range int is a ValueError here.
    if dtype.is_integer and not (dtype.min <= value <= dtype.max):
        raise ValueError(_int_range_message(value, dtype))
    return np.array(value, dtype=dtype.np_dtype)


def _int_range_message(value: int, dtype: dtypes.DType) -> str:
    shown = str(value) if len(str(value)) <= 30 else f"{str(value)[:27]}..."
    if not _INT64_MIN <= value <= _INT64_MAX:
        fix = "pass a float dtype (dtype=ag.float64), or split the value into smaller numbers"
    else:
        fix = ("pass dtype=ag.int64 or a float dtype, or bring the value into range "
               "first (for example with % or ag.clip_by_value)")
    return (f"Cannot convert {shown} to a tensor of dtype {dtype.name}: it is outside the "
            f"range of {dtype.name}, [{dtype.min}, {dtype.max}]. To keep it, {fix}.")


def _sequence_to_array(value: Any, dtype: dtypes.DType | None) -> np.ndarray:
    leaves: list[Any] = []
    _collect_leaves(value, leaves)
    kinds = {_leaf_kind(leaf) for leaf in leaves}
    huge = next((leaf for leaf in leaves if type(leaf) is int
                 and not _INT64_MIN <= leaf <= _INT64_MAX), None) if "int" in kinds else None
    if huge is not None:
        if dtype is None or dtype.kind not in "fc" or not kinds <= {"int", "float", "complex"}:
            wanted = dtype if dtype is not None and dtype.is_integer else dtypes.int64
            raise ValueError(_int_range_message(huge, wanted))
        wide = np.complex128 if dtype.is_complex else np.float64  # as TensorFlow converts them
        try:
            return np.array(value, dtype=wide)
        except ValueError:
            raise ValueError(f"Can't convert non-rectangular Python sequence to Tensor: "
                             f"{_short(value)}.") from None
    try:
        if "str" in kinds:
            if kinds != {"str"}:
                raise TypeError(f"Cannot convert {value!r} to a tensor: it mixes strings with "
                                f"other values.")
            array = np.array(value, dtype=object)
            if array.dtype != object or any(isinstance(x, (list, tuple)) for x in array.flat):
                raise ValueError
            return array
        typed = [np.asarray(leaf).dtype for leaf in leaves if _leaf_kind(leaf) == "array"]
        array = np.array(value) if leaves else np.zeros((0,), np.float32)
    except ValueError:
        raise ValueError(f"Can't convert non-rectangular Python sequence to Tensor: "
                         f"{_short(value)}.") from None
    if array.dtype == object or not leaves:
        return array if leaves else np.zeros(np.shape(value), np.float32)
    python_kinds = kinds - {"array"}
    if typed:
        # Tensors or NumPy values decide; Python literals adapt to them.
        target = np.result_type(*typed)
        if "complex" in python_kinds and target.kind != "c":
            target = np.dtype(np.complex128)
        elif "float" in python_kinds and target.kind in "iub":
            target = np.dtype(np.float32)
        return array.astype(target)
    if array.dtype.kind == "f":
        if dtype is not None and dtype.kind in "fc":  # rounded once, from Python's doubles
            return array
        return array.astype(np.float32)
    if array.dtype.kind in "iu":
        if array.size and (array.min() < _INT32_MIN or array.max() > _INT32_MAX):
            return array.astype(np.int64)
        return array.astype(np.int32)
    return array


def _collect_leaves(value: Any, out: list) -> None:
    if isinstance(value, (list, tuple, range)):
        for v in value:
            _collect_leaves(v, out)
    else:
        out.append(value)


def _leaf_kind(leaf: Any) -> str:
    if isinstance(leaf, (np.ndarray, np.generic, EagerTensor)):  # before float: np.float64 is one
        return "str" if np.asarray(leaf).dtype.kind in "SUO" else "array"
    if isinstance(leaf, bool):
        return "bool"
    if isinstance(leaf, int):
        return "int"
    if isinstance(leaf, float):
        return "float"
    if isinstance(leaf, complex):
        return "complex"
    if isinstance(leaf, (str, bytes)):
        return "str"
    if leaf is None:
        raise ValueError("Attempt to convert a value (None) with an unsupported type "
                         "(<class 'NoneType'>) to a Tensor.")
    raise ValueError(f"Attempt to convert a value ({leaf!r}) with an unsupported type "
                     f"({type(leaf)}) to a Tensor.")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _strings_to_object(array: np.ndarray) -> np.ndarray:
    out = np.empty(array.shape, dtype=object)
    flat = out.reshape(-1)
    for i, item in enumerate(array.reshape(-1)):
        flat[i] = item.encode("utf-8") if isinstance(item, str) else bytes(item)
    return out


def _object_array(array: np.ndarray, original: Any) -> np.ndarray:
    if all(isinstance(x, (str, bytes, np.str_, np.bytes_)) for x in array.flat):
        return _strings_to_object(array)
    raise ValueError(f"Attempt to convert a value ({_short(original)}) with an unsupported "
                     f"type to a Tensor.")


def _cast_checked(array: np.ndarray, dtype: dtypes.DType, original: Any) -> np.ndarray:
    src = array.dtype
    if src == dtype.np_dtype:
        return array
    if array.size == 0 and not dtype.is_string:
        return array.astype(dtype.np_dtype)  # `[]` has no values that could be lost
    if not _lossless(src, dtype):
        raise TypeError(_lossy_message(original, dtype, src))
    src_kind = src.kind
    if src_kind in "iu" and dtype.kind in "iu" and array.size:
        low, high = array.min(), array.max()
        if low < dtype.min or high > dtype.max:
            raise ValueError(_int_range_message(int(low if low < dtype.min else high), dtype))
    return array.astype(dtype.np_dtype)


def _lossless(src: np.dtype, dtype: dtypes.DType) -> bool:
    """Whether values of NumPy dtype `src` convert to `dtype` without losing what they are
    (ints also need to be in range, which depends on the values)."""
    src_kind = "S" if src.kind == "O" else src.kind
    return (src_kind == dtype.kind
            or (src_kind in "iu" and dtype.kind in "iufc")
            or (src_kind == "f" and dtype.kind == "c")
            or (src_kind == "b" and dtype.kind == "b"))


def _lossy_message(original: Any, dtype: dtypes.DType, src: np.dtype) -> str:
    src_name = "string" if src.kind == "O" else dtypes.as_dtype(src).name
    if src_name == "float64" and not isinstance(original, (np.ndarray, np.generic)):
        src_name = "float32"
    if src_name == "string" or dtype.is_string:
        hint = change_dtype_hint(dtypes.as_dtype(src), dtype)
        return (f"Cannot convert {_short(original)} to a tensor of dtype {dtype.name}: it holds "
                f"{'strings' if src_name == 'string' else src_name + ' values'}. "
                f"{hint[0].upper()}{hint[1:]}.")
    return (f"Cannot convert {_short(original)} to a tensor of dtype {dtype.name}: it would "
            f"lose information. If that is what you mean, make a {src_name} tensor and "
            f"convert it with ag.cast(x, ag.{dtype.name}).")


def change_dtype_hint(src: dtypes.DType, dst: dtypes.DType) -> str:
    """What exists to turn a `src` tensor into a `dst` one."""
    if src.is_string and (dst.is_floating or dst.is_integer):
        if dst.name in _TO_NUMBER_TYPES:
            return (f"to parse numbers from strings use ag.strings.to_number(x, "
                    f"out_type=ag.{dst.name})")
        return (f"to parse numbers from strings use ag.strings.to_number(x, "
                f"out_type=ag.{'float32' if dst.is_floating else 'int64'}), then ag.cast(..., "
                f"ag.{dst.name})")
    if src.is_string or dst.is_string:
        return f"no op converts {src.name} to {dst.name}"
    return f"use ag.cast(x, ag.{dst.name}) to change its dtype"
