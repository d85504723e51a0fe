"""`list_append`, `list_pop`, `new_list`, `get_item`: list operations that also work on
TensorArrays.

The converter rewrites `l.append(x)` as `l = ag__.list_append(l, x)` and `x = l.pop()` as
`l, x = ag__.list_pop(l)`, so that a list changed in a loop is part of the loop's state. In a
loop over tensors, a Python list the loop appends to becomes a TensorArray (see
`graph_loop`); these functions then write to and read from it.

    list_append(l, x)     # plain Python: l.append(x); l
    list_pop(l, i)        # plain Python: x = l.pop(i); (l, x)
    new_list(xs)          # plain Python: list(xs)
    get_item(l, i)        # plain Python: l[i]  (a TensorArray: l.read(i))

>>> list_append([1], 2), list_pop([1, 2, 3]), new_list("ab"), get_item([4, 5], 1)
([1, 2], ([1, 2], 3), ['a', 'b'], 5)
"""

from __future__ import annotations

from typing import Any, Iterable

from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.graph import SymbolicTensor
from autograph.runtime.ops.list.tensor_array import TensorArray, encode_shape

_pop_back = op_handle("TensorListPopBack")


def list_append(list_: Any, x: Any) -> Any:
    """`list_` with `x` appended: in place for a Python list, a new array for a TensorArray.

    >>> import autograph as ag
    >>> list_append(ag.TensorArray(ag.int32, dynamic_size=True), 7).stack().numpy()
    array([7], dtype=int32)
    """
    if isinstance(list_, TensorArray):
        return list_.write(list_.size(), x)
    list_.append(x)
    return list_


def list_pop(list_: Any, i: Any = None) -> tuple[Any, Any]:
    """`(list_, list_.pop(i))`; a TensorArray gives (a shorter array, its last element).

    Raises:
        ValueError: popping an index other than the last from a TensorArray.

    >>> import autograph as ag
    >>> array, last = list_pop(ag.TensorArray(ag.int32, dynamic_size=True).write(0, 5))
    >>> int(array.size()), int(last)
    (0, 5)
    """
    if isinstance(list_, TensorArray):
        if i is not None:
            raise ValueError("list_pop of a TensorArray can only pop its last element "
                             "(i=None).")
        flow, value = _pop_back.run([list_.flow, encode_shape(list_.element_shape.dims)],
                                    {"element_dtype": list_.dtype})
        return TensorArray(list_.dtype, dynamic_size=list_.dynamic_size, flow=flow,
                           element_shape=list_.element_shape), value
    value = list_.pop() if i is None else list_.pop(i)
    return list_, value


def new_list(iterable: Iterable[Any] = ()) -> Any:
    """`list(iterable)`; a TensorArray of the rows of a symbolic tensor.

    >>> new_list((1, 2))
    [1, 2]
    """
    if isinstance(iterable, SymbolicTensor):
        return TensorArray(iterable.dtype, size=0, dynamic_size=True).unstack(iterable)
    return list(iterable)


def get_item(target: Any, key: Any) -> Any:
    """`target[key]`; for a TensorArray, its element `key` (`target.read(key)`).

    >>> import autograph as ag
    >>> int(get_item(ag.TensorArray(ag.int32, size=2).write(1, 7), 1))
    7
    """
    if isinstance(target, TensorArray):
        return target.read(key)
    return target[key]
