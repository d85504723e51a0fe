"""`RayStrategy`: synchronous data parallelism over Ray workers, in other processes or on
other machines (`ag.distribute.experimental.RayStrategy`).

The calling process (the driver) holds the program and a copy of each variable made in the
strategy's scope (`RayVariable`). Each of `num_workers` Ray actors (`ray_worker`) holds one
replica: its copies of the variables, and the functions and models sent to it
(`ray_objects`: sent once, then named). `run(fn, args)` sends `fn` (once) and each replica's
part of the arguments; every worker runs `fn` in a replica context whose `all_reduce` is a
ring over the workers (`ray_collective`), so an optimizer step applies the same summed
gradients on every worker. The driver's copies are refreshed from the workers when read
(mirrored variables from the first worker; sync-on-read ones, metrics' totals, summed or
averaged over all), and an assignment on the driver is sent to every worker.

`run` is called eagerly (a replica function given as an `ag.function` is traced on each
worker); Keras `fit` and `evaluate` of a model made in the scope send a traced step. An error
in a worker stops the step on every worker and is raised here, with the worker's traceback.

Ray starts on first use (`ray.init`, on this machine, or the cluster at `address`) unless the
program started it; `pip install "autograph[ray]"`.

>>> import autograph as ag  # doctest: +SKIP
>>> strategy = ag.distribute.experimental.RayStrategy(num_workers=2)  # doctest: +SKIP
"""

from __future__ import annotations

import os
import re
import time
import weakref
from typing import Any, Callable

import numpy as np

from autograph.runtime.core.errors import UnavailableError
from autograph.runtime.distribute.distribute_lib import (
    InputContext,
    Strategy,
    check_synchronization,
)
from autograph.runtime.distribute.input_lib import (
    DistributedDataset,
    PerReplicaDatasets,
    split_batch,
)
from autograph.runtime.distribute.mirrored_strategy import ValueContext
from autograph.runtime.distribute.ray_objects import Sender, VariableSpec
from autograph.runtime.distribute.values import PerReplica, regroup, select_replica
from autograph.runtime.function.function import Function
from autograph.runtime.graph.func_graph import flatten, pack_sequence_as
from autograph.runtime.graph.graph import executing_eagerly
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.graph.tensor_spec import TensorSpec
from autograph.runtime.ops.script.ops import numpy_function
from autograph.runtime.ops.state import ops as state_ops
from autograph.runtime.state.creator_scope import VariableAggregation, VariableSynchronization
from autograph.runtime.state.variables import Variable

__all__ = ["RayStrategy", "RayVariable"]

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))  # the directory holding the `autograph` package


class RayVariable(Variable):
    """The driver's copy of a variable of a `RayStrategy` (see the module docstring)."""

    _strategy: RayStrategy

    def _read(self, scope: str | None = None) -> Tensor:
        self._strategy._refresh(self)
        return super()._read(scope)

    def _update(self, op_fn: Callable, value: Any, name: str | None, read_value: bool,
                update: bool) -> Any:
        self._strategy._refresh(self)
        result = super()._update(op_fn, value, name, read_value, update)
        self._strategy._send_value(self)
        return result


