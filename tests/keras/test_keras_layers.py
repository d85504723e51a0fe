"""ag.keras.layers: building, weights, names, dropout and errors (values against tf.keras are
in test_keras_layers_vs_tf.py)."""

import re

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.train.keras.masking import get_keras_mask

layers = ag.keras.layers


def test_dense_builds_on_first_call_from_the_input_shape():
    dense = layers.Dense(4)
    assert not dense.built and dense.weights == []
    dense(np.ones((2, 3), np.float32))
    assert dense.built
    assert [w.shape.as_list() for w in dense.weights] == [[3, 4], [4]]


def test_build_makes_the_weights_without_a_call():
    dense = layers.Dense(4, name="probe")
    dense.build((None, 5))
    assert [w.name for w in dense.weights] == ["kernel:0", "bias:0"]  # tf_keras 2.21's names
    assert dense.count_params() == 24


def test_weights_made_on_the_first_call_are_named_in_the_layer_and_model_scopes():
    # tf_keras 2.21: ['m/dense/kernel:0', 'm/dense/bias:0'] (Keras 3 names them 'kernel', 'bias')
    class M(ag.keras.Model):
        def __init__(self):
            super().__init__(name="m")
            self.d = layers.Dense(2)

        def call(self, x):
            return self.d(x)
    m = M()
    m(ag.ones([1, 3]))
    assert [w.name for w in m.weights] == [f"m/{m.d.name}/kernel:0", f"m/{m.d.name}/bias:0"]


def test_variables_made_in_a_custom_build_get_the_layer_scope():
    class Scaled(layers.Layer):
        def build(self, input_shape):
            self.w = ag.Variable(ag.ones([input_shape[-1]]), name="w")

        def call(self, x):
            return x * self.w
    layer = Scaled(name="scaled")
    layer(ag.ones([1, 2]))
    assert layer.w.name == "scaled/w:0"  # tf_keras 2.21: 'scaled/w:0'


def test_default_initializers_are_glorot_uniform_kernel_and_zero_bias():
    dense = layers.Dense(50)
    dense.build((None, 30))
    kernel, bias = dense.get_weights()
    limit = np.sqrt(6 / (30 + 50))
    assert np.abs(kernel).max() <= limit and kernel.std() > limit / 3
    np.testing.assert_array_equal(bias, np.zeros(50))


def test_initializers_and_activations_by_name_or_callable():
    dense = layers.Dense(2, activation=lambda x: x * 2.0, kernel_initializer="ones",
                         bias_initializer=ag.keras.initializers.Constant(0.5))
    np.testing.assert_allclose(dense([[1.0, 2.0]]), [[7.0, 7.0]])


def test_an_initializer_function_gets_the_dtype_by_keyword_as_keras_passes_it():
    # TensorFlow's basics guide: Keras 3 calls `initializer(shape, dtype=dtype)`, so a function
    # whose second parameter is not the dtype (`mean` here) initialises a kernel.
    calls = []

    def normal(shape, mean=0.0, stddev=1.0, dtype=ag.float32):
        calls.append((shape, mean, dtype))
        return ag.random.normal(shape, mean, stddev, dtype)

    dense = layers.Dense(units=1, kernel_initializer=normal)
    dense.build((None, 2))
    assert calls == [([2, 1], 0.0, ag.float32)]
    kernel = layers.Dense(units=1, kernel_initializer=ag.random.normal)
    kernel.build((None, 2))
    assert kernel.kernel.shape == (2, 1) and kernel.kernel.dtype == ag.float32


def test_he_normal_scales_by_fan_in():
    values = ag.keras.initializers.get("he_normal")([400, 300]).numpy()
    np.testing.assert_allclose(values.std(), np.sqrt(2 / 400), rtol=0.05)


def test_layer_names_are_unique_per_class():
    first, second = layers.Flatten(), layers.Flatten()
    assert second.name != first.name and second.name.startswith("flatten_")


def test_trainable_false_leaves_no_trainable_weights():
    dense = layers.Dense(2, trainable=False)
    dense.build((None, 3))
    assert dense.trainable_weights == [] and len(dense.non_trainable_weights) == 2


def test_trackable_children_are_the_weights_by_name():
    dense = layers.Dense(2)
    dense.build((None, 3))
    children = dense._trackable_children()
    assert list(children) == ["kernel", "bias"]
    assert children["kernel"] is dense.kernel


def test_dropout_passes_inputs_through_at_inference():
    x = np.ones((4, 5), np.float32)
    np.testing.assert_array_equal(layers.Dropout(0.5)(x), x)
    np.testing.assert_array_equal(layers.Dropout(0.5)(x, training=False), x)


def test_dropout_in_training_zeroes_some_and_scales_the_rest():
    out = layers.Dropout(0.25, seed=3)(np.ones((100, 100), np.float32), training=True).numpy()
    assert set(np.unique(out)) <= {0.0, np.float32(1 / 0.75)}
    assert 0.2 < (out == 0).mean() < 0.3


