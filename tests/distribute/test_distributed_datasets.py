"""Distributed datasets beyond TensorFlow's recorded answers (`mirrored_cases.py`): their
element spec, their errors, and where they deliberately differ from TensorFlow 2.21. Two
replicas: the CPU and the simulated device."""

import numpy as np
import pytest

import autograph as ag


@pytest.fixture
def strategy(sim_device):
    return ag.distribute.MirroredStrategy(["/cpu:0", "/device:SIM:0"])


def _local(strategy, value):
    return [v.numpy().tolist() for v in strategy.experimental_local_results(value)]


def test_the_element_spec_is_a_replicas_part_with_its_batch_axis_unknown(strategy):
    # TensorFlow 2.21 gives PerReplicaSpec(TensorSpec((None, 3)), TensorSpec((None, 3))).
    dataset = ag.data.Dataset.from_tensor_slices(np.zeros((8, 3), np.float32)).batch(
        4, drop_remainder=True)
    spec = strategy.experimental_distribute_dataset(dataset).element_spec
    assert spec == ag.TensorSpec([None, 3], ag.float32)


def test_the_element_spec_of_datasets_from_a_function_leaves_scalars_as_they_are(strategy):
    dist = strategy.distribute_datasets_from_function(
        lambda context: ag.data.Dataset.range(4).batch(2).map(lambda x: (x, ag.constant(7.0))))
    assert dist.element_spec == (ag.TensorSpec([None], ag.int64), ag.TensorSpec([], ag.float32))


def test_a_scalar_of_an_element_goes_to_every_replica(strategy):
    # TensorFlow 2.21 fails here (an IndexError splitting the scalar); here the scalar stays
    # one value, which every replica sees.
    dataset = ag.data.Dataset.range(4).batch(2).map(lambda x: (ag.constant(7), x))
    found = [[_local(strategy, t) for t in element]
             for element in strategy.experimental_distribute_dataset(dataset)]
    assert found == [[[7], [[0], [1]]], [[7], [[2], [3]]]]


def test_iterating_inside_a_function_is_refused_saying_what_to_do(strategy):
    dist = strategy.experimental_distribute_dataset(ag.data.Dataset.range(4).batch(2))

    @ag.function
    def total():
        for _ in dist:
            pass
        return 0
    with pytest.raises(NotImplementedError, match=(
            r"NotImplementedError: A distributed dataset is iterated eagerly: iterate it "
            r"outside the traced function and pass each element to it \(e\.g\. `for x in "
            r"dist_dataset: train_step\(x\)` with `train_step` an ag\.function\)\.$")):
        total()


def test_get_next_past_the_end_raises_out_of_range(strategy):
    iterator = iter(strategy.experimental_distribute_dataset(ag.data.Dataset.range(2).batch(2)))
    iterator.get_next()
    with pytest.raises(ag.errors.OutOfRangeError, match=r"^End of sequence$"):
        iterator.get_next()
