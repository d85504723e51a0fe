"""One replica of a Ray strategy: the actor each Ray worker process runs.

It holds its copies of the strategy's variables (`WorkerVariable`) and the objects sent to it
(`ray_objects.Receiver`), and runs replica functions in a replica context of its own strategy
(`WorkerStrategy`), whose `all_reduce` is a ring over the workers (`ray_collective`) and whose
`merge_call` runs the merge function here, on this replica's values. So an optimizer's
`apply_gradients` sums the gradients over the ring and applies the sum to this worker's copy:
every worker applies the same sum, and the copies stay equal.

An update of a variable in `run` follows its aggregation as in `MirroredStrategy`: `NONE`
(and any sync-on-read variable) updates this copy, `SUM` / `MEAN` / `ONLY_FIRST_REPLICA`
combine the replicas' values over the ring first.
"""

from __future__ import annotations

import itertools
from typing import Any, Callable

import numpy as np

from autograph.runtime.distribute.distribute_lib import (
    ReplicaContext,
    Strategy,
    StrategyContext,
    entered,
)
from autograph.runtime.distribute.ray_collective import Mailbox, ring_all_reduce
from autograph.runtime.distribute.ray_objects import Receiver, VariableSpec
from autograph.runtime.distribute.reduce_util import ReduceOp, as_reduce_op
from autograph.runtime.distribute.values import PerReplica
from autograph.runtime.function.function import Function
from autograph.runtime.graph.func_graph import flatten, pack_sequence_as
from autograph.runtime.graph.graph import executing_eagerly
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.graph.tensor_spec import TensorSpec
from autograph.runtime.ops.array.ops import shape
from autograph.runtime.ops.creation.ops import cast
from autograph.runtime.ops.reduction.ops import reduce_sum
from autograph.runtime.ops.script.ops import numpy_function
from autograph.runtime.ops.state import ops as state_ops
from autograph.runtime.state.creator_scope import VariableAggregation, VariableSynchronization
from autograph.runtime.state.variables import Variable

__all__ = ["ReplicaWorker", "WorkerStrategy", "WorkerVariable"]


class WorkerStrategy(Strategy):
    """The strategy as one worker sees it: its replica among `size`."""

    def __init__(self, worker: ReplicaWorker):
        self._worker = worker
        self.extended = _WorkerExtended()

    @property
    def num_replicas_in_sync(self) -> int:
        return self._worker.size

    def _run_replicas(self, fn: Callable, args: tuple, kwargs: dict) -> Any:
        with entered(StrategyContext(self, ReplicaContext(self, self._worker.rank))):
            return fn(*args, **kwargs)

    def _all_reduce(self, op: ReduceOp, values: list, context: ReplicaContext) -> list:
        """Sums (means) over the ring: now, or in a graph each time it runs (as a
        `numpy_function`, so that a traced step all-reduces on every call)."""
        tensors = [convert_to_tensor(v) for v in values]
        size = self._worker.size

        def reduce(*arrays: np.ndarray) -> list[np.ndarray]:
            sums = self._worker.all_reduce(list(arrays))
            if op is ReduceOp.MEAN:
                sums = [np.asarray(s / size).astype(s.dtype) for s in sums]
            return sums
        if executing_eagerly():
            sums = reduce(*[t.numpy() for t in tensors])
            return [convert_to_tensor(s, dtype=t.dtype) for s, t in zip(sums, tensors)]
        outputs = numpy_function(reduce, tensors, [t.dtype for t in tensors],
                                 name="RingAllReduce")
        for output, tensor in zip(outputs, tensors):
            output.set_shape(tensor.shape)
        return outputs

    def reduce(self, reduce_op: Any, value: Any, axis: int | None) -> Any:
        """`value` (this worker's replica's) reduced over every worker, by the ring: as
        TensorFlow's multi-worker strategies reduce in a merge function."""
        op = as_reduce_op(reduce_op)
        local = value.values[0] if isinstance(value, PerReplica) else value
        tensor = convert_to_tensor(local)
        if axis is None:
            (total,) = self._all_reduce(ReduceOp.SUM, [tensor], None)  # type: ignore[arg-type]
            return total if op is ReduceOp.SUM else total / self._worker.size
        partial = reduce_sum(tensor, axis)
        count = cast(shape(tensor)[axis], partial.dtype)
        total, n = self._all_reduce(ReduceOp.SUM, [partial, count], None)  # type: ignore
        return total if op is ReduceOp.SUM else total / n

    def _merge_call(self, context: ReplicaContext, merge_fn: Callable, args: tuple,
                    kwargs: dict) -> Any:
        with entered(StrategyContext(self, None)):
            return merge_fn(self, *args, **kwargs)


class _WorkerExtended:
    def for_each_copy(self, fn: Callable, *args: Any) -> None:
        fn(*args)  # one copy here


