"""`GradientTape`: records the ops a computation runs, then differentiates it.

A tape records an op when one of its inputs is watched (a tensor passed to `watch`, a variable
read while the tape records, or an output of a recorded op), eagerly as the op runs and inside
a function as the op is added to the graph; `gradient` walks the records backwards
(`backprop.backward`). Ops run while a tape computes gradients are recorded by the tapes around
it, which gives higher derivatives. While no tape records, no recorder is installed and ops pay
one check (`runtime.graph.recording`). Tapes belong to the thread that entered them, as in
TensorFlow: a tape records only its own thread's ops (a strategy's replica threads each record
their own), though the hooks are installed while any thread records.

>>> import autograph as ag
>>> x = ag.constant(3.0)
>>> with ag.GradientTape() as tape:
...     tape.watch(x)
...     y = x * x
>>> float(tape.gradient(y, x))
6.0
"""

from __future__ import annotations

import contextlib
import threading
import warnings
from typing import Any, Callable, Iterator

from autograph.runtime.core import dtypes
from autograph.runtime.gradients.backprop import (
    Record,
    UnconnectedGradients,
    backward,
    differentiable,
)
from autograph.runtime.gradients.jacobians import batch_jacobian, jacobian
from autograph.runtime.graph.func_graph import flatten, pack_sequence_as
from autograph.runtime.graph.graph import building_graph
from autograph.runtime.graph.recording import set_recorder
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.ops.creation.ops import ones, zeros, zeros_like
from autograph.runtime.state import variables as variables_module
from autograph.runtime.state.variables import Variable


class _ThreadState(threading.local):
    def __init__(self):
        self.tapes: list[GradientTape] = []  # recording in this thread, outermost first
        self.collector: Callable[[Variable], Any] | None = None  # see `collecting_reads`


_thread = _ThreadState()
_users = [0]  # tapes recording and collectors set, in all threads: the hooks stay while > 0
_users_lock = threading.Lock()


def _record(op_type: str, inputs: list, outputs: list, attrs: dict, op: Any,
            start: float | None = None) -> None:
    for tape in _thread.tapes:
        watched = tape._watched
        for t in inputs:
            if id(t) in watched:
                break
        else:
            continue
        tape._records.append(Record(op_type, inputs, outputs, attrs, op))
        for t in outputs:
            watched[id(t)] = t


def _variable_read(variable: Variable) -> None:
    collector = _thread.collector
    if collector is not None:
        collector(variable)
        return
    for tape in _thread.tapes:
        if tape._watch_accessed_variables:
            tape._watch_variable(variable)


def _count_users(change: int) -> None:
    with _users_lock:
        _users[0] += change
        active = _users[0] > 0
        set_recorder(_record if active else None)
        variables_module.access_watcher[0] = _variable_read if active else None


def _start_recording(tape: GradientTape) -> None:
    _thread.tapes.append(tape)
    _count_users(1)


def _stop_recording(tape: GradientTape) -> None:
    _thread.tapes.remove(tape)
    _count_users(-1)


@contextlib.contextmanager
def collecting_reads(collector: Callable[[Variable], Any]) -> Iterator[None]:
    """A context in which the variables this thread reads go to `collector` instead of the
    tapes (`custom_gradient` learns so what its function reads)."""
    outer, _thread.collector = _thread.collector, collector
    _count_users(1)
    try:
        yield
    finally:
        _thread.collector = outer
        _count_users(-1)


@contextlib.contextmanager
def no_tape_records() -> Iterator[None]:
    """A context in which no tape of this thread records and no collector collects (both do
    again after it)."""
    tapes, collector = _thread.tapes, _thread.collector
    _thread.tapes, _thread.collector = [], None
    try:
        yield
    finally:
        _thread.tapes, _thread.collector = tapes, collector


def recording_tapes() -> int:
    """How many tapes record now in this thread."""
    return len(_thread.tapes)


def record_on_tapes(record: Record) -> None:
    """Records `record` (an op made another way, such as by `custom_gradient`) on the tapes
    that watch one of its inputs."""
    _record(record.op_type, record.inputs, record.outputs, record.attrs, record.op)


