"""ag.keras.losses against tf.keras (TensorFlow 2.21, Keras 3.15): values recorded from
`/work/tfvenv/bin/python` for the same inputs."""

import re

import numpy as np
import pytest

import autograph as ag

losses = ag.keras.losses

Y_TRUE = np.array([[0.0, 1.0], [0.0, 0.0], [1.0, 1.0]], np.float32)
Y_PRED = np.array([[0.6, 0.4], [0.3, 0.9], [0.8, 0.05]], np.float32)
WEIGHTS = np.array([0.3, 0.0, 1.2], np.float32)
ONE_HOT = np.array([[0, 1, 0], [0, 0, 1], [1, 0, 0]], np.float32)
PROBS = np.array([[0.05, 0.95, 0.0], [0.1, 0.8, 0.1], [0.2, 0.3, 0.5]], np.float32)
LOGITS = np.array([[2.0, 1.0, 0.1], [0.5, 2.5, -1.0], [0.0, 0.0, 3.0]], np.float32)
LABELS = np.array([1, 2, 0], np.int32)

# class: (default reduction, with WEIGHTS, reduction="sum", reduction="none"), from tf.keras
REDUCED = {
    "MeanSquaredError": (0.4270833432674408, 0.22450001537799835, 1.28125,
                         [0.36000001430511475, 0.44999998807907104, 0.4712499976158142]),
    "MeanAbsoluteError": (0.5916666984558105, 0.28999999165534973, 1.7750000953674316,
                          [0.6000000238418579, 0.6000000238418579, 0.574999988079071]),
    "Huber": (0.2135416716337204, 0.11225000768899918, 0.640625,
              [0.18000000715255737, 0.22499999403953552, 0.2356249988079071]),
    "BinaryCrossentropy": (1.2851195335388184, 0.7354042530059814, 3.855358600616455,
                           [0.9162907600402832, 1.329629898071289, 1.6094379425048828]),
}


@pytest.mark.parametrize("name", sorted(REDUCED))
def test_default_reduction_is_the_mean_over_the_batch(name):
    np.testing.assert_allclose(getattr(losses, name)()(Y_TRUE, Y_PRED), REDUCED[name][0],
                               rtol=1e-6)


@pytest.mark.parametrize("name", sorted(REDUCED))
def test_sample_weight_scales_each_sample_and_divides_by_the_batch_size(name):
    np.testing.assert_allclose(getattr(losses, name)()(Y_TRUE, Y_PRED, sample_weight=WEIGHTS),
                               REDUCED[name][1], rtol=1e-6)


@pytest.mark.parametrize("name", sorted(REDUCED))
def test_sum_reduction_sums_the_per_sample_losses(name):
    np.testing.assert_allclose(getattr(losses, name)(reduction="sum")(Y_TRUE, Y_PRED),
                               REDUCED[name][2], rtol=1e-6)


@pytest.mark.parametrize("name", sorted(REDUCED))
def test_none_reduction_returns_one_loss_per_sample(name):
    np.testing.assert_allclose(getattr(losses, name)(reduction="none")(Y_TRUE, Y_PRED),
                               REDUCED[name][3], rtol=1e-6)


@pytest.mark.parametrize("loss, expected", [
    (lambda: losses.Huber(delta=0.5)(Y_TRUE, Y_PRED * 3), 0.5366666913032532),
    (lambda: losses.BinaryCrossentropy(from_logits=True)(
        Y_TRUE, np.array([[1.5, -0.3], [-2.0, 0.7], [0.2, 0.1]], np.float32)),
     0.8380696773529053),
    (lambda: losses.BinaryCrossentropy(label_smoothing=0.2)(Y_TRUE, Y_PRED), 1.223136305809021),
    # probabilities of exactly 0 and 1 are clipped to [1e-7, 1 - 1e-7]
    (lambda: losses.BinaryCrossentropy()(Y_TRUE, np.array([[0, 1], [1, 0], [1, 1]],
                                                          np.float32)), 2.657064199447632),
    (lambda: losses.CategoricalCrossentropy()(ONE_HOT, PROBS), 1.3211054801940918),
    (lambda: losses.CategoricalCrossentropy(from_logits=True)(ONE_HOT, LOGITS),
     2.721710205078125),
    (lambda: losses.CategoricalCrossentropy(label_smoothing=0.1)(ONE_HOT, PROBS),
     1.494550347328186),
    # predictions are divided by their sum first
    (lambda: losses.CategoricalCrossentropy()(ONE_HOT, PROBS * 2), 1.3211054801940918),
    (lambda: losses.CategoricalCrossentropy()(ONE_HOT, PROBS, sample_weight=WEIGHTS),
     0.6489045023918152),
    (lambda: losses.SparseCategoricalCrossentropy()(LABELS, PROBS), 1.3211054801940918),
    (lambda: losses.SparseCategoricalCrossentropy(from_logits=True)(LABELS, LOGITS),
     2.721710205078125),
    # float labels with a trailing axis of 1 are squeezed and cast
    (lambda: losses.SparseCategoricalCrossentropy(from_logits=True)(
        LABELS.astype(np.float32).reshape(3, 1), LOGITS), 2.721710205078125),
    (lambda: losses.MeanSquaredError()([1.0, 2.0, 3.0], [1.5, 2.0, 2.0]), 0.4166666567325592),
    (lambda: losses.MeanSquaredError()(Y_TRUE, Y_PRED, sample_weight=2.0), 0.8541666865348816),
], ids=["huber_delta", "bce_logits", "bce_smoothing", "bce_clipped", "cce", "cce_logits",
        "cce_smoothing", "cce_unnormalised", "cce_weighted", "scce", "scce_logits",
        "scce_float_column_labels", "mse_1d", "mse_scalar_weight"])
