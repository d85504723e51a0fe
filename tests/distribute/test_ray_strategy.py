"""RayStrategy on a local Ray cluster of two workers (separate processes): TensorFlow's
answers for the MirroredStrategy cases (`mirrored_cases.py`, as TensorFlow's multi-worker
strategy gives the same numbers), and what only a multi-process strategy has to get right.

The tests share one Ray cluster (started once, about 10 s) and one strategy; `xdist_group`
keeps them on one pytest-xdist worker."""

import gc
import os
import shutil
import tempfile
import time
import traceback

import numpy as np
import pytest

import autograph as ag
from tests.distribute.mirrored_cases import CASES, adam_fit_weights
from tests.distribute.test_mirrored_cases import EXPECTED, _same

ray = pytest.importorskip("ray")
pytestmark = pytest.mark.xdist_group("ray")

# Where RayStrategy gives other answers than TensorFlow's MirroredStrategy, and why.
_DRIVER_COPY = ("the driver's copy of a variable is a RayVariable (the workers hold the "
                "replicas' copies), not a MirroredVariable or SyncOnReadVariable")
DIFFERENCES = {
    "mirrored_variable": (_DRIVER_COPY, {"type": "RayVariable"}),
    "on_read_mean_assign_add_in_run": (_DRIVER_COPY, {"type": "RayVariable"}),
    "on_read_sum_assign_add_in_run": (_DRIVER_COPY, {"type": "RayVariable"}),
    "merge_call": (
        "a merge function runs on each worker, with that worker's value, as in TensorFlow's "
        "multi-worker strategies: what it appends to a list of the driver stays on the "
        "workers, and each replica gets its worker's result (equal, but not one object)",
        {"received": [], "returned": [3.0, 3.0]}),
}


@pytest.fixture(scope="module")
def strategy():
    temp = tempfile.mkdtemp(prefix="ray")  # short: Ray's socket paths must be
    ray.init(num_cpus=3, include_dashboard=False, log_to_driver=False, _temp_dir=temp)
    try:
        yield ag.distribute.experimental.RayStrategy(num_workers=2)
    finally:
        ray.shutdown()
        shutil.rmtree(temp, ignore_errors=True)


@pytest.mark.parametrize("name", sorted(set(CASES) - set(DIFFERENCES)))
def test_ray_strategy_gives_tensorflows_answer(name, strategy):
    _same(CASES[name](ag, strategy), EXPECTED["cases"][name])


@pytest.mark.parametrize("name", sorted(DIFFERENCES))
def test_ray_strategy_differs_from_tensorflow_as_explained(name, strategy):
    _, changes = DIFFERENCES[name]
    _same(CASES[name](ag, strategy), {**EXPECTED["cases"][name], **changes})


def _replica_id():
    return ag.distribute.get_replica_context().replica_id_in_sync_group


def test_an_error_on_a_worker_reaches_the_caller_with_the_workers_traceback(strategy):
    def step():
        if _replica_id() == 1:
            raise KeyError("only worker 1")  # the user's line
        return ag.distribute.get_replica_context().all_reduce("SUM", 1.0)

    with pytest.raises(KeyError, match="only worker 1") as caught:
        strategy.run(step)
    report = "".join(traceback.format_exception(caught.value))
    assert "Raised on Ray worker 1" in report
    assert 'raise KeyError("only worker 1")  # the user\'s line' in report


def test_the_workers_run_on_after_a_failed_step(strategy):
    with pytest.raises(ZeroDivisionError):
        strategy.run(lambda: 1 / 0)
    found = strategy.run(lambda: ag.distribute.get_replica_context().all_reduce("SUM", 2.0))
    assert [float(v) for v in strategy.experimental_local_results(found)] == [4.0, 4.0]


def test_a_variable_made_outside_the_scope_cannot_be_sent(strategy):
    outside = ag.Variable(1.0)
    with pytest.raises(TypeError, match="was not made in the strategy's scope"):
        strategy.run(lambda: outside + 1.0)


def test_the_workers_copies_stay_equal_through_training(strategy):
    x = np.linspace(-1, 1, 24, dtype=np.float32).reshape(8, 3)
    y = x.sum(axis=1, keepdims=True)
    with strategy.scope():
        model = ag.keras.Sequential([ag.keras.Input((3,)), ag.keras.layers.Dense(1)])
        model.compile(optimizer=ag.keras.optimizers.Adam(0.05), loss="mse")
    model.fit(x, y, batch_size=4, epochs=3, shuffle=False, verbose=0)
    first, second = strategy.experimental_local_results(model.layers[0].kernel)
    np.testing.assert_array_equal(first.numpy(), second.numpy())
    np.testing.assert_array_equal(model.layers[0].kernel.numpy(), first.numpy())


