"""The loop of fit, evaluate and predict: the model's history and stop flags, the params the
callbacks see, validation data and frequency, the names of a subclassed model's outputs.
Expected values were recorded from TensorFlow 2.21 (Keras 3.15) on the same runs (see
fit_cases.py)."""

import re
import warnings

import numpy as np
import pytest

import autograph as ag
from tests.keras.fit_cases import X, Y, assert_history, model

keras = ag.keras


def test_a_fresh_model_has_no_history():
    # Keras 3.15 has no `history` attribute before the first fit
    assert model().history is None


def test_a_fresh_model_is_not_told_to_stop_training():
    assert model().stop_training is False


def test_evaluate_and_predict_keep_the_history_of_the_last_fit():
    made = model()
    history = made.fit(X, Y, epochs=1, verbose=0)
    made.evaluate(X, Y, verbose=0)
    made.predict(X, verbose=0)
    assert made.history is history


class _Begins(keras.callbacks.Callback):
    """At each begin hook: the hook, the params and the stop flag of that kind."""

    def __init__(self):
        super().__init__()
        self.seen = []

    def on_train_begin(self, logs=None):
        self.seen.append(("train", dict(self.params), self.model.stop_training))

    def on_test_begin(self, logs=None):
        self.seen.append(("test", dict(self.params), self.model.stop_evaluating))

    def on_predict_begin(self, logs=None):
        self.seen.append(("predict", dict(self.params), self.model.stop_predicting))


def test_fit_evaluate_and_predict_set_their_stop_flag_to_false_before_they_begin():
    made, begins = model(), _Begins()
    made.stop_training = made.stop_evaluating = made.stop_predicting = True
    made.fit(X, Y, epochs=1, verbose=0, callbacks=[begins])
    made.evaluate(X, Y, verbose=0, callbacks=[begins])
    made.predict(X, verbose=0, callbacks=[begins])
    assert [flag for _, _, flag in begins.seen] == [False, False, False]
    assert [type(flag) for _, _, flag in begins.seen] == [bool, bool, bool]


def test_evaluate_and_predict_callbacks_see_one_epoch_of_all_batches_or_of_the_steps():
    made, begins = model(), _Begins()
    made.evaluate(X, Y, batch_size=4, verbose=0, callbacks=[begins])
    made.evaluate(X, Y, batch_size=4, steps=2, verbose=0, callbacks=[begins])
    made.predict(X, batch_size=4, verbose=0, callbacks=[begins])
    made.predict(X, batch_size=4, steps=2, verbose=0, callbacks=[begins])
    assert [(kind, params) for kind, params, _ in begins.seen] == [
        ("test", {"verbose": 0, "epochs": 1, "steps": 3}),
        ("test", {"verbose": 0, "epochs": 1, "steps": 2}),
        ("predict", {"verbose": 0, "epochs": 1, "steps": 3}),
        ("predict", {"verbose": 0, "epochs": 1, "steps": 2})]


class _StopAfterBatch0(keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.batches = []

    def on_test_batch_end(self, batch, logs=None):
        self.batches.append(batch)
        self.model.stop_evaluating = True

    def on_predict_batch_end(self, batch, logs=None):
        self.batches.append(batch)
        self.model.stop_predicting = True


def test_stop_evaluating_ends_evaluate_with_the_loss_of_the_batches_run():
    stop = _StopAfterBatch0()
    loss = model().evaluate(X, Y, batch_size=4, verbose=0, callbacks=[stop])
    assert stop.batches == [0]
    np.testing.assert_allclose(loss, 0.450625, rtol=1e-5)


def test_stop_predicting_ends_predict_with_the_outputs_of_the_batches_run():
    stop = _StopAfterBatch0()
    outputs = model().predict(X, batch_size=4, verbose=0, callbacks=[stop])
    assert stop.batches == [0]
    np.testing.assert_allclose(outputs, model().predict(X[:4], verbose=0))


def test_validation_freq_3_validates_after_the_third_epoch():
    history = model().fit(X, Y, batch_size=5, epochs=4, validation_data=(X, Y),
                          validation_freq=3, verbose=0, shuffle=False)
    assert_history(history, {"loss": [0.910286, 0.002583, 0.000388, 0.000303],
                             "val_loss": [0.000269]})


def test_validation_data_may_be_a_list():
    history = model().fit(X, Y, batch_size=5, epochs=1, validation_data=[X, Y], verbose=0,
                          shuffle=False)
    assert_history(history, {"loss": [0.910286], "val_loss": [0.00312]})


@pytest.mark.parametrize("size", [1, 4])
def test_validation_data_of_a_wrong_length_is_one_clear_error(size):
    # TensorFlow 2.21: "None values not supported." for 1, "Data is expected to be in
    # format `x`, `(x,)`, `(x, y)`, or `(x, y, sample_weight)`, found: ..." for 4
    with pytest.raises(ValueError, match="^" + re.escape(
            "fit: validation_data must be (x_val, y_val), (x_val, y_val, sample_weight_val) "
            f"or a dataset; got a tuple of {size}.") + "$"):
        model().fit(X, Y, epochs=1, verbose=0, validation_data=(X, Y, None, None)[:size])


def test_bad_validation_weights_are_named_as_evaluates():
    with pytest.raises(ValueError, match="^" + re.escape(
            "evaluate: sample_weight must have one weight per sample, got 3 for 10 samples.")
            + "$"):
        model().fit(X, Y, epochs=1, verbose=0, validation_data=(X, Y, np.ones(3)))


def test_validation_data_of_no_known_kind_is_named_as_evaluates_x():
    # TensorFlow 2.21: "Unrecognized data type: x=5 (of type <class 'int'>)"
    with pytest.raises(ValueError, match="^" + re.escape(
            "evaluate: x must be an array with a batch axis (NumPy array, nested list or eager "
            "tensor), got int of shape ().") + "$"):
        model().fit(X, Y, epochs=1, verbose=0, validation_data=5)


def test_a_generator_changing_its_batches_length_is_refused():
    # TensorFlow 2.21 fails too (a ValueError "tuple arity mismatch" inside the dataset)
    def batches():
        yield X[:4], Y[:4]
        yield X[4:8], Y[4:8]
        yield X[8:], Y[8:], np.zeros(2, np.float32)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # shuffle=True ignored for a generator
        with pytest.raises(ValueError, match="^" + re.escape(
                "fit: the generator must yield tuples of one length; its first batches have 2 "
                "elements, a later one 3.") + "$"):
            model().fit(batches(), epochs=1, verbose=0)


class _TwoInTwoOut(keras.Model):
    def __init__(self):
        super().__init__()
        self.first = keras.layers.Dense(1, kernel_initializer="ones")
        self.second = keras.layers.Dense(1, kernel_initializer="zeros")

    def call(self, inputs):
        return [self.first(inputs[0]), self.second(inputs[1])]


def test_a_subclassed_models_list_of_outputs_logs_each_loss_by_output_number():
    # the losses as TensorFlow 2.21's; Keras 3.15 logs them as mse_loss and mae_loss
    made = _TwoInTwoOut()
    made.compile(keras.optimizers.SGD(0.1), ["mse", "mae"])
    history = made.fit([X, X * 2], [Y, Y * 3], batch_size=5, epochs=1, verbose=0,
                       shuffle=False)
    assert_history(history, {"loss": [4.176528], "output_1_loss": [0.588527],
                             "output_2_loss": [3.588]})
