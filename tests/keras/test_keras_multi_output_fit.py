"""fit, evaluate and predict of models with several inputs and outputs: targets by position or
by output name, one loss for every output, datasets of structures, and compile's errors.
(The histories of such fits are checked against TensorFlow in
test_keras_functional_graphs.py.)"""

import numpy as np
import pytest

import autograph as ag
from tests.keras import functional_cases as cases

keras = ag.keras
D = ag.data.Dataset


def _fit(y, **compile_kwargs):
    model = cases.regression_and_classes(keras)
    model.compile(keras.optimizers.SGD(0.1), **compile_kwargs)
    x, _ = cases.regression_and_classes_data()
    return model.fit(x, y, batch_size=4, epochs=2, shuffle=False, verbose=0).history


_LOSSES = {"loss": ["mse", "sparse_categorical_crossentropy"]}


def test_targets_by_output_name_train_as_targets_by_position():
    _, (reg, cls) = cases.regression_and_classes_data()
    assert _fit({"cls": cls, "reg": reg}, **_LOSSES) == _fit([reg, cls], **_LOSSES)


def test_one_loss_applies_to_every_output():
    x, y = np.ones((4, 2), np.float32), [np.zeros((4, 1), np.float32)] * 2

    def history(loss):
        inputs = keras.Input((2,))
        model = keras.Model(inputs, [keras.layers.Dense(1, kernel_initializer="ones",
                                                        name=n)(inputs) for n in ("a", "b")])
        model.compile(keras.optimizers.SGD(0.1), loss=loss)
        return model.fit(x, y, epochs=2, verbose=0).history

    assert history("mse") == history(["mse", "mse"])


def test_predict_gives_one_array_per_output_in_the_outputs_structure():
    model = cases.regression_and_classes(keras)
    x, _ = cases.regression_and_classes_data()
    reg, cls = model.predict(x, batch_size=3, verbose=0)
    expected = model(x)
    np.testing.assert_allclose(reg, expected[0], rtol=1e-6)
    np.testing.assert_allclose(cls, expected[1], rtol=1e-6)
    assert sorted(cases.dict_model(keras).predict(
        {"x": np.ones((2, 3), np.float32), "y": np.ones((2, 2), np.float32)},
        verbose=0)) == ["p", "q"]


def test_a_dataset_of_input_and_target_tuples_trains_as_arrays():
    x, y = cases.regression_and_classes_data()
    dataset = D.from_tensor_slices((tuple(x), tuple(y))).batch(4)
    from_dataset = cases.regression_and_classes(keras)
    from_dataset.compile(keras.optimizers.SGD(0.1), **_LOSSES)
    history = from_dataset.fit(dataset, epochs=2, shuffle=False, verbose=0).history
    for key, values in _fit(y, **_LOSSES).items():
        np.testing.assert_allclose(history[key], values, rtol=1e-6, err_msg=key)


def test_sample_weights_weigh_every_outputs_loss():
    x, y = cases.regression_and_classes_data()
    model = cases.regression_and_classes(keras)
    model.compile(keras.optimizers.SGD(0.1), **_LOSSES)
    weights = np.array([1, 0] * 4, np.float32)
    logs = model.evaluate(x, y, sample_weight=weights, verbose=0, return_dict=True)
    plain = model.evaluate([a[::2] for a in x], [a[::2] for a in y], verbose=0,
                           return_dict=True)
    # the default reduction divides by the batch size: half the samples weigh 0
    for key in ("reg_loss", "cls_loss", "loss"):
        np.testing.assert_allclose(logs[key], plain[key] / 2, rtol=1e-5, err_msg=key)


@pytest.mark.parametrize("compile_kwargs, message", [
    ({"loss": ["mse"]}, "compile: loss has 1 entries, but the model has 2 outputs ['reg', "
                        "'cls']; give one per output, or a dict by output name."),
    ({"loss": {"reg": "mse", "other": "mse"}},
     "compile: loss names ['other'], which are not outputs of the model; its outputs are "
     "['reg', 'cls']."),
    ({"loss": "mse", "metrics": ["accuracy"]},
     "compile: metrics has 1 entries, but the model has 2 outputs ['reg', 'cls']; give a list "
     "of metrics per output, or a dict by output name."),
    ({"loss": "mse", "loss_weights": 2.0},
     "compile: loss_weights must be a list or a dict by output name for a model of 2 "
     "outputs ['reg', 'cls']; got 2.0."),
], ids=["loss count", "loss name", "flat metrics", "one loss weight"])
def test_compile_arguments_that_do_not_match_the_outputs_are_one_clear_error(
        compile_kwargs, message):
    _, y = cases.regression_and_classes_data()
    with pytest.raises(ValueError) as raised:
        _fit(y, **compile_kwargs)
    assert str(raised.value) == message


def test_targets_of_the_wrong_count_say_what_the_outputs_are():
    _, (reg, _) = cases.regression_and_classes_data()
    with pytest.raises(ValueError) as raised:
        _fit([reg], **_LOSSES)
    assert str(raised.value) == (
        "The model has 2 outputs ['reg', 'cls'], but the targets are 1 arrays; give a list of "
        "2 arrays, or a dict by output name.")


def test_class_weight_is_refused_for_several_outputs():
    _, y = cases.regression_and_classes_data()
    with pytest.raises(ValueError) as raised:
        model = cases.regression_and_classes(keras)
        model.compile("sgd", **_LOSSES)
        model.fit(cases.regression_and_classes_data()[0], y, class_weight={0: 2.0}, verbose=0)
    # as TensorFlow 2.21 words it
    assert str(raised.value) == ("`class_weight` is only supported for Models with a single "
                                 "output.")


