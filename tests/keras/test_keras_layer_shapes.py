"""Layer outputs and output shapes the other keras tests leave out: log_softmax, Flatten of
one axis or of unknown axes, channels_first and unknown spatial sizes, functional shapes, and
`Input`; expected values from tf.keras (TensorFlow 2.21, Keras 3.15)."""

import re

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag

keras = ag.keras
layers = ag.keras.layers


def test_log_softmax_activation():
    dense = layers.Dense(2, activation="log_softmax",
                         kernel_initializer=keras.initializers.Constant(0.5))
    out = dense(np.array([[1.0, -2.0], [3.0, 0.5]], np.float32)).numpy()
    # TensorFlow 2.21: log(1/2) for both units of both rows (equal logits)
    npt.assert_allclose(out, np.full((2, 2), -0.6931472), rtol=1e-6)
    dense = layers.Dense(3, activation="log_softmax", kernel_initializer="ones")
    dense.build((None, 2))
    dense.set_weights([np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], np.float32),
                       np.zeros(3, np.float32)])
    out = dense(np.array([[1.0, 2.0]], np.float32)).numpy()
    logits = np.array([1.0, 2.0, 0.0])
    npt.assert_allclose(out, [logits - np.log(np.exp(logits).sum())], rtol=1e-6)


def test_flatten_of_one_axis_adds_an_axis():
    # TensorFlow 2.21: [[0.], [1.], [2.]], shape (3, 1)
    out = layers.Flatten()(np.arange(3, dtype=np.float32)).numpy()
    npt.assert_array_equal(out, [[0.0], [1.0], [2.0]])


def test_flatten_of_axes_known_only_at_run_time():
    flatten = layers.Flatten()
    f = ag.function(lambda x: flatten(x),
                    input_signature=[ag.TensorSpec([None, None, 2], ag.float32)])
    x = np.arange(12, dtype=np.float32).reshape(2, 3, 2)
    # TensorFlow 2.21: the rows [0..5] and [6..11]; the traced output shape (None, None)
    npt.assert_array_equal(f(x).numpy(), x.reshape(2, 6))
    assert f.get_concrete_function().outputs[0].shape.as_list() == [None, None]


def test_conv2d_channels_first_output_shape():
    # TensorFlow 2.21: (2, 5, 6, 8), then (2, 5, 4, 5) for strides 2 with "same"
    conv = layers.Conv2D(5, 3, data_format="channels_first")
    assert conv.compute_output_shape((2, 3, 8, 10)).as_list() == [2, 5, 6, 8]
    conv = layers.Conv2D(5, 3, strides=2, padding="same", data_format="channels_first")
    assert conv.compute_output_shape((2, 3, 8, 9)).as_list() == [2, 5, 4, 5]
    # TensorFlow 2.21: (2, 3, 4, 4)
    pool = layers.MaxPooling2D(data_format="channels_first")
    assert pool.compute_output_shape((2, 3, 8, 9)).as_list() == [2, 3, 4, 4]


def test_conv2d_channels_first_computes_over_the_second_axis():
    x = np.random.default_rng(0).normal(size=(2, 3, 6, 5)).astype(np.float32)
    first = layers.Conv2D(4, 3, data_format="channels_first", bias_initializer="ones")
    last = layers.Conv2D(4, 3, bias_initializer="ones")
    out_first = first(x).numpy()
    last.build((None, 6, 5, 3))
    last.set_weights(first.get_weights())
    out_last = last(x.transpose(0, 2, 3, 1)).numpy()
    assert out_first.shape == (2, 4, 4, 3)
    npt.assert_allclose(out_first, out_last.transpose(0, 3, 1, 2), rtol=1e-5, atol=1e-6)


def test_unknown_spatial_sizes_stay_unknown():
    # TensorFlow 2.21: (None, None, None, 4), and (None, None, 5, 4) for a known width
    assert layers.Conv2D(4, 3)(keras.Input((None, None, 3))).shape.as_list() == [
        None, None, None, 4]
    assert layers.Conv2D(4, 3).compute_output_shape((None, None, 7, 3)).as_list() == [
        None, None, 5, 4]


def test_a_layer_called_on_an_input_takes_its_own_output_shape():
    # TensorFlow 2.21: (None, 5, 2)
    assert layers.Dense(2)(keras.Input((5, 3))).shape.as_list() == [None, 5, 2]


def test_input_shape_has_the_batch_axis_first():
    # TensorFlow 2.21: (None, 3), and (4, 3) with batch_size=4
    assert keras.Input((3,)).shape.as_list() == [None, 3]
    assert keras.Input((3,), batch_size=4).shape.as_list() == [4, 3]


