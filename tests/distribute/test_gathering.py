"""`Strategy.gather` and `ReplicaContext.all_gather` beyond TensorFlow's recorded answers
(`mirrored_cases.py`): the errors, and where they deliberately go further than TensorFlow 2.21.
Two replicas: the CPU and the simulated device."""

import numpy as np
import pytest

import autograph as ag


@pytest.fixture
def strategy(sim_device):
    return ag.distribute.MirroredStrategy(["/cpu:0", "/device:SIM:0"])


def _all_gather(strategy, make_value, axis=0):
    def fn():
        context = ag.distribute.get_replica_context()
        return context.all_gather(make_value(context.replica_id_in_sync_group), axis=axis)
    return strategy.experimental_local_results(strategy.run(fn))


def test_all_gather_of_a_scalar_is_refused(strategy):
    with pytest.raises(ValueError, match=r"^all_gather needs tensors with at least one axis; "
                                         r"got the scalar <ag.Tensor: .*>\.$"):
        _all_gather(strategy, lambda i: ag.constant(float(i)))


def test_all_gather_of_strings_is_refused(strategy):
    with pytest.raises(TypeError, match=r"^all_gather cannot gather strings: it sums the "
                                        r"replicas' values\.$"):
        _all_gather(strategy, lambda i: ag.constant(["a"]))


def test_all_gather_outside_the_axes_is_refused(strategy):
    with pytest.raises(ValueError, match=r"^all_gather's axis 2 is out of range for a tensor "
                                         r"of rank 2\.$"):
        _all_gather(strategy, lambda i: ag.constant([[1.0]]), axis=2)


def test_all_gather_of_a_tensor_of_unknown_rank_is_refused(strategy):
    @ag.function(input_signature=[ag.TensorSpec(None, ag.float32)])
    def gather_any(x):
        return strategy.run(
            lambda: ag.distribute.get_replica_context().all_gather(x, axis=0))
    with pytest.raises(ValueError, match=r"ValueError: all_gather needs tensors of known rank; "
                                         r"<ag.Tensor .*> has none\.$"):
        gather_any(ag.constant([1.0]))


def test_all_gather_gathers_bools(strategy):
    # TensorFlow 2.21 refuses bool ("DataType bool not in list of allowed values"); a sum
    # with zeros keeps bools exactly, so they are gathered like numbers.
    found = _all_gather(strategy, lambda i: ag.constant([i == 1, True]))
    for replica in found:
        np.testing.assert_array_equal(replica.numpy(), [False, True, True, True])


def test_all_gather_takes_a_negative_axis(strategy):
    # TensorFlow 2.21 fails on axis=-1 and -2 (its Range op is given a limit below its start);
    # here -1 is the last axis, as for every other op.
    found = _all_gather(strategy, lambda i: ag.fill([2, i + 1], float(i)), axis=-1)
    np.testing.assert_array_equal(found[0].numpy(), [[0.0, 1.0, 1.0], [0.0, 1.0, 1.0]])
    found = _all_gather(strategy, lambda i: ag.fill([i + 1, 2], float(i)), axis=-2)
    np.testing.assert_array_equal(found[0].numpy(), [[0.0, 0.0], [1.0, 1.0], [1.0, 1.0]])


def test_all_gather_with_one_replica_gives_the_value():
    context = ag.distribute.get_replica_context()
    found = context.all_gather({"x": ag.constant([[1.0, 2.0]])}, axis=1)
    np.testing.assert_array_equal(found["x"].numpy(), [[1.0, 2.0]])


def test_gather_of_a_nest_gathers_every_distributed_value(strategy):
    # TensorFlow 2.21 gives the first replica's values for a dict of PerReplica values,
    # losing the others'; each leaf is gathered here, as `all_gather` does for nests.
    values = strategy.experimental_distribute_values_from_function(
        lambda context: ag.fill([context.replica_id_in_sync_group + 1], 7.0))
    found = strategy.gather({"a": values, "b": [values, 3.0]}, axis=0)
    np.testing.assert_array_equal(found["a"].numpy(), [7.0, 7.0, 7.0])
    np.testing.assert_array_equal(found["b"][0].numpy(), [7.0, 7.0, 7.0])
    assert found["b"][1] == 3.0
