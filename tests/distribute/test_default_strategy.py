"""The default strategy and the strategy API outside any scope: one replica in this thread.
Expected values are TensorFlow 2.21's answers to the same calls (`tf.distribute`)."""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.distribute.values import PerReplica

distribute = ag.distribute
X = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)


def test_the_default_strategy_has_one_replica():
    assert distribute.get_strategy().num_replicas_in_sync == 1


def test_the_default_strategy_reduces_a_value_without_an_axis_to_the_value_itself():
    strategy = distribute.get_strategy()
    assert strategy.reduce("SUM", 1.0, axis=None) == 1.0
    assert strategy.reduce("MEAN", 3, axis=None) == 3  # TensorFlow gives the int back too


@pytest.mark.parametrize("op, expected", [("SUM", [3.0, 7.0]), ("MEAN", [1.5, 3.5]),
                                          (distribute.ReduceOp.SUM, [3.0, 7.0])])
def test_the_default_strategy_reduces_over_an_axis(op, expected):
    found = distribute.get_strategy().reduce(op, ag.constant(X), axis=1)
    np.testing.assert_allclose(found.numpy(), expected)


def test_reducing_with_an_unknown_op_is_refused():
    with pytest.raises(ValueError, match="^'MAX' is not a valid ReduceOp$"):
        distribute.get_strategy().reduce("MAX", 1.0, axis=None)


def test_run_calls_the_function_on_the_one_replica():
    found = distribute.get_strategy().run(lambda x, y: x * y, args=(ag.constant(3.0),),
                                          kwargs={"y": 2.0})
    assert found.numpy() == 6.0


def test_run_inside_a_function_converts_the_replica_function():
    strategy = distribute.get_strategy()

    def step(x):
        if x > 0:  # a tensor `if`: AutoGraph makes it a cond
            return x * 2
        return -x

    @ag.function
    def distributed_step(x):
        return strategy.run(step, args=(x,))

    assert distributed_step(ag.constant(3.0)).numpy() == 6.0
    assert distributed_step(ag.constant(-1.0)).numpy() == 1.0


def test_local_results_of_a_plain_value_is_a_tuple_of_it():
    assert distribute.get_strategy().experimental_local_results([1, 2]) == ([1, 2],)


def test_the_default_strategy_leaves_a_dataset_as_it_is():
    dataset = ag.data.Dataset.range(4).batch(2)
    found = distribute.get_strategy().experimental_distribute_dataset(dataset)
    assert [batch.numpy().tolist() for batch in found] == [[0, 1], [2, 3]]


def test_a_dataset_function_gets_the_one_input_pipeline():
    seen = []

    def dataset_fn(context):
        seen.append((context.num_input_pipelines, context.input_pipeline_id,
                     context.num_replicas_in_sync, context.get_per_replica_batch_size(8)))
        return ag.data.Dataset.range(2)

    found = distribute.get_strategy().distribute_datasets_from_function(dataset_fn)
    assert [x.numpy() for x in found] == [0, 1] and seen == [(1, 0, 1, 8)]


def test_input_context_splits_a_global_batch_among_the_replicas():
    context = distribute.InputContext(num_input_pipelines=2, input_pipeline_id=1,
                                      num_replicas_in_sync=4)
    assert context.get_per_replica_batch_size(8) == 2


def test_input_context_refuses_a_batch_that_does_not_divide():
    context = distribute.InputContext(num_replicas_in_sync=4)
    with pytest.raises(ValueError, match="^The `global_batch_size` 6 is not divisible by "
                                         "`num_replicas_in_sync` 4 $"):
        context.get_per_replica_batch_size(6)


def test_outside_every_scope_code_runs_in_the_default_replica_context():
    context = distribute.get_replica_context()
    assert (context.replica_id_in_sync_group, context.num_replicas_in_sync) == (0, 1)
    assert not distribute.in_cross_replica_context() and not distribute.has_strategy()


def test_the_default_strategys_scope_is_still_the_default_replica_context():
    strategy = distribute.get_strategy()
    outside = distribute.get_replica_context()
    with strategy.scope():
        assert distribute.get_strategy() is strategy and not distribute.has_strategy()
        assert distribute.get_replica_context() is outside
        assert not distribute.in_cross_replica_context()


def test_all_reduce_of_one_replica_gives_its_values_as_tensors():
    found = distribute.get_replica_context().all_reduce(
        "MEAN", {"a": ag.constant(2.0), "b": [1.0]})
    assert found["a"].numpy() == 2.0 and found["b"][0].numpy() == 1.0


def test_merge_call_runs_in_the_cross_replica_context_with_the_strategy():
    strategy = distribute.get_strategy()
    found = distribute.get_replica_context().merge_call(
        lambda given, x: (given is strategy, distribute.in_cross_replica_context(),
                          distribute.get_replica_context(), x), args=(5,))
    assert found == (True, True, None, 5)


class _Other(distribute.Strategy):
    """A strategy that is not the default (its replicas are not needed here)."""


def test_an_input_context_has_one_replica_by_default():
    assert distribute.InputContext().get_per_replica_batch_size(3) == 3


def test_a_per_replica_batch_size_is_an_int():
    assert isinstance(distribute.InputContext(num_replicas_in_sync=2)
                      .get_per_replica_batch_size(4), int)


def test_all_reduce_with_an_unknown_op_is_refused():
    with pytest.raises(ValueError, match="^'MAX' is not a valid ReduceOp$"):
        distribute.get_replica_context().all_reduce("MAX", 1.0)


def test_a_strategys_scope_may_be_entered_again_inside_itself():
    other = _Other()
    with other.scope(), other.scope():
        assert distribute.get_strategy() is other and distribute.has_strategy()
        assert distribute.in_cross_replica_context()


def test_the_default_strategys_scope_inside_another_is_refused():
    # as TensorFlow 2.21 (RuntimeError, same message)
    default = distribute.get_strategy()
    with _Other().scope(), pytest.raises(RuntimeError, match="^Must not nest "
                                                             "tf.distribute.Strategy scopes.$"):
        with default.scope():
            pass


def test_scopes_of_two_strategies_do_not_nest():
    first, second = _Other(), _Other()
    with first.scope(), pytest.raises(RuntimeError) as raised:
        with second.scope():
            pass
    assert str(raised.value) == (f"Mixing different tf.distribute.Strategy objects: {second} "
                                 f"is not {first}")


@pytest.mark.parametrize("op, axis, expected", [
    ("SUM", None, [4.0, 6.0]), ("MEAN", None, [2.0, 3.0]), ("SUM", 0, [9.0, 12.0]),
    ("MEAN", 0, [3.0, 4.0])])
def test_reduce_combines_the_values_of_several_replicas(op, axis, expected):
    # MEAN over an axis is the mean over the global batch: three rows here
    values = PerReplica((ag.constant([1.0, 2.0]), ag.constant([3.0, 4.0])))
    if axis is not None:
        values = PerReplica((ag.constant([[1.0, 2.0]]), ag.constant([[3.0, 4.0], [5.0, 6.0]])))
    found = distribute.get_strategy().reduce(op, values, axis=axis)
    np.testing.assert_allclose(found.numpy(), expected, rtol=1e-6)


def test_a_strategy_shows_its_replicas():
    assert repr(distribute.get_strategy()) == "<_DefaultStrategy: 1 replica(s)>"
