"""`MirroredStrategy`: synchronous data parallelism over the devices of this process
(TensorFlow's `tf.distribute.MirroredStrategy`).

One replica per device. Variables made in its `scope()` are `MirroredVariable`s (one copy per
device, updated together) or, with `synchronization=ON_READ`, `SyncOnReadVariable`s; `run(fn)`
calls `fn` once per replica (`mirrored_run`: a thread each, taking turns) under that replica's
device, so inside an `ag.function` the step is traced once per replica, each on its device,
into the one graph. Gradients meet in `all_reduce`: summed on the first device, then copied
to each replica's.

>>> strategy = MirroredStrategy(["/cpu:0"])
>>> strategy.num_replicas_in_sync
1
"""

from __future__ import annotations

import contextlib
from typing import Any, Callable, Iterator

from autograph.runtime.core import devices
from autograph.runtime.distribute import mirrored_run
from autograph.runtime.distribute.distribute_lib import (
    InputContext,
    ReplicaContext,
    Strategy,
    StrategyContext,
    check_synchronization,
    current_context,
    entered,
)
from autograph.runtime.distribute.distributed_variables import (
    MirroredVariable,
    SyncOnReadVariable,
    updating_copy,
)
from autograph.runtime.distribute.input_lib import (
    DistributedDataset,
    PerReplicaDatasets,
    split_batch,
)
from autograph.runtime.distribute.reduce_util import ReduceOp
from autograph.runtime.distribute.values import PerReplica, select_replica
from autograph.runtime.graph.graph import building_graph, device
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.ops import identity
from autograph.runtime.ops.math.ops import add_n
from autograph.runtime.state.creator_scope import VariableSynchronization
from autograph.runtime.state.variables import Variable

__all__ = ["MirroredStrategy", "StrategyExtended", "ValueContext"]


class ValueContext:
    """What `experimental_distribute_values_from_function`'s function knows: which replica
    it makes the value for, of how many."""

    def __init__(self, replica_id_in_sync_group: int = 0, num_replicas_in_sync: int = 1):
        self.replica_id_in_sync_group = replica_id_in_sync_group
        self.num_replicas_in_sync = num_replicas_in_sync

    def __repr__(self) -> str:
        return (f"tf.distribute.DistributeValuesContext(replica id "
                f"{self.replica_id_in_sync_group},  total replicas in sync: "
                f"{self.num_replicas_in_sync})")


class StrategyExtended:
    """`strategy.extended`: where the replicas run, and updates of distributed variables."""

    def __init__(self, strategy: MirroredStrategy):
        self._strategy = strategy

    @property
    def worker_devices(self) -> tuple[str, ...]:
        """The replicas' devices, in replica order."""
        return self._strategy._devices

    @property
    def parameter_devices(self) -> tuple[str, ...]:
        """Where the copies of variables live: the replicas' devices."""
        return self._strategy._devices

    def update(self, var: Any, fn: Callable, args: tuple = (), kwargs: dict | None = None,
               group: bool = True) -> Any:
        """Runs `fn(copy, *args, **kwargs)` for each copy of the distributed variable `var`,
        on that copy's device, each given its replica's part of `PerReplica` arguments; in
        `fn`, `var` reads and updates that copy too. Returns the results (`group=False`) as
        a `PerReplica`, or None."""
        results = []
        for i, copy in enumerate(getattr(var, "_replica_copies", (var,))):
            with updating_copy(i), device(self._strategy._devices[i]):
                results.append(fn(copy, *select_replica(i, args),
                                  **select_replica(i, kwargs or {})))
        return None if group else PerReplica(results)

    def for_each_copy(self, fn: Callable, *args: Any) -> None:
        """Runs `fn(*args)` once per replica, on its device, with the distributed variables
        reading and updating that replica's copy and each `PerReplica` argument replaced by
        that replica's value (an optimizer's step applied to every copy)."""
        for i, name in enumerate(self._strategy._devices):
            with updating_copy(i), device(name):
                fn(*select_replica(i, args))


