"""fit's, evaluate's and predict's inputs beyond arrays and datasets of pairs: sample and
class weights, validation_freq, steps_per_epoch (and data that run out), generators and
PyDataset. Expected values were recorded from TensorFlow 2.21 (Keras 3.15) on the same fits
(see fit_cases.py)."""

import itertools
import random
import re
import warnings

import numpy as np
import pytest

import autograph as ag
from tests.keras.fit_cases import MAE, CountBatches, X, Y, assert_history, assert_weights, model

keras = ag.keras
D = ag.data.Dataset
SW = np.array([1, 0, 2, 1, 0.5, 1, 0, 3, 1, 1], np.float32)
YC = (X[:, :1] > 0.9).astype(np.float32)  # five of each class
RAN_OUT = ("Your input ran out of data; interrupting training. Make sure that your dataset or "
           "generator can generate at least `steps_per_epoch * epochs` batches. You may need "
           "to use the `.repeat()` function when building your dataset.")


def _ran_out_warnings(caught):
    return [str(w.message) for w in caught if str(w.message) == RAN_OUT]


def test_sample_weight_weighs_the_loss_and_weighted_metrics_not_metrics():
    made = model(metrics=[MAE], weighted_metrics=[MAE])
    history = made.fit(X, Y, sample_weight=SW, batch_size=4, epochs=2, shuffle=False,
                       verbose=0, validation_data=(X[:4], Y[:4], SW[:4]))
    assert_history(history, {
        "loss": [0.713763, 2.6e-05], "mean_absolute_error": [0.647685, 0.004231],
        "val_loss": [6e-05, 5.2e-05], "val_mean_absolute_error": [0.007904, 0.007365],
        "val_weighted_mean_absolute_error": [0.007628, 0.007144],
        "weighted_mean_absolute_error": [0.716005, 0.004049]})
    assert_weights(made, [[[0.858371], [0.146041]], [0.376707]])


def test_validation_split_splits_the_sample_weights_too():
    history = model(metrics=[MAE]).fit(X, Y, sample_weight=SW, batch_size=4, epochs=2,
                                       shuffle=False, verbose=0, validation_split=0.2)
    assert_history(history, {"loss": [0.892203, 3e-05],
                             "mean_absolute_error": [0.809463, 0.004564],
                             "val_loss": [0.0, 8e-06],
                             "val_mean_absolute_error": [0.000576, 0.002697]})


def test_evaluate_weighs_the_loss_and_the_weighted_metrics():
    made = model(metrics=[MAE], weighted_metrics=[keras.losses.mean_squared_error])
    logs = made.evaluate(X, Y, sample_weight=SW, batch_size=4, verbose=0, return_dict=True)
    np.testing.assert_allclose([logs["loss"], logs["mean_absolute_error"],
                                logs["mean_squared_error"]],
                               [1.6221561431884766, 1.100000023841858, 1.5449106693267822],
                               rtol=1e-6)


def test_evaluate_steps_takes_the_first_batches():
    assert model().evaluate(X, Y, batch_size=2, steps=2, verbose=0) == pytest.approx(
        0.4506250023841858, rel=1e-6)


def test_class_weight_weighs_each_sample_by_its_label():
    made = model(loss="binary_crossentropy", activation="sigmoid", metrics=["accuracy"],
                 weighted_metrics=["accuracy"])
    history = made.fit(X, YC, class_weight={0: 1.0, 1: 3.0}, batch_size=4, epochs=2,
                       shuffle=False, verbose=0)
    assert_history(history, {"accuracy": [0.6, 0.5], "loss": [1.135028, 0.873386],
                             "weighted_accuracy": [0.8, 0.75]})
    assert_weights(made, [[[0.885325], [0.152392]], [0.170665]])


def test_class_weight_applies_to_a_datasets_batches():
    made = model(loss="binary_crossentropy", activation="sigmoid", metrics=["accuracy"])
    history = made.fit(D.from_tensor_slices((X, YC)).batch(4), class_weight={0: 1.0, 1: 3.0},
                       epochs=2, verbose=0, shuffle=False)
    assert_history(history, {"accuracy": [0.6, 0.5], "loss": [1.135028, 0.873386]})


def test_a_dataset_of_triples_gives_sample_weights():
    history = model(metrics=[MAE], weighted_metrics=[MAE]).fit(
        D.from_tensor_slices((X, Y, SW)).batch(4), epochs=2, verbose=0, shuffle=False)
    assert_history(history, {"loss": [0.713763, 2.6e-05],
                             "mean_absolute_error": [0.647685, 0.004231],
                             "weighted_mean_absolute_error": [0.716005, 0.004049]})


def test_sample_weights_are_part_of_the_traced_steps_signature():
    made = model()
    made.fit(X, Y, sample_weight=SW, batch_size=4, epochs=2, verbose=0)
    made.fit(X, Y, batch_size=4, epochs=2, verbose=0)
    made.fit(X, Y, sample_weight=SW * 2, batch_size=3, epochs=1, verbose=0)
    kinds = sorted(len(key) for key in made._compiled.functions)  # (kind, *specs)
    assert kinds == [3, 4]  # one step without weights, one with: each traced once