def test_dropout_passes_the_mask_on_as_keras_3():
    # TensorFlow 2.21 (Keras 3.15): supports_masking is True and the embedding's mask comes out
    ids = np.array([[1, 2, 0, 0], [3, 0, 0, 0]])
    dropout = layers.Dropout(0.5)
    assert dropout.supports_masking is True
    out = dropout(layers.Embedding(5, 2, mask_zero=True)(ids))
    np.testing.assert_array_equal(get_keras_mask(out).numpy(), ids != 0)


def test_seeded_dropout_repeats_its_masks_after_resetting_the_seed():
    x = np.ones((4, 6), np.float32)
    ag.random.set_seed(5)
    first = [layers.Dropout(0.5, seed=1)(x, training=True).numpy() for _ in range(2)]
    ag.random.set_seed(5)
    second = [layers.Dropout(0.5, seed=1)(x, training=True).numpy() for _ in range(2)]
    np.testing.assert_array_equal(first, second)
    assert not np.array_equal(first[0], first[1])


def test_set_weights_checks_the_count_and_shapes():
    dense = layers.Dense(2)
    dense.build((None, 3))
    with pytest.raises(ValueError, match=(
            r"^Layer 'dense(_\d+)?'" + re.escape(
                " has 2 weights (kernel (3, 2), bias (2,)), but set_weights got 1 "
                "array.") + "$")):
        dense.set_weights([np.zeros((3, 2))])
    with pytest.raises(ValueError, match=(
            r"^Layer 'dense(_\d+)?'" + re.escape(
                ": weight kernel (3, 2) cannot take an array of shape (2, 2).") + "$")):
        dense.set_weights([np.zeros((2, 2)), np.zeros(2)])


def test_an_input_of_another_width_is_incompatible():
    dense = layers.Dense(2)
    dense.build((None, 3))
    with pytest.raises(ValueError, match=(
            r"^Input 0 of layer 'dense(_\d+)?'" + re.escape(
                " is incompatible with the layer: expected axis -1 of the input shape to "
                "have value 3, but received input with shape (1, 4).") + "$")):
        dense(np.ones((1, 4), np.float32))


@pytest.mark.parametrize("shape, kernel", [((3,), [3, 2]), ((2, None, 4), [4, 2])])
def test_dense_builds_for_the_last_axis_of_any_rank_from_one(shape, kernel):
    dense = layers.Dense(2)
    dense.build(shape)
    assert dense.kernel.shape.as_list() == kernel  # TensorFlow 2.21: (3, 2), (4, 2)


def test_dense_cannot_build_for_a_scalar():
    # TensorFlow 2.21: IndexError "tuple index out of range"
    with pytest.raises(ValueError, match=r"^Dense layer 'dense(_\d+)?'" + re.escape(
            " needs inputs whose last axis has a known size, got shape ().") + "$"):
        layers.Dense(2).build(())


@pytest.mark.parametrize("shape", [(3,), ()])
def test_dense_refuses_inputs_of_fewer_than_two_axes(shape):
    # TensorFlow 2.21: ValueError "Input 0 with name 'None' of layer 'dense_4' is incompatible
    # with the layer: expected min_ndim=2, found ndim=1. Full shape received: (3,)"
    with pytest.raises(ValueError, match=r"^Input 0 of layer 'dense(_\d+)?'" + re.escape(
            f" is incompatible with the layer: expected min_ndim=2, found ndim={len(shape)}. "
            f"Full shape received: {shape}") + "$"):
        layers.Dense(2)(np.ones(shape, np.float32))


@pytest.mark.parametrize("make, match", [
    (lambda: layers.Dense(0),
     "^" + re.escape("Dense: units must be a positive int, got 0.") + "$"),
    # TensorFlow 2.21 takes True as 1 unit; ours refuses it, as it is surely a slip
    (lambda: layers.Dense(True),
     "^" + re.escape("Dense: units must be a positive int, got True.") + "$"),
    (lambda: layers.Dense(2, activation="relux"),
     "^" + re.escape("Unknown activation 'relux'. Known names: elu, exponential, gelu, "
                     "leaky_relu, linear, log_softmax, relu, relu6, selu, sigmoid, silu, "
                     "softmax, softplus, softsign, swish, tanh; or pass a function.") + "$"),
    (lambda: layers.Dense(2, kernel_initializer="glorot").build((None, 2)),
     "^" + re.escape("Unknown initializer 'glorot'. Known names: constant, glorot_normal, "
                     "glorot_uniform, he_normal, he_uniform, lecun_normal, lecun_uniform, ones, "
                     "orthogonal, random_normal, random_uniform, truncated_normal, "
                     "variance_scaling, zeros; or pass an initializer.") + "$"),
    (lambda: layers.Conv2D(2, 3, padding="full"),
     "^" + re.escape("Conv2D: padding must be 'valid' or 'same', got 'full'.") + "$"),
    (lambda: layers.Dropout(1.0),
     "^" + re.escape("Dropout: rate must be a number in [0, 1), got 1.0.") + "$"),
    (lambda: layers.Conv2D(2, 3)(np.ones((2, 5, 5), np.float32)),
     r"^Input 0 of layer 'conv2d(_\d+)?'" + re.escape(
         " is incompatible with the layer: expected a 4-D input (batch, height, width, "
         "channels for channels_last), received shape (2, 5, 5).") + "$"),
    (lambda: layers.MaxPooling2D(pool_size=0),
     "^" + re.escape("MaxPooling2D: pool_size must be a positive int or a pair of them, "
                     "got 0.") + "$"),
    (lambda: layers.MaxPooling2D(padding="full"),
     "^" + re.escape("MaxPooling2D: padding must be 'valid' or 'same', got 'full'.") + "$"),
], ids=["units", "units_bool", "activation", "initializer", "padding", "rate", "rank",
        "pool_size", "pool_padding"])
