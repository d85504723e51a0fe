"""MirroredStrategy beyond TensorFlow's recorded answers (`test_mirrored_cases.py`): errors,
tracing, and where replicas' ops run. Two replicas: the CPU and the simulated device."""

import re
import traceback

import numpy as np
import pytest

import autograph as ag
from tests.distribute.mirrored_cases import adam_fit_weights


@pytest.fixture
def strategy(sim_device):
    return ag.distribute.MirroredStrategy(["/cpu:0", "/device:SIM:0"])


def _replica_id():
    return ag.distribute.get_replica_context().replica_id_in_sync_group


def test_an_error_in_one_replica_reaches_the_caller_with_the_users_line(strategy):
    def step():
        if _replica_id() == 1:
            raise KeyError("only replica 1")  # the user's line
        return 1.0

    with pytest.raises(KeyError, match="only replica 1") as caught:
        strategy.run(step)
    lines = [frame.line for frame in traceback.extract_tb(caught.value.__traceback__)]
    assert 'raise KeyError("only replica 1")  # the user\'s line' in lines


def test_replicas_that_merge_a_different_number_of_times_are_an_error(strategy):
    def step():
        context = ag.distribute.get_replica_context()
        for _ in range(_replica_id() + 1):
            context.merge_call(lambda s: None)

    with pytest.raises(RuntimeError, match=r"^Some replicas made a different number of "
                                           r"replica_context\(\)\.merge_call\(\) calls\.$"):
        strategy.run(step)


def test_a_variable_made_inside_run_is_made_once_with_a_copy_per_replica(strategy):
    made = []

    def step():
        made.append(ag.Variable(3.0, name="inside"))

    strategy.run(step)
    assert made[0] is made[1]
    assert type(made[0]).__name__ == "MirroredVariable"
    assert [c.numpy() for c in strategy.experimental_local_results(made[0])] == [3.0, 3.0]


def test_a_traced_step_places_each_replicas_ops_on_its_device(strategy):
    @ag.function
    def step(x):
        return strategy.run(lambda v: v * 2.0, args=(x,))

    graph = step.get_concrete_function(ag.constant(1.0)).graph
    devices = {op.name: op.device for op in graph.get_operations() if op.type == "Mul"}
    assert devices == {"mul": "/device:CPU:0", "replica_1/mul": "/device:SIM:0"}


def test_a_traced_step_returns_per_replica_values(strategy):
    @ag.function
    def step():
        return strategy.run(lambda: ag.constant(10.0) * ag.cast(_replica_id(), ag.float32))

    found = step()
    assert [float(v) for v in strategy.experimental_local_results(found)] == [0.0, 10.0]


def test_apply_gradients_refuses_variables_made_outside_the_scope(strategy):
    outside = ag.Variable([1.0, 2.0])
    with strategy.scope():
        optimizer = ag.keras.optimizers.SGD(0.1)

    def step():
        optimizer.apply_gradients([(ag.constant([1.0, 1.0]), outside)])

    with pytest.raises(ValueError, match="not made in the strategy's scope"):
        strategy.run(step)


def test_a_distributed_dataset_is_not_iterated_inside_a_traced_function(strategy):
    dist = strategy.experimental_distribute_dataset(ag.data.Dataset.range(4).batch(2))

    @ag.function(autograph=False)
    def total():
        return [x for x in dist]

    with pytest.raises(NotImplementedError, match="iterated eagerly"):
        total()


def test_sync_on_read_variables_sum_their_copies_when_read_outside_run(strategy):
    with strategy.scope():
        count = ag.Variable(0.0, synchronization="on_read", aggregation="sum")
    strategy.run(lambda: count.assign_add(ag.cast(_replica_id(), ag.float32) + 1.0))
    assert float(count) == 3.0


def test_a_device_named_twice_is_refused(sim_device):
    with pytest.raises(ValueError, match="No duplicates"):
        ag.distribute.MirroredStrategy(["/cpu:0", "/CPU:0"])


def test_a_missing_device_is_refused_without_soft_placement():
    ag.config.set_soft_device_placement(False)
    try:
        with pytest.raises(ag.errors.InvalidArgumentError, match="GPU:7"):
            ag.distribute.MirroredStrategy(["/gpu:7"])
    finally:
        ag.config.set_soft_device_placement(True)