_HALF = np.array([1, 0] * 5, np.float32)


@pytest.mark.parametrize("reduction", ["mean_with_sample_weight", "sum"])
def test_zero_weights_on_half_the_data_equal_training_on_the_other_half(reduction):
    """Keras 3's default reduction, "sum_over_batch_size", divides the weighted sum by the
    number of values (the batch size), not by the sum of the weights: zeroing half of a batch
    halves its loss and its gradient, so the two fits differ (see the next test). They are
    the same fit when the reduction does not count the zero-weighted samples, as
    "mean_with_sample_weight" (divides by the sum of the weights) and "sum" do, and when each
    weighted batch holds exactly the samples of the matching unweighted batch: here batches
    of 4 alternating weights 1, 0 against batches of 2 of the even samples. The weighted
    metrics then agree too, and the loss tracker's batch-size weighting (4 against 2) cancels
    because every batch but the last is full in both fits, and the last ones hold 2 and 1.
    Checked in TensorFlow 2.21 (Keras 3.15): both histories and weights equal."""
    loss = keras.losses.MeanSquaredError(reduction=reduction)
    weighted = model(loss=loss, weighted_metrics=[MAE])
    h1 = weighted.fit(X, Y, sample_weight=_HALF, batch_size=4, epochs=2, shuffle=False,
                      verbose=0)
    half = model(loss=loss, weighted_metrics=[MAE])
    h2 = half.fit(X[::2], Y[::2], batch_size=2, epochs=2, shuffle=False, verbose=0)
    expected = {"mean_with_sample_weight": {"loss": [0.586878, 0.004323],
                                            "mean_absolute_error": [0.72356, 0.061307]},
                "sum": {"loss": [0.821097, 0.008491],
                        "mean_absolute_error": [0.608041, 0.058729]}}[reduction]
    assert_history(h1, expected)
    assert_history(h2, expected)
    for a, b in zip(weighted.get_weights(), half.get_weights()):
        np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-7)


def test_with_the_default_reduction_zero_weights_halve_the_loss_instead():
    weighted = model(weighted_metrics=[MAE])
    history = weighted.fit(X, Y, sample_weight=_HALF, batch_size=4, epochs=2, shuffle=False,
                           verbose=0)
    assert_history(history, {"loss": [0.411811, 0.022223],
                             "mean_absolute_error": [0.86576, 0.205047]})
    assert_weights(weighted, [[[0.852152], [0.135099]], [0.329473]])


def test_validation_freq_validates_every_nth_epoch():
    history = model().fit(X, Y, batch_size=5, epochs=4, validation_data=(X, Y),
                          validation_freq=2, verbose=0, shuffle=False)
    assert history.epoch == [0, 1, 2, 3] and len(history.history["val_loss"]) == 2


def test_validation_freq_as_a_list_names_the_epochs_from_one():
    history = model().fit(X, Y, batch_size=5, epochs=4, validation_data=(X, Y),
                          validation_freq=[1, 4], verbose=0, shuffle=False)
    assert_history(history, {"loss": [0.910286, 0.002583, 0.000388, 0.000303],
                             "val_loss": [0.00312, 0.000223]})


def _generator(weights=False, forever=False):
    while True:
        for i in range(0, 10, 4):
            yield (X[i:i + 4], Y[i:i + 4], SW[i:i + 4]) if weights else (X[i:i + 4],
                                                                         Y[i:i + 4])
        if not forever:
            return


def test_a_generator_is_read_once_and_its_first_two_batches_come_again():
    # Keras reads two batches to learn the shapes and chains them before the rest on every
    # pass: the second epoch gets those two, then the data run out (a warning per epoch)
    counter = CountBatches()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        history = model().fit(_generator(), epochs=2, verbose=0, callbacks=[counter],
                              shuffle=False)
    assert_history(history, {"loss": [0.612182, 0.005164]})
    assert counter.counts == [3, 2] and history.params["steps"] is None
    assert len(_ran_out_warnings(caught)) == 2


def test_a_generator_of_triples_with_steps_per_epoch():
    counter = CountBatches()
    history = model().fit(_generator(weights=True, forever=True), epochs=2, steps_per_epoch=3,
                          verbose=0, callbacks=[counter], shuffle=False)
    assert_history(history, {"loss": [0.713763, 2.6e-05]})
    assert counter.counts == [3, 3]


class _Batches(keras.utils.PyDataset):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.ends = 0

    def __len__(self):
        return 3

    def __getitem__(self, index):
        return X[index * 4:(index + 1) * 4], Y[index * 4:(index + 1) * 4]

    def on_epoch_end(self):
        self.ends += 1


