"""Errors of ag.keras that the other keras tests leave out: each names what is wrong.

The messages are ours; tf.keras (TensorFlow 2.21, Keras 3.15) raises the same class unless
a comment says otherwise."""

import re

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag
from autograph.runtime.train.keras import activations

keras = ag.keras
layers = ag.keras.layers


def _compiled(**kwargs):
    model = keras.Sequential([layers.Dense(1, kernel_initializer="ones")])
    model.compile(optimizer=keras.optimizers.SGD(0.1), **kwargs)
    return model


_X = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], np.float32)
_Y = np.array([[2.0], [3.0], [20.0]], np.float32)


# Activations and initializers ----------------------------------------------------------------
def test_an_activation_that_is_neither_a_name_nor_callable():
    # TensorFlow 2.21: ValueError "Could not interpret activation function identifier: 42"
    with pytest.raises(ValueError, match="^" + re.escape(
            "An activation must be a name or a function, got 42.") + "$"):
        layers.Dense(2, activation=42)
    with pytest.raises(ValueError, match="^" + re.escape(
            "An activation must be a name or a function, got [1].") + "$"):
        activations.get([1])


def test_an_initializer_that_is_neither_a_name_nor_callable():
    # TensorFlow 2.21: ValueError "Could not interpret initializer identifier: 42"
    with pytest.raises(ValueError, match="^" + re.escape(
            "An initializer must be a name or a callable (shape, dtype) -> tensor, got "
            "42.") + "$"):
        keras.initializers.get(42)


# Layers --------------------------------------------------------------------------------------
def test_the_base_layer_has_no_call():
    # TensorFlow 2.21: NotImplementedError ("Exception encountered when calling Layer.call()")
    with pytest.raises(NotImplementedError, match="^" + re.escape(
            "Layer must define call(inputs, training).") + "$"):
        layers.Layer()(np.ones((1, 2), np.float32))


def test_conv2d_kernel_size_must_be_a_positive_pair():
    # TensorFlow 2.21: ValueError "The `kernel_size` argument must be a tuple of 2 integers"
    with pytest.raises(ValueError, match="^" + re.escape(
            "Conv2D: kernel_size must be a positive int or a pair of them, got 0.") + "$"):
        layers.Conv2D(2, 0)
    with pytest.raises(ValueError, match="^" + re.escape(
            "Conv2D: kernel_size must be a positive int or a pair of them, got (1, 2, 3).") + "$"):
        layers.Conv2D(2, (1, 2, 3))
    with pytest.raises(ValueError, match="^" + re.escape(
            "MaxPooling2D: strides must be a positive int or a pair of them, got (2, -1).") + "$"):
        layers.MaxPooling2D(strides=(2, -1))
    with pytest.raises(ValueError, match="^" + re.escape(
            "Conv2D: strides must be a positive int or a pair of them, got (1, 0).") + "$"):
        layers.Conv2D(2, 3, strides=(1, 0))
    with pytest.raises(ValueError, match="^" + re.escape(
            "Conv2D: dilation_rate must be a positive int or a pair of them, got 0.") + "$"):
        layers.Conv2D(2, 3, dilation_rate=0)


def test_conv2d_filters_must_be_positive():
    # TensorFlow 2.21: ValueError "... Expected a strictly positive value. Received filters=0."
    with pytest.raises(ValueError, match="^" + re.escape(
            "Conv2D: filters must be a positive int, got 0.") + "$"):
        layers.Conv2D(0, 3)


def test_conv2d_of_one_filter_gives_one_channel():
    layer = layers.Conv2D(1, 2, kernel_initializer="ones")
    np.testing.assert_array_equal(layer(np.ones((1, 3, 3, 1), np.float32)),
                                  np.full((1, 2, 2, 1), 4.0))


def test_data_format_must_be_channels_last_or_first():
    # TensorFlow 2.21: ValueError "The `data_format` argument must be one of {'channels_first',
    # 'channels_last'}. Received: data_format=nhwc"
    with pytest.raises(ValueError, match="^" + re.escape(
            "Conv2D: data_format must be 'channels_last' or 'channels_first', got 'nhwc'.") + "$"):
        layers.Conv2D(2, 3, data_format="nhwc")
    with pytest.raises(ValueError, match="^" + re.escape(
            "MaxPooling2D: data_format must be 'channels_last' or 'channels_first', got "
            "'NCHW'.") + "$"):
        layers.MaxPooling2D(data_format="NCHW")


