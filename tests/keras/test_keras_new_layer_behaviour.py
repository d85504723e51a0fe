"""Behaviour of the newer Keras layers beyond the recorded cases: BatchNormalization's
training and inference modes, Embedding's masks and ids, Normalization's adapt, Lambda's
functions, `.keras` files written by Keras 3, bad arguments (whole messages), and where we
differ from Keras on purpose."""

import base64
import json
import marshal
import operator
import pathlib

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.train.keras.serialization import find_class, loading_scope

layers = ag.keras.layers
DATA = pathlib.Path(__file__).parent / "data"
RNG = np.random.default_rng(11)
X = RNG.normal(size=(8, 3)).round(2).astype(np.float32)


# BatchNormalization ---------------------------------------------------------------------------
def test_batch_norm_at_inference_leaves_the_moving_statistics():
    layer = layers.BatchNormalization()
    layer(X, training=False)
    np.testing.assert_array_equal(layer.moving_mean.numpy(), np.zeros(3, np.float32))
    np.testing.assert_array_equal(layer.moving_variance.numpy(), np.ones(3, np.float32))


def test_batch_norm_at_inference_normalizes_with_the_moving_statistics():
    layer = layers.BatchNormalization(epsilon=0.0)
    layer.build((None, 3))
    layer.set_weights([np.ones(3), np.zeros(3), np.full(3, 2.0), np.full(3, 4.0)])
    np.testing.assert_allclose(layer(X).numpy(), (X - 2.0) / 2.0, rtol=1e-6)


def test_a_frozen_batch_norm_uses_its_moving_statistics_even_while_training():
    # Keras 3: a layer with trainable=False runs in inference mode
    layer = layers.BatchNormalization(trainable=False)
    outputs = layer(X, training=True)
    np.testing.assert_allclose(outputs.numpy(), X / np.sqrt(1.001), rtol=1e-6)
    np.testing.assert_array_equal(layer.moving_mean.numpy(), np.zeros(3, np.float32))


def test_batch_norm_updates_its_moving_statistics_inside_a_traced_function():
    layer = layers.BatchNormalization(momentum=0.5)
    layer.build((None, 3))
    step = ag.function(lambda x: layer(x, training=True))
    step(X)
    step(X)
    np.testing.assert_allclose(layer.moving_mean.numpy(), 0.75 * X.mean(axis=0), rtol=1e-5)


def test_batch_norm_weights_are_keras_order_and_only_gamma_and_beta_train():
    layer = layers.BatchNormalization(name="bn")
    layer(X)
    assert [w.name for w in layer.weights] == ["bn/gamma:0", "bn/beta:0", "bn/moving_mean:0",
                                               "bn/moving_variance:0"]
    assert [w.name for w in layer.trainable_weights] == ["bn/gamma:0", "bn/beta:0"]


def test_a_built_batch_norm_refuses_inputs_of_unknown_rank():
    layer = layers.BatchNormalization(name="b")
    layer.build((None, 3))

    @ag.function(input_signature=[ag.TensorSpec(None, ag.float32)])
    def normalize(x):
        return layer(x)

    with pytest.raises(ValueError) as raised:
        normalize(X)
    assert str(raised.value).endswith(
        "BatchNormalization layer 'b' needs inputs of known rank, got shape <unknown>.")


def test_layer_normalization_takes_the_first_axis_counted_from_the_end():
    expected = (X - X.mean(axis=0)) / np.sqrt(X.var(axis=0) + 1e-3)  # as TensorFlow 2.21
    np.testing.assert_allclose(layers.LayerNormalization(axis=-2)(X).numpy(), expected,
                               rtol=1e-5, atol=1e-5)


# Embedding ------------------------------------------------------------------------------------
def test_embedding_supports_masking_only_with_mask_zero():
    assert (layers.Embedding(4, 2).supports_masking,
            layers.Embedding(4, 2, mask_zero=True).supports_masking) == (False, True)


def test_embedding_without_mask_zero_computes_no_mask():
    assert layers.Embedding(4, 2).compute_mask(np.array([[0, 1]])) is None


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.float32])
def test_embedding_looks_up_ids_of_any_numeric_dtype(dtype):
    table = np.arange(8, dtype=np.float32).reshape(4, 2)
    layer = layers.Embedding(4, 2, weights=table)
    np.testing.assert_array_equal(layer(np.array([[3, 0]], dtype)).numpy(), table[[[3, 0]]])


