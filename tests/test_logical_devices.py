"""Logical CPUs (`ag.config.set_logical_device_configuration`), as TensorFlow 2.21 lists and
places them (recorded there)."""

import pytest

import autograph as ag


@pytest.fixture
def three_cpus():
    cpu = ag.config.list_physical_devices("CPU")[0]
    ag.config.set_logical_device_configuration(cpu, [ag.config.LogicalDeviceConfiguration()] * 3)
    yield cpu
    ag.config.set_logical_device_configuration(cpu, None)


def test_an_unconfigured_cpu_has_no_configuration_and_one_logical_device():
    cpu = ag.config.list_physical_devices("CPU")[0]
    assert ag.config.get_logical_device_configuration(cpu) is None
    assert ag.config.list_logical_devices("CPU") == [
        ag.config.LogicalDevice(name="/device:CPU:0", device_type="CPU")]


def test_three_logical_cpus_are_listed_as_tensorflow_lists_them(three_cpus):
    assert [d.name for d in ag.config.list_logical_devices("CPU")] == [
        "/device:CPU:0", "/device:CPU:1", "/device:CPU:2"]
    assert repr(ag.config.get_logical_device_configuration(three_cpus)[0]) == (
        "LogicalDeviceConfiguration(memory_limit=None, experimental_priority=None, "
        "experimental_device_ordinal=None)")


def test_ops_run_on_a_logical_cpu(three_cpus):
    with ag.device("/CPU:2"):
        x = ag.constant(1.0) + 1
    assert x.device == "/job:localhost/replica:0/task:0/device:CPU:2"
    assert x.numpy() == 2.0


def test_the_experimental_names_are_the_same_objects():
    assert ag.config.experimental.VirtualDeviceConfiguration is \
        ag.config.LogicalDeviceConfiguration
    assert ag.config.experimental.set_virtual_device_configuration is \
        ag.config.set_logical_device_configuration


def test_a_strategy_holds_a_replica_on_each_logical_cpu(three_cpus):
    strategy = ag.distribute.MirroredStrategy(["CPU:0", "CPU:1", "CPU:2"])
    result = strategy.run(lambda: ag.constant(1.0) * 2)
    assert [v.device[-5:] for v in result.values] == ["CPU:0", "CPU:1", "CPU:2"]


def test_an_empty_configuration_is_refused():
    cpu = ag.config.list_physical_devices("CPU")[0]
    with pytest.raises(ValueError, match="non-empty list of LogicalDeviceConfiguration"):
        ag.config.set_logical_device_configuration(cpu, [])