def test_bad_arguments_are_value_errors_saying_what_is_wrong(make, match):
    with pytest.raises(ValueError, match=match):
        make()


def test_conv2d_names_its_weights_kernel_and_bias():
    conv = layers.Conv2D(2, 3)
    conv.build((None, 5, 5, 1))
    assert [w.name for w in conv.weights] == ["kernel:0", "bias:0"]  # tf_keras 2.21's names
    assert [tuple(w.shape) for w in conv.weights] == [(3, 3, 1, 2), (2,)]


def test_conv2d_channels_first_matches_channels_last_transposed():
    rng = np.random.default_rng(1)
    img = rng.normal(size=(2, 6, 6, 2)).astype(np.float32)
    last = layers.Conv2D(3, 3, strides=2, padding="same", kernel_initializer="ones")
    first = layers.Conv2D(3, 3, strides=2, padding="same", kernel_initializer="ones",
                          data_format="channels_first")
    np.testing.assert_allclose(first(img.transpose(0, 3, 1, 2)).numpy().transpose(0, 2, 3, 1),
                               last(img), rtol=1e-5)


@pytest.mark.parametrize("layer, shape", [
    (lambda: layers.Conv2D(4, 3, strides=2, padding="same"), [None, 4, 4, 4]),
    (lambda: layers.Conv2D(4, (3, 2)), [None, 5, 6, 4]),
    (lambda: layers.MaxPooling2D(3, strides=2, padding="same"), [None, 4, 4, 2]),
    (lambda: layers.Flatten(), [None, 98]),
    (lambda: layers.Dense(5), [None, 7, 7, 5]),
])
def test_compute_output_shape_matches_the_output(layer, shape):
    instance = layer()
    out = instance(np.zeros((3, 7, 7, 2), np.float32))
    assert instance.compute_output_shape((None, 7, 7, 2)).as_list() == shape
    assert out.shape.as_list() == [3, *shape[1:]]


@pytest.mark.parametrize("shape, flat", [((4, 3), [4, 3]), ((3,), [3, 1])])
def test_flatten_keeps_a_matrix_and_gives_a_vector_an_axis(shape, flat):
    x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    out = layers.Flatten()(x)
    # TensorFlow 2.21: (4, 3) and (3, 1)
    assert out.shape.as_list() == flat
    np.testing.assert_array_equal(out.numpy(), x.reshape(flat))


@pytest.mark.parametrize("spec, shape", [([None, 2, 3], [None, 6]), ([None], [None, 1])])
def test_flatten_in_a_function_knows_its_output_shape(spec, shape):
    flatten = layers.Flatten()
    traced = ag.function(lambda x: flatten(x)).get_concrete_function(ag.TensorSpec(spec))
    assert traced.structured_outputs.shape.as_list() == shape  # TensorFlow 2.21: the same


def test_dense_on_inputs_of_unknown_rank_is_refused():
    dense = layers.Dense(2)
    dense.build((None, 2, 3))
    traced = ag.function(lambda x: dense(x), input_signature=[ag.TensorSpec(None)])
    # TensorFlow 2.21: ValueError "as_list() is not defined on an unknown TensorShape."
    with pytest.raises(ValueError) as raised:
        traced(np.ones((2, 2, 3), np.float32))
    message = str(raised.value)  # the trace's error, pointing at the lambda
    assert message.startswith("in user code:") and "in <lambda>" in message
    assert message.rstrip().endswith("ValueError: tensordot needs tensors of known rank.")


def test_dropout_at_rate_zero_keeps_every_input_while_training():
    x = np.arange(4, dtype=np.float32).reshape(2, 2)
    # TensorFlow 2.21: the inputs as they are
    np.testing.assert_array_equal(layers.Dropout(0.0)(x, training=True), x)


def test_dropout_with_a_noise_shape_drops_whole_rows():
    out = layers.Dropout(0.5, noise_shape=(None, 1), seed=1)(np.ones((50, 4), np.float32),
                                                             training=True).numpy()
    # TensorFlow 2.21 (other draws): each row all 0 or all 2; the None takes the batch size
    assert all(set(row) in ({0.0}, {2.0}) for row in out.tolist())
    assert {0.0, 2.0} == set(out[:, 0].tolist())


class _Double(layers.Layer):
    def call(self, inputs):
        return inputs * 2.0


def test_a_layer_without_an_input_spec_takes_a_scalar():
    assert float(_Double()(np.float32(1.5))) == 3.0  # TensorFlow 2.21: 3.0