def test_embedding_in_a_functional_model_feeds_global_average_pooling():
    inputs = ag.keras.Input((3,), dtype="int32")
    embedded = layers.Embedding(4, 2, embeddings_initializer="ones")(inputs)
    model = ag.keras.Model(inputs=inputs, outputs=layers.GlobalAveragePooling1D()(embedded))
    np.testing.assert_array_equal(model.predict(np.array([[1, 2, 3]]), verbose=0),
                                  [[1.0, 1.0]])


def test_embedding_of_one_id_is_a_table_of_one_row():
    assert layers.Embedding(1, 1)(np.array([[0]])).shape == (1, 1, 1)  # as TensorFlow 2.21


def test_embedding_looks_up_integer_ids_without_rounding_them_through_its_dtype():
    # float16 holds no 2049: an id cast to the layer's dtype would read row 2048
    # (TensorFlow 2.21 reads row 2049 too)
    layer = layers.Embedding(2050, 1, dtype="float16",
                             weights=(np.arange(2050) % 2).astype(np.float16)[:, None])
    assert layer(np.array([2049])).numpy().tolist() == [[1.0]]


def test_embedding_warns_that_input_length_is_ignored_as_keras_3():
    with pytest.warns(UserWarning, match="^Argument `input_length` is deprecated. Just remove "
                                         "it.$") as caught:
        layer = layers.Embedding(3, 2, input_length=5)
    assert "input_length" not in layer.get_config()
    assert caught[0].filename == __file__  # the warning points at the caller's line


def test_embedding_names_its_table_embeddings():
    layer = layers.Embedding(3, 2)
    layer.build()
    assert [w.name.split(":")[0] for w in layer.weights] == ["embeddings"]


def test_embedding_serializes_as_a_keras_layer():
    found = ag.keras.saving.serialize_keras_object(layers.Embedding(3, 2))
    assert {key: found[key] for key in ("module", "class_name", "registered_name")} == {
        "module": "keras.layers", "class_name": "Embedding", "registered_name": None}


# LeakyReLU ------------------------------------------------------------------------------------
def test_leaky_relu_takes_alpha_with_keras_3_warning():
    with pytest.warns(UserWarning, match="^Argument `alpha` is deprecated. Use `negative_slope` "
                                         "instead.$") as caught:
        layer = layers.LeakyReLU(alpha=0.2)
    assert layer.negative_slope == 0.2
    assert caught[0].filename == __file__  # the warning points at the caller's line


# Softmax --------------------------------------------------------------------------------------
def test_softmax_takes_a_float_mask_as_the_same_bool_mask():
    x = np.random.default_rng(0).normal(size=(2, 4, 3)).astype(np.float32)
    mask = np.array([[1, 1, 0, 1], [1, 0, 1, 1]])[:, :, None]
    layer = layers.Softmax(axis=(1, 2))
    np.testing.assert_allclose(layer(x, mask=mask.astype(np.float32)).numpy(),
                               layer(x, mask=mask.astype(bool)).numpy(), rtol=1e-6)


def test_softmax_over_several_axes_stays_finite_for_large_inputs():
    x = np.full((1, 2, 2), 100.0, np.float32)  # exp(200) overflows float32
    np.testing.assert_allclose(layers.Softmax(axis=(1, 2))(x).numpy(), np.full((1, 2, 2), 0.25))


# Normalization --------------------------------------------------------------------------------
def test_normalization_adapts_to_the_inputs_of_a_dataset_of_pairs():
    layer = layers.Normalization()
    layer.adapt(ag.data.Dataset.from_tensor_slices((X, X * 0)).batch(3))
    np.testing.assert_allclose(layer.adapt_mean.numpy(), X.mean(axis=0), rtol=1e-5)
    np.testing.assert_allclose(layer.adapt_variance.numpy(), X.var(axis=0), rtol=1e-5)


def test_normalization_batches_a_dataset_of_single_samples_before_adapting():
    layer = layers.Normalization()
    layer.adapt(ag.data.Dataset.from_tensor_slices(X))
    np.testing.assert_allclose(layer.adapt_mean.numpy(), X.mean(axis=0), rtol=1e-5)


def test_normalization_adapts_to_a_list_of_batches():
    layer = layers.Normalization()
    layer.adapt([X[:5], X[5:]])
    np.testing.assert_allclose(layer.adapt_variance.numpy(), X.var(axis=0), rtol=1e-5)