def test_conv2d_needs_a_known_number_of_channels():
    # TensorFlow 2.21 fails there with a TypeError (None % int); ours says what is missing
    conv = layers.Conv2D(4, 3, name="c_unknown")
    with pytest.raises(ValueError, match="^" + re.escape(
            "Conv2D layer 'c_unknown' needs inputs with a known number of channels, got "
            "shape (None, 8, 8, None).") + "$"):
        conv.build((None, 8, 8, None))


def test_conv2d_called_on_other_channels_than_it_was_built_for():
    conv = layers.Conv2D(4, 3, name="c_three")
    conv(np.ones((1, 8, 8, 3), np.float32))
    # TensorFlow 2.21: ValueError "Input 0 ... of layer 'conv2d' is incompatible with the
    # layer: expected axis -1 of input shape to have value 3, but received input with shape
    # (1, 8, 8, 4)"
    with pytest.raises(ValueError, match="^" + re.escape(
            "Input 0 of layer 'c_three' is incompatible with the layer: expected axis 3 "
            "of the input shape to have value 3, but received input with shape "
            "(1, 8, 8, 4).") + "$"):
        conv(np.ones((1, 8, 8, 4), np.float32))


def test_dense_needs_a_known_last_axis():
    # TensorFlow 2.21: ValueError "Shapes used to initialize variables must be fully-defined"
    dense = layers.Dense(2, name="d_unknown")
    with pytest.raises(ValueError, match="^" + re.escape(
            "Dense layer 'd_unknown' needs inputs whose last axis has a known size, got "
            "shape (None, None).") + "$"):
        dense.build((None, None))


# Models --------------------------------------------------------------------------------------
def test_a_functional_model_takes_an_input_and_what_layers_made_of_it():
    inputs = keras.Input((3,))
    # TensorFlow 2.21: ValueError "All `inputs` values must be KerasTensors"; ours, as for
    # any argument of the wrong kind, a TypeError
    with pytest.raises(TypeError, match="^" + re.escape(
            "Model(inputs=..., outputs=...) takes ag.keras.Inputs and what layers called on "
            "them return (one, or a list or dict of them); inputs holds ndarray.") + "$"):
        keras.Model(inputs=np.ones((1, 3)), outputs=layers.Dense(2)(inputs))
    with pytest.raises(TypeError, match="^" + re.escape(
            "Model(inputs=..., outputs=...) takes ag.keras.Inputs and what layers called on "
            "them return (one, or a list or dict of them); outputs holds ndarray.") + "$"):
        keras.Model(inputs=inputs, outputs=[layers.Dense(2)(inputs), np.ones((1, 2))])
    # TensorFlow 2.21: ValueError "Unrecognized keyword arguments passed to Model"
    with pytest.raises(TypeError, match="^" + re.escape(
            "Model(inputs=..., outputs=...) takes ag.keras.Inputs and what layers called on "
            "them return (one, or a list or dict of them); outputs holds NoneType.") + "$"):
        keras.Model(inputs=inputs)


def test_a_plain_model_has_no_call():
    # TensorFlow 2.21: NotImplementedError "Model Model does not have a `call()` method"
    with pytest.raises(NotImplementedError, match="^" + re.escape(
            "Model must define call(inputs), or be made as "
            "Model(inputs=..., outputs=...).") + "$"):
        keras.Model()(np.ones((1, 3), np.float32))


def test_outputs_made_from_another_input_are_refused():
    a, b = keras.Input((3,)), keras.Input((3,))
    # TensorFlow 2.21: ValueError "Output with path `` is not connected to `inputs`"
    with pytest.raises(ValueError, match="^" + re.escape(
            "The model's outputs depend on an Input "
            "(<KerasTensor shape=(None, 3), dtype=float32>) that is not among its inputs.") + "$"):
        keras.Model(inputs=a, outputs=layers.Dense(2)(b))