def test_loss_options_match_tf_keras(loss, expected):
    np.testing.assert_allclose(loss(), expected, rtol=1e-6)


def test_per_sample_losses_of_3d_values_are_weighted_by_plain_broadcasting():
    # Keras quirk: a [2] weight against [2, 2] per-sample losses aligns with the last axis
    y_true = np.ones((2, 2, 3), np.float32)
    y_pred = np.arange(12, dtype=np.float32).reshape(2, 2, 3) / 10
    mse = losses.MeanSquaredError()
    np.testing.assert_allclose(mse(y_true, y_pred), 0.3216666877269745, rtol=1e-6)
    np.testing.assert_allclose(mse(y_true, y_pred, sample_weight=np.array([1.0, 2.0])),
                               0.41499999165534973, rtol=1e-6)


@pytest.mark.parametrize("function, args, expected", [
    ("mean_squared_error", (Y_TRUE, Y_PRED), REDUCED["MeanSquaredError"][3]),
    ("mse", (Y_TRUE, Y_PRED), REDUCED["MeanSquaredError"][3]),
    ("mean_absolute_error", (Y_TRUE, Y_PRED), REDUCED["MeanAbsoluteError"][3]),
    ("mae", (Y_TRUE, Y_PRED), REDUCED["MeanAbsoluteError"][3]),
    ("binary_crossentropy", (Y_TRUE, Y_PRED), REDUCED["BinaryCrossentropy"][3]),
    ("huber", (Y_TRUE, Y_PRED), REDUCED["Huber"][3]),
    ("sparse_categorical_crossentropy", (LABELS, PROBS),
     [0.05129344388842583, 2.3025851249694824, 1.6094379425048828]),
])
def test_loss_functions_return_one_loss_per_sample(function, args, expected):
    np.testing.assert_allclose(getattr(losses, function)(*args), expected, rtol=1e-5)


def test_categorical_crossentropy_function_takes_from_logits():
    np.testing.assert_allclose(
        losses.categorical_crossentropy(ONE_HOT, LOGITS, from_logits=True),
        [1.4170299768447876, 3.6531782150268555, 3.0949230194091797], rtol=1e-6)


def test_names_and_configs_are_keras_ones():
    names = [cls().name for cls in (losses.MeanSquaredError, losses.MeanAbsoluteError,
                                    losses.BinaryCrossentropy, losses.CategoricalCrossentropy,
                                    losses.SparseCategoricalCrossentropy, losses.Huber)]
    assert names == ["mean_squared_error", "mean_absolute_error", "binary_crossentropy",
                     "categorical_crossentropy", "sparse_categorical_crossentropy", "huber_loss"]
    assert losses.BinaryCrossentropy().get_config() == {
        "name": "binary_crossentropy", "reduction": "sum_over_batch_size",
        "from_logits": False, "label_smoothing": 0.0, "axis": -1}
    assert losses.Huber().get_config() == {"name": "huber_loss",
                                           "reduction": "sum_over_batch_size", "delta": 1.0}


def test_a_loss_copies_itself_through_its_config():
    loss = losses.CategoricalCrossentropy(from_logits=True, reduction="sum")
    copy = losses.CategoricalCrossentropy.from_config(loss.get_config())
    np.testing.assert_allclose(copy(ONE_HOT, LOGITS), loss(ONE_HOT, LOGITS))


def test_an_unknown_reduction_is_a_value_error_listing_the_choices():
    with pytest.raises(ValueError, match="^" + re.escape(
            "Invalid value for argument `reduction`: 'average'. Expected one of "
            "'sum_over_batch_size', 'sum', 'mean', 'mean_with_sample_weight', 'none', "
            "None.") + "$"):
        losses.MeanSquaredError(reduction="average")


