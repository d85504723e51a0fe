"""The strategy API (TensorFlow's `tf.distribute`) and the default strategy.

A strategy says where the replicas of a computation run. Code runs in one of two contexts:
*cross-replica* (inside `strategy.scope()`, outside `run`), where a value may stand for all
replicas, or a *replica* context (inside `strategy.run(fn)`), where `fn` sees its replica's
part. Outside every scope the default strategy holds: one replica, in this thread, so code
written for strategies runs unchanged without one.

>>> strategy = get_strategy()
>>> strategy.num_replicas_in_sync
1
>>> strategy.reduce("SUM", strategy.run(lambda x: x * 2, args=(3.0,)), axis=None)
6.0
"""

from __future__ import annotations

import contextlib
import threading
from typing import Any, Callable, Iterator

from autograph.runtime.core import replicas
from autograph.runtime.distribute.gathering import all_gathered, concatenated, replica_parts
from autograph.runtime.distribute.reduce_util import ReduceOp, as_reduce_op
from autograph.runtime.distribute.values import PerReplica, local_results, select_replica
from autograph.runtime.graph.func_graph import flatten, pack_sequence_as
from autograph.runtime.graph.graph import executing_eagerly
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.ops import shape
from autograph.runtime.ops.creation.ops import cast
from autograph.runtime.ops.math.ops import add_n
from autograph.runtime.ops.reduction.ops import reduce_sum
from autograph.runtime.state.creator_scope import VariableSynchronization, variable_creator_scope

__all__ = ["Strategy", "ReplicaContext", "InputContext", "get_strategy", "has_strategy",
           "in_cross_replica_context", "get_replica_context"]


class StrategyContext:
    """One entry of the thread's context stack: a strategy, and the replica context where
    code runs inside `run` (None: the cross-replica context)."""

    def __init__(self, strategy: Strategy, replica: ReplicaContext | None):
        self.strategy = strategy
        self.replica = replica


_local = threading.local()


def _stack() -> list[StrategyContext]:
    stack = getattr(_local, "stack", None)
    if stack is None:
        stack = _local.stack = []
    return stack


def context_stack() -> list[StrategyContext]:
    """This thread's strategy contexts, outermost first (a replica thread starts with its
    caller's)."""
    return list(_stack())


def set_context_stack(stack: list[StrategyContext]) -> None:
    _local.stack = list(stack)


@contextlib.contextmanager
def entered(context: StrategyContext) -> Iterator[None]:
    stack = _stack()
    stack.append(context)
    try:
        yield
    finally:
        stack.pop()


def current_context() -> StrategyContext:
    stack = _stack()
    return stack[-1] if stack else _DEFAULT_CONTEXT


def get_strategy() -> Strategy:
    """The strategy of the innermost `scope()` (or `run`), else the default strategy."""
    return current_context().strategy


def has_strategy() -> bool:
    """Whether a strategy other than the default is in scope."""
    return current_context().strategy is not _DEFAULT_STRATEGY


def in_cross_replica_context() -> bool:
    """Whether code runs in a strategy's scope, outside its `run` (never for the default)."""
    return current_context().replica is None


def get_replica_context() -> ReplicaContext | None:
    """The context of the replica running this code; None in a cross-replica context."""
    return current_context().replica


def check_synchronization(kwargs: dict) -> VariableSynchronization:
    """The synchronization a strategy's variable asks for (`kwargs`: a creator's arguments).

    Raises:
        ValueError: `NONE`, which no strategy's variables can have (TensorFlow's message).
    """
    synchronization = VariableSynchronization(kwargs["synchronization"])
    if synchronization is VariableSynchronization.NONE:
        raise ValueError(f"`NONE` variable synchronization mode is not supported with "
                         f"tf.distribute strategy. Please change the `synchronization` for "
                         f"variable: {kwargs.get('name')}")
    return synchronization


class InputContext:
    """What a dataset function of `distribute_datasets_from_function` knows of its input
    pipeline: how many there are, which one it builds, and the replicas in sync."""

    def __init__(self, num_input_pipelines: int = 1, input_pipeline_id: int = 0,
                 num_replicas_in_sync: int = 1):
        self.num_input_pipelines = num_input_pipelines
        self.input_pipeline_id = input_pipeline_id
        self.num_replicas_in_sync = num_replicas_in_sync

    def get_per_replica_batch_size(self, global_batch_size: int) -> int:
        """The batch each replica gets of a global batch.

        Raises:
            ValueError: the global batch does not divide among the replicas.
        """
        if global_batch_size % self.num_replicas_in_sync != 0:
            raise ValueError(f"The `global_batch_size` {global_batch_size} is not divisible by "
                             f"`num_replicas_in_sync` {self.num_replicas_in_sync} ")
        return global_batch_size // self.num_replicas_in_sync