def test_normalization_keeps_keras_count_weight_at_zero():
    layer = layers.Normalization()
    layer.adapt(X)
    assert [w.name for w in layer.weights][-1].endswith("count:0")
    assert layer.get_weights()[-1] == 0 and layer.get_weights()[-1].dtype == np.int64


def test_normalization_adapts_to_a_tensor_in_its_own_precision():
    # float32 holds neither value: cast first, their variance would be 0
    values = np.array([[1 + 2**-30], [1 - 2**-30]])
    layer = layers.Normalization()
    layer.adapt(ag.constant(values))
    np.testing.assert_array_equal(layer.adapt_variance.numpy(),
                                  np.float32([8.6736174e-19]))  # as TensorFlow 2.21


def test_normalization_adapts_to_a_dataset_in_the_layers_precision():
    values = np.array([[1 + 2**-30], [1 - 2**-30]])
    layer = layers.Normalization()
    layer.adapt(ag.data.Dataset.from_tensor_slices(values).batch(2))
    np.testing.assert_array_equal(layer.adapt_variance.numpy(), [0.0])  # as TensorFlow 2.21


def test_normalization_statistics_are_not_trainable():
    layer = layers.Normalization()
    layer.adapt(X)
    assert layer.trainable_weights == []  # as TensorFlow 2.21


def test_normalization_built_by_hand_keeps_its_weights_through_adapt():
    layer = layers.Normalization()
    layer.build((None, 3))
    layer.adapt(X)
    assert [w.name.split("/")[-1] for w in layer.weights] == ["mean:0", "variance:0", "count:0"]
    np.testing.assert_allclose(layer(X).numpy().mean(axis=0), np.zeros(3), atol=1e-6)


def test_normalization_keeps_the_first_axis_counted_from_the_end():
    # never adapted: mean 0 and variance 1 per row
    np.testing.assert_array_equal(layers.Normalization(axis=-2)(X).numpy(), X)  # as TF 2.21


def test_normalization_invert_undoes_normalization():
    forward, back = layers.Normalization(), layers.Normalization(invert=True)
    forward.adapt(X)
    back.adapt(X)
    np.testing.assert_allclose(back(forward(X)).numpy(), X, rtol=1e-5, atol=1e-6)


# Reshaping, pooling, convolutions ----------------------------------------------------------------
def test_reshape_output_shape_leaves_the_minus_one_unknown_for_samples_of_unknown_size():
    assert layers.Reshape((-1, 1)).compute_output_shape((None, None)).as_list() == [
        None, None, 1]  # as TensorFlow 2.21


def test_reshape_infers_the_minus_one_dimension_of_samples_of_unknown_size_when_called():
    layer = layers.Reshape((-1, 2))

    @ag.function(input_signature=[ag.TensorSpec([None, None], ag.float32)])
    def reshape(x):
        return layer(x)

    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    np.testing.assert_array_equal(reshape(x).numpy(), x.reshape(3, 2, 2))


@pytest.mark.parametrize("alias, name", [
    ("MaxPool1D", "MaxPooling1D"), ("AvgPool1D", "AveragePooling1D"),
    ("AvgPool2D", "AveragePooling2D"), ("GlobalAvgPool1D", "GlobalAveragePooling1D"),
    ("GlobalAvgPool2D", "GlobalAveragePooling2D"), ("GlobalMaxPool1D", "GlobalMaxPooling1D"),
    ("GlobalMaxPool2D", "GlobalMaxPooling2D"), ("Convolution1D", "Conv1D")])
def test_keras_3_aliases_of_the_new_layers_name_them_in_a_file(alias, name):
    assert find_class({"class_name": alias, "module": "keras.layers"}) is getattr(layers, name)


# Lambda, Rescaling ----------------------------------------------------------------------------
def test_lambda_passes_its_arguments_and_the_training_flag():
    layer = layers.Lambda(lambda x, scale, training=None: x * (scale if training else 1.0),
                          arguments={"scale": 3.0})
    assert (float(layer([[2.0]], training=True)[0, 0]), float(layer([[2.0]])[0, 0])) == (6.0, 2.0)


def test_lambda_output_shape_adds_the_batch_axis():
    layer = layers.Lambda(lambda x: x[:, :1], output_shape=(1,))
    assert layer.compute_output_shape((None, 4)).as_list() == [None, 1]


