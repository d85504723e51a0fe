"""Python builtins that also take tensors: `ag__.len(x)`, `ag__.range(n)`, `ag__.print(...)`...

Each is the builtin itself for Python values, and a tensor op when an argument is a tensor:

    len(x)           # builtins.len(x); a tensor: its static first dimension, else shape(x)[0]
    range(n)         # builtins.range(n); tensor bounds: ag.range(n), which for_stmt counts
    print(*xs)       # builtins.print(*xs) for Python values, and while an ag.function
                     # traces (a Python side effect: it prints once per trace). Otherwise, with
                     # a tensor among xs, ag.print: eagerly it prints at once; in a
                     # TensorFlow-1 graph each time the op RUNS (every Session.run, every
                     # iteration of a graph loop)
    int(x), float(x) # ag.cast(x, int32 / float32)
    abs(x)           # ag.abs(x)
    max(*xs)         # ag.reduce_max of one vector, ag.maximum of several scalars; min alike
    enumerate(x), zip(*xs)   # over symbolic tensors: a `TensorIterable` for for_stmt

>>> len_([1, 2]), len_(convert_to_tensor([[1, 2, 3]])), list(range_(2))
(2, 1, [0, 1])
>>> max_(convert_to_tensor([3, 9, 4])).numpy()
np.int32(9)
"""

from __future__ import annotations

import builtins
import functools
import sys
from typing import Any, Callable

from autograph.operators.handlers import PROGRAM_RAISE
from autograph.runtime.core import dtypes
from autograph.runtime.graph.graph import SymbolicTensor, building_graph
from autograph.runtime.graph.init_scope import trace_building
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array import ops as array_ops
from autograph.runtime.ops.creation import ops as creation_ops
from autograph.runtime.ops.iterator.ops import GraphIterator, is_dataset, make_iterator
from autograph.runtime.ops.list.tensor_array import TensorArray
from autograph.runtime.ops.logging import ops as logging_ops
from autograph.runtime.ops.math import ops as math_ops
from autograph.runtime.ops.ragged.ragged_tensor import RaggedTensor
from autograph.runtime.ops.reduction import ops as reduction_ops


class TensorIterable:
    """Rows of symbolic tensors taken together: what `enumerate` and `zip` give for them.

    Only `for_stmt` iterates it (with a graph loop): `length` is the number of items (an int
    or an int32 scalar tensor) and `item(k)` makes item `k` from a symbolic index.
    """

    def __init__(self, length: Any, item: Callable[[Tensor], Any]):
        self.length = length
        self.item = item

    @classmethod
    def rows(cls, tensor: Any) -> TensorIterable:
        """The rows of `tensor` (its slices along the first dimension)."""
        if isinstance(tensor, TensorIterable):
            return tensor
        if isinstance(tensor, RaggedTensor):  # its rows, each a tensor or a ragged tensor
            ragged = tensor
            return cls(creation_ops.cast(ragged.nrows(), dtypes.int32), lambda k: ragged[k])
        tensor = convert_to_tensor(tensor)
        if tensor.shape.rank == 0:  # ValueError, as TensorFlow's loops raise
            raise ValueError(f"Cannot iterate over the scalar tensor {tensor.name}: a `for` "
                             f"loop over a tensor runs over its first dimension, and a scalar "
                             f"has none. Loop over ag.range(n), or reshape it to a vector.")
        return cls(len_(tensor), lambda k: tensor[k])

    def __iter__(self):
        raise TypeError("A TensorIterable (enumerate or zip of symbolic tensors) can only be "
                        "iterated by a `for` loop that AutoGraph converts.")


def _is_tensor(x: Any) -> bool:
    return isinstance(x, Tensor)


def iter_(x: Any) -> Any:
    """`iter(x)`; for a dataset while a graph is built, an iterator op over it; for a Python
    iterable then, its iterator as a `TraceTimeIterator`."""
    graph = building_graph()
    if graph is not None and is_dataset(x):
        return GraphIterator(make_iterator(x), x.element_spec)
    iterator = builtins.iter(x)
    if graph is None or isinstance(iterator, (TraceTimeIterator, GraphIterator)):
        return iterator
    return TraceTimeIterator(iterator, graph)


