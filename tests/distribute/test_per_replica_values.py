"""PerReplica values: as arguments of an `ag.function` (their trace type) and as what the
replicas return (regrouped into one structure). Two replicas: the CPU and the simulated
device."""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.distribute.values import PerReplica
from autograph.runtime.function.trace_type import from_value


@pytest.fixture
def strategy(sim_device):
    return ag.distribute.MirroredStrategy(["/cpu:0", "/device:SIM:0"])


def _parts(rows):
    return PerReplica((ag.zeros([rows, 2]), ag.ones([rows, 2])))


def test_a_function_traces_once_for_parts_of_the_same_shapes():
    traced = ag.function(lambda parts: parts.values[0] + parts.values[1])
    traced(_parts(2))
    traced(_parts(2))
    assert traced.experimental_get_tracing_count() == 1


def test_parts_of_other_shapes_relax_to_one_trace_that_later_parts_reuse():
    traced = ag.function(lambda parts: parts.values[1] * 2.0, reduce_retracing=True)
    traced(_parts(2))
    traced(_parts(3))  # relaxed: rows unknown
    np.testing.assert_array_equal(traced(_parts(4)).numpy(), np.full((4, 2), 2.0))
    assert traced.experimental_get_tracing_count() == 2


def test_a_plain_tensor_after_parts_traces_anew():
    traced = ag.function(lambda value: value, reduce_retracing=True)
    traced(_parts(2))
    assert isinstance(traced(ag.zeros([2, 2])), ag.Tensor)
    assert traced.experimental_get_tracing_count() == 2


def test_the_trace_type_describes_each_replicas_value():
    found = from_value(_parts(2))
    assert found == from_value(_parts(2)) and found != from_value(_parts(3))
    assert found != from_value((ag.zeros([2, 2]), ag.ones([2, 2])))
    assert found.describe() == ("PerReplica(float32 Tensor, shape=(2, 2), float32 Tensor, "
                                "shape=(2, 2))")
    assert repr(found) == ("PerReplicaType(TupleType(tuple, [TensorSpec(shape=(2, 2), "
                           "dtype=ag.float32, name=None), TensorSpec(shape=(2, 2), "
                           "dtype=ag.float32, name=None)]))")


def test_replicas_returning_other_structures_is_an_error_naming_them(strategy):
    def step():
        if ag.distribute.get_replica_context().replica_id_in_sync_group == 0:
            return (1.0, 2.0)
        return [1.0, 2.0]
    with pytest.raises(ValueError, match=(
            r"^The replicas returned structures that differ \(The structures differ at the "
            r"top level: tuple vs list\.\): \(1\.0, 2\.0\), \[1\.0, 2\.0\]\.$")):
        strategy.run(step)
