"""Loss edge cases: labels and predictions whose ranks differ by a trailing axis of size 1,
`mean_with_sample_weight`, the `Loss` base class and `get` refusing what is not a loss.
Expected values come from TensorFlow 2.21 (Keras 3.15) for the same inputs."""

import re

import numpy as np
import pytest
from numpy.testing import assert_allclose

import autograph as ag

losses = ag.keras.losses

COLUMN = np.array([[1.0], [2.0], [3.0]], np.float32)  # shape (3, 1)
ROW = np.array([0.5, 2.0, 5.0], np.float32)  # shape (3,)
Y3 = np.arange(6, dtype=np.float32).reshape(2, 3, 1)
Y2 = np.array([[0.0, 2.0, 2.0], [1.0, 4.0, 8.0]], np.float32)


def test_labels_with_a_trailing_axis_of_size_1_meet_rank_1_predictions():
    # TensorFlow 2.21: keras.losses.mean_squared_error((3, 1) labels, (3,) predictions)
    # -> [0.25, 0.0, 4.0]: the predictions get the trailing axis, one loss per sample.
    got = losses.mean_squared_error(COLUMN, ROW)
    assert got.shape == (3,)
    assert_allclose(got.numpy(), [0.25, 0.0, 4.0])


def test_huber_expands_rank_1_predictions_to_the_labels_rank():
    # TensorFlow 2.21: keras.losses.huber((3, 1), (3,)) -> [0.125, 0.0, 1.5].
    assert_allclose(losses.huber(COLUMN, ROW).numpy(), [0.125, 0.0, 1.5])


def test_labels_with_an_extra_trailing_axis_are_squeezed_to_the_predictions():
    # TensorFlow 2.21: keras.losses.mean_squared_error((2, 3, 1), (2, 3)) ->
    # [0.33333334, 4.3333335]: the labels lose their last axis, the mean is over 3 values.
    got = losses.mean_squared_error(Y3, Y2)
    assert got.shape == (2,)
    assert_allclose(got.numpy(), [1.0 / 3.0, 13.0 / 3.0], rtol=1e-6)


def test_predictions_with_an_extra_trailing_axis_are_squeezed_to_the_labels():
    # TensorFlow 2.21: keras.losses.mean_absolute_error((2, 3), (2, 3, 1)) ->
    # [0.33333334, 1.6666666].
    assert_allclose(losses.mean_absolute_error(Y2, Y3).numpy(), [1.0 / 3.0, 5.0 / 3.0],
                    rtol=1e-6)


def test_rank_1_labels_get_a_trailing_axis_to_meet_predictions_of_one_column():
    # TensorFlow 2.21: keras.losses.MeanSquaredError(reduction=None)((3,), (3, 1)) ->
    # [0.0, 1.0, 4.0]: one loss per sample, not a (3, 3) broadcast.
    got = losses.mean_squared_error([1.0, 2.0, 3.0], COLUMN * 0.0 + 1.0)
    assert_allclose(got.numpy(), [0.0, 1.0, 4.0])


def test_mean_absolute_error_averages_over_the_last_axis_only():
    # TensorFlow 2.21: keras.losses.MeanAbsoluteError(reduction=None) of labels
    # arange(12).reshape(2, 2, 3) and predictions of ones -> [[0.6666667, 3.0], [6.0, 9.0]].
    labels = np.arange(12, dtype=np.float32).reshape(2, 2, 3)
    got = losses.mean_absolute_error(labels, np.ones((2, 2, 3), np.float32))
    assert_allclose(got.numpy(), [[2.0 / 3.0, 3.0], [6.0, 9.0]], rtol=1e-6)


# Rank-3 labels and predictions, so that a loss averaging over another axis than the last
# gives other values. TensorFlow 2.21 (Keras 3.15) for each expected value.
T01 = np.array([[[1, 0, 1], [0, 0, 1]], [[1, 1, 0], [0, 1, 0]]], np.float32)
ONE_HOT = np.array([[[0, 0, 1], [0, 1, 0]], [[1, 0, 0], [0, 0, 1]]], np.float32)
P3 = np.array([[[0.9, 0.2, 0.6], [0.3, 0.1, 0.8]], [[0.7, 0.6, 0.4], [0.2, 0.5, 0.1]]],
              np.float32)