def test_a_py_dataset_trains_and_hears_of_each_epoch_end():
    data, counter = _Batches(), CountBatches()
    made = model()
    history = made.fit(data, epochs=2, verbose=0, shuffle=False, callbacks=[counter])
    assert_history(history, {"loss": [0.612182, 0.004449]})
    assert counter.counts == [3, 3]
    assert data.ends == 3  # as Keras: once before the first epoch, then after each
    np.testing.assert_allclose(made.predict(data, verbose=0)[:2], [[0.381091], [0.5813]],
                               rtol=1e-5)


def test_shuffle_takes_a_py_datasets_batches_in_random_order():
    seen = []

    class Logged(_Batches):
        def __getitem__(self, index):
            seen.append(index)
            return super().__getitem__(index)

    random.seed(3)  # Keras shuffles a PyDataset's batch indices with Python's random
    model().fit(Logged(), epochs=4, verbose=0)
    epochs = [seen[i:i + 3] for i in range(2, 14, 3)]  # after the two read for the shapes
    assert seen[:2] == [0, 1] and len(seen) == 14
    assert all(sorted(e) == [0, 1, 2] for e in epochs) and epochs != [[0, 1, 2]] * 4


def test_steps_per_epoch_over_arrays_goes_on_where_the_last_epoch_stopped():
    # 5 batches, 2 per epoch: the third epoch has the one left, then the data ran out
    counter = CountBatches()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        history = model().fit(X, Y, batch_size=2, steps_per_epoch=2, epochs=3, shuffle=False,
                              verbose=0, callbacks=[counter])
    assert_history(history, {"loss": [0.362502, 0.325116, 0.003332]})
    assert counter.counts == [2, 2, 1] and history.params["steps"] == 2
    assert len(_ran_out_warnings(caught)) == 1


def test_steps_per_epoch_without_batch_size_divides_the_samples():
    counter = CountBatches()
    history = model().fit(X, Y, steps_per_epoch=3, epochs=2, shuffle=False, verbose=0,
                          callbacks=[counter])
    assert_history(history, {"loss": [0.612182, 0.004449]})
    assert counter.counts == [3, 3]


def test_steps_per_epoch_over_a_repeated_dataset():
    counter = CountBatches()
    history = model().fit(D.from_tensor_slices((X, Y)).batch(4).repeat(), steps_per_epoch=2,
                          epochs=3, verbose=0, callbacks=[counter], shuffle=False)
    assert_history(history, {"loss": [0.733134, 0.044241, 0.005963]})
    assert counter.counts == [2, 2, 2]


def test_steps_per_epoch_over_a_finite_dataset_runs_out_then_starts_again():
    counter = CountBatches()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        history = model().fit(D.from_tensor_slices((X, Y)).batch(2), steps_per_epoch=3,
                              epochs=3, verbose=0, callbacks=[counter], shuffle=False)
    assert_history(history, {"loss": [0.399627, 0.089843, 0.002855]})
    assert counter.counts == [3, 2, 3] and len(_ran_out_warnings(caught)) == 1


def test_more_steps_per_epoch_than_batches_ends_each_epoch_early():
    counter = CountBatches()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        history = model().fit(D.from_tensor_slices((X, Y)).batch(4), steps_per_epoch=5,
                              epochs=2, verbose=0, callbacks=[counter], shuffle=False)
    assert_history(history, {"loss": [0.612182, 0.004449]})
    assert counter.counts == [3, 3] and len(_ran_out_warnings(caught)) == 2


class _Hooks(keras.callbacks.Callback):
    """Each epoch's train batch hooks in order: "b0" for on_train_batch_begin(0), "e0" for
    its end."""

    def on_train_begin(self, logs=None):
        self.calls = []

    def on_epoch_begin(self, epoch, logs=None):
        self.calls.append([])

    def on_train_batch_begin(self, batch, logs=None):
        self.calls[-1].append(f"b{batch}")

    def on_train_batch_end(self, batch, logs=None):
        self.calls[-1].append(f"e{batch}")


def _fit_with_hooks(data, **kwargs):
    """fit's history, each epoch's hooks and the number of "ran out" warnings."""
    hooks = _Hooks()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        history = model().fit(data, verbose=0, callbacks=[hooks], shuffle=False, **kwargs)
    return history, hooks.calls, len(_ran_out_warnings(caught))


def test_steps_per_epoch_of_one_takes_one_batch_per_epoch():
    # TensorFlow 2.21: the second epoch takes the second batch of 4
    history = model().fit(X, Y, batch_size=4, steps_per_epoch=1, epochs=2, shuffle=False,
                          verbose=0)
    assert_history(history, {"loss": [0.450625, 1.015643]})


def test_an_epoch_that_stops_at_the_end_of_known_data_begins_no_batch_it_lacks():
    # 5 batches, 2 per epoch: the third epoch's second step is not begun (TensorFlow 2.21)
    history, hooks, ran_out = _fit_with_hooks(X, y=Y, batch_size=2, steps_per_epoch=2,
                                              epochs=3)
    assert hooks == [["b0", "e0", "b1", "e1"]] * 2 + [["b0", "e0"]] and ran_out == 1


