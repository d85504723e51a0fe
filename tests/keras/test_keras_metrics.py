"""ag.keras.metrics against tf.keras: the values after each update, recorded from
`/work/tfvenv/bin/python`."""

import re

import numpy as np
import pytest

import autograph as ag

metrics = ag.keras.metrics


def test_mean_is_the_weighted_mean_of_every_value_seen():
    mean = metrics.Mean()
    mean.update_state([1.0, 3.0, 5.0, 7.0])
    np.testing.assert_allclose(mean.result(), 4.0)
    mean.update_state([2.0, 4.0], sample_weight=[1.0, 3.0])
    np.testing.assert_allclose(mean.result(), 3.75)


def test_reset_state_zeroes_the_result():
    mean = metrics.Mean()
    mean.update_state([1.0, 3.0])
    mean.reset_state()
    np.testing.assert_allclose(mean.result(), 0.0)


def test_state_is_two_non_trainable_variables_total_and_count():
    mean = metrics.Mean()
    assert sorted(v.name for v in mean.variables) == ["count:0", "total:0"]
    assert not mean.trainable_variables
    assert sorted(mean._trackable_children()) == ["count", "total"]


def test_accuracy_counts_equal_labels():
    accuracy = metrics.Accuracy()
    accuracy.update_state([[1], [2], [3], [4]], [[0], [2], [3], [4]])
    np.testing.assert_allclose(accuracy.result(), 0.75)
    accuracy.update_state([1, 2], [1, 1], sample_weight=[0.5, 2.0])
    np.testing.assert_allclose(accuracy.result(), 0.5384615659713745, rtol=1e-6)


def test_sparse_categorical_accuracy_compares_labels_with_the_argmax():
    accuracy = metrics.SparseCategoricalAccuracy()
    accuracy.update_state([[2], [1]], [[0.1, 0.6, 0.3], [0.05, 0.95, 0.0]])
    np.testing.assert_allclose(accuracy.result(), 0.5)
    accuracy.update_state([0, 2], [[0.5, 0.4, 0.1], [0.5, 0.4, 0.1]], sample_weight=[0.7, 0.3])
    np.testing.assert_allclose(accuracy.result(), 0.5666666626930237, rtol=1e-6)


def test_names_are_keras_ones():
    assert [metrics.Mean().name, metrics.Accuracy().name,
            metrics.SparseCategoricalAccuracy().name] == [
        "mean", "accuracy", "sparse_categorical_accuracy"]


def test_updates_inside_a_function_accumulate_across_calls():
    mean = metrics.Mean()

    @ag.function(autograph=False)
    def update(values):
        mean.update_state(values)
        return mean.result()

    update(ag.constant([1.0, 2.0]))
    np.testing.assert_allclose(update(ag.constant([3.0, 4.0])), 2.5)
    assert update.experimental_get_tracing_count() == 1


def test_an_unknown_metric_name_lists_the_known_ones():
    with pytest.raises(ValueError, match="^" + re.escape(
            "Unknown metric 'accuracyy'. Known names: acc, accuracy, binary_accuracy, "
            "categorical_accuracy, mean, sparse_categorical_accuracy, or pass a Metric "
            "object.") + "$"):
        metrics.get("accuracyy")


class _Sum(ag.keras.metrics.Metric):
    """A metric with one state variable made by add_variable and one held as an attribute."""

    def __init__(self):
        super().__init__(name="sum")
        self.total = self.add_variable("total")
        self.calls = ag.Variable(0.0, trainable=False)

    def update_state(self, values):
        self.total.assign_add(ag.reduce_sum(values))
        self.calls.assign_add(1.0)

    def result(self):
        return self.total


def test_a_metrics_variables_list_add_variables_then_the_others_each_once():
    metric = _Sum()
    assert [v is metric.total for v in metric.variables] == [True, False]
    assert metric.variables[1] is metric.calls


def test_a_metric_made_in_a_name_scope_checkpoints_its_state_by_short_names(tmp_path):
    with ag.name_scope("outer"):
        metric = ag.keras.metrics.Mean(name="loss_mean")
    path = ag.train.Checkpoint(m=metric).save(str(tmp_path / "c"))
    assert [name for name, _ in ag.train.list_variables(path)] == [
        "_CHECKPOINTABLE_OBJECT_GRAPH", "m/count/.ATTRIBUTES/VARIABLE_VALUE",
        "m/total/.ATTRIBUTES/VARIABLE_VALUE", "save_counter/.ATTRIBUTES/VARIABLE_VALUE"]


def test_a_wrapped_function_without_a_name_gives_keras_default_metric_name():
    import functools

    metric = ag.keras.metrics.MeanMetricWrapper(functools.partial(ag.keras.losses.mse))
    assert metric.name == "mean_metric_wrapper"  # TensorFlow 2.21: 'mean_metric_wrapper'