def variable_handle(variable: Variable) -> Tensor:
    """The variable's handle as a tensor of where ops are built now (eager, or a graph)."""
    graph = building_graph()
    return variable._handle if graph is None else variable._handle_in(graph)


class GradientTape:
    """Records operations for automatic differentiation.

    Args:
        persistent: whether `gradient` may be called more than once (the records are kept).
        watch_accessed_variables: whether variables read while the tape records are watched
            (else only what `watch` names is).
    """

    def __init__(self, persistent: bool = False, watch_accessed_variables: bool = True):
        self._persistent = bool(persistent)
        self._watch_accessed_variables = bool(watch_accessed_variables)
        self._records: list[Record] = []
        self._watched: dict[int, Any] = {}  # id -> tensor, kept alive so ids stay unique
        self._variables: dict[int, Variable] = {}
        self._used = False

    # Recording ---------------------------------------------------------------------------------
    def __enter__(self) -> GradientTape:
        if self in _thread.tapes:
            raise ValueError("This GradientTape is recording already; a tape cannot be "
                             "entered twice at once.")
        _start_recording(self)
        return self

    def __exit__(self, *exc: Any) -> None:
        self._stop()

    def _stop(self) -> None:
        if self in _thread.tapes:
            _stop_recording(self)

    @contextlib.contextmanager
    def stop_recording(self) -> Iterator[None]:
        """A context in which this tape records nothing."""
        if self not in _thread.tapes:
            raise RuntimeError("Trying to stop recording a tape which is not recording.")
        self._stop()
        try:
            yield
        finally:
            _start_recording(self)

    def reset(self) -> None:
        """Forgets everything recorded and watched, as if the tape were new."""
        self._records.clear()
        self._watched.clear()
        self._variables.clear()
        self._used = False

    def watch(self, tensor: Any) -> None:
        """Watches `tensor` (a tensor, a variable, or a nested structure of them)."""
        for leaf in flatten(tensor):
            if isinstance(leaf, Variable):
                self._watch_variable(leaf, explicitly=True)
            elif isinstance(leaf, Tensor):
                self._watched[id(leaf)] = leaf
            else:
                raise ValueError(f"GradientTape.watch takes tensors and variables, got "
                                 f"{type(leaf).__name__} {leaf!r}; pass ag.constant(value).")

    def _watch_variable(self, variable: Variable, explicitly: bool = False) -> None:
        if not (variable.trainable or explicitly or id(variable) in self._variables):
            return  # as TensorFlow: reads of non-trainable variables are not watched
        self._variables[id(variable)] = variable
        graph = building_graph()
        while graph is not None:  # in a branch: the handles of the graphs around it too
            handle = variable._handle_in(graph)
            self._watched[id(handle)] = handle
            graph = getattr(graph, "outer_graph", None)
        handle = variable_handle(variable)
        self._watched[id(handle)] = handle

    def watched_variables(self) -> tuple:
        """The variables this tape watches, in the order first watched."""
        return tuple(self._variables.values())

    # Differentiating -----------------------------------------------------------------------------
    def gradient(self, target: Any, sources: Any, output_gradients: Any = None,
                 unconnected_gradients: Any = UnconnectedGradients.NONE) -> Any:
        """The gradient of `target` (the sum of its tensors) with respect to each of
        `sources`, in the structure of `sources`.

        Args:
            target: a tensor or a nested structure of tensors.
            sources: a tensor or variable, or a nested structure of them.
            output_gradients: the gradient of each target (same structure); default ones.
            unconnected_gradients: `UnconnectedGradients.NONE` (None for a source the target
                does not depend on) or `ZERO` (zeros of its shape).

        Raises:
            RuntimeError: a non-persistent tape is used a second time.
        """
        unconnected = UnconnectedGradients(unconnected_gradients)
        self._start_use()
        target_list = flatten(target)
        targets = [_as_target(t) for t in target_list]
        source_list = flatten(sources)
        tensors = [_source_tensor(s) for s in source_list]
        given = None if output_gradients is None else flatten(output_gradients)
        if given is not None and len(given) != len(targets):
            raise ValueError(f"output_gradients has {len(given)} tensors for {len(targets)} "
                             f"targets; give one per target (or None).")
        if any(isinstance(t, Variable) for t in target_list):  # a variable: its handle, ones
            given = [(ones(t.shape, t.dtype) if isinstance(t, Variable) else None)
                     if given is None or given[i] is None else given[i]
                     for i, t in enumerate(target_list)]
        for t in targets:
            if not differentiable(t.dtype):
                _warn_dtype("target", t.dtype)
        for s in tensors:
            if not differentiable(s.dtype):
                _warn_dtype("source", s.dtype)
        # A persistent tape inside its context records the gradient's own ops, as TensorFlow's
        # does (a higher-order gradient); the pass reads the records made before it.
        records, watched = list(self._records), dict(self._watched)
        if not self._persistent:  # used once: the tensors it held may go (as TensorFlow's)
            self._records.clear()
            self._watched.clear()
        grads = backward(records, targets, tensors, given, watched=watched, keep_sparse=True)
        if unconnected is UnconnectedGradients.ZERO:
            grads = [g if g is not None else zeros(s.shape, s.dtype)
                     if isinstance(s, Variable) else zeros_like(t)
                     for g, s, t in zip(grads, source_list, tensors)]
        return pack_sequence_as(sources, grads)

    def jacobian(self, target: Any, sources: Any, unconnected_gradients: Any =
                 UnconnectedGradients.NONE, parallel_iterations: Any = None,
                 experimental_use_pfor: bool = True) -> Any:
        """The Jacobian of `target` with respect to each of `sources`: for a source of shape
        S, a tensor of shape `target.shape + S`."""
        unconnected = UnconnectedGradients(unconnected_gradients)
        self._start_use()
        return jacobian(list(self._records), _as_target(target), sources, unconnected,
                        _source_tensor, self._watched)

    def batch_jacobian(self, target: Any, source: Any, unconnected_gradients: Any =
                       UnconnectedGradients.NONE, parallel_iterations: Any = None,
                       experimental_use_pfor: bool = True) -> Any:
        """Per example `b`, the Jacobian of `target[b]` with respect to `source[b]`: a tensor of
        shape `[batch] + target.shape[1:] + source.shape[1:]` (examples must not interact)."""
        unconnected = UnconnectedGradients(unconnected_gradients)
        self._start_use()
        return batch_jacobian(list(self._records), _as_target(target), _source_tensor(source),
                              unconnected, source.shape, self._watched)

    def _start_use(self) -> None:
        if self._used and not self._persistent:
            raise RuntimeError("A non-persistent GradientTape can only be used to compute one "
                               "set of gradients (or jacobians)")
        self._used = True
        if not self._persistent:
            self._stop()  # as TensorFlow: a non-persistent tape stops recording once used


def _as_target(value: Any) -> Tensor:
    if isinstance(value, Variable):
        return variable_handle(value)
    if not isinstance(value, Tensor):
        raise TypeError(f"GradientTape.gradient: a target must be a tensor computed while the "
                        f"tape recorded, got {type(value).__name__} {value!r}.")
    return value


def _source_tensor(value: Any) -> Tensor:
    if isinstance(value, Variable):
        return variable_handle(value)
    if not isinstance(value, Tensor):
        raise TypeError(f"GradientTape.gradient: a source must be a tensor or variable, got "
                        f"{type(value).__name__} {value!r}; watch a tensor "
                        f"(x = ag.constant(value); tape.watch(x)) and use it.")
    return value


def _warn_dtype(kind: str, dtype: dtypes.DType) -> None:
    warnings.warn(f"The dtype of the {kind} tensor must be floating (e.g. ag.float32) when "
                  f"calling GradientTape.gradient, got {dtype.name}: its gradient is None.",
                  stacklevel=3)