class TraceTimeIterator:
    """A Python iterator made while a graph is built: it takes its items while the function
    is traced, so one taken in a graph branch or loop body made inside that graph would be
    taken once for any number of iterations, or whether or not the branch runs. That raises.

    Everything else is the `wrapped` iterator's (`send`, `__length_hint__`, ...).
    """

    def __init__(self, iterator: Any, graph: Any):
        self.wrapped = iterator
        self._graph = graph

    def __iter__(self) -> TraceTimeIterator:
        return self

    def __next__(self) -> Any:
        _check_taken_where_made(self._graph)
        return builtins.next(self.wrapped)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.wrapped, name)


def _check_taken_where_made(made_in: Any) -> None:
    graph = building_graph()
    while graph is not None and graph is not made_in:
        if getattr(graph, "control_flow", False):
            raise NotImplementedError(
                "An item is taken from a Python iterator inside a graph branch or loop body "
                "(an `if` or loop on a tensor) that the iterator was made outside of: the "
                "body is traced once, so it would take one item for all the iterations the "
                "graph runs (or take it whether or not the branch runs), where Python takes "
                "one each time. Iterate over a tensor or a dataset instead "
                "(`ag.data.Dataset.from_tensor_slices(items)`, whose iterator advances when "
                "the graph runs), or take the items outside the loop.")
        graph = getattr(graph, "outer_graph", None)


def next_(iterator: Any, *default: Any) -> Any:
    """`next(iterator)`; for an iterator in a graph, its next element when the graph runs
    (`OutOfRangeError` past its end, as TensorFlow's `get_next`; `default` then, if given)."""
    if isinstance(iterator, GraphIterator):
        return iterator.get_next_or(default[0]) if default else iterator.get_next()
    try:
        return builtins.next(iterator, *default)
    except StopIteration as error:
        # The program's own error, as a `raise` is: in a tensor branch or loop body, it is
        # raised when the graph runs that code.
        setattr(error, PROGRAM_RAISE, True)
        raise


def len_(x: Any) -> Any:
    """`len(x)`; for a tensor its first dimension, for a TensorArray its size."""
    if isinstance(x, TensorArray):
        return x.size()
    if not _is_tensor(x):
        return builtins.len(x)
    rank = x.shape.rank
    if rank == 0:
        raise TypeError(f"len() of a scalar tensor is not defined (shape {x.shape}).")
    if rank is not None and x.shape[0] is not None:
        return x.shape[0]
    return array_ops.shape(x)[0]


def range_(*args: Any) -> Any:
    """`range(...)`, or `ag.range(...)` when a bound is a tensor.

    >>> range_(convert_to_tensor(3)).numpy()
    array([0, 1, 2], dtype=int32)
    """
    if any(_is_tensor(a) for a in args):
        return creation_ops.range(*args)
    return builtins.range(*args)


def print_(*objects: Any, sep: str | None = " ", end: str | None = "\n", file: Any = None,
           flush: bool = False) -> Any:
    """`print(...)`, as Python's while an `ag.function` traces, else `ag.print` for tensors.

    The rule, by where the call runs:
    - Python values only: `builtins.print`.
    - While an `ag.function` traces (also inside its `cond` branches and loop bodies):
      `builtins.print`, a Python side effect that runs once per trace and shows symbolic
      tensors by name (`Tensor("a:0", shape=(), dtype=int32)`), as the `tf.function` guide
      shows; `ag.print` is the print that runs on every call.
    - Building a TensorFlow-1 graph (placeholders and a Session): `ag.print`, an op that
      prints the values each time the graph runs, since a trace-time print could only show
      placeholders there.
    - Eagerly: `ag.print`, which prints the tensors' values at once.
    """
    if not any(_is_tensor(x) for x in objects) or trace_building(building_graph()) is not None:
        return builtins.print(*objects, sep=sep, end=end, file=file, flush=flush)
    return logging_ops.print(*objects, sep=" " if sep is None else sep,
                             end="\n" if end is None else end,
                             output_stream=sys.stdout if file is None else file)