def test_data_of_unknown_length_keep_the_length_their_first_epoch_counted():
    # A generator of 2 batches, then 4 on each later call: the first epoch ends at the third
    # step and counts 3 (step + 1, as Keras); later epochs take 3 of the 4 and start a new
    # pass each time, without a warning. Recorded from TensorFlow 2.21.
    calls = []

    def grows():
        calls.append(1)
        for i in range(2 if len(calls) == 1 else 4):
            yield X[i * 2:i * 2 + 2], Y[i * 2:i * 2 + 2]

    spec = (ag.TensorSpec((None, 2), ag.float32), ag.TensorSpec((None, 1), ag.float32))
    history, hooks, ran_out = _fit_with_hooks(D.from_generator(grows, output_signature=spec),
                                              epochs=4)
    assert_history(history, {"loss": [0.362502, 0.144761, 0.012901, 0.005466]})
    assert hooks == [["b0", "e0", "b1", "e1", "b2"]] + [["b0", "e0", "b1", "e1", "b2", "e2"]] * 3
    assert ran_out == 1 and len(calls) == 4


def test_steps_per_epoch_past_the_end_of_unknown_length_data_starts_each_epoch_anew():
    # 3 batches of unknown length, 5 steps asked: every epoch takes the 3 (TensorFlow 2.21)
    data = D.from_tensor_slices((X, Y)).filter(lambda a, b: True).batch(4)
    history, hooks, ran_out = _fit_with_hooks(data, steps_per_epoch=5, epochs=3)
    assert_history(history, {"loss": [0.612182, 0.004449, 0.000189]})
    assert hooks == [["b0", "e0", "b1", "e1", "b2", "e2", "b3"]] * 3 and ran_out == 3


def test_predict_steps_on_a_dataset_of_features_only():
    got = model().predict(D.from_tensor_slices(X).batch(4), steps=2, verbose=0)
    np.testing.assert_allclose(got[:, 0], [-0.025, 0.025, 0.075, 0.125, 0.175, 0.225, 0.275,
                                           0.325], rtol=1e-5, atol=1e-7)


def test_shuffle_with_a_dataset_warns_as_keras():
    with pytest.warns(UserWarning, match="^" + re.escape(
            "`shuffle=True` was passed, but will be ignored since the data `x` was provided "
            "as a tf.data.Dataset. The Dataset is expected to already be shuffled (via "
            "`.shuffle(buffer_size)`).") + "$"):
        model().fit(D.from_tensor_slices((X, Y)).batch(4), verbose=0)


def test_the_shuffle_warning_names_the_line_that_called_fit():
    # TensorFlow 2.21's names a line of Keras's own epoch_iterator.py instead
    with pytest.warns(UserWarning, match="^`shuffle=True` was passed") as caught:
        model().fit(D.from_tensor_slices((X, Y)).batch(4), verbose=0)
    assert caught[0].filename == __file__


@pytest.mark.parametrize("kwargs, message", [
    ({"sample_weight": SW, "class_weight": {0: 2.0}},
     "You cannot `class_weight` and `sample_weight` at the same time."),
    ({"sample_weight": SW[:3]},
     "fit: sample_weight must have one weight per sample, got 3 for 10 samples."),
    ({"sample_weight": 2.0},
     "fit: sample_weight must be an array with a batch axis (NumPy array, nested list or "
     "eager tensor), got float of shape ()."),
    ({"class_weight": [1.0, 2.0]},
     "fit: class_weight must be a dict {class index: weight}, got [1.0, 2.0]."),
    ({"steps_per_epoch": 0},
     "steps_per_epoch must be a positive integer or None, got 0."),
    ({"validation_freq": 1.5},
     "Expected `validation_freq` to be a list or int. Received: validation_freq=1.5 of the "
     "type <class 'float'>."),
])
def test_bad_fit_arguments_are_one_clear_error(kwargs, message):
    with pytest.raises(ValueError, match="^" + re.escape(message) + "$"):
        model().fit(X, Y, verbose=0, **kwargs)


@pytest.mark.parametrize("source, name", [
    (lambda: _generator(), "a generator"), (lambda: _Batches(), "a PyDataset")])
def test_sample_weight_with_a_source_of_batches_is_refused(source, name):
    the = name.replace("a ", "the ", 1)
    with pytest.raises(ValueError, match="^" + re.escape(
            f"fit: sample_weight must not be given when x is {name}; {the} yields "
            f"(x, y, sample_weight) triples.") + "$"):
        model().fit(source(), sample_weight=SW, verbose=0, shuffle=False)


def test_class_weight_with_a_generator_is_refused_as_keras_does():
    with pytest.raises(ValueError, match="^" + re.escape(
            "Argument `class_weight` is not supported for Python generator inputs. "
            "Received: class_weight={0: 2.0}") + "$"):
        model().fit(_generator(), class_weight={0: 2.0}, verbose=0, shuffle=False)