def test_multi_worker_refuses_a_cluster_of_several_workers(monkeypatch):
    monkeypatch.setenv("TF_CONFIG", '{"cluster": {"worker": ["a:1", "b:1"]}, '
                                    '"task": {"type": "worker", "index": 0}}')
    with pytest.raises(ValueError, match="TF_CONFIG names 2 workers"):
        ag.distribute.MultiWorkerMirroredStrategy()


def test_a_model_trained_on_two_replicas_matches_one_replica_on_the_whole_batch(strategy):
    found = adam_fit_weights(ag, strategy)
    for mirrored, single in zip(found, adam_fit_weights(ag, ag.distribute.get_strategy())):
        np.testing.assert_allclose(mirrored, single, rtol=1e-5, atol=1e-6)


def test_a_layer_built_inside_run_has_each_weight_once_named_under_the_layer(strategy):
    with strategy.scope():
        layer = ag.keras.layers.Dense(2, name="inside")
    strategy.run(lambda: layer(ag.ones([1, 3])))
    assert [w.name for w in layer.weights] == ["inside/kernel:0", "inside/bias:0"]


def test_a_replica_starts_in_its_callers_eager_name_scope(strategy):
    with strategy.scope(), ag.name_scope("outer"):
        names = strategy.run(lambda: ag.Variable(1.0, name="v").name)
    assert names == "outer/v:0"


def test_a_replica_keeps_its_callers_traceback_filtering(strategy):
    ag.debugging.disable_traceback_filtering()
    try:
        found = strategy.run(ag.debugging.is_traceback_filtering_enabled)
    finally:
        ag.debugging.enable_traceback_filtering()
    assert found is False


def test_a_replica_starts_in_its_callers_variable_scope_and_session(strategy):
    v1 = ag.compat.v1
    graph = ag.Graph()
    with graph.as_default(), v1.Session() as session, v1.variable_scope("scoped"):
        found = strategy.run(lambda: (v1.get_variable_scope().name,
                                      v1.get_default_session() is session))
    assert found == ("scoped", True)


def test_a_merge_runs_in_the_first_replicas_name_scope(strategy):
    def step():
        with ag.name_scope("in_step"):
            return ag.distribute.get_replica_context().merge_call(
                lambda s: ag.Variable(0.0, name="made").name)

    with strategy.scope():
        assert strategy.run(step) == "in_step/made:0"


def test_a_replica_keeps_its_callers_traceback_filtering_when_enabled(strategy):
    assert strategy.run(ag.debugging.is_traceback_filtering_enabled) is True


def test_a_replica_counts_default_variable_scope_names_with_its_caller(strategy):
    v1 = ag.compat.v1
    graph = ag.Graph()
    with graph.as_default():
        with v1.variable_scope(None, default_name="block"):
            pass

        def step():
            with v1.variable_scope(None, default_name="block") as scope:
                return scope.name
        assert strategy.run(step).values == ("block_1", "block_2")


def test_a_replica_may_call_a_traced_function(strategy):
    double = ag.function(lambda x: x * 2.0)
    found = strategy.run(lambda: double(ag.constant(3.0)))
    assert [float(v) for v in strategy.experimental_local_results(found)] == [6.0, 6.0]


def test_the_first_replicas_merge_function_runs(strategy):
    def step():
        label = "first" if _replica_id() == 0 else "second"
        return ag.distribute.get_replica_context().merge_call(lambda s: label)

    assert strategy.run(step) == "first"


def test_replicas_waiting_to_merge_stop_when_another_fails(strategy):
    passed_the_merge = []

    def step():
        if _replica_id() == 1:
            raise KeyError("replica 1 fails")
        ag.distribute.get_replica_context().merge_call(lambda s: None)
        passed_the_merge.append(_replica_id())

    with pytest.raises(KeyError):
        strategy.run(step)
    assert passed_the_merge == []


def test_merge_call_outside_a_replicas_thread_is_refused(strategy):
    contexts = strategy.run(ag.distribute.get_replica_context)
    message = ("merge_call was called outside the thread of a replica: call it from the "
               "function given to `strategy.run`.")
    with pytest.raises(RuntimeError, match=f"^{re.escape(message)}$"):
        contexts.values[1].merge_call(lambda s: None)
