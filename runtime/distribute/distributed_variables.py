"""Variables a strategy made: one copy per replica, kept in step (TensorFlow's
`MirroredVariable` and `SyncOnReadVariable`).

A distributed variable is a `Variable` whose reads and updates go to a copy: replica `i`'s
inside `run` (and while a strategy updates copy `i`, `updating_copy`), else the first. What
an update does depends on where it runs:

| | replica context (`run`) | cross-replica context (`scope()`) |
|---|---|---|
| mirrored, aggregation NONE | its replica's copy | every copy |
| mirrored, SUM / MEAN / ONLY_FIRST | every copy, the replicas' values combined | every copy |
| sync on read | its replica's copy | `assign`: every copy (SUM: the value / replicas) |

A sync-on-read variable read in the cross-replica context combines its copies (the sum, the
mean, or the first), as metrics are read.
"""

from __future__ import annotations

import contextlib
import threading
from typing import Any, Callable, Iterator, Sequence

from autograph.runtime.core.devices import device as device_scope
from autograph.runtime.distribute.values import PerReplica
from autograph.runtime.graph.graph import Graph, executing_eagerly
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.graph.ops import group
from autograph.runtime.ops.math.ops import add_n
from autograph.runtime.state.creator_scope import VariableAggregation
from autograph.runtime.state.variables import Variable

__all__ = ["DistributedVariable", "MirroredVariable", "SyncOnReadVariable", "updating_copy"]


class _Updating(threading.local):
    def __init__(self) -> None:
        self.copy: int | None = None


_updating = _Updating()


@contextlib.contextmanager
def updating_copy(index: int) -> Iterator[None]:
    """Makes distributed variables read and update their copy `index` (a strategy updating
    each replica's copy in turn, `StrategyExtended.update`)."""
    old, _updating.copy = _updating.copy, index
    try:
        yield
    finally:
        _updating.copy = old


class DistributedVariable(Variable):
    """The copies of a variable, one per replica (see the module docstring).

    Args:
        strategy: the strategy that made it; its replica contexts pick the copy.
        copies: one plain variable per replica, in replica order.
    """

    def __init__(self, strategy: Any, copies: Sequence[Variable]):
        first = copies[0]
        self._strategy = strategy
        self._replica_copies = tuple(copies)
        self._trainable = first._trainable
        self._synchronization = first._synchronization
        self._aggregation = first._aggregation
        self._dtype, self._shape, self._name = first._dtype, first._shape, first._name
        self._graph = first._graph
        self._initial_value = first._initial_value
        self._graph_element = first._graph_element

    # The copy this code reads and updates; Variable's own methods reach it through these.
    def _copy_index(self) -> int:
        if _updating.copy is not None:
            return _updating.copy
        replica = self._strategy._replica_context_here()
        return 0 if replica is None else replica.replica_id_in_sync_group

    @property
    def _copy(self) -> Variable:
        return self._replica_copies[self._copy_index()]

    @property  # type: ignore[override]
    def _handle(self) -> Any:
        return self._copy._handle

    @property  # type: ignore[override]
    def _device(self) -> Any:
        return self._copy._device

    @property
    def _on_first_use(self) -> Any:  # type: ignore[override]
        return None  # the copies run their own hooks

    @property
    def initializer(self) -> Any:
        """In a TensorFlow 1 graph, the op that initialises every copy; eagerly None."""
        if self._graph is None:
            return None
        return group(*[copy.initializer for copy in self._replica_copies])

    def _handle_in(self, graph: Graph) -> Tensor:
        return self._copy._handle_in(graph)

    def _feed_in(self, graph: Graph, handle: Tensor) -> None:
        raise NotImplementedError(
            f"{type(self).__name__} {self._name} cannot be passed to a traced function as an "
            f"argument; use it from the function's body (a closure) instead.")

    def _in_replica(self) -> bool:
        """Whether code runs as one of several replicas (not while a strategy updates)."""
        return _updating.copy is None and self._strategy._replica_context_here() is not None

    def _update_every_copy(self, op_fn: Callable, value: Any, name: str | None,
                           read_value: bool, update: bool) -> Any:
        for i, copy in enumerate(self._replica_copies):
            with updating_copy(i):
                result = Variable._update(copy, op_fn, value, name, read_value, update)
        if result is not None and not isinstance(result, Variable):
            return result  # a graph's read after the update
        return self if read_value else None

    def _update_own_copy(self, op_fn: Callable, value: Any, name: str | None,
                         read_value: bool, update: bool) -> Any:
        result = Variable._update(self._copy, op_fn, value, name, read_value, update)
        return self if isinstance(result, Variable) else result

    @property
    def values(self) -> tuple:
        """The copies, in replica order."""
        return self._replica_copies

    def __repr__(self) -> str:
        lines = ",\n".join(f"  {i}: {copy!r}" for i, copy in enumerate(self._replica_copies))
        return f"{type(self).__name__}:{{\n{lines}\n}}"