def test_an_empty_generator_is_refused_as_keras_does():
    with pytest.raises(ValueError, match="^" + re.escape(
            "When passing a Python generator to a Keras model, the generator must yield at "
            "least one batch. Received an empty generator.") + "$"):
        model().fit((b for b in []), verbose=0, shuffle=False)


def test_a_generator_of_arrays_not_tuples_is_refused_as_keras_does():
    with pytest.raises(ValueError, match="^" + re.escape(
            "When passing a Python generator to a Keras model, the generator must return a "
            "tuple, either (input,) or (inputs, targets) or (inputs, targets, "
            "sample_weights). Received: [[0.  0.1]]") + "$"):
        model().fit((X[i:i + 1] for i in range(3)), verbose=0, shuffle=False)


class _NumberTargets(_Batches):
    def __getitem__(self, index):
        return X[index * 4:(index + 1) * 4], 3.0


@pytest.mark.parametrize("source, name", [
    (lambda: ((X[i:i + 4], 3.0) for i in range(0, 10, 4)), "the generator"),
    (lambda: _NumberTargets(), "the PyDataset")])
def test_a_batch_part_that_is_a_number_is_one_clear_error(source, name):
    # TensorFlow 2.21 refuses it too ("the arrays must be at least rank 1"); the shapes read
    # from the first batches used to fail on it with an AttributeError
    with pytest.raises(ValueError, match="^" + re.escape(
            f"fit: {name}: each part of a batch must be an array with a batch axis (NumPy "
            f"array, nested list or eager tensor), got float of shape ().") + "$"):
        model().fit(source(), verbose=0, shuffle=False)


def test_a_generator_of_one_batch_trains_on_it_every_epoch():
    # TensorFlow 2.21: the peeked batch comes again each epoch, then the data run out
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        history = model().fit(((X[:4], Y[:4]) for _ in range(1)), epochs=2, verbose=0,
                              shuffle=False)
    assert_history(history, {"loss": [0.450625, 0.253302]})
    assert len(_ran_out_warnings(caught)) == 2


def test_predict_on_a_generator_of_one_element_tuples():
    # recorded from TensorFlow 2.21, which warns that the input ran out of data too
    with pytest.warns(UserWarning, match="^Your input ran out of data"):
        got = model().predict(((X[i:i + 4],) for i in range(0, 10, 4)), verbose=0)
    np.testing.assert_allclose(got[:, 0], np.arange(10) * 0.05 - 0.025, rtol=1e-5, atol=1e-7)


def test_axes_that_differ_between_a_generators_first_batches_are_unknown():
    # sequences of 3, 5 then 4 steps: the traced step takes (None, None, 1) and all of them
    # (loss recorded from TensorFlow 2.21)
    rng = np.random.RandomState(0)
    sequences = [(rng.rand(2, n, 1).astype(np.float32), rng.rand(2, 1).astype(np.float32))
                 for n in (3, 5, 4)]
    made = keras.Sequential([keras.Input((None, 1)), keras.layers.GlobalAveragePooling1D(),
                             keras.layers.Dense(1, kernel_initializer="ones")])
    made.compile(keras.optimizers.SGD(0.1), "mse")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # ran out of data
        history = made.fit((s for s in sequences), verbose=0, shuffle=False)
    assert_history(history, {"loss": [0.085652]})


@pytest.mark.parametrize("what, batches, message", [
    ("fit", [(X[:4],), (X[4:],)],
     "fit: the generator must yield tuples (x, y) or (x, y, sample_weight) of arrays; its "
     "first batches have [1] elements."),
    ("fit", [(X[:4], Y[:4]), (X[4:], Y[4:], SW[4:])],
     "fit: the generator must yield tuples (x, y) or (x, y, sample_weight) of arrays; its "
     "first batches have [2, 3] elements."),
    ("predict", [(X[:4],), (X[4:], Y[4:])],
     "predict: the generator must yield tuples (x,), (x, y) or (x, y, sample_weight) of "
     "arrays; its first batches have [1, 2] elements."),
    ("fit", [(X, Y, SW, SW)],
     "fit: the generator must yield (x,), (x, y) or (x, y, sample_weight); got a tuple of 4."),
])
def test_a_generator_of_tuples_that_do_not_fit_the_call_is_refused(what, batches, message):
    # TensorFlow 2.21 fails too, each time with another message ("None values not
    # supported.", "tuple arity mismatch", "Data is expected to be in format ...")
    with pytest.raises(ValueError, match="^" + re.escape(message) + "$"):
        getattr(model(), what)((b for b in batches), verbose=0,
                               **({"shuffle": False} if what == "fit" else {}))


class _SeenRows(keras.layers.Layer):
    """Passes its input on; run eagerly, notes the rows of each batch (X's row i has 0.2 i
    in its first column)."""

    def __init__(self):
        super().__init__()
        self.rows = []

    def call(self, x):
        if ag.executing_eagerly():
            self.rows.append(np.round(x.numpy()[:, 0] * 5).astype(int).tolist())
        return x


