"""ag.keras.metrics against tf.keras: the values after each update, recorded from
`/work/tfvenv/bin/python`."""


import numpy as np

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


def test_regression_and_crossentropy_metrics_by_name_log_as_keras_does():
    model = ag.keras.Sequential([ag.keras.Input((2,)), ag.keras.layers.Dense(
        1, kernel_initializer="ones", activation="sigmoid")])
    model.compile(ag.keras.optimizers.SGD(), "mse", metrics=[
        "mae", "mse", "mean_absolute_error", "MeanSquaredError", "binary_crossentropy",
        ag.keras.metrics.MeanAbsoluteError(name="m2")])
    history = model.fit(np.array([[1.0, 2.0], [-3.0, 4.0]]), np.array([[1.0], [0.0]]),
                        verbose=0, shuffle=False).history
    expected = {  # recorded from TensorFlow 2.21 (Keras 3.15)
        "MeanSquaredError": 0.26834794878959656, "binary_crossentropy": 0.6809245347976685,
        "loss": 0.26834794878959656, "m2": 0.3892422318458557, "mae": 0.3892422318458557,
        "mean_absolute_error": 0.3892422318458557, "mse": 0.26834794878959656}
    assert sorted(history) == sorted(expected)
    for key, value in expected.items():
        np.testing.assert_allclose(history[key], [value], rtol=1e-6, err_msg=key)


def test_a_loss_object_as_a_metric_logs_under_the_losss_name():
    model = ag.keras.Sequential([ag.keras.Input((2,)), ag.keras.layers.Dense(
        1, kernel_initializer="ones", activation="sigmoid")])
    model.compile(ag.keras.optimizers.SGD(), "mse", metrics=[
        ag.keras.losses.MeanAbsoluteError(), ag.keras.losses.Huber(name="h")])
    history = model.fit(np.array([[1.0, 2.0], [-3.0, 4.0]]), np.array([[1.0], [0.0]]),
                        verbose=0, shuffle=False).history
    expected = {"h": 0.13417397439479828, "loss": 0.26834794878959656,  # TensorFlow 2.21
                "mean_absolute_error": 0.3892422318458557}
    assert sorted(history) == sorted(expected)
    for key, value in expected.items():
        np.testing.assert_allclose(history[key], [value], rtol=1e-6, err_msg=key)


def test_crossentropy_metric_configs_are_keras_3s():
    metrics = ag.keras.metrics  # configs recorded from TensorFlow 2.21
    assert metrics.MeanSquaredError().get_config() == {"name": "mean_squared_error",
                                                      "dtype": "float32"}
    assert metrics.BinaryCrossentropy().get_config() == {
        "name": "binary_crossentropy", "dtype": "float32", "from_logits": False,
        "label_smoothing": 0}
    assert metrics.SparseCategoricalCrossentropy().get_config() == {
        "name": "sparse_categorical_crossentropy", "dtype": "float32", "from_logits": False,
        "ignore_class": None, "axis": -1}
    assert metrics.CategoricalCrossentropy().get_config() == {
        "name": "categorical_crossentropy", "dtype": "float32", "from_logits": False,
        "label_smoothing": 0, "axis": -1}