def test_lambda_output_shape_is_found_by_tracing_when_not_given():
    assert layers.Lambda(lambda x: x[:, :1]).compute_output_shape((5, 4)).as_list() == [5, 1]


def test_lambda_compute_mask_calls_its_mask_function():
    layer = layers.Lambda(lambda x: x, mask=lambda inputs, mask: "from the function")
    assert layer.compute_mask(X) == "from the function"


def test_lambda_passes_the_mask_to_a_function_naming_it():
    layer = layers.Lambda(lambda x, mask=None: x * ag.cast(mask, x.dtype)[..., None])
    mask = np.array([[1, 0, 1], [0, 1, 1]], bool)
    outputs = layer.call(ag.constant(np.ones((2, 3, 1), np.float32)), mask=ag.constant(mask))
    np.testing.assert_array_equal(outputs.numpy()[..., 0],
                                  [[1.0, 0.0, 1.0], [0.0, 1.0, 1.0]])  # as TensorFlow 2.21


def test_lambda_config_holds_a_lambdas_bytecode_and_closure_as_keras_3():
    def scaled_by(scale):
        return lambda x: x * scale

    function = scaled_by(3.0)
    stored = layers.Lambda(function).get_config()["function"]["config"]
    assert marshal.loads(base64.decodebytes(stored["code"].encode("ascii"))) == function.__code__
    assert stored["closure"] == (3.0,)  # as TensorFlow 2.21




def _pairs_shape(input_shape):
    return (input_shape[0], 2)


def _keep_mask(inputs, mask):
    return mask


def test_lambda_from_config_loads_its_named_output_shape_and_mask_functions_and_dtype():
    layer = layers.Lambda(operator.neg, output_shape=_pairs_shape, mask=_keep_mask,
                          dtype="float64")
    with loading_scope({"neg": operator.neg, "_pairs_shape": _pairs_shape,
                        "_keep_mask": _keep_mask}):
        again = layers.Lambda.from_config(layer.get_config())
    mask = np.array([[True, False]])
    assert again.compute_output_shape((None, 4)).as_list() == [None, 2]
    assert again.compute_mask(X, mask) is mask
    assert again.get_config() == layer.get_config()


def test_rescaling_with_an_array_scale_round_trips_through_keras_numpy_form():
    layer = layers.Rescaling(np.array([1.0, 2.0, 3.0], np.float32))
    config = layer.get_config()
    assert config["scale"] == {"class_name": "__numpy__",
                               "config": {"value": [1.0, 2.0, 3.0], "dtype": "float32"}}
    again = layers.Rescaling.from_config(config)
    np.testing.assert_array_equal(again(X).numpy(), X * np.float32([1.0, 2.0, 3.0]))


def test_rescaling_config_holds_a_zero_dimensional_array_as_a_number():
    found = layers.Rescaling(np.array(0.5, np.float32)).get_config()["scale"]
    assert (found, type(found)) == (0.5, float)  # as TensorFlow 2.21


def test_rescaling_from_config_brings_back_array_scale_and_offset_with_their_dtype():
    layer = layers.Rescaling(np.array([1.0, 2.0, 3.0], np.float32),
                             offset=np.array([0.5, 0.0, -1.0], np.float32))
    again = layers.Rescaling.from_config(layer.get_config())
    assert again.get_config() == layer.get_config()
    np.testing.assert_array_equal(again(X).numpy(), X * np.float32([1.0, 2.0, 3.0])
                                  + np.float32([0.5, 0.0, -1.0]))


# Files ----------------------------------------------------------------------------------------
def test_a_keras_3_file_of_the_new_layers_loads_and_predicts_what_keras_predicted():
    expected = json.loads((DATA / "layers_keras.json").read_text())
    model = ag.keras.saving.load_model(DATA / "layers.keras")
    np.testing.assert_allclose(model.predict(np.array(expected["x"], np.float32), verbose=0),
                               expected["predictions"], rtol=1e-5, atol=1e-6)


def test_a_model_of_the_new_layers_saved_here_loads_to_the_same_predictions(tmp_path):
    expected = json.loads((DATA / "layers_keras.json").read_text())
    x = np.array(expected["x"], np.float32)
    model = ag.keras.saving.load_model(DATA / "layers.keras")
    model.save(tmp_path / "again.keras")
    again = ag.keras.saving.load_model(tmp_path / "again.keras")
    np.testing.assert_array_equal(again.predict(x, verbose=0), model.predict(x, verbose=0))


