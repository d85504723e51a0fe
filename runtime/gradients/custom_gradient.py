"""`custom_gradient`: a function that says what its own gradient is.

The decorated `f(*x)` returns `(y, grad_fn)`. It runs with no tape recording; each tensor of
`y` then passes through an `Identity`, and one record stands for the whole call: inputs `x`
(and the handles of the variables `f` read), outputs the identities, gradient `grad_fn`.
Tapes watching an input record it; in a graph, `gradients` finds it from the identities.

>>> import autograph as ag
>>> @custom_gradient
... def clipped_identity(x):
...     return ag.identity(x), lambda dy: ag.clip_by_value(dy, -1.0, 1.0)
>>> x = ag.constant(2.0)
>>> with ag.GradientTape() as tape:
...     tape.watch(x)
...     y = clipped_identity(x) * 5.0
>>> float(tape.gradient(y, x))
1.0
"""

from __future__ import annotations

import functools
import inspect
import weakref
from typing import Any, Callable

from autograph.runtime.gradients.backprop import Record
from autograph.runtime.gradients.registry import RegisterGradient
from autograph.runtime.gradients.tape import (
    GradientTape,
    collecting_reads,
    no_tape_records,
    record_on_tapes,
    variable_handle,
)
from autograph.runtime.graph.func_graph import flatten, pack_sequence_as
from autograph.runtime.graph.graph import Operation, building_graph
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.ops import identity
from autograph.runtime.state import variables as variables_module
from autograph.runtime.state.variables import Variable

CUSTOM = "CustomGradient"  # the op type of the records standing for a call

# A graph's identities of `custom_gradient` outputs -> the record standing for the call (the
# first output's) or an empty one (the other outputs': the first one's record covers them).
_GRAPH_RECORDS: weakref.WeakKeyDictionary[Operation, Record] = weakref.WeakKeyDictionary()


def custom_gradient(f: Callable | None = None) -> Callable:
    """Decorator: `f(*x)` returns `(y, grad_fn)`; `grad_fn(*dy)` returns the gradients of
    `x` (one per argument), and, if `f` reads variables, is called with `variables=` (the
    variables read) and returns `(gradients of x, gradients of the variables)`."""
    if f is None:
        return custom_gradient
    if not callable(f):
        raise TypeError(f"custom_gradient decorates a function, got {f!r}.")

    @functools.wraps(f)
    def call(*args: Any, **kwargs: Any) -> Any:
        inputs = [convert_to_tensor(a) if not isinstance(a, (Tensor, Variable)) else a
                  for a in args]
        read: dict[int, Variable] = {}
        with no_tape_records(), collecting_reads(lambda v: read.setdefault(id(v), v)):
            result = f(*inputs, **kwargs)
            if not (isinstance(result, tuple) and len(result) == 2 and callable(result[1])):
                raise TypeError(f"The function decorated with custom_gradient "
                                f"({getattr(f, '__name__', f)!r}) must return (outputs, "
                                f"grad_fn), got {type(result).__name__}.")
            value, grad_fn = result
            leaves = flatten(value)
            outputs = [identity(t) if isinstance(t, Tensor) else t for t in leaves]
        variables = [v for v in read.values() if v.trainable]
        if variables and "variables" not in _parameters(grad_fn):
            raise TypeError("If using @custom_gradient with a function that uses variables, "
                            "then grad_fn must accept a keyword argument 'variables'.")
        watch = variables_module.access_watcher[0]
        if watch is not None:
            for v in variables:
                watch(v)  # the tapes around watch what `f` read, as if read here
        tensors = [t for t in inputs if isinstance(t, Tensor)]
        handles = [variable_handle(v) for v in variables]
        record = Record(CUSTOM, tensors + handles, [t for t in outputs if isinstance(t, Tensor)],
                        {"grad_fn": grad_fn, "inputs": len(tensors), "variables": variables},
                        None)
        if building_graph() is not None and record.outputs:
            first, *rest = record.outputs
            _GRAPH_RECORDS[first.op] = record
            for t in rest:
                _GRAPH_RECORDS[t.op] = Record(CUSTOM, [], [], {}, None)
        record_on_tapes(record)
        return pack_sequence_as(value, outputs)
    return call


def recompute_grad(f: Callable) -> Callable:
    """`f` whose forward values are not kept for its gradient: the gradient computes `f`
    again (under a tape) and differentiates that, trading computation for memory."""
    if not callable(f):
        raise TypeError(f"recompute_grad decorates a function, got {f!r}.")

    @functools.wraps(f)
    def call(*args: Any, **kwargs: Any) -> Any:
        @custom_gradient
        def recomputed(*inputs: Any) -> Any:
            def grad_fn(*grads: Any, variables: Any = None) -> Any:
                with GradientTape() as tape:
                    tape.watch(list(inputs))
                    again = f(*inputs, **kwargs)
                found = tape.gradient(flatten(again), list(inputs) + list(variables or ()),
                                      output_gradients=list(grads))
                n = len(inputs)
                return (found[:n], found[n:]) if variables else found[:n]
            return f(*inputs, **kwargs), grad_fn
        return recomputed(*args)
    return call


def custom_record(op: Operation) -> Record | None:
    """The record standing for `op` when it is an output of a `custom_gradient` call."""
    return _GRAPH_RECORDS.get(op)


@RegisterGradient(CUSTOM)
def _custom_grad(op: Any, *grads: Any) -> list:
    grad_fn = op.get_attr("grad_fn")
    variables = op.get_attr("variables")
    n = op.get_attr("inputs")
    if variables:
        input_grads, variable_grads = grad_fn(*grads, variables=variables)
        variable_grads = list(variable_grads)
    else:
        input_grads, variable_grads = grad_fn(*grads), []
    input_grads = list(input_grads) if isinstance(input_grads, (list, tuple)) else [input_grads]
    if len(input_grads) != n or len(variable_grads) != len(variables):
        raise ValueError(f"custom_gradient: grad_fn returned {len(input_grads)} gradients for "
                         f"{n} inputs and {len(variable_grads)} for {len(variables)} "
                         f"variables; return one per input (and per variable).")
    return input_grads + variable_grads


def _parameters(fn: Callable) -> set[str]:
    try:
        parameters = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return set()
    return {p.name for p in parameters} | {"variables" for p in parameters
                                           if p.kind is inspect.Parameter.VAR_KEYWORD}