class ReplicaContext:
    """The context of one replica inside `Strategy.run`: its id, the number of replicas, and
    the collective operations over them."""

    def __init__(self, strategy: Strategy, replica_id_in_sync_group: int):
        self.strategy = strategy
        self.replica_id_in_sync_group = replica_id_in_sync_group

    @property
    def num_replicas_in_sync(self) -> int:
        return self.strategy.num_replicas_in_sync

    def all_reduce(self, reduce_op: Any, value: Any) -> Any:
        """`value` (a tensor or a nest of them) reduced over the replicas, the result the same
        on each."""
        op = as_reduce_op(reduce_op)
        leaves = [convert_to_tensor(leaf) for leaf in flatten(value)]
        return pack_sequence_as(value, self.strategy._all_reduce(op, leaves, self))

    def all_gather(self, value: Any, axis: int) -> Any:
        """`value` (a tensor or a nest of them) of every replica, concatenated along `axis`
        in replica order (lengths along `axis` may differ); the result the same on each."""
        return all_gathered(self, value, axis)

    def merge_call(self, merge_fn: Callable, args: tuple = (),
                   kwargs: dict | None = None) -> Any:
        """Calls `merge_fn(strategy, *args, **kwargs)` once, in the cross-replica context, with
        every replica's arguments; each replica gets its result."""
        return self.strategy._merge_call(self, merge_fn, args, kwargs or {})