# Bad arguments --------------------------------------------------------------------------------
def _bad_reshape_call():
    layers.Reshape((4, 2), name="r")(np.ones((1, 6), np.float32))


def _adapt_given():
    layers.Normalization(mean=1.0, variance=1.0, name="n").adapt(X)


def _bad_pool_size():
    layers.MaxPooling1D(3, name="p")(np.ones((1, 2, 1), np.float32))


def _wrong_rank():
    layers.GlobalAveragePooling1D(name="g")(np.ones((1, 2, 2, 1), np.float32))


def _lambda_from_config_with_unknown(key):
    unknown = {"module": "builtins", "class_name": "function", "config": "nowhere",
               "registered_name": "function"}
    with loading_scope({"neg": operator.neg}):
        layers.Lambda.from_config({"name": "l", "function": "neg", key: unknown})


def _batch_norm_of_other_features():
    layer = layers.BatchNormalization(name="b")
    layer.build((None, 3))
    layer(np.ones((2, 4), np.float32))


def _batch_norm_with_a_mask_as_large_as_the_inputs():
    layer = layers.BatchNormalization(name="b")
    layer.build((None, 4, 3))
    layer.call(ag.constant(np.ones((2, 4, 3), np.float32)), training=True,
               mask=ag.constant(np.ones((2, 4, 3), bool)))


def _axis_out_of_bounds():
    layers.BatchNormalization(axis=3, name="b")(np.ones((2, 3), np.float32))