def test_shuffle_batch_permutes_the_rows_within_each_batch_with_numpys_generator():
    # Keras shuffles within batches with tf.random, so only the rule is Keras's: the batches
    # hold the same rows as unshuffled, each batch in NumPy's next permutation
    seen = _SeenRows()
    made = keras.Sequential([keras.Input((2,)), seen, keras.layers.Dense(1)])
    made.compile("sgd", "mse", run_eagerly=True)
    np.random.seed(5)
    made.fit(X, Y, batch_size=4, epochs=2, shuffle="batch", verbose=0)
    np.random.seed(5)
    expected = [(np.random.permutation(n) + start).tolist()
                for _ in range(2) for start, n in ((0, 4), (4, 4), (8, 2))]
    assert seen.rows == expected and seen.rows[:3] != [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]]


def test_a_dataset_of_one_batch_is_one_step_per_epoch():
    # recorded from TensorFlow 2.21
    history = model().fit(D.from_tensor_slices((X, Y)).batch(10), epochs=2, verbose=0,
                          shuffle=False)
    assert_history(history, {"loss": [1.395625, 0.168265]})
    assert history.params["steps"] == 1


class _Endless(_Batches):
    """The three batches again and again: a PyDataset of unknown length."""

    @property
    def num_batches(self):
        return None

    def __getitem__(self, index):
        return super().__getitem__(index % 3)


@pytest.mark.parametrize("source, kind, expected", [
    (lambda: _generator(), "a generator",
     "The generator is expected to yield already-shuffled data."),
    (lambda: _Endless(), "an infinite PyDataset",
     "The PyDataset is expected to already be shuffled.")])
def test_shuffle_with_a_generator_or_an_endless_py_dataset_warns_as_keras(source, kind,
                                                                           expected):
    # TensorFlow 2.21's warnings, word for word
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model().fit(source(), steps_per_epoch=2, verbose=0)
    assert [str(w.message) for w in caught] == [
        f"`shuffle=True` was passed, but will be ignored since the data `x` was provided as "
        f"{kind}. {expected}"]


def test_an_endless_py_dataset_is_read_on_with_steps_per_epoch():
    # TensorFlow 2.21: the same history; the indices 0, 1 are read for the shapes, then
    # every epoch goes on from the last (TensorFlow also reads one batch ahead, index 6)
    seen = []

    class Logged(_Endless):
        def __getitem__(self, index):
            seen.append(index)
            return super().__getitem__(index)

    history = model().fit(Logged(), steps_per_epoch=2, epochs=3, verbose=0, shuffle=False)
    assert_history(history, {"loss": [0.733134, 0.044241, 0.005963]})
    assert seen == [0, 1, 0, 1, 2, 3, 4, 5]


def test_an_empty_py_dataset_is_refused_as_keras_does():
    class Empty(_Batches):
        def __len__(self):
            return 0

    with pytest.raises(ValueError, match="^The PyDataset has length 0$"):
        model().fit(Empty(), verbose=0)


def test_a_py_dataset_batch_that_is_not_a_tuple_is_refused_as_keras_does():
    class Numbers(_Batches):
        def __getitem__(self, index):
            return 7

    with pytest.raises(ValueError, match="^" + re.escape(
            "PyDataset.__getitem__() must return a tuple or a dict. If a tuple, it must be "
            "ordered either (input,) or (inputs, targets) or (inputs, targets, "
            "sample_weights). Received: 7... of type <class 'int'>") + "$"):
        model().fit(Numbers(), verbose=0)


def test_predict_on_a_py_dataset_of_bare_arrays():
    class Inputs(_Batches):
        def __getitem__(self, index):
            return super().__getitem__(index)[0]

    # recorded from TensorFlow 2.21
    np.testing.assert_allclose(model().predict(Inputs(), verbose=0)[:, 0],
                               np.arange(10) * 0.05 - 0.025, rtol=1e-5, atol=1e-7)


class _Parts(_Batches):
    """X and Y's batches of 4 as `parts(x, y, sample_weight)` makes them."""

    def __init__(self, parts):
        super().__init__()
        self.parts = parts

    def __getitem__(self, index):
        rows = slice(index * 4, (index + 1) * 4)
        return self.parts(X[rows], Y[rows], SW[rows])


def test_a_py_dataset_of_lists_trains_as_one_of_tuples():
    # recorded from TensorFlow 2.21 (test_a_py_dataset_trains_and_hears_of_each_epoch_end)
    history = model().fit(_Parts(lambda x, y, w: [x, y]), epochs=2, verbose=0, shuffle=False)
    assert_history(history, {"loss": [0.612182, 0.004449]})


def test_a_py_dataset_of_triples_gives_sample_weights():
    # recorded from TensorFlow 2.21, as test_a_dataset_of_triples_gives_sample_weights
    history = model().fit(_Parts(lambda x, y, w: (x, y, w)), epochs=2, verbose=0,
                          shuffle=False)
    assert_history(history, {"loss": [0.713763, 2.6e-05]})