class Strategy:
    """Runs a computation on replicas (the base of every strategy; see the module docstring).

    Subclasses say how many replicas there are and how they meet (`_run_replicas`,
    `_all_reduce`, `_merge_call`); this class holds what is common.
    """

    @property
    def num_replicas_in_sync(self) -> int:
        """The number of replicas that run each step together."""
        return 1

    def scope(self) -> contextlib.AbstractContextManager:
        """A context in which variables, models and optimizers are made for this strategy,
        and `get_strategy()` returns it; inside its own scope or `run`, nothing changes.

        Raises:
            RuntimeError: another strategy's scope is open (scopes of different strategies
                do not nest).
        """
        current = current_context().strategy
        if current is self:  # already inside: its scope, or one of its replicas
            return contextlib.nullcontext()
        if current is not _DEFAULT_STRATEGY:
            if self is _DEFAULT_STRATEGY:
                raise RuntimeError("Must not nest tf.distribute.Strategy scopes.")
            raise RuntimeError(f"Mixing different tf.distribute.Strategy objects: {self} is not "
                               f"{current}")
        return self._scope()

    @contextlib.contextmanager
    def _scope(self) -> Iterator[None]:
        with entered(StrategyContext(self, self._scope_replica_context())):
            creator = self._variable_creator()
            if creator is None:
                yield
                return
            with variable_creator_scope(creator):
                yield

    def _scope_replica_context(self) -> ReplicaContext | None:
        return None  # a strategy's scope is its cross-replica context

    def _variable_creator(self) -> Callable | None:
        """The creator its scope opens for the variables made there (None: plain ones)."""
        return None

    def _replica_context_here(self) -> ReplicaContext | None:
        """The context of the replica of this strategy running this code, else None."""
        context = current_context()
        return context.replica if context.strategy is self else None

    def run(self, fn: Callable, args: tuple = (), kwargs: dict | None = None,
            options: Any = None) -> Any:
        """`fn(*args, **kwargs)` on every replica, each given its part of any `PerReplica`
        argument; a `PerReplica` of the results where replicas differ. Inside a traced
        function `fn` is converted by AutoGraph first, as a traced function's own code is."""
        del options
        if not executing_eagerly():
            from autograph.runtime.data.tracing import converted_function
            fn = converted_function(fn)
        return self._run_replicas(fn, args, kwargs or {})

    def _run_replicas(self, fn: Callable, args: tuple, kwargs: dict) -> Any:
        raise NotImplementedError

    def _all_reduce(self, op: ReduceOp, values: list, context: ReplicaContext) -> list:
        raise NotImplementedError

    def _merge_call(self, context: ReplicaContext, merge_fn: Callable, args: tuple,
                    kwargs: dict) -> Any:
        raise NotImplementedError

    def reduce(self, reduce_op: Any, value: Any, axis: int | None) -> Any:
        """`value` reduced over the replicas (`SUM` or `MEAN`); with `axis`, over that axis of
        each replica's value too (`MEAN` then divides by the number of elements along `axis`
        on all replicas together: the mean over the global batch).

        Raises:
            ValueError: `reduce_op` is not `SUM` or `MEAN`.
        """
        op = as_reduce_op(reduce_op)
        if self.num_replicas_in_sync > 1 and not isinstance(value, PerReplica):
            if op is ReduceOp.SUM:
                raise ValueError(f"A non-DistributedValues value {value!s} cannot be reduced "
                                 f"with the given reduce op {op}.")
            if axis is None:
                return value  # the mean of the same value on every replica
        values = local_results(value)
        if axis is None:
            if len(values) == 1:
                return values[0]
            total = add_n([convert_to_tensor(v) for v in values])
            return total if op is ReduceOp.SUM else total / len(values)
        tensors = [convert_to_tensor(v) for v in values]
        sums = [reduce_sum(t, axis) for t in tensors]
        total = sums[0] if len(sums) == 1 else add_n(sums)
        if op is ReduceOp.SUM:
            return total
        counts = [shape(t)[axis] for t in tensors]
        count = counts[0] if len(counts) == 1 else add_n(counts)
        return total / cast(count, total.dtype)

    def gather(self, value: Any, axis: int) -> Any:
        """Each distributed value of `value` (as `run` returns) as one tensor: its replicas'
        values concatenated along `axis` in replica order (lengths along `axis` may differ);
        other values as they are.

        Raises:
            RuntimeError: called inside `run` (use the replica context's `all_gather`).
        """
        if self._replica_context_here() is not None and self.num_replicas_in_sync > 1:
            raise RuntimeError("tf.distribute.Strategy.gather method requires cross-replica "
                               "context, use get_replica_context().all_gather() instead")
        return concatenated(value, axis, self._gather_parts)

    def _gather_parts(self, leaf: Any) -> tuple | None:
        """The replicas' values of a leaf of what `gather` is given, or None for a leaf
        that is not distributed."""
        return replica_parts(leaf)

    def experimental_distribute_dataset(self, dataset: Any, options: Any = None) -> Any:
        """`dataset` split among the replicas: each global batch gives each replica its part."""
        del options
        return dataset

    def distribute_datasets_from_function(self, dataset_fn: Callable[[InputContext], Any],
                                          options: Any = None) -> Any:
        """The datasets `dataset_fn(input_context)` builds, one per input pipeline."""
        del options
        return dataset_fn(InputContext(num_replicas_in_sync=self.num_replicas_in_sync))

    def _split_batch(self, batch: Any) -> Any:
        """`batch` (a nest of tensors with a batch axis) split among the replicas, the nest
        with PerReplica leaves (Keras's `fit` under a strategy splits each batch so)."""
        return batch

    def experimental_local_results(self, value: Any) -> tuple:
        """The values of this worker's replicas, as a tuple: a distributed value's, one for
        a plain value, and a nest (list, tuple, dict) once per replica, as each sees it."""
        if isinstance(value, (list, tuple, dict)):
            return tuple(select_replica(i, value) for i in range(self.num_replicas_in_sync))
        return local_results(value)

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {self.num_replicas_in_sync} replica(s)>"


class _DefaultStrategy(Strategy):
    """One replica in this thread: `run` calls the function, reductions give the value."""

    def _scope_replica_context(self) -> ReplicaContext:
        return _DEFAULT_REPLICA

    def _run_replicas(self, fn: Callable, args: tuple, kwargs: dict) -> Any:
        with self.scope():
            return fn(*args, **kwargs)

    def _all_reduce(self, op: ReduceOp, values: list, context: ReplicaContext) -> list:
        return values  # the sum and the mean of one replica's value

    def _merge_call(self, context: ReplicaContext, merge_fn: Callable, args: tuple,
                    kwargs: dict) -> Any:
        with entered(StrategyContext(self, None)):
            return merge_fn(self, *args, **kwargs)


_DEFAULT_STRATEGY = _DefaultStrategy()
_DEFAULT_REPLICA = ReplicaContext(_DEFAULT_STRATEGY, 0)
_DEFAULT_CONTEXT = StrategyContext(_DEFAULT_STRATEGY, _DEFAULT_REPLICA)


def _replica_context_of_several() -> ReplicaContext | None:
    replica = get_replica_context()
    return replica if replica is not None and replica.num_replicas_in_sync > 1 else None


replicas.install(lambda: get_strategy().num_replicas_in_sync,
                 lambda: has_strategy() and in_cross_replica_context(),
                 _replica_context_of_several)