def test_a_fixed_batch_input_fixes_the_functional_output_shapes():
    inputs = keras.Input((3,), batch_size=4)
    model = keras.Model(inputs=inputs, outputs=layers.Dense(2)(inputs))
    lines = []
    model.summary(print_fn=lines.append)
    # TensorFlow 2.21: the input's row shows (4, 3), the dense layer's (4, 2)
    rows = [line for line in lines[0].splitlines() if line.startswith("│")]
    assert [row.split("│")[2].strip() for row in rows] == ["(4, 3)", "(4, 2)"]


def test_keras_tensor_repr_gives_shape_and_dtype():
    # ours alone (Keras 3.15 adds sparse, ragged and name)
    assert (repr(keras.Input((3, 2)).keras_tensor)
            == "<KerasTensor shape=(None, 3, 2), dtype=float32>")


def test_non_trainable_variables_of_a_frozen_layer_are_all_its_weights():
    dense = layers.Dense(2, trainable=False)
    dense.build((None, 3))
    # TensorFlow 2.21: shapes [(3, 2), (2,)], and no trainable variables
    assert [v.shape.as_list() for v in dense.non_trainable_variables] == [[3, 2], [2]]
    assert dense.trainable_variables == []


class _Unreadable:
    """A callable whose signature `inspect` cannot read (as some C-implemented callables)."""

    __signature__ = "unreadable"

    def __init__(self):
        self.trainings = []

    def __call__(self, inputs, training=None):
        self.trainings.append(training)
        return inputs * 2


def test_a_call_whose_signature_cannot_be_read_is_given_training():
    layer = layers.Layer()
    layer.call = _Unreadable()
    out = layer(np.array([1.0, 2.0], np.float32), training=True)
    npt.assert_array_equal(out.numpy(), [2.0, 4.0])
    assert layer.call.trainings == [True]


class _FirstTwo(ag.keras.layers.Layer):
    def call(self, x):
        return x[:, :2] * 2.0


class _SaysFive(ag.keras.layers.Layer):
    def call(self, x):
        return ag.concat([x, x], axis=-1)

    def compute_output_shape(self, input_shape):
        return (input_shape[0], 5)


def test_a_functional_output_shape_is_traced_unless_the_layer_says_it():
    # TensorFlow 2.21: (None, 2) traced from call, and (None, 5) as compute_output_shape says
    inputs = ag.keras.Input((3,))
    assert tuple(_FirstTwo()(inputs).shape.as_list()) == (None, 2)
    assert tuple(_SaysFive()(inputs).shape.as_list()) == (None, 5)


@pytest.mark.parametrize("name, expected", [
    ("softmax", [[[0.119203, 0.880797], [0.017986, 0.982014]],
                 [[0.002473, 0.997527], [0.000335, 0.999665]]]),
    ("log_softmax", [[[-2.126928, -0.126928], [-4.01815, -0.01815]],
                     [[-6.002476, -0.002476], [-8.000335, -0.000335]]]),
])
def test_softmax_activations_normalize_the_last_axis_by_default(name, expected):
    # TensorFlow 2.21 (keras.activations.softmax / log_softmax of this 3-d input)
    from autograph.runtime.train.keras import activations
    x = ag.constant(np.arange(8, dtype=np.float32).reshape(2, 2, 2) * [[[1.0, 2.0]]])
    npt.assert_allclose(activations.get(name)(x).numpy(), expected, atol=1e-6)


@pytest.mark.parametrize("layer, window, strides", [
    (ag.keras.layers.MaxPooling2D(pool_size=4, name="pool"), (4, 4), (4, 4)),
    (ag.keras.layers.Conv2D(2, 5, name="conv"), (5, 5), (1, 1))])
def test_a_window_larger_than_the_input_is_refused(layer, window, strides):
    # tf.keras 3.15 refuses it too: "Computed output size would be zero or negative."
    message = "^" + re.escape(
        f"Computed output size would be zero or negative for layer {layer.name!r}: input "
        f"shape (None, 3, 3, 1), window {window}, strides {strides}, dilation_rate (1, 1), "
        f"padding 'valid'. Use larger inputs, a smaller window or padding='same'.") + "$"
    with pytest.raises(ValueError, match=message):
        layer.compute_output_shape((None, 3, 3, 1))
    with pytest.raises(ValueError, match=message.replace("None", "1")):
        layer(np.ones((1, 3, 3, 1), np.float32))


def test_a_window_as_large_as_the_input_gives_one_output():
    layer = ag.keras.layers.MaxPooling2D(pool_size=3)
    assert layer.compute_output_shape((None, 3, 3, 1)).as_list() == [None, 1, 1, 1]
    npt.assert_array_equal(layer(np.arange(9, dtype=np.float32).reshape(1, 3, 3, 1)), [[[[8]]]])
