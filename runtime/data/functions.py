"""User functions of a pipeline (`map`, `filter`, `flat_map`, `reduce`) called on elements.

An element reaches the function as eager tensors, unpacked into arguments when it is a tuple
(as in `tf.data`); whatever the function raises, or a result that does not fit, becomes one
`InvalidArgumentError` naming the transformation and the element, with the original error as
its cause.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from autograph.runtime.core import errors
from autograph.runtime.data import tracing
from autograph.runtime.data.structure import (
    Structure,
    as_element,
    element_text,
    host_array,
    relaxed,
    split,
)
from autograph.runtime.exec.executor import Plan
from autograph.runtime.graph.func_graph import flatten, is_composite
from autograph.runtime.graph.tensor_spec import TensorSpec


def call(fn: Callable, element: Any) -> Any:
    """`fn` on one element: a tuple (not a namedtuple) is unpacked into arguments."""
    if type(element) is tuple:
        return fn(*element)
    return fn(element)


def call_as_element(fn: Callable, element: Any) -> Any:
    """`fn` on one element, its result as `tf.data` takes it (`structure.as_element`)."""
    return as_element(call(fn, element))


def run(what: str, fn: Callable, structure: Structure, flat: tuple, index: int,
        calling: Callable = call) -> Any:
    """`calling(fn, element)` on element `index` (given flat), its errors turned into one
    clear error."""
    try:
        return calling(fn, structure.to_tensors(flat))
    except Exception as e:
        raise errors.InvalidArgumentError(
            f"The function of Dataset.{what} raised {type(e).__name__}: {e} on element {index}: "
            f"{element_text(flat, structure)}.") from e


class Mapper:
    """A `map` function with the structure of what it returns.

    The structure comes from tracing the function once on a symbolic element; a function that
    cannot be traced (it needs values, or takes datasets: the elements of `window`) is run on
    the input's first element instead, and its result's shapes are kept with unknown
    dimensions. `what` names the transformation in errors; `calling(fn, element)` calls the
    function (by default `call_as_element`).
    """

    def __init__(self, fn: Callable, structure: Structure, first: Callable[[], tuple | None],
                 what: str = "map", calling: Callable = call_as_element):
        self.fn = fn
        self.input = structure
        self.what = what
        self._calling = calling
        self.graph = None if structure.has_objects else tracing.trace(
            f"{what}_fn", fn, calling, list(structure.specs), structure.template)
        if self.graph is not None and any(
                is_composite(leaf) for leaf in flatten(self.graph.structured_outputs)):
            self.graph = None  # composite results (a parsed VarLenFeature): run as Python
        self._first = first
        self._output: Structure | None = None
        self._plan: Plan | None = None  # the traced function, run on each element's arrays
        if self.graph is not None:
            stateful = [op for op in self.graph.get_operations()  # raises, prints: they run
                        if op.op_def is not None and op.op_def.is_stateful]
            self._plan = Plan(self.graph, self.graph.inputs, self.graph.outputs + stateful)
            self._n_outputs = len(self.graph.outputs)
            self._captured = [t.numpy() for t in self.graph.external_captures]
            outputs = as_element(self.graph.structured_outputs)
            self._output = Structure(outputs, [TensorSpec(t.shape, t.dtype)
                                               for t in flatten(outputs)])

    @property
    def output(self) -> Structure:
        if self._output is None:
            flat = self._first()
            if flat is None:
                raise errors.InvalidArgumentError(
                    f"Dataset.{self.what}: the function could not be traced and the dataset "
                    f"has no element to run it on, so the structure of its result is unknown.")
            template, arrays = split(as_element(
                run(self.what, self.fn, self.input, flat, 0, self._calling)))
            self._output = Structure(template, [
                relaxed(s) for s in Structure.of_arrays(template, arrays).specs])
        return self._output

    @property
    def elementwise(self) -> bool:
        return self.graph is not None and tracing.is_elementwise(self.graph,
                                                                 list(self.input.specs))

    def __call__(self, flat: tuple, index: int) -> tuple:
        if self._plan is not None:  # traced once: each element runs its plan, no dispatch
            try:
                return tuple(self._plan.run([*flat, *self._captured])[:self._n_outputs])
            except Exception as e:
                raise errors.InvalidArgumentError(
                    f"The function of Dataset.{self.what} raised {type(e).__name__}: {e} on "
                    f"element {index}: {element_text(flat, self.input)}.") from e
        out = as_element(run(self.what, self.fn, self.input, flat, index, self._calling))
        return tuple(self.output.from_value(
            out, f"The result of the Dataset.{self.what} function for element {index}"))

    def on_batch(self, batch: tuple, batched: Structure, start: int) -> tuple:
        """The function run once on a whole batch (valid when `elementwise`); a result that
        is not one row per element falls back to one call per element."""
        size = len(batch[0])
        try:
            out = call(self.fn, batched.to_tensors(batch))
            flat = [host_array(t) for t in flatten(as_element(out))]
            if all(a.shape == (size,) + tuple(s.shape.as_list()) and a.dtype ==
                   s.dtype.np_dtype for a, s in zip(flat, self.output.specs)):
                return tuple(flat)
        except Exception:  # noqa: BLE001  (the per-element calls below report it, per element)
            pass
        rows = [self(tuple(a[i] for a in batch), start + i) for i in range(size)]
        return tuple(np.stack(parts) for parts in zip(*rows))


def keep(fn: Callable, structure: Structure, flat: tuple, index: int) -> bool:
    """The `filter` predicate on one element: it must return a scalar bool."""
    result = run("filter", fn, structure, flat, index)
    array = host_array(result)
    if array.shape != () or array.dtype != np.bool_:
        raise errors.InvalidArgumentError(
            f"The predicate of Dataset.filter must return a scalar bool; for element {index} "
            f"it returned {result!r}.")
    return bool(array)
