"""MirroredStrategy's constructor, `extended` and small helpers: devices, names, reprs and
their errors."""

import re

import pytest

import autograph as ag
from autograph.runtime.core import devices
from autograph.runtime.distribute.mirrored_strategy import ValueContext

CPU = "/job:localhost/replica:0/task:0/device:CPU:0"
SIM = "/job:localhost/replica:0/task:0/device:SIM:0"


@pytest.fixture
def strategy(sim_device):
    return ag.distribute.MirroredStrategy(["/cpu:0", "/device:SIM:0"])


def test_a_strategy_shows_its_devices(strategy):
    assert repr(strategy) == f"<MirroredStrategy: {CPU}, {SIM}>"
    assert strategy.extended.worker_devices == strategy.extended.parameter_devices == (CPU, SIM)


def test_one_device_may_be_named_alone():
    assert ag.distribute.MirroredStrategy("/cpu:0").extended.worker_devices == (CPU,)


def test_the_default_devices_are_every_gpu(monkeypatch):
    gpus = [devices.Device("GPU", 0, None), devices.Device("GPU", 1, None)]
    monkeypatch.setattr(devices, "gpu_devices", lambda: gpus)
    assert ag.distribute.MirroredStrategy().extended.worker_devices == tuple(
        d.name for d in gpus)


def test_an_empty_device_list_is_refused():
    with pytest.raises(ValueError, match="^MirroredStrategy needs at least one device: got an "
                                         "empty list.$"):
        ag.distribute.MirroredStrategy([])


def test_a_device_named_twice_is_refused_with_the_names(sim_device):
    message = "No duplicates allowed in `devices` argument: ['/cpu:0', '/CPU:0']."
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        ag.distribute.MirroredStrategy(["/cpu:0", "/CPU:0"])


def test_a_value_context_shows_its_replica():
    assert repr(ValueContext()) == ("tf.distribute.DistributeValuesContext(replica id 0,  "
                                    "total replicas in sync: 1)")


def test_values_from_a_function_on_one_replica_are_the_value():
    one = ag.distribute.MirroredStrategy(["/cpu:0"])
    assert one.experimental_distribute_values_from_function(
        lambda context: context.replica_id_in_sync_group + 10) == 10


def test_one_replica_takes_the_value_of_a_per_replica_argument():
    one = ag.distribute.MirroredStrategy(["/cpu:0"])
    value = ag.distribute.PerReplica([ag.constant(4.0)])
    assert float(one.run(lambda x, y: x + y, args=(value,), kwargs={"y": value})) == 8.0


def test_update_gives_each_copys_result_only_when_not_grouped(strategy):
    with strategy.scope():
        v = ag.Variable(1.0)
    assert strategy.extended.update(v, lambda copy: copy.device) is None
    assert strategy.extended.update(v, lambda copy: copy.device, group=False).values == (
        CPU, SIM)


def test_an_unnamed_variables_copies_are_named_after_the_default_name(strategy):
    with strategy.scope():
        v = ag.Variable(1.0)
    assert [c.name for c in strategy.experimental_local_results(v)] == [
        "Variable:0", "Variable/replica_1:0"]


def test_the_same_value_from_every_replica_is_summed_once_per_replica(strategy):
    same = ag.constant(2.0)
    found = strategy.run(lambda: ag.distribute.get_replica_context().all_reduce("SUM", same))
    assert [float(t) for t in strategy.experimental_local_results(found)] == [4.0, 4.0]
