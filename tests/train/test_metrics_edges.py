"""Metric edge cases: calling a metric, scalar and multi-axis values against per-sample
weights, float labels for sparse accuracy, the order and config of the state, the `Metric`
base class and `get`. Expected values come from TensorFlow 2.21 (Keras 3.15)."""

import re

import numpy as np
import pytest
from numpy.testing import assert_allclose

import autograph as ag

metrics = ag.keras.metrics


def _state(metric):
    return [float(v.numpy()) for v in metric.variables]


def test_calling_a_metric_updates_it_and_returns_the_running_result():
    # TensorFlow 2.21: m([1, 2, 3]) -> 2.0, then m([5]) -> 2.75; variables [11.0, 4.0].
    mean = metrics.Mean()
    assert_allclose(mean([1.0, 2.0, 3.0]).numpy(), 2.0)
    assert_allclose(mean([5.0]).numpy(), 2.75)
    assert _state(mean) == [11.0, 4.0]


def test_the_state_is_listed_total_then_count_as_in_keras():
    # TensorFlow 2.21: [v.name for v in keras.metrics.Mean().variables] == ["total",
    # "count"], the order add_variable made them (not sorted by name).
    for metric in (metrics.Mean(), metrics.Accuracy(), metrics.SparseCategoricalAccuracy()):
        assert [v.name.split(":")[0] for v in metric.variables] == ["total", "count"]


def test_scalar_values_count_one_each():
    # TensorFlow 2.21: update_state(5.0); update_state(2.0) -> 3.5, variables [7.0, 2.0].
    mean = metrics.Mean()
    mean.update_state(5.0)
    mean.update_state(2.0)
    assert_allclose(mean.result().numpy(), 3.5)
    assert _state(mean) == [7.0, 2.0]


def test_values_with_more_axes_than_the_weights_are_averaged_over_the_extra_axes():
    # TensorFlow 2.21: Mean().update_state([[1, 2, 3], [4, 5, 6]], sample_weight=[1, 3])
    # -> 4.25, variables [17.0, 4.0] (row means 2 and 5, weighted 2 * 1 + 5 * 3).
    mean = metrics.Mean()
    mean.update_state([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], sample_weight=[1.0, 3.0])
    assert_allclose(mean.result().numpy(), 4.25)
    assert _state(mean) == [17.0, 4.0]


def test_get_config_names_the_metric_and_its_dtype():
    # TensorFlow 2.21: {'name': 'mean', 'dtype': 'float32'} and, for
    # Mean(name="loss_mean", dtype="float64"), {'name': 'loss_mean', 'dtype': 'float64'}.
    assert metrics.Mean().get_config() == {"name": "mean", "dtype": "float32"}
    assert (metrics.Mean(name="loss_mean", dtype="float64").get_config()
            == {"name": "loss_mean", "dtype": "float64"})


@pytest.mark.parametrize("labels", [[1.0, 0.0, 2.0], [[1.0], [0.0], [2.0]]],
                         ids=["rank1", "trailing_axis"])
def test_sparse_categorical_accuracy_takes_float_labels(labels):
    # TensorFlow 2.21: keras.metrics.sparse_categorical_accuracy(float32 labels, ...) ->
    # [1.0, 1.0, 0.0], with or without a trailing axis of size 1.
    probs = np.array([[0.1, 0.9, 0.0], [0.8, 0.2, 0.0], [0.5, 0.3, 0.2]], np.float32)
    got = metrics.sparse_categorical_accuracy(np.array(labels, np.float32), probs)
    assert got.dtype == ag.float32
    assert_allclose(got.numpy(), [1.0, 1.0, 0.0])