def test_two_workers_train_as_one_replica_on_the_whole_batch(strategy):
    found = adam_fit_weights(ag, strategy)
    for on_ray, single in zip(found, adam_fit_weights(ag, ag.distribute.get_strategy())):
        np.testing.assert_allclose(on_ray, single, rtol=1e-5, atol=1e-6)


def test_an_assignment_on_the_driver_reaches_every_worker(strategy):
    with strategy.scope():
        v = ag.Variable([1.0, 2.0])
    v.assign([5.0, 6.0])
    found = strategy.run(lambda: v.read_value())
    assert [t.numpy().tolist() for t in strategy.experimental_local_results(found)] == [
        [5.0, 6.0], [5.0, 6.0]]


def test_predict_runs_each_part_of_a_batch_on_its_worker_and_keeps_the_order(strategy):
    def process_ids(x):
        return ag.numpy_function(lambda rows: np.full(rows.shape, os.getpid(), np.float32),
                                 [x], ag.float32)
    rows = np.arange(10, dtype=np.float32).reshape(10, 1)
    inputs = ag.keras.Input((1,))
    with strategy.scope():
        copied = ag.keras.layers.Dense(1, kernel_initializer="ones")(inputs)
        model = ag.keras.Model(inputs, ag.keras.layers.Concatenate()(
            [copied, ag.keras.layers.Lambda(process_ids)(inputs)]))
    found = model.predict(rows, batch_size=4, verbose=0)
    np.testing.assert_array_equal(found[:, 0], rows[:, 0])
    workers = found[:, 1].astype(int).tolist()
    # batches of 4, 4, 2: each split in two, the first half to worker 0
    first, second = workers[0], workers[2]
    assert workers == [first] * 2 + [second] * 2 + [first] * 2 + [second] * 2 + [first, second]
    assert len({first, second, os.getpid()}) == 3


def test_a_strategy_with_no_workers_is_refused():
    with pytest.raises(ValueError, match="num_workers >= 1"):
        ag.distribute.experimental.RayStrategy(num_workers=0)


def test_a_strategys_workers_are_released_when_it_goes(strategy):
    free = ray.available_resources().get("CPU", 0)
    other = ag.distribute.experimental.RayStrategy(num_workers=1)
    assert other.run(lambda: 3.0) == 3.0
    del other
    gc.collect()
    deadline = time.monotonic() + 30
    while ray.available_resources().get("CPU", 0) < free and time.monotonic() < deadline:
        time.sleep(0.2)
    assert ray.available_resources().get("CPU", 0) == free


class _KillWorker(ag.keras.callbacks.Callback):
    """Kills Ray worker 1 (Ray restarts it) after the first batch of epoch 2, once."""

    def __init__(self, strategy):
        super().__init__()
        self.strategy, self.epoch, self.killed = strategy, 0, False

    def on_epoch_begin(self, epoch, logs=None):
        self.epoch = epoch

    def on_train_batch_end(self, batch, logs=None):
        if self.epoch == 2 and batch == 0 and not self.killed:
            self.killed = True
            ray.kill(self.strategy._workers[1], no_restart=False)


def _fit_on(strategy, callbacks):
    x = np.arange(48, dtype=np.float32).reshape(16, 3) / 10
    y = x @ np.array([[0.5], [-1.0], [0.25]], np.float32)
    with strategy.scope():
        model = ag.keras.Sequential([ag.keras.Input((3,)), ag.keras.layers.Dense(
            1, kernel_initializer="zeros")])
        model.compile(optimizer=ag.keras.optimizers.SGD(0.05), loss="mse")
    history = model.fit(x, y, batch_size=4, epochs=4, shuffle=False, verbose=0,
                        callbacks=callbacks)
    return model.get_weights(), history.epoch


def test_fit_survives_a_worker_killed_mid_epoch_and_ends_as_an_uninterrupted_fit(
        strategy, tmp_path):
    kill = _KillWorker(strategy)
    backup = ag.keras.callbacks.BackupAndRestore(str(tmp_path / "backup"))
    weights, epochs = _fit_on(strategy, [backup, kill])
    assert kill.killed and epochs == [0, 1, 2, 3]
    for resumed, uninterrupted in zip(weights, _fit_on(strategy, [])[0]):
        np.testing.assert_allclose(resumed, uninterrupted, rtol=1e-6, atol=1e-7)


def test_fit_without_a_backup_reports_a_lost_worker(strategy):
    with pytest.raises(ag.errors.UnavailableError, match="BackupAndRestore"):
        _fit_on(strategy, [_KillWorker(strategy)])


def test_resources_per_worker_become_the_actors_options():
    from autograph.runtime.distribute.ray_strategy import _actor_options
    assert _actor_options(None) == {"max_restarts": -1, "num_cpus": 1}
    assert _actor_options({"CPU": 2, "GPU": 1, "TPU": 4}) == {
        "max_restarts": -1, "num_cpus": 2, "num_gpus": 1, "resources": {"TPU": 4}}