def test_predict_on_a_py_dataset_of_one_element_tuples():
    # recorded from TensorFlow 2.21
    got = model().predict(_Parts(lambda x, y, w: (x,)), verbose=0)
    np.testing.assert_allclose(got[:, 0], np.arange(10) * 0.05 - 0.025, rtol=1e-5, atol=1e-7)


def test_a_py_dataset_of_four_tuples_is_refused_as_keras_does():
    # TensorFlow 2.21's message, which shows the first 100 characters of the batch
    with pytest.raises(ValueError) as raised:
        model().fit(_Parts(lambda x, y, w: (x, y, w, w)), verbose=0, shuffle=False)
    batch = str((X[:4], Y[:4], SW[:4], SW[:4]))
    assert str(raised.value) == (
        f"PyDataset.__getitem__() must return a tuple or a dict. If a tuple, it must be "
        f"ordered either (input,) or (inputs, targets) or (inputs, targets, sample_weights). "
        f"Received: {batch[:100]}... of type <class 'tuple'>")


class _NumberInThirdBatch(_Batches):
    def __getitem__(self, index):
        x, y = super().__getitem__(index)
        return (x, 3.0) if index == 2 else (x, y)


@pytest.mark.parametrize("source, name", [
    (lambda: ((X[i:i + 4], 3.0 if i == 8 else Y[i:i + 4]) for i in range(0, 10, 4)),
     "the generator"),
    (lambda: _NumberInThirdBatch(), "the PyDataset")])
def test_a_number_in_a_later_batch_is_the_same_clear_error(source, name):
    with pytest.raises(ValueError, match="^" + re.escape(
            f"fit: {name}: each part of a batch must be an array with a batch axis (NumPy "
            f"array, nested list or eager tensor), got float of shape ().") + "$"):
        model().fit(source(), verbose=0, shuffle=False)


def test_a_class_not_named_in_class_weight_weighs_one():
    # {1: 3.0} is {0: 1.0, 1: 3.0}: the history of
    # test_class_weight_weighs_each_sample_by_its_label (recorded from TensorFlow 2.21)
    made = model(loss="binary_crossentropy", activation="sigmoid")
    history = made.fit(X, YC, class_weight={1: 3.0}, batch_size=4, epochs=2, shuffle=False,
                       verbose=0)
    assert_history(history, {"loss": [1.135028, 0.873386]})


def _two_classes(loss):
    made = keras.Sequential([keras.Input((2,)), keras.layers.Dense(2, activation="softmax")])
    made.set_weights([np.array([[0.5, -0.5], [-0.25, 0.25]], np.float32),
                      np.zeros(2, np.float32)])
    made.compile(keras.optimizers.SGD(0.1), loss)
    return made


@pytest.mark.parametrize("loss, labels", [
    ("sparse_categorical_crossentropy", YC[:, 0].astype(np.int32)),
    ("categorical_crossentropy", np.eye(2, dtype=np.float32)[YC[:, 0].astype(np.int32)])])
def test_class_weight_reads_the_class_of_integer_and_one_hot_labels(loss, labels):
    # recorded from TensorFlow 2.21: the same history for both kinds of labels
    history = _two_classes(loss).fit(X, labels, class_weight={0: 1.0, 1: 3.0}, batch_size=4,
                                     epochs=2, shuffle=False, verbose=0)
    assert_history(history, {"loss": [1.587554, 0.878467]})


def test_no_shuffle_warning_without_shuffle_or_outside_fit():
    # TensorFlow 2.21 warns of nothing here either
    data, made = D.from_tensor_slices((X, Y)).batch(4), model()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        made.fit(data, verbose=0, shuffle=False)
        made.evaluate(data, verbose=0)
        made.predict(data, verbose=0)
    assert [str(w.message) for w in caught] == []


def test_batch_size_with_a_generator_is_an_error():
    # TensorFlow 2.21 ignores it; as with a dataset, the mistake is named
    with pytest.raises(ValueError, match="^" + re.escape(
            "fit: batch_size must not be given when x is a generator; the generator yields "
            "whole batches.") + "$"):
        model().fit(_generator(), batch_size=4, verbose=0, shuffle=False)


@pytest.mark.parametrize("arrays, message", [
    ({"x": "abc"}, "fit: x must be an array with a batch axis (NumPy array, nested list or "
                   "eager tensor), got str of shape ()."),
    ({"y": 1.0}, "fit: y must be an array with a batch axis (NumPy array, nested list or "
                 "eager tensor), got float of shape ()."),
    ({"sample_weight": 1.0}, "fit: sample_weight must be an array with a batch axis (NumPy "
                             "array, nested list or eager tensor), got float of shape ().")])
def test_validation_split_names_the_part_that_is_not_an_array(arrays, message):
    given = {"x": X, "y": Y, **arrays}
    with pytest.raises(ValueError, match="^" + re.escape(message) + "$"):
        model().fit(validation_split=0.2, verbose=0, **given)