class RayStrategy(Strategy):
    """Replicas on Ray workers (see the module docstring).

    Args:
        num_workers: how many workers (replicas), each a Ray actor.
        address: the Ray cluster to join (`ray.init(address=...)`); None starts Ray on this
            machine, unless the program has started it.
        resources_per_worker: what each worker asks Ray for: `{"CPU": 1, "GPU": 0, ...}`.

    Raises:
        ImportError: Ray is not installed.
        ValueError: `num_workers` is not a positive int.
    """

    _runs_remotely = True  # Keras sends its steps to be traced on the workers

    def __init__(self, num_workers: int = 2, address: str | None = None,
                 resources_per_worker: dict | None = None):
        if isinstance(num_workers, bool) or not isinstance(num_workers, int) or num_workers < 1:
            raise ValueError(f"RayStrategy needs num_workers >= 1, got {num_workers!r}.")
        ray = _ray()
        if not ray.is_initialized():
            env = {"env_vars": {"PYTHONPATH": os.pathsep.join(
                p for p in (_ROOT, os.environ.get("PYTHONPATH")) if p)}}
            ray.init(address=address, include_dashboard=False, runtime_env=env)
        from autograph.runtime.distribute.ray_worker import ReplicaWorker
        actor = ray.remote(max_concurrency=4)(ReplicaWorker)
        options = _actor_options(resources_per_worker)
        self._workers = [actor.options(**options).remote(i, num_workers)
                         for i in range(num_workers)]
        ray.get([w.connect.remote(self._workers) for w in self._workers])
        # The workers hold each other's handles, so Ray's counting never frees them: they are
        # killed when the strategy goes (else a later strategy may wait for their CPUs).
        weakref.finalize(self, _kill, ray, list(self._workers))
        self._sender = Sender()
        self._function_tokens: dict[Any, int] = {}
        self._traced: dict[Any, Function] = {}  # replica functions traced on the workers
        self._sent_functions: set[int] = set()
        self._on_workers: dict[int, RayVariable] = {}  # token -> variable the workers hold
        self._stale: set[int] = set()  # tokens whose driver copy is older than the workers'
        self._steps = 0
        self.extended = _Extended(num_workers)

    @property
    def num_replicas_in_sync(self) -> int:
        return len(self._workers)

    def _variable_creator(self) -> Callable:
        return self._create_variable

    def _create_variable(self, next_creator: Callable, **kwargs: Any) -> Variable:
        """The driver's copy, a RayVariable; each worker makes its own at once."""
        del next_creator
        check_synchronization(kwargs)
        variable = RayVariable(**kwargs)
        variable._strategy = self
        token = self._sender.token(variable)
        spec = VariableSpec(variable, Variable._read(variable).numpy())
        _ray().get([w.create.remote(token, spec) for w in self._workers])
        self._on_workers[token] = variable
        return variable

    # Running replicas --------------------------------------------------------------------------
    def _run_replicas(self, fn: Callable, args: tuple, kwargs: dict) -> Any:
        if not executing_eagerly():
            return self._run_in_graph(fn, args, kwargs)
        return _regrouped(self._run_on_workers(fn, args, kwargs))

    def _payload(self, fn: Callable, args: tuple, kwargs: dict) -> tuple[int, Any, list[bytes]]:
        """`fn`'s token, its payload (the function itself the first time, put in Ray's
        object store once for every worker), and each worker's payload of its own part of
        the arguments (a worker is sent its shard of a batch only)."""
        token = self._function_tokens.setdefault(fn, len(self._function_tokens) + 1)
        first = token not in self._sent_functions
        shared: Any = self._sender.payload(fn if first else None, self)
        if first:
            shared = _ray().put(shared)
        parts = self._sender.payloads(
            [select_replica(i, (args, kwargs)) for i in range(self.num_replicas_in_sync)], self)
        self._sent_functions.add(token)
        return token, shared, parts

    def _run_on_workers(self, fn: Callable, args: tuple, kwargs: dict) -> list:
        """Each worker's results of `fn` on its part of the arguments, as NumPy."""
        token, shared, parts = self._payload(fn, args, kwargs)
        self._steps += 1
        futures = [w.run.remote(self._steps, token, shared, part)
                   for w, part in zip(self._workers, parts)]
        try:
            return self._gather(_ray(), futures)
        finally:
            self._stale.update(self._on_workers)

    def _run_in_graph(self, fn: Callable, args: tuple, kwargs: dict) -> Any:
        """`run` inside an `ag.function` here: one op of its graph that runs the replicas on
        the workers each time the graph runs (the workers trace `fn` as an `ag.function`)."""
        # `run` converted `fn` with AutoGraph already (here, where its source is).
        fn = fn if isinstance(fn, Function) else self._traced.setdefault(fn, Function(
            fn, str(getattr(fn, "__name__", "replica_fn")), None, False, False, None, False))
        structure = (args, kwargs)
        leaves = flatten(structure, expand_composites=True)
        inputs = [leaf for leaf in leaves if isinstance(leaf, Tensor)]
        specs = [TensorSpec(t.shape, t.dtype) if isinstance(t, Tensor) else t for t in leaves]
        spec_args, spec_kwargs = pack_sequence_as(structure, specs, expand_composites=True)
        token, shared, parts = self._payload(fn, spec_args, spec_kwargs)
        signatures = _ray().get([w.output_signature.remote(token, shared, part)
                                 for w, part in zip(self._workers, parts)])
        outputs = [[leaf for leaf in flatten(signature) if isinstance(leaf, TensorSpec)]
                   for signature in signatures]

        def run_on_workers(*arrays: np.ndarray) -> list[np.ndarray]:
            values = iter(arrays)
            filled = [next(values) if isinstance(leaf, Tensor) else leaf for leaf in leaves]
            run_args, run_kwargs = pack_sequence_as(structure, filled, expand_composites=True)
            results = self._run_on_workers(fn, run_args, run_kwargs)
            return [np.asarray(leaf) for result in results for leaf in flatten(result)
                    if isinstance(leaf, (np.ndarray, np.generic))]
        dtypes = [spec.dtype for replica in outputs for spec in replica]
        tensors = iter(numpy_function(run_on_workers, inputs, dtypes, name="RayRun")
                       if dtypes else [])
        per_replica = []
        for signature in signatures:
            leaves_out = []
            for leaf in flatten(signature):
                if isinstance(leaf, TensorSpec):
                    tensor = next(tensors)
                    tensor.set_shape(leaf.shape)
                    leaves_out.append(tensor)
                else:
                    leaves_out.append(leaf)
            per_replica.append(pack_sequence_as(signature, leaves_out))
        return regroup(per_replica)

    def _gather(self, ray: Any, futures: list) -> list:
        """The workers' results; at the first error, the others' steps are abandoned and the
        error is raised here."""
        pending = list(futures)
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            try:
                ray.get(ready[0])
            except ray.exceptions.RayActorError:
                lost = futures.index(ready[0])
                self._abandon(ray, pending)
                self._recover(ray)
                raise UnavailableError(
                    f"Ray worker {lost} died during the step; it was restarted and every "
                    f"worker now holds the driver's copy of the variables (as last read). "
                    f"The step did not happen: go on from a checkpoint (Keras `fit` does so "
                    f"itself with a BackupAndRestore callback).") from None
            except Exception as error:
                self._abandon(ray, pending)
                raise _users_error(error, futures.index(ready[0])) from None
        return ray.get(futures)

    def _abandon(self, ray: Any, pending: list) -> None:
        for worker in self._workers:
            worker.abort.remote()
        ray.wait(pending, num_returns=len(pending), timeout=60)

    def _recover(self, ray: Any) -> None:
        """After a worker died (Ray restarts it): every worker starts again from the
        driver's copies of the variables; functions and objects are sent anew."""
        _on_every_worker(ray, self._workers, "reset")
        _on_every_worker(ray, self._workers, "connect", self._workers)
        for token, variable in self._on_workers.items():
            spec = VariableSpec(variable, Variable._read(variable).numpy())
            _on_every_worker(ray, self._workers, "create", token, spec)
        self._stale.clear()
        self._sent_functions.clear()
        self._sender.forget()

    # The driver's copies -----------------------------------------------------------------------
    def _refresh(self, variable: RayVariable) -> None:
        """Brings the driver's copy up to date: a mirrored variable's from the first worker
        after a step; a sync-on-read one's, the combination of every worker's, always."""
        token = self._sender.token(variable)
        sync_on_read = variable.synchronization is VariableSynchronization.ON_READ
        if token not in self._stale and not sync_on_read:
            return
        self._stale.discard(token)
        ray = _ray()
        readers = self._workers if sync_on_read else self._workers[:1]
        values = [found[0] for found in ray.get([w.read.remote([token]) for w in readers])]
        value = values[0]
        if sync_on_read and variable.aggregation is not VariableAggregation.ONLY_FIRST_REPLICA:
            value = np.sum(values, axis=0).astype(values[0].dtype)
            if variable.aggregation is VariableAggregation.MEAN:
                value = (value / len(values)).astype(values[0].dtype)
        Variable._update(variable, state_ops.assign_variable_op, value, None, False, False)

    def _send_value(self, variable: RayVariable) -> None:
        token = self._sender.token(variable)
        if token not in self._on_workers:
            return
        value = Variable._read(variable).numpy()
        if (variable.synchronization is VariableSynchronization.ON_READ
                and variable.aggregation is VariableAggregation.SUM):
            value = value / self.num_replicas_in_sync  # the sum of the copies is the value
        _ray().get([w.assign.remote({token: value}) for w in self._workers])

    # Data ------------------------------------------------------------------------------------
    def _split_batch(self, batch: Any) -> Any:
        return split_batch(batch, self.num_replicas_in_sync)

    def experimental_distribute_dataset(self, dataset: Any, options: Any = None) -> Any:
        """`dataset`'s batches split along their first axis among the workers."""
        del options
        return DistributedDataset(dataset, self.num_replicas_in_sync)

    def distribute_datasets_from_function(self, dataset_fn: Callable[[InputContext], Any],
                                          options: Any = None) -> Any:
        """The dataset `dataset_fn(input_context)` builds (each element one worker's batch),
        its successive elements given to successive workers."""
        del options
        n = self.num_replicas_in_sync
        return PerReplicaDatasets(dataset_fn(InputContext(1, 0, n)), n)

    def experimental_distribute_values_from_function(self, value_fn: Callable) -> Any:
        """`PerReplica` of `value_fn(ValueContext(i, n))` for each worker `i` (made here,
        sent with the step)."""
        n = self.num_replicas_in_sync
        values = [value_fn(ValueContext(i, n)) for i in range(n)]
        return values[0] if n == 1 else PerReplica(values)

    def _gather_parts(self, leaf: Any) -> tuple | None:
        if isinstance(leaf, RayVariable):
            return self.experimental_local_results(leaf)  # each worker's copy
        return super()._gather_parts(leaf)

    def experimental_local_results(self, value: Any) -> tuple:
        """As `Strategy`'s; for a variable of this strategy, its value on each worker."""
        if not isinstance(value, RayVariable):
            return super().experimental_local_results(value)
        token = self._sender.token(value)
        found = _ray().get([w.read.remote([token]) for w in self._workers])
        return tuple(convert_to_tensor(values[0]) for values in found)

    def __repr__(self) -> str:
        return f"<RayStrategy: {self.num_replicas_in_sync} workers>"