def test_huber_averages_over_the_last_axis_only():
    labels = np.arange(12, dtype=np.float32).reshape(2, 2, 3) / 4.0
    assert_allclose(losses.huber(labels, np.ones((2, 2, 3), np.float32)).numpy(),
                    [[0.30208334, 0.020833334], [0.30208334, 1.0]], rtol=1e-6)


def test_binary_crossentropy_averages_over_the_last_axis_by_default():
    assert_allclose(losses.binary_crossentropy(T01, P3).numpy(),
                    [[0.27977654, 0.22839302], [0.45944205, 0.34055042]], rtol=1e-5)


def test_categorical_crossentropy_takes_probabilities_over_the_last_axis_by_default():
    assert_allclose(losses.categorical_crossentropy(ONE_HOT, P3).numpy(),
                    [[1.0414538, 2.4849067], [0.8873032, 2.0794415]], rtol=1e-5)


def test_categorical_label_smoothing_spreads_over_the_classes_of_the_last_axis():
    assert_allclose(losses.categorical_crossentropy(ONE_HOT, P3, label_smoothing=0.2).numpy(),
                    [[1.0876637, 2.2730365], [0.9348876, 1.9259359]], rtol=1e-5)


def test_categorical_label_smoothing_counts_the_classes_not_the_batch():
    labels = np.array([[0, 0, 1], [0, 1, 0]], np.float32)
    predictions = np.array([[0.2, 0.3, 0.5], [0.1, 0.6, 0.3]], np.float32)
    assert_allclose(
        losses.categorical_crossentropy(labels, predictions, label_smoothing=0.3).numpy(),
        [0.8358588, 0.7593163], rtol=1e-5)


SEQUENCE_LABELS = np.array([[0, 2, 1], [1, 1, 0]], np.int32)
SEQUENCE_PROBS = np.array([[[0.7, 0.2, 0.1], [0.1, 0.3, 0.6], [0.2, 0.5, 0.3]],
                           [[0.3, 0.4, 0.3], [0.25, 0.5, 0.25], [0.6, 0.3, 0.1]]], np.float32)
LABELS = np.array([0, 2, 1, 2], np.int32)
PROBS = np.array([[0.7, 0.2, 0.1], [0.1, 0.3, 0.6], [0.2, 0.5, 0.3], [0.3, 0.3, 0.4]],
                 np.float32)


def test_sparse_crossentropy_ignores_a_class_in_labels_of_rank_2():
    got = losses.sparse_categorical_crossentropy(SEQUENCE_LABELS, SEQUENCE_PROBS, ignore_class=1)
    assert_allclose(got.numpy(), [[0.35667497, 0.51082557, 0.0], [0.0, 0.0, 0.51082557]],
                    rtol=1e-6)


@pytest.mark.parametrize("crossentropy, labels", [
    (losses.sparse_categorical_crossentropy, [0, 1]),
    (losses.categorical_crossentropy, [[1.0, 0.0], [0.0, 1.0]]),
])
def test_a_certain_right_prediction_costs_what_clipping_below_1_leaves(crossentropy, labels):
    # TensorFlow 2.21: 1.1920929e-07 each, -log(1 - 1e-7) in float32.
    got = crossentropy(np.array(labels), np.array([[1.0, 0.0], [0.0, 1.0]], np.float32))
    assert_allclose(got.numpy(), [1.1920929e-07] * 2, rtol=1e-5)


def test_sparse_crossentropy_clips_predictions_above_1_before_normalizing():
    # TensorFlow 2.21: 0.4054651 each, -log((1 - 1e-7) / (1 - 1e-7 + 0.5)).
    got = losses.sparse_categorical_crossentropy(
        np.array([0, 1]), np.array([[1.5, 0.5], [0.5, 1.5]], np.float32))
    assert_allclose(got.numpy(), [0.4054651] * 2, rtol=1e-6)


def test_the_mean_reduction_averages_over_the_samples_not_ignored():
    loss = losses.SparseCategoricalCrossentropy(ignore_class=2, reduction="mean")
    assert_allclose(loss(LABELS, PROBS).numpy(), 0.52491105, rtol=1e-6)