def test_pop_of_an_empty_sequential():
    # TensorFlow 2.21: IndexError "list index out of range"
    with pytest.raises(IndexError, match="^" + re.escape(
            "Sequential.pop: the model has no layers.") + "$"):
        keras.Sequential().pop()


def test_build_without_an_input_shape():
    # tf.keras 2: ValueError "You must provide an `input_shape` argument." (Keras 3.15 returns
    # without building)
    with pytest.raises(ValueError, match="^" + re.escape(
            "Sequential model 'no_shape': build needs the input shape "
            "(with the batch axis, e.g. (None, 784)).") + "$"):
        keras.Sequential([layers.Dense(2)], name="no_shape").build()


# compile, fit, predict -------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["metrics", "weighted_metrics"])
def test_compile_metrics_must_be_a_list(name):
    # Keras 3.15's error (tf.keras 2: TypeError "Type of `metrics` argument not understood")
    with pytest.raises(ValueError, match="^" + re.escape(
            f"Expected `{name}` argument to be a list, tuple, or dict. Received instead: "
            f"{name}=accuracy of type <class 'str'>") + "$"):
        _compiled(loss="mse", **{name: "accuracy"})


def test_fit_without_targets():
    # TensorFlow 2.21: ValueError "None values not supported."
    with pytest.raises(ValueError, match="^" + re.escape("fit: y (the targets) is missing.") + "$"):
        _compiled(loss="mse").fit(_X, verbose=0)


def test_fit_on_a_scalar_or_on_objects():
    # TensorFlow 2.21: ValueError "Unrecognized data type: x=3.0 (of type <class 'float'>)"
    with pytest.raises(ValueError, match="^" + re.escape(
            "fit: x must be an array with a batch axis "
            "(NumPy array, nested list or eager tensor), got float of shape ().") + "$"):
        _compiled(loss="mse").fit(3.0, 1.0, verbose=0)
    with pytest.raises(ValueError, match="^" + re.escape(
            "fit: y must be an array with a batch axis "
            "(NumPy array, nested list or eager tensor), got list of shape (2,).") + "$"):
        _compiled(loss="mse").fit(np.ones((2, 2)), [{"a": 1}, {"b": 2}], verbose=0)


@pytest.mark.parametrize("what", ["fit", "evaluate", "predict"])
def test_arrays_without_samples_are_refused(what):
    # TensorFlow 2.21: fit returns an empty history, evaluate [], and predict fails with
    # UnboundLocalError; an empty dataset is a mistake worth naming
    model = _compiled(loss="mse")
    arguments = [np.zeros((0, 2), np.float32)] + ([] if what == "predict" else
                                                  [np.zeros((0, 1), np.float32)])
    with pytest.raises(ValueError, match="^" + re.escape(
            f"{what}: x has no samples (its first axis has size 0).") + "$"):
        getattr(model, what)(*arguments, verbose=0)


@pytest.mark.parametrize("split", [0.5, 1e-17])
def test_a_validation_split_that_leaves_a_part_empty_is_refused(split):
    # TensorFlow 2.21: the same ValueError, word for word (0.5 of 1 sample leaves no training
    # data; 1e-17 of 3, as 1 - 1e-17 rounds to 1.0, no validation data)
    x, y = (_X[:1], _Y[:1]) if split == 0.5 else (_X, _Y)
    with pytest.raises(ValueError, match="^" + re.escape(
            f"Training data contains {len(x)} samples, which is not sufficient to split it "
            f"into a validation and training set as specified by `validation_split={split}`. "
            f"Either provide more data, or a different value for the `validation_split` "
            f"argument.") + "$"):
        _compiled(loss="mse").fit(x, y, validation_split=split, verbose=0)


def test_validation_split_must_be_a_fraction():
    # TensorFlow 2.21: ValueError ("... not sufficient to split it into a validation and
    # training set as specified by `validation_split=1.0`")
    for split in (1.0, -0.1):
        with pytest.raises(ValueError, match="^" + re.escape(
                f"fit: validation_split must be in [0, 1), got {split}.") + "$"):
            _compiled(loss="mse").fit(_X, _Y, validation_split=split, verbose=0)