class _Extended:
    """`strategy.extended`: the workers' devices, named as TensorFlow names a worker's."""

    def __init__(self, num_workers: int):
        self.worker_devices = tuple(f"/job:worker/replica:0/task:{i}/device:CPU:0"
                                    for i in range(num_workers))
        self.parameter_devices = self.worker_devices


def _regrouped(results: list) -> Any:
    """The workers' results (alike structures) as one: arrays become tensors, PerReplica
    across workers; other values equal on every worker (a Python number, None) are one
    value, as `MirroredStrategy` gives one where every replica returned the same object."""
    if len(results) == 1:
        return _tensor_leaves(results[0])
    flats = [flatten(result) for result in results]
    leaves = []
    for values in zip(*flats):
        if not any(isinstance(v, (np.ndarray, np.generic)) for v in values) and all(
                type(v) is type(values[0]) and v == values[0] for v in values):
            leaves.append(values[0])
        else:
            leaves.append(PerReplica([_tensor_leaves(v) for v in values]))
    return pack_sequence_as(results[0], leaves)


def _tensor_leaves(value: Any) -> Any:
    return convert_to_tensor(value) if isinstance(value, (np.ndarray, np.generic)) else value


def _on_every_worker(ray: Any, workers: list, method: str, *args: Any) -> list:
    """`method(*args)` on every worker, waiting for a restarting one (up to 2 minutes)."""
    deadline = time.monotonic() + 120
    while True:
        try:
            return ray.get([getattr(w, method).remote(*args) for w in workers])
        except ray.exceptions.ActorUnavailableError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def _kill(ray: Any, workers: list) -> None:
    if ray.is_initialized():
        for worker in workers:
            ray.kill(worker)


def _users_error(error: Exception, worker: int) -> BaseException:
    """The error a worker's replica function raised, with the worker's traceback (the user's
    lines in it) as a note; Ray's own error where there is no such cause."""
    cause = getattr(error, "cause", None)
    if not isinstance(cause, BaseException) or not hasattr(cause, "add_note"):
        return error  # Ray's error (a dead worker, or Python 3.10: no notes)
    remote = re.sub(r"\x1b\[[0-9;]*m", "", str(error))
    cause.add_note(f"Raised on Ray worker {worker}:\n{remote.rstrip()}")
    return cause


def _actor_options(resources: dict | None) -> dict:
    options: dict[str, Any] = {"max_restarts": -1}  # Ray restarts a worker that dies
    resources = dict(resources or {})
    options["num_cpus"] = resources.pop("CPU", 1)
    if "GPU" in resources:
        options["num_gpus"] = resources.pop("GPU")
    if resources:
        options["resources"] = resources
    return options


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ImportError("RayStrategy needs Ray: pip install 'autograph[ray]' (or pip "
                          "install ray).") from None
    return ray