def test_a_metric_subclass_must_define_update_state_and_result():
    # TensorFlow 2.21 raises a bare NotImplementedError for both; the messages are ours.
    class Bare(metrics.Metric):
        pass

    with pytest.raises(NotImplementedError, match="^" + re.escape(
            "Bare must define update_state.") + "$"):
        Bare().update_state(1.0)
    with pytest.raises(NotImplementedError, match="^" + re.escape(
            "Bare must define result.") + "$"):
        Bare().result()


def test_get_returns_a_metric_object_itself():
    # TensorFlow 2.21: keras.metrics.get(m) is m.
    mean = metrics.Mean()
    assert metrics.get(mean) is mean


def test_get_wraps_a_function_in_a_mean_of_its_values():
    # Keras 3's get returns the function itself and compile wraps it later; here get wraps
    # it, as compile needs Metric objects: a MeanMetricWrapper named after the function.
    def agree(y_true, y_pred):
        return ag.cast(ag.equal(y_true, y_pred), ag.float32)

    metric = metrics.get(agree)
    assert isinstance(metric, metrics.MeanMetricWrapper)
    assert metric.name == "agree"
    metric.update_state([1.0, 2.0, 3.0, 4.0], [1.0, 0.0, 3.0, 0.0])
    assert_allclose(metric.result().numpy(), 0.5)


def test_get_refuses_something_that_is_not_a_metric():
    # TensorFlow 2.21 raises ValueError ("Could not interpret metric identifier: 3"); the
    # message here is ours.
    with pytest.raises(ValueError, match="^" + re.escape(
            "A metric must be a name, a Metric or a function (y_true, y_pred), got 3.") + "$"):
        metrics.get(3)


@pytest.mark.parametrize("name, cls, metric_name", [
    ("mean", "Mean", "mean"), ("Mean", "Mean", "mean"), ("accuracy", "Accuracy", "accuracy"),
    ("CategoricalAccuracy", "CategoricalAccuracy", "categorical_accuracy"),
    ("sparse_categorical_accuracy", "SparseCategoricalAccuracy", "sparse_categorical_accuracy"),
])
def test_get_makes_a_new_metric_from_its_name_or_class_name(name, cls, metric_name):
    # TensorFlow 2.21: keras.metrics.get(name) is a new instance of the same class, named
    # as here (e.g. get("CategoricalAccuracy").name == "categorical_accuracy").
    metric = metrics.get(name)
    assert type(metric) is getattr(metrics, cls)
    assert metric.name == metric_name
    assert metrics.get(name) is not metric


def test_get_refuses_an_unknown_name_and_lists_the_known_ones():
    # TensorFlow 2.21 raises ValueError ("Could not interpret metric identifier: nosuch");
    # the message here is ours.
    with pytest.raises(ValueError, match="^" + re.escape(
            "Unknown metric 'nosuch'. Known names: acc, accuracy, binary_accuracy, "
            "binary_crossentropy, categorical_accuracy, categorical_crossentropy, mae, mean, "
            "mean_absolute_error, mean_squared_error, mse, sparse_categorical_accuracy, "
            "sparse_categorical_crossentropy, or pass a Metric object.") + "$"):
        metrics.get("nosuch")


_SEQ_PRED = np.array([[[0.1, 0.7, 0.1, 0.1], [0.6, 0.2, 0.1, 0.1], [0.1, 0.1, 0.1, 0.7]],
                      [[0.3, 0.3, 0.4, 0.0], [0.1, 0.1, 0.1, 0.7], [0.9, 0.0, 0.0, 0.1]]],
                     np.float32)


def test_sparse_categorical_accuracy_of_sequences_with_a_trailing_label_axis():
    labels = np.array([[[1], [0], [2]], [[2], [3], [1]]], np.int32)
    # TensorFlow 2.21: [[1, 1, 0], [1, 1, 0]]
    assert_allclose(ag.keras.metrics.sparse_categorical_accuracy(labels, _SEQ_PRED),
                    [[1.0, 1.0, 0.0], [1.0, 1.0, 0.0]])