class WorkerVariable(Variable):
    """A worker's copy of a strategy variable (see the module docstring)."""

    _strategy: WorkerStrategy

    def _update(self, op_fn: Callable, value: Any, name: str | None, read_value: bool,
                update: bool) -> Any:
        context = self._strategy._replica_context_here()
        if (context is None or self._aggregation is VariableAggregation.NONE
                or self._synchronization is VariableSynchronization.ON_READ):
            return super()._update(op_fn, value, name, read_value, update)
        value = convert_to_tensor(value, dtype=self._dtype)
        if self._aggregation is VariableAggregation.ONLY_FIRST_REPLICA:
            first = value if context.replica_id_in_sync_group == 0 else value * 0
            (value,) = context.all_reduce("SUM", [first])
        else:
            (value,) = context.all_reduce(self._aggregation.name, [value])
        return super()._update(op_fn, value, name, read_value, update)


class ReplicaWorker:
    """The actor: see the module docstring. `rank` is its replica id among `size`."""

    def __init__(self, rank: int, size: int):
        self.rank, self.size = rank, size
        self.strategy = WorkerStrategy(self)
        self._receiver = Receiver(self.strategy)
        self._functions: dict[int, Callable] = {}
        self._mailbox = Mailbox()
        self._peers: list[Any] = []
        self._step, self._collectives = 0, itertools.count()

    # Called by the driver -----------------------------------------------------------------------
    def connect(self, peers: list[Any]) -> None:
        """The actors of every worker, in rank order (for the ring)."""
        self._peers = peers

    def reset(self) -> None:
        """Forgets every variable, object and function (the driver sends them again after
        a worker was lost)."""
        self._receiver = Receiver(self.strategy)
        self._functions = {}

    def deliver(self, key: Any, array: np.ndarray) -> None:
        """A chunk another worker sent (runs on a spare thread of the actor)."""
        self._mailbox.put(key, array)

    def abort(self) -> None:
        """Abandons the step in progress (another worker failed)."""
        self._mailbox.abort()

    def create(self, token: int, spec: VariableSpec) -> None:
        """Makes this worker's copy of a variable the driver made in the strategy's scope."""
        self._receiver.variables[token] = self._make_variable(spec)

    def run(self, step: int, token: int, function: bytes, arguments: bytes) -> Any:
        """Reads `function` (the function under `token`, sent whole the first time) and this
        worker's `arguments`, and runs the function on them in this worker's replica context;
        the results as NumPy."""
        self._mailbox.start(step)
        self._step, self._collectives = step, itertools.count()
        fn, args, kwargs = self._loaded(token, function, arguments)
        return _as_numpy(self.strategy._run_replicas(fn, args, kwargs))

    def output_signature(self, token: int, function: bytes, arguments: bytes) -> Any:
        """What the function (an `ag.function`) returns for these arguments (specs), traced
        here without running: the structure with a `TensorSpec` for each tensor."""
        fn, args, kwargs = self._loaded(token, function, arguments)
        assert isinstance(fn, Function)  # the driver sends an ag.function here
        concrete = self.strategy._run_replicas(fn.get_concrete_function, args, kwargs)
        outputs = concrete.structured_outputs
        return pack_sequence_as(outputs, [TensorSpec(t.shape, t.dtype)
                                          if isinstance(t, Tensor) else t
                                          for t in flatten(outputs)])

    def _loaded(self, token: int, function: bytes,
                arguments: bytes) -> tuple[Callable, tuple, dict]:
        fn = self._receiver.load(function)
        if fn is not None:
            self._functions[token] = fn
        args, kwargs = self._receiver.load(arguments)
        return self._functions[token], args, kwargs

    def read(self, tokens: list[int]) -> list[np.ndarray]:
        """This worker's values of the variables named."""
        return [self._receiver.variables[t].numpy() for t in tokens]

    def assign(self, values: dict[int, Any]) -> None:
        """Sets this worker's copies (the driver assigned them outside `run`)."""
        for token, value in values.items():
            Variable._update(self._receiver.variables[token], state_ops.assign_variable_op,
                             value, None, False, False)

    # Here ------------------------------------------------------------------------------------
    def all_reduce(self, arrays: list[np.ndarray]) -> list[np.ndarray]:
        key = (self._step, next(self._collectives))
        return ring_all_reduce(arrays, self.rank, self.size, key, self._send, self._mailbox)

    def _send(self, rank: int, key: Any, chunk: np.ndarray) -> None:
        self._peers[rank].deliver.remote(key, chunk)

    def _make_variable(self, spec: VariableSpec) -> WorkerVariable:
        variable = WorkerVariable(spec.value, trainable=spec.trainable, name=spec.name,
                                  synchronization=spec.synchronization,
                                  aggregation=spec.aggregation)
        variable._strategy = self.strategy
        return variable


def _as_numpy(result: Any) -> Any:
    """The results with tensors and variables as NumPy values (they travel back so)."""
    leaves = flatten(result)
    converted = [leaf.numpy() if hasattr(leaf, "numpy") and not isinstance(leaf, np.ndarray)
                 else leaf for leaf in leaves]
    return pack_sequence_as(result, converted)