def print_each_call(*objects: Any, sep: str | None = " ", end: str | None = "\n",
                    file: Any = None, flush: bool = False) -> Any:
    """`print(...)` with `Feature.BUILTIN_FUNCTIONS` on, as TensorFlow converts it: with a
    tensor among `objects`, `ag.print` (in a graph, an op that prints on every call), else
    `builtins.print`.

    >>> print_each_call("x is", convert_to_tensor([1, 2]))
    x is [1 2]
    """
    if not any(_is_tensor(x) for x in objects):
        return builtins.print(*objects, sep=sep, end=end, file=file, flush=flush)
    return logging_ops.print(*objects, sep=" " if sep is None else sep,
                             end="\n" if end is None else end,
                             output_stream=sys.stdout if file is None else file)


def int_(x: Any = 0, base: Any = None) -> Any:
    """`int(x)`; a tensor is cast to int32 (floats truncated toward zero)."""
    if _is_tensor(x):
        if base is not None:
            raise NotImplementedError("int(tensor, base) is not supported.")
        return creation_ops.cast(x, dtypes.int32)
    return builtins.int(x) if base is None else builtins.int(x, base)


def float_(x: Any = 0.0) -> Any:
    """`float(x)`; a tensor is cast to float32."""
    if _is_tensor(x):
        return creation_ops.cast(x, dtypes.float32)
    return builtins.float(x)


def abs_(x: Any) -> Any:
    """`abs(x)`; `ag.abs` for a tensor."""
    return math_ops.abs(x) if _is_tensor(x) else builtins.abs(x)


def max_(*args: Any, **kwargs: Any) -> Any:
    """`max(...)`; with tensors: the largest entry of one vector, or of several scalars."""
    return _extreme(builtins.max, reduction_ops.reduce_max, math_ops.maximum, "max", args,
                    kwargs)


def min_(*args: Any, **kwargs: Any) -> Any:
    """`min(...)`; with tensors: the smallest entry of one vector, or of several scalars."""
    return _extreme(builtins.min, reduction_ops.reduce_min, math_ops.minimum, "min", args,
                    kwargs)


def _extreme(builtin: Callable, reduce: Callable, pairwise: Callable, what: str,
             args: tuple, kwargs: dict) -> Any:
    if not any(_is_tensor(a) for a in args):
        return builtin(*args, **kwargs)
    if kwargs:
        raise TypeError(f"{what}() of tensors does not take {sorted(kwargs)}.")
    if builtins.len(args) == 1:
        (x,) = args
        if x.shape.rank == 0:
            return x
        if x.shape.rank != 1:
            raise ValueError(f"{what}(x) of a tensor needs a vector, got shape {x.shape}; use "
                             f"ag.reduce_{what} with an axis.")
        return reduce(x)
    tensors = [a for a in args if _is_tensor(a)]
    for t in tensors:
        if t.shape.rank not in (None, 0):
            raise ValueError(f"{what}(a, b, ...) of tensors needs scalars, got shape {t.shape}; "
                             f"use ag.{'maximum' if what == 'max' else 'minimum'}.")
    return functools.reduce(pairwise, args)


def enumerate_(x: Any, start: int = 0) -> Any:
    """`enumerate(x, start)`; for a symbolic tensor, a `TensorIterable` of (index, row)."""
    if not (isinstance(x, (SymbolicTensor, TensorIterable))):
        return builtins.enumerate(x, start)
    rows = TensorIterable.rows(x)
    return TensorIterable(rows.length, lambda k: (k + start if start else k, rows.item(k)))


def zip_(*iterables: Any) -> Any:
    """`zip(...)`; with a symbolic tensor among them, a `TensorIterable` of tuples of rows."""
    if not any(isinstance(x, (SymbolicTensor, TensorIterable)) for x in iterables):
        return builtins.zip(*iterables)
    parts = [TensorIterable.rows(x) for x in iterables]
    length = functools.reduce(
        lambda a, b: builtins.min(a, b) if not (_is_tensor(a) or _is_tensor(b))
        else math_ops.minimum(a, b), [p.length for p in parts])
    return TensorIterable(length, lambda k: tuple(p.item(k) for p in parts))


BUILTINS = {builtins.len: len_, builtins.range: range_, builtins.print: print_,
            builtins.int: int_, builtins.float: float_, builtins.abs: abs_, builtins.max: max_,
            builtins.min: min_, builtins.enumerate: enumerate_, builtins.zip: zip_}
"""Each builtin that has a tensor-aware version here, mapped to it (for converted_call)."""
