"""ag.keras models fed by ag.data datasets of (x, y) batches: fit, evaluate and predict give
what the same batches as arrays give, and misuse is one clear error (as Keras refuses it)."""

import re

import numpy as np
import pytest

import autograph as ag
from tests.keras.test_keras_sequential import mlp, quadrants

D = ag.data.Dataset


def test_fit_on_a_dataset_equals_fit_on_the_same_batches_of_arrays():
    x, y = quadrants(70)
    from_arrays = mlp().fit(x, y, batch_size=32, epochs=3, shuffle=False, verbose=0)
    from_dataset = mlp().fit(D.from_tensor_slices((x, y)).batch(32), epochs=3, shuffle=False,
                             verbose=0)
    np.testing.assert_allclose(from_dataset.history["loss"], from_arrays.history["loss"],
                               rtol=1e-6)
    assert from_dataset.params["steps"] == 3


def test_fit_traces_its_step_once_for_a_shuffled_dataset():
    x, y = quadrants(70)
    model = mlp()
    model.fit(D.from_tensor_slices((x, y)).shuffle(70, seed=1).batch(32), epochs=4, shuffle=False,
              verbose=0)
    assert [f.experimental_get_tracing_count() for f in model._compiled.functions.values()] \
        == [1]


def test_evaluate_and_predict_on_datasets_equal_the_arrays():
    x, y = quadrants(50)
    model = mlp()
    model.fit(x, y, epochs=2, verbose=0)
    np.testing.assert_allclose(model.evaluate(D.from_tensor_slices((x, y)).batch(16),
                                              verbose=0),
                               model.evaluate(x, y, batch_size=16, verbose=0), rtol=1e-6)
    # predict(x) takes batches of 32: a GPU's matrix product may round them differently
    np.testing.assert_allclose(model.predict(D.from_tensor_slices(x).batch(16), verbose=0),
                               model.predict(x, verbose=0), rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(model.predict(D.from_tensor_slices((x, y)).batch(16),
                                             verbose=0),
                               model.predict(x, verbose=0), rtol=1e-6, atol=1e-7)


def test_validation_data_may_be_a_dataset():
    x, y = quadrants(60)
    history = mlp().fit(D.from_tensor_slices((x, y)).batch(20), epochs=2, shuffle=False, verbose=0,
                        validation_data=D.from_tensor_slices((x[:30], y[:30])).batch(10))
    assert sorted(history.history) == ["accuracy", "loss", "val_accuracy", "val_loss"]


def test_a_dataset_of_unknown_length_counts_its_steps_in_the_first_epoch(capsys):
    x, y = quadrants(64)
    batches = D.from_tensor_slices((x, y)).filter(lambda a, b: True).batch(16)
    with pytest.warns(UserWarning, match="^Your input ran out of data"):
        history = mlp().fit(batches, epochs=2, verbose=2, shuffle=False)
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("4/")]
    # TensorFlow 2.21: the bar learns the length; the callbacks' params keep steps None, and
    # every epoch of data of unknown length ends with the "ran out of data" warning
    assert len(lines) == 2 and history.params["steps"] is None


def test_y_with_a_dataset_is_an_error():
    x, y = quadrants(10)
    with pytest.raises(ValueError, match="^" + re.escape(
            "fit: y must not be given when x is a dataset; the dataset yields (x, y) "
            "pairs.") + "$"):
        mlp().fit(D.from_tensor_slices((x, y)).batch(5), y, verbose=0)


def test_batch_size_with_a_dataset_is_an_error():
    x, y = quadrants(10)
    with pytest.raises(ValueError, match="^" + re.escape(
            "fit: batch_size must not be given when x is a dataset; batch the dataset "
            "instead (dataset.batch(n)).") + "$"):
        mlp().fit(D.from_tensor_slices((x, y)).batch(5), batch_size=5, verbose=0)


def test_validation_split_with_a_dataset_is_an_error():
    x, y = quadrants(10)
    with pytest.raises(ValueError, match="^" + re.escape(
            "fit: validation_split needs arrays; with a dataset, pass validation_data "
            "(another dataset).") + "$"):
        mlp().fit(D.from_tensor_slices((x, y)).batch(5), validation_split=0.2, verbose=0)


def test_an_infinite_dataset_is_an_error():
    x, y = quadrants(10)
    with pytest.raises(ValueError, match="^" + re.escape(
            "fit: the dataset is infinite (a repeat() without a count); pass steps_per_epoch "
            "(steps for evaluate and predict), take() the steps you want, or repeat it a "
            "number of times.") + "$"):
        mlp().fit(D.from_tensor_slices((x, y)).batch(5).repeat(), verbose=0)


