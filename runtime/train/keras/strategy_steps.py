"""How `fit` and `evaluate` run under a distribution strategy: the model's strategy (the one
that made its variables), its steps run by the strategy on each replica's part of the batch,
and resuming a `fit` whose worker was lost from a `BackupAndRestore` backup.

A strategy in this process (`MirroredStrategy`) runs the step inside one `ag.function` of
`strategy.run`; a strategy of other processes (`RayStrategy`) is given the step as an
`ag.function`, which each worker traces.
"""

from __future__ import annotations

from typing import Any, Callable

from autograph.runtime.core.errors import UnavailableError
from autograph.runtime.function.function import function
from autograph.runtime.train.keras.backup_callback import BackupAndRestore

__all__ = ["model_strategy", "distributed_step", "resumed_epoch", "MAX_LOST_WORKERS"]

MAX_LOST_WORKERS = 3  # resumptions of one fit before it gives up


def model_strategy(model: Any) -> Any:
    """The strategy that made the model's variables, or None."""
    for variable in model.trainable_variables:
        strategy = getattr(variable, "_strategy", None)
        if strategy is not None:
            return strategy
    return None


def distributed_step(step: Callable, strategy: Any, functions: dict, kind: str,
                     run_eagerly: bool) -> Callable:
    """`step` run by `strategy` on each replica's part of the batch; the traced function is
    kept in `functions` like the other steps (batch sizes that differ retrace it with shapes
    relaxed)."""
    if getattr(strategy, "_runs_remotely", False):  # the workers trace the step
        if not run_eagerly:
            step = functions.setdefault((kind, "remote", id(strategy)), function(
                step, autograph=False, reduce_retracing=True, name=f"{kind}_function"))
        return lambda *batch: strategy.run(step, args=strategy._split_batch(batch))

    def run(*batch: Any) -> Any:
        return strategy.run(step, args=batch)
    if not run_eagerly:
        run = functions.setdefault((kind, "distributed", id(strategy)), function(
            run, autograph=False, reduce_retracing=True, name=f"{kind}_function"))
    return lambda *batch: run(*strategy._split_batch(batch))


def resumed_epoch(model: Any, callbacks: Any, lost_workers: int) -> int:
    """After a lost worker: the epoch of the last backup of a `BackupAndRestore` callback
    among `callbacks`, restored into `model`.

    Raises:
        UnavailableError: there is no such callback, or workers were lost more than
            `MAX_LOST_WORKERS` times in this fit.
    """
    backup = next((c for c in callbacks.callbacks if isinstance(c, BackupAndRestore)), None)
    if backup is None:
        raise UnavailableError("A worker of the model's strategy died during fit. Give fit an "
                               "ag.keras.callbacks.BackupAndRestore to resume from its last "
                               "backup.")
    if lost_workers > MAX_LOST_WORKERS:
        raise UnavailableError(f"Workers of the model's strategy died {lost_workers} times "
                               f"during this fit; it gives up after {MAX_LOST_WORKERS}.")
    model._initial_epoch = None
    backup.on_train_begin()
    return model._initial_epoch or 0