BAD = {
    "renorm": (lambda: layers.BatchNormalization(renorm=True),
               "BatchNormalization: renorm=True is not supported; leave it False."),
    "synchronized": (lambda: layers.BatchNormalization(synchronized=True),
                     "BatchNormalization: synchronized=True is not supported; leave it False."),
    "batch_norm_axis_list": (lambda: layers.BatchNormalization(axis=[1]),
                             "BatchNormalization: axis must be an int, got [1]."),
    "batch_norm_axis_out_of_bounds": (
        _axis_out_of_bounds, "BatchNormalization layer 'b': axis 3 is out of bounds for "
        "inputs of rank 2; pass an axis in [-2, 2)."),
    "batch_norm_regularizer": (lambda: layers.BatchNormalization(beta_regularizer="l2"),
                               "BatchNormalization: beta_regularizer is not supported (got 'l2'); "
                               "leave it None."),
    "batch_norm_unknown_rank": (lambda: layers.BatchNormalization(name="b").build(
        TensorShape(None)), "BatchNormalization layer 'b' needs inputs of known rank, got shape "
        "<unknown>."),
    "batch_norm_unknown_features": (lambda: layers.BatchNormalization(name="b").build((None, None)),
                                    "BatchNormalization layer 'b' needs axis -1 of its inputs to "
                                    "have a known size, got shape (None, None)."),
    "batch_norm_other_features": (_batch_norm_of_other_features,
                                  "Input 0 of layer 'b' is incompatible with the layer: expected "
                                  "axis -1 of the input shape to have value 3, but received input "
                                  "with shape (2, 4)."),
    "batch_norm_mask_rank": (_batch_norm_with_a_mask_as_large_as_the_inputs,
                             "BatchNormalization layer 'b': the mask must have one axis less than "
                             "the inputs, got mask shape (2, 4, 3) for inputs of shape (2, 4, 3)."),
    "layer_norm_regularizer": (lambda: layers.LayerNormalization(beta_regularizer="l2"),
                               "LayerNormalization: beta_regularizer is not supported (got 'l2'); "
                               "leave it None."),
    "layer_norm_unknown_rank": (lambda: layers.LayerNormalization(name="l").build(
        TensorShape(None)), "LayerNormalization layer 'l' needs inputs of known rank, got shape "
        "<unknown>."),
    "layer_norm_axis_rank": (lambda: layers.LayerNormalization(axis=2, name="l")(
        np.ones((2, 3), np.float32)), "LayerNormalization layer 'l': axis 2 is out of bounds for "
        "inputs of rank 2; pass an axis in [-2, 2)."),
    "normalization_mean_rank": (lambda: layers.Normalization(mean=[[1.0]], variance=[[1.0]]),
                                "Normalization: mean has 2 axes, more than the 1 kept axes "
                                "(axis=(-1,))."),
    "normalization_axis_rank": (lambda: layers.Normalization(axis=2, name="n").build((None, 3)),
                                "Normalization layer 'n': every axis must be in [-ndim, ndim) of "
                                "its inputs, got axis=(2,) for inputs of shape (None, 3)."),
    "normalization_axis_unknown_size": (
        lambda: layers.Normalization(axis=0, name="n").build((None, 3)),
        "Normalization layer 'n': the kept axes (0,) of its inputs must have known sizes, got "
        "shape (None, 3)."),
    "embedding_input_dim": (lambda: layers.Embedding(0, 3),
                            "Embedding: input_dim must be a positive int, got 0."),
    "embedding_input_dim_bool": (lambda: layers.Embedding(True, 3),
                                 "Embedding: input_dim must be a positive int, got True."),
    "embedding_output_dim": (lambda: layers.Embedding(3, 0),
                             "Embedding: output_dim must be a positive int, got 0."),
    "embedding_regularizer": (lambda: layers.Embedding(3, 2, embeddings_regularizer="l2"),
                              "Embedding: embeddings_regularizer is not supported (got 'l2'); "
                              "leave it None."),
    "conv1d_padding": (lambda: layers.Conv1D(2, 3, padding="full"),
                       "Conv1D: padding must be 'valid', 'same' or 'causal', got 'full'."),
    "depthwise_causal": (lambda: layers.DepthwiseConv2D(3, padding="causal"),
                         "DepthwiseConv2D: padding must be 'valid' or 'same', got 'causal'."),
    "pool_size": (lambda: layers.AveragePooling2D(0),
                  "AveragePooling2D: pool_size must be a positive int or a tuple of 2 of them, "
                  "got 0."),
    "pool_larger_than_input": (
        _bad_pool_size, "Computed output size would be zero or negative for layer 'p': input "
        "shape (1, 2, 1), pool_size (3,), strides (3,), padding 'valid'. Use larger inputs, a "
        "smaller pool_size or padding='same'."),
    "global_pool_rank": (_wrong_rank, "Input 0 of layer 'g' is incompatible with the layer: "
                         "expected ndim=3, found ndim=4. Full shape received: (1, 2, 2, 1)"),
    "data_format": (lambda: layers.GlobalMaxPooling2D(data_format="channels_middle"),
                    "GlobalMaxPooling2D: data_format must be 'channels_last' or "
                    "'channels_first', got 'channels_middle'."),
    "reshape_target": (lambda: layers.Reshape((0, 2)),
                       "Reshape: target_shape must be a tuple of positive ints, at most one of "
                       "them -1 (the size left to fill), got (0, 2)."),
    "reshape_size": (_bad_reshape_call, "Reshape layer 'r' cannot reshape samples of shape (6,) "
                     "(6 values) to (4, 2): the number of values must stay the same."),
    "permute_dims": (lambda: layers.Permute((1, 3)),
                     "Permute: dims must be a permutation of 1, ..., n (the axes of one sample, "
                     "counted from 1), got (1, 3)."),
    "repeat_n": (lambda: layers.RepeatVector(0),
                 "RepeatVector: n must be a positive int, got 0."),
    "zero_padding": (lambda: layers.ZeroPadding2D(-1),
                     "ZeroPadding2D: padding must be an int, a pair of ints (height, width) or a "
                     "pair of pairs ((top, bottom), (left, right)), none negative, got -1."),
    "relu_max_value": (lambda: layers.ReLU(max_value=-1),
                       "ReLU: max_value must be a number >= 0, got -1."),
    "leaky_relu_slope": (lambda: layers.LeakyReLU(negative_slope=-0.1),
                         "LeakyReLU: negative_slope must be a number >= 0, got -0.1."),
    "relu_negative_slope": (lambda: layers.ReLU(negative_slope=-1),
                            "ReLU: negative_slope must be a number >= 0, got -1."),
    "relu_negative_slope_text": (lambda: layers.ReLU(negative_slope="a"),
                                 "ReLU: negative_slope must be a number >= 0, got 'a'."),
    "relu_threshold": (lambda: layers.ReLU(threshold=-1),
                       "ReLU: threshold must be a number >= 0, got -1."),
    "normalization_mean_only": (lambda: layers.Normalization(mean=[1.0]),
                                "Normalization: give both mean and variance, or neither (and "
                                "call adapt()); got mean=[1.0], variance=None."),
    "normalization_shapes": (lambda: layers.Normalization(mean=[1.0], variance=[1.0, 2.0]),
                             "Normalization: mean and variance must have the same shape, got "
                             "(1,) and (2,)."),
    "adapt_nothing": (lambda: layers.Normalization().adapt([]),
                      "Normalization.adapt() got no batches: pass an array, or a dataset or "
                      "iterable of at least one batch."),
    "adapt_given": (_adapt_given, "Normalization layer 'n' was given its mean and variance; "
                    "adapt() can only set those of a layer made without them."),
    "reshape_target_float": (lambda: layers.Reshape((2.5, 2)),
                             "Reshape: target_shape must be a tuple of positive ints, at most one "
                             "of them -1 (the size left to fill), got (2.5, 2)."),
    "reshape_target_set": (lambda: layers.Reshape({3, 1}),
                           "Reshape: target_shape must be a tuple of positive ints, at most one of "
                           "them -1 (the size left to fill), got {1, 3}."),
    "reshape_target_two_unknown": (lambda: layers.Reshape((-1, -1)),
                                   "Reshape: target_shape must be a tuple of positive ints, at "
                                   "most one of them -1 (the size left to fill), got (-1, -1)."),
    "reshape_target_minus_two": (lambda: layers.Reshape((-2, 3)),
                                 "Reshape: target_shape must be a tuple of positive ints, at most "
                                 "one of them -1 (the size left to fill), got (-2, 3)."),
    "reshape_inferred_size": (
        lambda: layers.Reshape((-1, 4), name="r").compute_output_shape((None, 6)),
        "Reshape layer 'r' cannot reshape samples of shape (6,) (6 values) to (-1, 4): the "
        "number of values must stay the same."),
    "repeat_n_float": (lambda: layers.RepeatVector(2.5),
                       "RepeatVector: n must be a positive int, got 2.5."),
    "zero_padding_negative_width": (
        lambda: layers.ZeroPadding2D((1, -1)),
        "ZeroPadding2D: padding must be an int, a pair of ints (height, width) or a pair of pairs "
        "((top, bottom), (left, right)), none negative, got (1, -1)."),
    "zero_padding_data_format": (lambda: layers.ZeroPadding2D(data_format="channels_middle"),
                                 "ZeroPadding2D: data_format must be 'channels_last' or "
                                 "'channels_first', got 'channels_middle'."),
    "pool_strides": (lambda: layers.AveragePooling1D(2, strides=0),
                     "AveragePooling1D: strides must be a positive int or a tuple of 1 of them, "
                     "got 0."),
    "conv1d_kernel_size": (lambda: layers.Conv1D(2, 0),
                           "Conv1D: kernel_size must be a positive int or a tuple of 1 of them, "
                           "got 0."),
    "conv1d_strides": (lambda: layers.Conv1D(2, 3, strides=0),
                       "Conv1D: strides must be a positive int or a tuple of 1 of them, got 0."),
    "conv1d_dilation_rate": (lambda: layers.Conv1D(2, 3, dilation_rate=0),
                             "Conv1D: dilation_rate must be a positive int or a tuple of 1 of "
                             "them, got 0."),
    "conv1d_filters": (lambda: layers.Conv1D(0, 3),
                       "Conv1D: filters must be a positive int, got 0."),
    "conv1d_unknown_channels": (
        lambda: layers.Conv1D(2, 3, name="c").build((None, 5, None)),
        "Conv1D layer 'c' needs inputs with a known number of channels, got shape "
        "(None, 5, None)."),
    "conv1d_larger_than_input": (
        lambda: layers.Conv1D(2, 5, name="c")(np.ones((1, 4, 1), np.float32)),
        "Computed output size would be zero or negative for layer 'c': input shape (1, 4, 1), "
        "kernel_size (5,), strides (1,), dilation_rate (1,), padding 'valid'. Use larger inputs, a "
        "smaller kernel or padding='same'."),
    "depthwise_regularizer": (lambda: layers.DepthwiseConv2D(3, depthwise_regularizer="l2"),
                              "DepthwiseConv2D: depthwise_regularizer is not supported (got 'l2'); "
                              "leave it None."),
    "depth_multiplier_zero": (lambda: layers.DepthwiseConv2D(3, depth_multiplier=0),
                              "DepthwiseConv2D: depth_multiplier must be a positive int, got 0."),
    "depth_multiplier_float": (lambda: layers.DepthwiseConv2D(3, depth_multiplier=1.5),
                               "DepthwiseConv2D: depth_multiplier must be a positive int, got "
                               "1.5."),
    "lambda_unknown_output_shape_function": (
        lambda: _lambda_from_config_with_unknown("output_shape"),
        "Unknown function 'nowhere' (output_shape function). Pass it in custom_objects "
        "({'nowhere': function}) or register it with "
        "@ag.keras.saving.register_keras_serializable()."),
    "lambda_unknown_mask_function": (
        lambda: _lambda_from_config_with_unknown("mask"),
        "Unknown function 'nowhere' (mask function). Pass it in custom_objects "
        "({'nowhere': function}) or register it with "
        "@ag.keras.saving.register_keras_serializable()."),
    "lambda_unknown_function": (
        lambda: layers.Lambda.from_config({"name": "l", "function": {
            "module": "builtins", "class_name": "function", "config": "nowhere",
            "registered_name": "function"}}),
        "Unknown function 'nowhere' (function of a Lambda layer). Pass it in custom_objects "
        "({'nowhere': function}) or register it with "
        "@ag.keras.saving.register_keras_serializable()."),
}