def test_the_sum_reduction_weights_and_leaves_out_the_ignored_samples():
    loss = losses.SparseCategoricalCrossentropy(ignore_class=2, reduction="sum")
    got = loss(LABELS, PROBS, sample_weight=np.array([1.0, 2.0, 3.0, 4.0], np.float32))
    assert_allclose(got.numpy(), 2.4361165, rtol=1e-6)


def test_labels_of_unknown_rank_are_taken_as_they_are():
    @ag.function(input_signature=[ag.TensorSpec(None, ag.float32),
                                  ag.TensorSpec([2, 2], ag.float32)])
    def loss(y_true, y_pred):
        return losses.mean_squared_error(y_true, y_pred)

    y_true = np.array([[0.0, 1.0], [1.0, 1.0]], np.float32)
    y_pred = np.array([[1.0, 1.0], [1.0, 0.0]], np.float32)
    assert_allclose(loss(y_true, y_pred).numpy(), np.mean((y_pred - y_true) ** 2, -1))


def test_a_loss_object_squeezes_labels_with_an_extra_trailing_axis():
    # TensorFlow 2.21: tf.keras.losses.MeanSquaredError()((2, 3, 1), (2, 3)) -> 2.3333335.
    assert_allclose(losses.MeanSquaredError()(Y3, Y2).numpy(), 7.0 / 3.0, rtol=1e-6)


def test_a_weight_with_a_trailing_axis_of_size_1_is_squeezed_to_the_losses():
    # Per-sample losses of shape (2, 3) against weights of shape (2, 3, 1).
    # TensorFlow 2.21: 0.38802084 (sum_over_batch_size) and, with reduction="none",
    # [[0.78125, 0, 0.0625], [0.203125, 1.28125, 0]].
    y_true = np.arange(12, dtype=np.float32).reshape(2, 3, 2) / 4
    y_pred = np.ones((2, 3, 2), np.float32)
    weight = np.array([[[1.0], [0.0], [2.0]], [[0.5], [1.0], [0.0]]], np.float32)
    assert_allclose(losses.MeanSquaredError()(y_true, y_pred, sample_weight=weight).numpy(),
                    0.38802084, rtol=1e-6)
    unreduced = losses.MeanSquaredError(reduction="none")(y_true, y_pred, sample_weight=weight)
    assert unreduced.shape == (2, 3)
    assert_allclose(unreduced.numpy(), [[0.78125, 0.0, 0.0625], [0.203125, 1.28125, 0.0]])


def test_mean_with_sample_weight_divides_by_the_sum_of_the_weights():
    # TensorFlow 2.21, MeanSquaredError(reduction="mean_with_sample_weight"): 0.449 with the
    # weights [0.3, 0, 1.2] (per-sample losses [0.36, 0.45, 0.47125]: (0.108 + 0.5655) / 1.5),
    # 0.42708334 without weights (the plain mean), 0.0 when every weight is 0.
    y_true = np.array([[0.0, 1.0], [0.0, 0.0], [1.0, 1.0]], np.float32)
    y_pred = np.array([[0.6, 0.4], [0.3, 0.9], [0.8, 0.05]], np.float32)
    loss = losses.MeanSquaredError(reduction="mean_with_sample_weight")
    assert_allclose(loss(y_true, y_pred, sample_weight=[0.3, 0.0, 1.2]).numpy(), 0.449,
                    rtol=1e-6)
    assert_allclose(loss(y_true, y_pred).numpy(), 0.42708334, rtol=1e-6)
    assert loss(y_true, y_pred, sample_weight=[0.0, 0.0, 0.0]).numpy() == 0.0


def test_sparse_categorical_crossentropy_refuses_classes_on_another_axis():
    # TensorFlow 2.21 raises ValueError ("Only axis=-1 is currently supported. Received:
    # axis=0"); the message here is ours.
    probs = np.array([[0.3, 0.7], [0.6, 0.4]], np.float32)
    with pytest.raises(ValueError, match="^" + re.escape(
            "sparse_categorical_crossentropy: only the last axis can hold the classes, "
            "got axis=0 for y_pred of shape (2, 2).") + "$"):
        losses.sparse_categorical_crossentropy(np.array([0, 1]), probs, axis=0)


