"""Mirrored and sync-on-read variables of a two-replica MirroredStrategy (the CPU and the
simulated device): which copy code reads and updates, what updates return, and their errors."""

import re

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.distribute.distributed_variables import updating_copy

CPU = "/job:localhost/replica:0/task:0/device:CPU:0"
SIM = "/job:localhost/replica:0/task:0/device:SIM:0"


@pytest.fixture
def strategy(sim_device):
    return ag.distribute.MirroredStrategy(["/cpu:0", "/device:SIM:0"])


def _replica_id():
    return ag.distribute.get_replica_context().replica_id_in_sync_group


def _copies(strategy, v):
    return [float(c) for c in strategy.experimental_local_results(v)]


def _sync_on_read(strategy, aggregation):
    with strategy.scope():
        v = ag.Variable(0.0, synchronization="on_read", aggregation=aggregation)
    strategy.run(lambda: v.assign_add(ag.cast(_replica_id(), ag.float32) + 2.0))
    return v  # copies 2.0 and 3.0


def test_a_mirrored_variable_is_named_and_placed_as_its_first_copy(strategy):
    with strategy.scope():
        v = ag.Variable(1.0, name="v")
    assert (v.name, v.device) == ("v:0", CPU)
    assert strategy.run(lambda: v.device).values == (CPU, SIM)


def test_a_mirrored_variable_shows_its_copies(strategy):
    with strategy.scope():
        v = ag.Variable(1.0, name="v")
    assert repr(v) == ("MirroredVariable:{\n"
                       "  0: <ag.Variable 'v:0' shape=() dtype=float32, numpy=1.0>,\n"
                       "  1: <ag.Variable 'v/replica_1:0' shape=() dtype=float32, numpy=1.0>\n"
                       "}")
    assert v.values == tuple(strategy.experimental_local_results(v))


def test_a_distributed_variable_keeps_its_settings_and_initial_value(strategy):
    with strategy.scope():
        v = ag.Variable(4.0, synchronization="on_read", aggregation="mean")
    assert v.synchronization is ag.VariableSynchronization.ON_READ
    assert v.aggregation is ag.VariableAggregation.MEAN
    assert float(v.initial_value) == 4.0


def test_an_update_outside_run_returns_the_variable_and_updates_every_copy(strategy):
    with strategy.scope():
        v = ag.Variable(1.0)
    assert v.assign(5.0) is v
    assert _copies(strategy, v) == [5.0, 5.0]


def test_a_combined_update_in_run_returns_the_variable(strategy):
    with strategy.scope():
        v = ag.Variable(1.0, aggregation="sum")
    returned = strategy.run(lambda: v.assign_add(ag.constant(1.0)))
    assert returned is v and _copies(strategy, v) == [3.0, 3.0]


def test_the_same_value_from_every_replica_cannot_be_summed(strategy):
    with strategy.scope():
        v = ag.Variable(1.0, aggregation="sum")
    same = ag.constant(1.0)
    message = ("A non-DistributedValues value ag.Tensor(1.0, shape=(), dtype=float32) cannot "
               "be reduced with the given reduce op ReduceOp.SUM.")
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        strategy.run(lambda: v.assign_add(same))


def test_the_same_value_from_every_replica_is_its_own_mean(strategy):
    with strategy.scope():
        v = ag.Variable(1.0, aggregation="mean")
    same = ag.constant(4.0)
    strategy.run(lambda: v.assign(same))
    assert _copies(strategy, v) == [4.0, 4.0]


def test_a_sync_on_read_variable_reads_its_own_copy_while_a_strategy_updates_it(strategy):
    v = _sync_on_read(strategy, "sum")
    seen = []
    strategy.extended.update(v, lambda copy: seen.append(float(v.read_value())))
    assert seen == [2.0, 3.0] and float(v) == 5.0


def test_a_sync_on_read_variable_of_only_the_first_replica_reads_the_first_copy(strategy):
    assert float(_sync_on_read(strategy, "only_first_replica")) == 2.0


def test_a_summed_sync_on_read_variable_refuses_an_update_outside_run(strategy):
    v = _sync_on_read(strategy, "sum")
    message = ("SyncOnReadVariable does not support `assign_*` in cross-replica context when "
               "aggregation is set to `tf.VariableAggregation.SUM`.")
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        v.assign_add(1.0)


def test_an_averaged_sync_on_read_variable_takes_an_update_outside_run(strategy):
    v = _sync_on_read(strategy, "mean")
    v.assign_add(1.0)
    assert _copies(strategy, v) == [3.0, 4.0] and float(v) == 3.5


def test_a_distributed_variable_is_refused_as_a_traced_functions_argument(strategy):
    with strategy.scope():
        v = ag.Variable(1.0, name="w")
    message = ("MirroredVariable w:0 cannot be passed to a traced function as an argument; "
               "use it from the function's body (a closure) instead.")
    with pytest.raises(NotImplementedError, match=f"^{re.escape(message)}$"):
        ag.function(lambda x: x * 2.0)(v)


def test_updating_one_copy_inside_another_restores_the_outer_copy(strategy):
    with strategy.scope():
        v = ag.Variable(1.0)
    with updating_copy(1):
        with updating_copy(0):
            pass
        assert v.device == SIM


def test_a_mirrored_variable_of_a_tensorflow_1_graph_initialises_every_copy(strategy):
    graph = ag.Graph()
    with graph.as_default():
        with strategy.scope():
            v = ag.Variable(3.0)
        assert v.graph is graph
        with ag.compat.v1.Session() as session:
            session.run(v.initializer)
            values = [session.run(c.value()) for c in strategy.experimental_local_results(v)]
            np.testing.assert_array_equal(values + [session.run(v)], [3.0, 3.0, 3.0])


def test_a_mirrored_variable_is_eager_outside_a_graph(strategy):
    with strategy.scope():
        v = ag.Variable(1.0)
    assert v.graph is None and v.initializer is None


def test_a_traced_update_outside_run_returns_the_value_it_wrote(strategy):
    with strategy.scope():
        v = ag.Variable(0.0)

    @ag.function
    def write_twice():
        first = v.assign(3.0)
        v.assign(5.0)
        return first

    assert float(write_twice()) == 3.0 and _copies(strategy, v) == [5.0, 5.0]


def test_a_traced_combined_update_in_run_returns_the_value_it_wrote(strategy):
    with strategy.scope():
        v = ag.Variable(0.0, aggregation="mean")

    def write_twice():
        first = v.assign(ag.constant(3.0))
        v.assign(ag.constant(5.0))
        return first

    found = ag.function(lambda: strategy.run(write_twice))()
    assert [float(t) for t in strategy.experimental_local_results(found)] == [3.0, 3.0]