class MirroredStrategy(Strategy):
    """Synchronous training on the devices of this process (see the module docstring).

    Args:
        devices: the replicas' devices (`"/cpu:0"`, `"/gpu:1"`, ...); default every GPU,
            else the CPU.
        cross_device_ops: accepted for TensorFlow's signature; the sum runs on the first
            device whatever it is.

    Raises:
        ValueError: a device named twice, an empty list, or an invalid device name; a device
            that does not exist when soft placement is off.
    """

    def __init__(self, devices: Any = None, cross_device_ops: Any = None):
        del cross_device_ops  # every choice sums the same way here (cross_device_ops.py)
        self._devices = _canonical_devices(devices)
        self.extended = StrategyExtended(self)

    @property
    def num_replicas_in_sync(self) -> int:
        return len(self._devices)

    def _variable_creator(self) -> Callable:
        return self._create_variable

    def _create_variable(self, next_creator: Callable, **kwargs: Any) -> Variable:
        replica = self._replica_context_here()
        if replica is not None and self.num_replicas_in_sync > 1:
            return replica.merge_call(lambda strategy: strategy._create_variable(
                next_creator, **kwargs))
        synchronization = check_synchronization(kwargs)
        copies: list[Variable] = []
        for i, name in enumerate(self._devices):
            arguments = dict(kwargs)
            if i:  # the first copy's value, copied to this device
                arguments["name"] = f"{kwargs.get('name') or 'Variable'}/replica_{i}"
                arguments["initial_value"] = lambda: identity(copies[0].value())
            with device(name), entered(StrategyContext(self, None)):
                copies.append(next_creator(**arguments))
        kind = (SyncOnReadVariable if synchronization is VariableSynchronization.ON_READ
                else MirroredVariable)
        return kind(self, copies)

    # Running replicas --------------------------------------------------------------------------
    def _run_replicas(self, fn: Callable, args: tuple, kwargs: dict) -> Any:
        if self.num_replicas_in_sync == 1:
            with self._replica(0):
                return fn(*select_replica(0, args), **select_replica(0, kwargs))

        def replica_fn(i: int) -> Callable[[], Any]:
            def run() -> Any:
                with self._replica(i):
                    return fn(*select_replica(i, args), **select_replica(i, kwargs))
            return run
        return mirrored_run.run_replicas(
            self, [replica_fn(i) for i in range(self.num_replicas_in_sync)])

    @contextlib.contextmanager
    def _replica(self, i: int) -> Iterator[None]:
        """Replica `i`'s context: its device, and in a graph the name scope `replica_<i>`
        (none for the first, as TensorFlow names them)."""
        graph = building_graph()
        with contextlib.ExitStack() as stack:
            if current_context().strategy is not self:
                stack.enter_context(self.scope())
            stack.enter_context(entered(StrategyContext(self, ReplicaContext(self, i))))
            stack.enter_context(device(self._devices[i]))
            if graph is not None and i:
                stack.enter_context(graph.name_scope(f"replica_{i}"))
            yield

    def _merge_call(self, context: ReplicaContext, merge_fn: Callable, args: tuple,
                    kwargs: dict) -> Any:
        if self.num_replicas_in_sync == 1:
            with entered(StrategyContext(self, None)):
                return merge_fn(self, *args, **kwargs)
        return mirrored_run.merge_call(merge_fn, args, kwargs)

    def _all_reduce(self, op: ReduceOp, values: list, context: ReplicaContext) -> list:
        if self.num_replicas_in_sync == 1:
            return values
        return context.merge_call(_reduced_on_every_device, args=(op, *values))

    # Data ------------------------------------------------------------------------------------
    def _split_batch(self, batch: Any) -> Any:
        return split_batch(batch, self.num_replicas_in_sync)

    def experimental_distribute_dataset(self, dataset: Any, options: Any = None) -> Any:
        """`dataset`'s batches split along their first axis among the replicas (a batch of
        5 over 2 replicas: 3 and 2)."""
        del options
        return DistributedDataset(dataset, self.num_replicas_in_sync)

    def distribute_datasets_from_function(self, dataset_fn: Callable[[InputContext], Any],
                                          options: Any = None) -> Any:
        """The dataset `dataset_fn(input_context)` builds (each element one replica's batch),
        its successive elements given to successive replicas."""
        del options
        dataset = dataset_fn(InputContext(1, 0, self.num_replicas_in_sync))
        return PerReplicaDatasets(dataset, self.num_replicas_in_sync)

    def experimental_distribute_values_from_function(self, value_fn: Callable) -> Any:
        """`PerReplica` of `value_fn(ValueContext(i, n))` for each replica `i`."""
        n = self.num_replicas_in_sync
        values = []
        for i in range(n):
            with device(self._devices[i]):
                values.append(value_fn(ValueContext(i, n)))
        return values[0] if n == 1 else PerReplica(values)

    def __repr__(self) -> str:
        return f"<MirroredStrategy: {', '.join(self._devices)}>"


def _reduced_on_every_device(strategy: MirroredStrategy, op: ReduceOp, *values: Any) -> Any:
    """The merge of an all-reduce: each value summed (meaned) over the replicas on the first
    device, then copied to each replica's device; a PerReplica per value, or one tuple."""
    n = strategy.num_replicas_in_sync
    results = []
    for value in values:
        parts = value.values if isinstance(value, PerReplica) else (value,) * n
        with device(strategy._devices[0]):
            total = add_n([convert_to_tensor(p) for p in parts])
            if op is ReduceOp.MEAN:
                total = total / n
        copies = []
        for name in strategy._devices:
            with device(name):
                copies.append(identity(total))
        results.append(PerReplica(copies))
    return PerReplica([tuple(r.values[i] for r in results) for i in range(n)])


def _canonical_devices(names: Any) -> tuple[str, ...]:
    if names is None:
        found = devices.gpu_devices()
        return tuple(d.name for d in found) if found else (devices.CPU.name,)
    if isinstance(names, str):
        names = [names]
    names = list(names)
    if not names:
        raise ValueError("MirroredStrategy needs at least one device: got an empty list.")
    canonical = []
    for name in names:
        device_type, index = devices.parse_device_name(str(name))
        full = f"/job:localhost/replica:0/task:0/device:{device_type}:{index}"
        if devices.resolve_device((device_type, index)) is None and \
                not devices.get_soft_device_placement():
            raise devices.missing_device_error((device_type, index))
        canonical.append(full)
    if len(set(canonical)) != len(canonical):
        raise ValueError(f"No duplicates allowed in `devices` argument: {names}.")
    return tuple(canonical)