BAD_TYPES = {
    "lambda_not_callable": (lambda: layers.Lambda(3),
                            "Lambda: function must be callable, got 3."),
    "layer_norm_axis_empty": (lambda: layers.LayerNormalization(axis=[]),
                              "LayerNormalization: axis must be an int or a list of ints, got []."),
    "layer_norm_axis_float": (lambda: layers.LayerNormalization(axis=[1.5]),
                              "LayerNormalization: axis must be an int or a list of ints, got "
                              "[1.5]."),
}


@pytest.mark.parametrize("error, case", [(ValueError, case) for case in sorted(BAD)] + [
    (TypeError, case) for case in sorted(BAD_TYPES)])
def test_bad_arguments_are_one_clear_error(error, case):
    make, message = {**BAD, **BAD_TYPES}[case]
    with pytest.raises(error) as raised:
        make()
    assert str(raised.value) == message


def test_normalization_adapt_to_other_kept_sizes_is_one_clear_error():
    layer = layers.Normalization(name="norm")
    layer.adapt(X)
    with pytest.raises(ValueError) as raised:
        layer.adapt(np.ones((2, 4), np.float32))
    assert str(raised.value) == ("Normalization layer 'norm' was built for inputs of shape "
                                 "(None, 3), but adapt() got a batch of shape (2, 4).")