def test_sparse_categorical_crossentropy_accepts_the_last_axis_by_its_number():
    # TensorFlow 2.21: axis=1 for rank-2 predictions -> [1.2039728, 0.9162907] (-log 0.3,
    # -log 0.4).
    probs = np.array([[0.3, 0.7], [0.6, 0.4]], np.float32)
    got = losses.sparse_categorical_crossentropy(np.array([0, 1]), probs, axis=1)
    assert_allclose(got.numpy(), [1.2039728, 0.9162907], rtol=1e-6)


def test_a_loss_subclass_without_call_says_it_must_define_call():
    # TensorFlow 2.21 raises a bare NotImplementedError; the message is ours.
    class NoCall(losses.Loss):
        pass

    with pytest.raises(NotImplementedError, match="^" + re.escape(
            "NoCall must define call(y_true, y_pred).") + "$"):
        NoCall()([[1.0]], [[0.0]])


def test_a_loss_subclass_defining_call_is_weighted_and_reduced():
    # TensorFlow 2.21: 9.0 (per-sample losses [3, 2], weights [1, 3], summed).
    class Difference(losses.Loss):
        def call(self, y_true, y_pred):
            return ag.reduce_sum(y_pred - y_true, -1)

    got = Difference(reduction="sum")([[1.0, 2.0], [0.0, 0.0]], [[2.0, 4.0], [1.0, 1.0]],
                                      sample_weight=[1.0, 3.0])
    assert_allclose(got.numpy(), 3.0 * 1.0 + 2.0 * 3.0)


def test_a_loss_subclass_without_a_name_is_named_after_its_class():
    class MyLoss(losses.Loss):
        def call(self, y_true, y_pred):
            return y_pred - y_true

    # TensorFlow 2.21 (Keras 3.15): 'my_loss', and 'loss' for the base class.
    assert (MyLoss().name, losses.Loss().name) == ("my_loss", "loss")


def test_a_loss_gives_its_call_the_labels_in_its_own_dtype():
    seen = []

    class Probe(losses.Loss):
        def call(self, y_true, y_pred):
            seen.append(y_true.dtype)
            return ag.reduce_mean(y_pred - ag.cast(y_true, y_pred.dtype), -1)

    class SparseProbe(losses.SparseCategoricalCrossentropy):
        def call(self, y_true, y_pred):
            seen.append(y_true.dtype)
            return super().call(y_true, y_pred)

    prediction = np.array([[0.5, 0.5]], np.float32)
    Probe()(np.array([[1, 2]], np.int32), prediction)
    Probe()(np.array([[1, 2]], np.float64), prediction)
    Probe(dtype="float64")(np.array([[1, 2]], np.float32), prediction)
    SparseProbe()(np.array([1], np.int32), prediction)
    # TensorFlow 2.21 (Keras 3.15): float32, float32, float64, float32.
    assert seen == [ag.float32, ag.float32, ag.float64, ag.float32]


def test_a_built_in_loss_given_no_name_is_named_after_its_class():
    # TensorFlow 2.21 (Keras 3.15): Huber(name=None).name is 'huber', Huber().name 'huber_loss'.
    assert [losses.Huber(name=None).name, losses.Huber().name,
            losses.SparseCategoricalCrossentropy(name=None).name] == [
        "huber", "huber_loss", "sparse_categorical_crossentropy"]


def test_a_loss_repr_names_its_class_and_name():
    assert repr(losses.MeanSquaredError()) == "<MeanSquaredError name='mean_squared_error'>"
    assert repr(losses.Huber(name="robust")) == "<Huber name='robust'>"


def test_get_refuses_something_that_is_neither_a_name_nor_callable():
    # TensorFlow 2.21 raises ValueError ("Could not interpret loss identifier: 42"); the
    # message here is ours. (Keras returns None for None; here None is refused too, as the
    # docstring says.)
    with pytest.raises(ValueError, match="^" + re.escape(
            "A loss must be a name, a Loss or a callable (y_true, y_pred) -> loss, got "
            "42.") + "$"):
        losses.get(42)
