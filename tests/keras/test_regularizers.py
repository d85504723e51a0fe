"""Weight regularizers (`ag.keras.regularizers`), a layer's `losses`, and `fit` minimising
them, against TensorFlow 2.21 / Keras 3.15's answers (recorded there with the same model)."""

import numpy as np
import pytest

import autograph as ag


def _model():
    return ag.keras.Sequential([ag.keras.Input((3,)), ag.keras.layers.Dense(
        2, kernel_initializer=ag.keras.initializers.Constant(0.5),
        bias_initializer=ag.keras.initializers.Constant(-1.0),
        kernel_regularizer=ag.keras.regularizers.L2(0.1),
        bias_regularizer=ag.keras.regularizers.L1(0.2))])


X = np.arange(12, dtype=np.float32).reshape(4, 3) / 10
Y = np.ones((4, 2), np.float32)


def test_a_models_losses_are_its_weights_penalties():
    np.testing.assert_allclose([float(v) for v in _model().losses], [0.15, 0.4], rtol=1e-6)


def test_l1l2_adds_both_penalties():
    found = ag.keras.regularizers.L1L2(l1=0.1, l2=0.2)(ag.constant([[1.0, -2.0]]))
    np.testing.assert_allclose(float(found), 1.3, rtol=1e-6)


def test_a_regularizer_is_written_in_the_layers_config_as_keras_writes_it():
    config = _model().layers[0].get_config()["kernel_regularizer"]
    assert config == {"module": "keras.regularizers", "class_name": "L2",
                      "config": {"l2": 0.1}, "registered_name": None}


def test_a_layer_made_from_its_config_keeps_its_regularizers():
    layer = ag.keras.layers.Dense.from_config(_model().layers[0].get_config())
    assert isinstance(layer.kernel_regularizer, ag.keras.regularizers.L2)
    assert layer.bias_regularizer.l1 == pytest.approx(0.2)


def test_fit_and_evaluate_add_the_penalties_to_the_loss():
    model = _model()
    model.compile(optimizer=ag.keras.optimizers.SGD(0.1), loss="mse")
    history = model.fit(X, Y, batch_size=2, epochs=2, shuffle=False, verbose=0)
    np.testing.assert_allclose(history.history["loss"], [2.006060838699341, 1.4191466569900513],
                               rtol=1e-5)
    kernel, bias = model.get_weights()
    np.testing.assert_allclose(kernel[:, 0], [0.5334123373, 0.5675994157, 0.6017865538],
                               rtol=1e-5)
    np.testing.assert_allclose(bias, [-0.5640491247, -0.5640491247], rtol=1e-5)
    np.testing.assert_allclose(model.evaluate(X, Y, verbose=0), 1.130819320678711, rtol=1e-5)


def test_regularizers_are_found_by_name():
    assert isinstance(ag.keras.regularizers.get("l2"), ag.keras.regularizers.L2)


def test_an_unknown_regularizer_name_is_refused():
    with pytest.raises(ValueError, match="Could not interpret regularizer identifier: 'l3'"):
        ag.keras.regularizers.get("l3")


def test_a_negative_factor_is_refused():
    with pytest.raises(ValueError, match="l2 must be a non-negative number"):
        ag.keras.regularizers.L2(-1.0)


def test_the_legacy_reduction_names_are_keras_strings():
    assert ag.keras.losses.Reduction.NONE == "none"
    assert ag.keras.losses.Reduction.SUM_OVER_BATCH_SIZE == "sum_over_batch_size"