def test_fit_without_trainable_weights_warns_and_reports_the_loss():
    model = keras.Sequential([keras.Input((2,)), layers.Dense(1, trainable=False,
                                                              kernel_initializer="ones")])
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
    x, y = np.ones((4, 2), np.float32), np.zeros((4, 1), np.float32)
    with pytest.warns(UserWarning, match="^" + re.escape(
            "The model does not have any trainable weights.") + "$") as warned:
        history = model.fit(x, y, epochs=2, verbose=0)
    assert [w.filename for w in warned] == [__file__]
    # TensorFlow 2.21: the same warning (from inside Keras; ours names the fit call); loss
    # [4.0, 4.0]; the kernel stays [1, 1]
    npt.assert_allclose(history.history["loss"], [4.0, 4.0])
    npt.assert_array_equal(model.layers[0].kernel.numpy(), [[1.0], [1.0]])


def test_a_dataset_of_unknown_shape_is_refused():
    def rows():
        yield np.ones((2, 1), np.float32), np.ones((2, 1), np.float32)

    dataset = ag.data.Dataset.from_generator(
        rows, output_signature=(ag.TensorSpec(None, ag.float32),
                                ag.TensorSpec([None, 1], ag.float32)))
    # TensorFlow 2.21: ValueError "as_list() is not defined on an unknown TensorShape."
    with pytest.raises(ValueError, match="^" + re.escape(
            "Model inputs and targets need a known rank; the dataset's elements have an "
            "unknown shape. Give the dataset's source a shape.") + "$"):
        _compiled(loss="mse").fit(dataset, verbose=0)


def test_an_unbatched_dataset_is_refused():
    dataset = ag.data.Dataset.from_tensor_slices(np.array([1.0, 2.0], np.float32))
    # TensorFlow 2.21: ValueError "... expected min_ndim=2, found ndim=0"
    with pytest.raises(ValueError, match="^" + re.escape(
            "Model inputs and targets need a batch axis; got a scalar element. Batch the "
            "dataset (dataset.batch(n)).") + "$"):
        _compiled(loss="mse").predict(dataset, verbose=0)


# The registry ------------------------------------------------------------------------------
def test_a_package_name_with_the_separator_is_refused():
    # Keras 3.15 registers it ("a>b>f"), which get_registered_object cannot tell from package
    # "a" and name "b>f"; ours refuses
    with pytest.raises(ValueError, match="^package must not contain '>', got 'a>b'\\.$"):
        keras.saving.register_keras_serializable(package="a>b")


def test_a_registered_name_cannot_be_taken_by_another_object():
    class First:
        pass

    class Second:
        pass

    name = f"Same{id(First)}"  # a name of this run's own (the registry is per process)
    register = keras.saving.register_keras_serializable(package="tests_errors", name=name)
    register(First)
    register(First)  # the same object again is fine
    # tf.keras 2: ValueError "... has already been registered to ..." (Keras 3.15 replaces it)
    with pytest.raises(ValueError, match=f"^'tests_errors>{name}' is registered already, to "
                                         f"<class .*First'>\\.$"):
        register(Second)
    assert keras.saving.get_registered_object(f"tests_errors>{name}") is First


def _two_inputs():
    a, b = keras.Input((2,), name="a"), keras.Input((2,), name="b")
    model = keras.Model({"a": a, "b": b}, layers.Dense(1)(layers.Concatenate()([a, b])))
    model.compile(optimizer="sgd", loss="mse")
    return model


@pytest.mark.parametrize("x, message", [
    ({"a": _X, "b": _X[:2]}, "All arrays of the data must have the same number of samples; "
                             "got [2, 3]."),
    ({}, "The data hold no arrays.")])
def test_inputs_of_different_lengths_or_none_are_refused(x, message):
    # TensorFlow 2.21 refuses both too ("Data cardinality is ambiguous", "Missing data for
    # input \"a\"")
    with pytest.raises(ValueError, match="^" + re.escape(message) + "$"):
        _two_inputs().fit(x, _Y, verbose=0)