class MirroredVariable(DistributedVariable):
    """A variable whose copies hold the same value: every update updates them all."""

    def _update(self, op_fn: Callable, value: Any, name: str | None, read_value: bool,
                update: bool) -> Any:
        if _updating.copy is not None:
            return self._update_own_copy(op_fn, value, name, read_value, update)
        if not self._in_replica():
            return self._update_every_copy(op_fn, value, name, read_value, update)
        if self._aggregation is VariableAggregation.NONE:
            # As TensorFlow 2.21: the replica's own copy (the copies may then drift apart).
            return self._update_own_copy(op_fn, value, name, read_value, update)
        replica = self._strategy._replica_context_here()
        replica.merge_call(self._merged_update, args=(op_fn, value, name, update))
        if read_value:
            return self if self._graph is None and executing_eagerly() else self._read()
        return None

    def _merged_update(self, strategy: Any, op_fn: Callable, value: Any, name: str | None,
                       update: bool) -> None:
        values = _replica_values(value)
        n = len(self._replica_copies)
        if self._aggregation is VariableAggregation.ONLY_FIRST_REPLICA:
            combined = convert_to_tensor(values[0] if values else value, dtype=self._dtype)
        elif not values:
            if self._aggregation is VariableAggregation.SUM:
                raise ValueError(f"A non-DistributedValues value {value!s} cannot be reduced "
                                 f"with the given reduce op ReduceOp.SUM.")
            combined = convert_to_tensor(value, dtype=self._dtype)  # the mean of equal values
        else:
            with device_scope(self._replica_copies[0].device):
                combined = add_n([convert_to_tensor(v, dtype=self._dtype) for v in values])
                if self._aggregation is VariableAggregation.MEAN:
                    combined = combined / n
        self._update_every_copy(op_fn, combined, name, False, update)


class SyncOnReadVariable(DistributedVariable):
    """A variable each replica updates on its own; read in the cross-replica context, the
    copies combine by its aggregation (as metrics' totals and counts)."""

    def _read(self, scope: str | None = None) -> Tensor:
        if self._in_replica() or _updating.copy is not None or len(self._replica_copies) == 1:
            return super()._read(scope)
        if self._aggregation is VariableAggregation.ONLY_FIRST_REPLICA:
            return Variable._read(self._replica_copies[0], scope)
        reads = [Variable._read(copy, scope) for copy in self._replica_copies]
        with device_scope(self._replica_copies[0].device):
            total = add_n(reads)
            if self._aggregation is VariableAggregation.MEAN:
                return total / len(reads)
            return total

    def _update(self, op_fn: Callable, value: Any, name: str | None, read_value: bool,
                update: bool) -> Any:
        if self._in_replica() or _updating.copy is not None or len(self._replica_copies) == 1:
            return self._update_own_copy(op_fn, value, name, read_value, update)
        if update and self._aggregation is VariableAggregation.SUM:
            raise ValueError("SyncOnReadVariable does not support `assign_*` in cross-replica "
                             "context when aggregation is set to `tf.VariableAggregation.SUM`.")
        if self._aggregation is VariableAggregation.SUM and not update:
            value = convert_to_tensor(value, dtype=self._dtype) / len(self._replica_copies)
        return self._update_every_copy(op_fn, value, name, read_value, update)


def _replica_values(value: Any) -> tuple:
    """The replicas' values of a merged argument: a PerReplica's, else () (all the same)."""
    return value.values if isinstance(value, PerReplica) else ()