def test_validation_split_of_x_and_y_of_different_lengths_names_the_split_sizes():
    # TensorFlow 2.21 refuses it with the same sizes, those after the split
    with pytest.raises(ValueError, match="^" + re.escape(
            "x and y must have the same number of samples, got 8 and 5.") + "$"):
        model().fit(X, Y[:5], validation_split=0.2, verbose=0)


def test_a_part_of_several_inputs_that_is_not_an_array_is_named_by_its_place():
    a, b = keras.Input((2,)), keras.Input((2,))
    made = keras.Model([a, b], keras.layers.Add()([a, b]))
    made.compile("sgd", "mse")
    with pytest.raises(ValueError, match="^" + re.escape(
            "fit: x[1] must be an array with a batch axis (NumPy array, nested list or eager "
            "tensor), got str of shape ().") + "$"):
        made.fit([X, "abc"], Y, verbose=0)


# -- PyDataset on its own: TensorFlow 2.21's answers ------------------------------------------
class _Two(keras.utils.PyDataset):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)

    def __len__(self):
        return 2

    def __getitem__(self, index):
        return np.array([index])


def test_a_py_dataset_keeps_the_loading_options_it_was_given():
    given = _Two(workers=4, use_multiprocessing=True, max_queue_size=5)
    assert (given.workers, given.use_multiprocessing, given.max_queue_size) == (4, True, 5)


def test_a_py_dataset_has_keras_default_loading_options():
    assert (_Two().workers, _Two().use_multiprocessing, _Two().max_queue_size) == (1, False, 10)


def test_a_py_dataset_loading_options_can_be_set():
    given = _Two()
    given.workers, given.use_multiprocessing, given.max_queue_size = 3, True, 7
    assert (given.workers, given.use_multiprocessing, given.max_queue_size) == (3, True, 7)


class _NoSuper(keras.utils.PyDataset):
    def __init__(self):
        pass

    def __len__(self):
        return 1

    def __getitem__(self, index):
        return np.array([index])


@pytest.mark.parametrize("option, default", [
    ("workers", 1), ("use_multiprocessing", False), ("max_queue_size", 10)])
def test_a_py_dataset_that_skipped_super_init_warns_at_the_callers_line_and_uses_defaults(
        option, default):
    with pytest.warns(UserWarning) as caught:
        assert getattr(_NoSuper(), option) == default
    assert str(caught[0].message) == (
        "Your `PyDataset` class should call `super().__init__(**kwargs)` in its constructor. "
        "`**kwargs` can include `workers`, `use_multiprocessing`, `max_queue_size`. Do not "
        "pass these arguments to `fit()`, as they will be ignored.")
    assert caught[0].filename == __file__


def test_a_py_dataset_that_called_super_init_does_not_warn():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert (_Two().workers, _Two().use_multiprocessing, _Two().max_queue_size) == (
            1, False, 10)


class _SomeOptions(_NoSuper):
    def __init__(self, **options):
        for name, value in options.items():
            setattr(self, f"_{name}", value)


@pytest.mark.parametrize("options", [{"workers": 3, "use_multiprocessing": True},
                                     {"max_queue_size": 5}])
def test_a_py_dataset_that_skipped_super_init_keeps_the_options_it_set(options):
    given = _SomeOptions(**options)
    with pytest.warns(UserWarning, match="^Your `PyDataset` class should call"):
        found = {name: getattr(given, name) for name in options}
    assert found == options


def test_a_py_dataset_iterates_over_its_batches_in_order():
    assert [batch.tolist() for batch in _Two()] == [[0], [1]]


def test_an_endless_py_dataset_iterates_without_end():
    class Endless(keras.utils.PyDataset):
        num_batches = None

        def __getitem__(self, index):
            return np.array([index])

    assert [b.tolist() for b in itertools.islice(Endless(), 4)] == [[0], [1], [2], [3]]


def test_a_py_dataset_without_a_length_asks_for_num_batches():
    class NoLength(keras.utils.PyDataset):
        def __getitem__(self, index):
            return np.array([index])

    with pytest.raises(NotImplementedError) as raised:
        _ = NoLength().num_batches
    assert str(raised.value) == ("You need to implement the `num_batches` property:\n\n"
                                 "@property\ndef num_batches(self):\n  return ...")


def test_a_py_dataset_without_getitem_says_what_to_define():
    # TensorFlow 2.21 raises NotImplementedError with no message
    class NoItems(keras.utils.PyDataset):
        def __len__(self):
            return 1

    with pytest.raises(NotImplementedError, match=r"^NoItems must define __getitem__\(index\), "
                                                  r"returning \(x,\), \(x, y\) or \(x, y, "
                                                  r"sample_weight\)\.$"):
        NoItems()[0]


def test_sequence_is_py_dataset():
    assert keras.utils.Sequence is keras.utils.PyDataset