def test_categorical_labels_of_another_shape_say_to_use_the_sparse_loss():
    with pytest.raises(ValueError, match="^" + re.escape(
            "categorical_crossentropy: y_true and y_pred must have the same shape, got "
            "(3,) and (3, 3). For integer class labels use "
            "sparse_categorical_crossentropy.") + "$"):
        losses.CategoricalCrossentropy()(LABELS, PROBS)


def test_losses_run_inside_a_function_and_differentiate():
    y_pred = ag.Variable(Y_PRED)

    @ag.function(autograph=False)
    def step():
        with ag.GradientTape() as tape:
            loss = losses.MeanSquaredError()(Y_TRUE, y_pred)
        return loss, tape.gradient(loss, y_pred)

    loss, gradient = step()
    np.testing.assert_allclose(loss, REDUCED["MeanSquaredError"][0], rtol=1e-6)
    np.testing.assert_allclose(gradient, 2 * (Y_PRED - Y_TRUE) / Y_PRED.size, rtol=1e-6)


@pytest.mark.parametrize("name", ["mse", "MSE", "mean_squared_error"])
def test_get_gives_the_per_sample_function_for_a_function_name_as_keras(name):
    # Keras 3.15: get("mse") is the function mean_squared_error, one loss per sample.
    np.testing.assert_allclose(losses.get(name)(Y_TRUE, Y_PRED),
                               REDUCED["MeanSquaredError"][3], rtol=1e-6)


def test_get_gives_an_instance_for_a_class_name():
    assert isinstance(losses.get("SparseCategoricalCrossentropy"),
                      losses.SparseCategoricalCrossentropy)


def test_get_of_an_unknown_name_lists_the_known_ones():
    with pytest.raises(ValueError, match="^" + re.escape(
            "Unknown loss 'msee'. Known names: binary_crossentropy, "
            "categorical_crossentropy, huber, mae, MAE, mean_absolute_error, "
            "mean_squared_error, mse, MSE, sparse_categorical_crossentropy, a class name "
            "such as 'MeanSquaredError', or pass a Loss object.") + "$"):
        losses.get("msee")


def _evaluate_loss(loss, y_true, y_pred, metrics=()):
    # A model whose output is its input, so that evaluate computes loss(y_true, y_pred).
    model = ag.keras.Sequential([ag.keras.layers.Flatten()])
    model.compile(loss=loss, metrics=list(metrics))
    return model.evaluate(y_pred, y_true, verbose=0, return_dict=True)


@pytest.mark.parametrize("loss", ["mse", "MSE", "mean_squared_error", "MeanSquaredError",
                                  losses.mse, losses.mean_squared_error])
def test_compile_reduces_a_loss_function_over_the_batch(loss):
    np.testing.assert_allclose(_evaluate_loss(loss, Y_TRUE, Y_PRED)["loss"],
                               REDUCED["MeanSquaredError"][0], rtol=1e-6)


@pytest.mark.parametrize("loss", ["sparse_categorical_crossentropy",
                                  losses.sparse_categorical_crossentropy])
def test_accuracy_with_the_sparse_loss_function_is_sparse(loss):
    # tf.keras 3.15: accuracy 1/3 (only the first sample's argmax is its label).
    logs = _evaluate_loss(loss, LABELS, PROBS, metrics=["accuracy"])
    np.testing.assert_allclose(logs["accuracy"], 1 / 3, rtol=1e-6)


IGNORED = np.array([1, -1, 0], np.int32)


@pytest.mark.parametrize("options, weight, expected", [
    ({}, None, 2.255976438522339),
    ({"reduction": "sum"}, None, 4.511952877044678),
    ({}, np.array([0.5, 2.0, 1.0], np.float32), 1.901719093322754),
    ({"reduction": "none"}, None, [1.4170299768447876, 0.0, 3.0949230194091797]),
])
def test_ignore_class_leaves_those_samples_out_of_the_mean(options, weight, expected):
    loss = losses.SparseCategoricalCrossentropy(from_logits=True, ignore_class=-1, **options)
    np.testing.assert_allclose(loss(IGNORED, LOGITS, sample_weight=weight), expected,
                               rtol=1e-6)


def test_ignoring_every_sample_gives_zero():
    loss = losses.SparseCategoricalCrossentropy(from_logits=True, ignore_class=2)
    np.testing.assert_allclose(loss(np.array([2, 2, 2]), LOGITS), 0.0)


def test_ignore_class_in_the_function_zeroes_those_samples():
    np.testing.assert_allclose(
        losses.sparse_categorical_crossentropy(IGNORED, LOGITS, from_logits=True,
                                               ignore_class=-1),
        [1.4170299768447876, 0.0, 3.0949230194091797], rtol=1e-6)