def test_a_dataset_of_inputs_only_cannot_be_fit():
    x, _ = quadrants(10)
    with pytest.raises(ValueError, match="^" + re.escape(
            "fit: a dataset must yield (x, y) or (x, y, sample_weight) tuples of tensors; "
            "its elements are TensorSpec(shape=(None, 2), dtype=ag.float32, name=None).") + "$"):
        mlp().fit(D.from_tensor_slices(x).batch(5), verbose=0)


_SPEC_X = "TensorSpec(shape=(None, 2), dtype=ag.float32, name=None)"


def test_a_sequential_model_given_a_dataset_of_dicts_says_it_takes_one_input():
    x, _ = quadrants(10)
    model = mlp()
    with pytest.raises(ValueError) as raised:
        model.predict(D.from_tensor_slices({"a": x}).batch(5), verbose=0)
    assert str(raised.value) == (
        f"Sequential model {model.name!r} takes one input, got 1: {{'a': (None, 2)}}. Use a "
        f"functional model (ag.keras.Model(inputs, outputs)) for several.")


def test_predict_on_a_dataset_of_dicts_feeds_the_named_inputs():
    x, _ = quadrants(10)
    inputs = ag.keras.Input((2,), name="a")
    model = ag.keras.Model({"a": inputs}, ag.keras.layers.Dense(1)(inputs))
    np.testing.assert_allclose(model.predict(D.from_tensor_slices({"a": x}).batch(5),
                                             verbose=0), model.predict(x, verbose=0),
                               rtol=1e-6)


def test_predict_on_a_dataset_of_triples_takes_x_alone():
    x, y = quadrants(10)
    model = mlp()
    triples = D.from_tensor_slices((x, y, y.astype(np.float32))).batch(5)
    np.testing.assert_allclose(model.predict(triples, verbose=0),
                               model.predict(x, verbose=0), rtol=1e-6)


def _empty_dataset(known_length):
    x, y = quadrants(4)
    dataset = D.from_tensor_slices((x.astype(np.float32), y))
    dataset = dataset.take(0) if known_length else dataset.filter(lambda a, b: b > 9)
    return dataset.batch(2)


@pytest.mark.parametrize("what", ["fit", "evaluate", "predict"])
@pytest.mark.parametrize("known_length", [True, False])
@pytest.mark.filterwarnings("ignore:Your input ran out of data")  # Keras's warnings first
@pytest.mark.filterwarnings("ignore:`shuffle=True` was passed")
def test_a_dataset_without_batches_is_refused(what, known_length):
    # TensorFlow 2.21: fit returns an empty history, evaluate [], and predict fails with
    # UnboundLocalError
    with pytest.raises(ValueError, match="^" + re.escape(
            f"{what}: the dataset yields no batches.") + "$"):
        getattr(mlp(), what)(_empty_dataset(known_length), verbose=0)


@pytest.mark.parametrize("what, wanted", [
    ("fit", "(x, y) or (x, y, sample_weight)"),
    ("predict", "x, (x, y) or (x, y, sample_weight)")])
def test_a_dataset_of_four_tuples_is_refused(what, wanted):
    # TensorFlow 2.21 refuses it too: "Data is expected to be in format `x`, `(x,)`, ..."
    x, y = quadrants(4)
    with pytest.raises(ValueError, match="^" + re.escape(
            f"{what}: a dataset must yield {wanted} tuples of tensors; its elements are "
            f"({_SPEC_X}, TensorSpec(shape=(None,), dtype=ag.int32, name=None), "
            f"TensorSpec(shape=(None, 2), dtype=ag.float32, name=None), "
            f"TensorSpec(shape=(None,), dtype=ag.int32, name=None)).") + "$"):
        getattr(mlp(), what)(D.from_tensor_slices((x, y, x, y)).batch(2), verbose=0)


def test_class_weight_with_a_dataset_of_triples_is_refused_as_keras_does():
    x, y = quadrants(4)
    weights = np.ones(4, np.float32)
    with pytest.raises(ValueError, match="^" + re.escape(
            "You cannot `class_weight` and `sample_weight` at the same time.") + "$"):
        mlp().fit(D.from_tensor_slices((x, y, weights)).batch(2), class_weight={0: 2.0},
                  verbose=0)