# Deliberate differences from Keras -------------------------------------------------------------
def test_a_lambda_from_config_is_refused_where_keras_would_run_it_with_safe_mode_off():
    # Keras 3 runs a lambda's stored bytecode when safe_mode=False; loading here never runs
    # stored code, whatever the mode
    config = layers.Lambda(lambda x: x + 1.0).get_config()
    with pytest.raises(ValueError) as raised, loading_scope({}):
        layers.Lambda.from_config(config)
    assert str(raised.value) == (
        "Cannot load a Lambda layer: its code is stored in the file, and loading never runs "
        "stored code. Rewrite it as a layer class and pass it in custom_objects.")


def test_lambda_takes_a_callable_without_a_signature_where_keras_3_refuses_it():
    # Keras 3 raises TypeError("unsupported callable") for operator.itemgetter(0); here it is
    # called without mask or training
    layer = layers.Lambda(operator.itemgetter(0))
    np.testing.assert_array_equal(layer(X).numpy(), X[0])


def test_conv1d_channels_first_adds_its_bias_per_filter_when_the_output_is_square():
    # TensorFlow 2.21's eager Conv1D(data_format="channels_first") adds the bias along the steps
    # when there are as many steps as filters ([[0, 10], [0, 10]] here); its tf.function path,
    # and Keras's own code, add it per filter, as here
    layer = layers.Conv1D(2, 2, data_format="channels_first")
    layer.build((None, 7, 3))
    layer.set_weights([np.zeros((2, 7, 2), np.float32), np.array([0.0, 10.0], np.float32)])
    np.testing.assert_array_equal(layer(np.zeros((1, 7, 3), np.float32)).numpy(),
                                  [[[0.0, 0.0], [10.0, 10.0]]])


def test_layer_normalization_rms_scaling_runs_without_keras_deprecation_warning(recwarn):
    # Keras 3.15 warns that rms_scaling=True is deprecated (it scales by the variance, not the
    # root mean square); the layer computes the same values here, without the warning
    layers.LayerNormalization(rms_scaling=True)(X)
    assert not [w for w in recwarn if "rms_scaling" in str(w.message)]