def test_sparse_categorical_accuracy_compares_a_fractional_label_as_it_is():
    labels = np.array([[1.5], [1.0]], np.float32)
    scores = np.array([[0.1, 0.9], [0.2, 0.8]], np.float32)
    # TensorFlow 2.21: [0, 1]
    assert_allclose(ag.keras.metrics.sparse_categorical_accuracy(labels, scores), [0.0, 1.0])


def test_binary_accuracy_thresholds_at_one_half_element_by_element():
    labels = np.array([[[1, 0, 1], [0, 0, 1]], [[1, 1, 1], [0, 0, 0]]], np.float32)
    scores = np.array([[[0.9, 0.1, 0.2], [0.3, 0.4, 0.8]], [[0.6, 0.7, 0.8], [0.9, 0.1, 0.2]]],
                      np.float32)
    # TensorFlow 2.21 (Keras 3: no mean over the last axis)
    assert_allclose(ag.keras.metrics.binary_accuracy(labels, scores),
                    [[[1, 1, 0], [1, 1, 1]], [[1, 1, 1], [0, 1, 1]]])


def _state(metric):
    return [float(v.numpy()) for v in metric.variables]


@pytest.mark.parametrize("values, state", [
    ([[1.0, 2.0], [3.0, 4.0]], [5.0, 2.0]),      # TensorFlow 2.21: total 5, count 2
    ([[[1.0, 2.0], [3.0, 4.0]]], [2.5, 1.0])])   # one sample: its mean, 2.5
def test_mean_counts_each_sample_once_with_the_mean_of_its_values(values, state):
    metric = ag.keras.metrics.Mean()
    metric.update_state(np.array(values, np.float32))
    assert _state(metric) == state


@pytest.mark.parametrize("weights, state, result", [
    ([[1.0, 0.0], [1.0, 1.0]], [4.0, 1.5], 2.6666667),  # TensorFlow 2.21
    ([2.0, 1.0], [6.5, 3.0], 2.1666667)])
def test_weighted_mean_of_matrices_matches_keras_state(weights, state, result):
    metric = ag.keras.metrics.Mean()
    metric.update_state(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32),
                        sample_weight=np.array(weights, np.float32))
    assert _state(metric) == state
    assert_allclose(float(metric.result()), result, rtol=1e-6)


def test_binary_accuracy_metric_averages_the_matches_of_each_sample():
    metric = ag.keras.metrics.BinaryAccuracy()
    metric.update_state(np.array([[1.0, 0.0]], np.float32), np.array([[0.7, 0.2]], np.float32))
    assert float(metric.result()) == 1.0  # TensorFlow 2.21: 1.0 (threshold 0.5)


def test_categorical_accuracy_of_one_hot_sequences():
    labels = np.eye(4, dtype=np.float32)[np.array([[1, 0, 2], [2, 3, 1]])]
    # TensorFlow 2.21: [[1, 1, 0], [1, 1, 0]]
    assert_allclose(ag.keras.metrics.categorical_accuracy(labels, _SEQ_PRED),
                    [[1.0, 1.0, 0.0], [1.0, 1.0, 0.0]])


@pytest.mark.parametrize("what", ["values", "sample_weight"])
def test_mean_refuses_values_or_weights_of_unknown_rank(what):
    metric = ag.keras.metrics.Mean()

    @ag.function(input_signature=[ag.TensorSpec(None)])
    def update(unranked):
        if what == "values":
            metric.update_state(unranked)
        else:
            metric.update_state(ag.constant([1.0, 2.0]), sample_weight=unranked)
        return metric.result()

    # TensorFlow 2.21: ValueError "Cannot take the length of shape with unknown rank."
    with pytest.raises(ValueError, match=re.escape(
            f"Metric 'mean': {what} of unknown rank cannot be averaged per sample; give the "
            f"function's input_signature a shape (its number of axes at least).")):
        update(np.array([1.0, 2.0], np.float32))