def _one_output_history(**compile_kwargs):
    model = keras.Sequential([keras.Input((2,)),
                              keras.layers.Dense(1, kernel_initializer="ones", name="dense")])
    model.compile(keras.optimizers.SGD(0.01), **compile_kwargs)
    x = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)
    y = np.array([[1.0], [0.0]], np.float32)
    return model, model.fit(x, y, epochs=2, shuffle=False, verbose=0).history["loss"]


@pytest.mark.parametrize("compile_kwargs, expected", [
    ({"loss": "mse"}, [26.5, 12.7426]),
    ({"loss": ["mse"]}, [26.5, 12.7426]),
    ({"loss": {"dense": "mse"}}, [26.5, 12.7426]),  # TensorFlow 2.21 fails with a TypeError
    ({"loss": "mse", "loss_weights": [0.5]}, [13.25, 9.48783]),
    ({"loss": "mse", "loss_weights": 0.5}, [13.25, 9.48783]),
], ids=["name", "list of one", "dict of one", "weights list", "weight"])
def test_one_outputs_loss_and_weight_may_come_alone_or_in_a_list(compile_kwargs, expected):
    model, history = _one_output_history(**compile_kwargs)
    np.testing.assert_allclose(history, expected, rtol=1e-5)  # recorded from TF 2.21
    assert [metric.name for metric in model.metrics] == ["loss"]


@pytest.mark.parametrize("compile_kwargs, message", [
    ({"loss": ["mse", "mae"]}, "compile: loss has 2 entries, but the model has one output."),
    ({"loss": "mse", "loss_weights": [0.5, 2.0]},
     "compile: loss_weights [0.5, 2.0] has 2 entries, but the model has one output."),
], ids=["losses", "weights"])
def test_a_one_output_model_given_two_losses_or_weights_is_one_clear_error(compile_kwargs,
                                                                           message):
    # TensorFlow 2.21 applies the first loss and logs both as metrics
    with pytest.raises(ValueError) as raised:
        _one_output_history(**compile_kwargs)
    assert str(raised.value) == message


def test_an_unknown_loss_name_fails_at_compile():
    model = cases.regression_and_classes(keras)
    with pytest.raises(ValueError, match="nosuch"):
        model.compile("sgd", loss=["mse", "nosuch"])


def test_weighted_metrics_of_the_wrong_count_name_the_argument():
    _, y = cases.regression_and_classes_data()
    with pytest.raises(ValueError) as raised:
        _fit(y, **_LOSSES, weighted_metrics=[["mae"]])
    assert str(raised.value) == (
        "compile: weighted_metrics has 1 entries, but the model has 2 outputs ['reg', 'cls']; "
        "give a list of metrics per output, or a dict by output name.")


def test_targets_of_a_one_output_model_must_be_one_array():
    model, _ = _one_output_history(loss="mse")
    x = np.ones((2, 2), np.float32)
    with pytest.raises(ValueError) as raised:
        model.fit(x, [np.ones((2, 1), np.float32)] * 2, verbose=0)
    assert str(raised.value) == "The model has one output, but the targets hold 2 arrays."


def test_targets_by_name_must_name_every_output():
    _, (reg, _) = cases.regression_and_classes_data()
    with pytest.raises(ValueError) as raised:
        _fit({"reg": reg}, **_LOSSES)
    assert str(raised.value) == ("The targets are a dict without ['cls']; the model's outputs "
                                 "are ['reg', 'cls'].")


@pytest.mark.parametrize("loss", [
    {"reg": None, "cls": "sparse_categorical_crossentropy"},
    [None, "sparse_categorical_crossentropy"]], ids=["dict", "list"])
def test_an_output_given_no_loss_is_not_trained_and_the_one_loss_is_logged_alone(loss):
    _, y = cases.regression_and_classes_data()
    with pytest.warns(UserWarning, match=r"Gradients do not exist for variables \['reg/"):
        history = _fit(y, loss=loss)  # as TensorFlow 2.21 warns
    # recorded from TensorFlow 2.21: no per-output loss when one output has a loss
    assert sorted(history) == ["loss"]
    np.testing.assert_allclose(history["loss"], [1.3598642349243164, 1.2261106967926025],
                               rtol=1e-5)


@pytest.mark.parametrize("loss, message", [
    ([None, None], "No loss to compute. Provide a `loss` argument in `compile()`."),
    ({"cls": "sparse_categorical_crossentropy"},
     "Expected keys ['reg', 'cls'] in loss dict, but found loss.keys()=['cls']"),
], ids=["no loss", "a missing key"])
def test_losses_that_leave_outputs_out_are_keras_errors(loss, message):
    _, y = cases.regression_and_classes_data()
    with pytest.raises(ValueError) as raised:
        _fit(y, loss=loss)
    assert str(raised.value) == message  # TensorFlow 2.21's words


def test_one_array_of_targets_for_two_outputs_says_what_it_needs():
    _, (reg, _) = cases.regression_and_classes_data()
    with pytest.raises(ValueError) as raised:
        _fit(reg, **_LOSSES)
    assert str(raised.value) == (
        "The model has 2 outputs ['reg', 'cls'], but the targets are one array; give a list of "
        "2 arrays, or a dict by output name.")


def test_evaluate_lists_a_one_output_models_metrics_in_compile_order():
    model, _ = _one_output_history(loss="mse", metrics=["mse", "mae"])
    model.set_weights([np.ones((2, 1), np.float32), np.zeros(1, np.float32)])
    x = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)
    y = np.array([[1.0], [0.0]], np.float32)
    # recorded from TensorFlow 2.21: loss, mse, mae
    np.testing.assert_allclose(model.evaluate(x, y, verbose=0), [26.5, 26.5, 4.5], rtol=1e-6)
