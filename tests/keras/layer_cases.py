"""Layer cases run the same way under `tf.keras` and `ag.keras`: each layer built, its weights
set from a seeded generator, called on a fixed input; the outputs, the gradients of
`sum(outputs * R)` (R fixed) with respect to the input and each trainable weight, the moving
statistics after a training call, and the config.

`run_case(framework, keras, name)` takes the framework (`tf` or `ag`: `GradientTape`,
`constant`, `reduce_sum`, `data`) and its `keras`, so that the recorder and the tests share one
definition of each case. `run_fit` fits a small Sequential model with BatchNormalization.
"""

from __future__ import annotations

import json
import re
import zlib
from typing import Any, NamedTuple

import numpy as np


def data() -> dict[str, np.ndarray]:
    """Inputs, rounded to 2 decimals so that they read the same everywhere."""
    rng = np.random.default_rng(7)

    def normal(*shape: int) -> np.ndarray:
        return rng.normal(size=shape).round(2).astype(np.float32)

    return {"x": normal(6, 3), "x3": normal(2, 4, 3), "img": normal(2, 5, 5, 2),
            "img_cf": normal(2, 3, 4, 4), "seq": normal(2, 7, 3),
            "ids": np.array([[1, 0, 4, 2], [3, 3, 0, 0]], np.int32),
            "fit_x": normal(24, 3), "fit_y": normal(24, 2)}


def square_plus_one(x: Any) -> Any:
    """A named function for `Lambda` (its config names it)."""
    return x * x + 1.0


def keep_mask(inputs: Any, mask: Any) -> Any:
    """A named mask function for `Lambda`: the outputs keep the inputs' mask."""
    return mask


class Case(NamedTuple):
    layer: str
    args: tuple = ()
    kwargs: dict = {}
    input: str = "x"
    set_weights: bool = True  # set the built weights from the seeded generator
    training: bool = False  # also call with training=True (and record the moving statistics)
    adapt: str | None = None  # Normalization: "array" or "dataset" of the input


CASES: dict[str, Case] = {
    "batch_norm": Case("BatchNormalization", training=True),
    "batch_norm_axis_1": Case("BatchNormalization", (), {"axis": 1, "momentum": 0.9,
                                                         "epsilon": 0.01}, "img_cf",
                              training=True),
    "batch_norm_no_center_no_scale": Case("BatchNormalization", (),
                                          {"center": False, "scale": False}, training=True),
    "batch_norm_3d": Case("BatchNormalization", (), {}, "x3", training=True),
    "layer_norm": Case("LayerNormalization", (), {}, "x3"),
    "layer_norm_axes_1_2": Case("LayerNormalization", (), {"axis": [1, 2]}, "x3"),
    "layer_norm_rms": Case("LayerNormalization", (), {"rms_scaling": True}, "x3"),
    "layer_norm_no_scale": Case("LayerNormalization", (), {"scale": False}, "x3"),
    "layer_norm_no_center": Case("LayerNormalization", (), {"center": False, "epsilon": 0.1},
                                 "x3"),
    "embedding": Case("Embedding", (5, 3), {}, "ids"),
    "embedding_mask_zero": Case("Embedding", (5, 2), {"mask_zero": True}, "ids"),
    "conv1d_relu": Case("Conv1D", (2, 3), {"activation": "relu"}, "seq"),
    "conv1d_same_stride_2": Case("Conv1D", (2, 3), {"strides": 2, "padding": "same"}, "seq"),
    "conv1d_causal_dilated": Case("Conv1D", (2, 2), {"padding": "causal",
                                                     "dilation_rate": 2}, "seq"),
    "depthwise_conv2d": Case("DepthwiseConv2D", (3,), {"depth_multiplier": 2}, "img"),
    "depthwise_conv2d_same_stride_2": Case("DepthwiseConv2D", (2,),
                                           {"strides": 2, "padding": "same"}, "img"),
    "conv1d_full_window": Case("Conv1D", (2, 7), {}, "seq"),
    "conv1d_channels_first": Case("Conv1D", (3, 2), {"data_format": "channels_first"}, "seq"),
    "conv1d_causal_channels_first": Case("Conv1D", (2, 2), {"padding": "causal",
                                                            "data_format": "channels_first"},
                                         "seq"),
    "depthwise_conv2d_channels_first": Case("DepthwiseConv2D", (2,), {
        "depth_multiplier": 2, "data_format": "channels_first"}, "img_cf"),
    "avg_pool2d": Case("AveragePooling2D", (2,), {}, "img"),
    "avg_pool2d_channels_first": Case("AveragePooling2D", (2,),
                                      {"data_format": "channels_first"}, "img_cf"),
    "max_pool1d_channels_first": Case("MaxPooling1D", (), {"data_format": "channels_first"},
                                      "seq"),
    "avg_pool2d_same_3_stride_2": Case("AveragePooling2D", (3,),
                                       {"strides": 2, "padding": "same"}, "img"),
    "max_pool1d": Case("MaxPooling1D", (), {}, "seq"),
    "max_pool1d_same_3_stride_2": Case("MaxPooling1D", (3,), {"strides": 2,
                                                              "padding": "same"}, "seq"),
    "avg_pool1d_stride_1": Case("AveragePooling1D", (2,), {"strides": 1}, "seq"),
    "avg_pool1d_same_3": Case("AveragePooling1D", (3,), {"padding": "same"}, "seq"),
    "global_avg_pool1d": Case("GlobalAveragePooling1D", (), {}, "seq"),
    "global_avg_pool1d_channels_first": Case("GlobalAveragePooling1D", (),
                                             {"data_format": "channels_first"}, "seq"),
    "global_avg_pool2d_keepdims": Case("GlobalAveragePooling2D", (), {"keepdims": True},
                                       "img"),
    "global_max_pool1d": Case("GlobalMaxPooling1D", (), {}, "seq"),
    "global_max_pool2d": Case("GlobalMaxPooling2D", (), {}, "img"),
    "global_max_pool2d_channels_first_keepdims": Case(
        "GlobalMaxPooling2D", (), {"data_format": "channels_first", "keepdims": True}, "img"),
    "activation_tanh": Case("Activation", ("tanh",)),
    "activation_softmax": Case("Activation", ("softmax",), {}, "x3"),
    "relu": Case("ReLU"),
    "relu_capped_sloped_threshold": Case("ReLU", (), {"max_value": 1.0, "negative_slope": 0.1,
                                                      "threshold": 0.2}),
    "leaky_relu": Case("LeakyReLU"),
    "leaky_relu_slope": Case("LeakyReLU", (), {"negative_slope": 0.05}),
    "softmax": Case("Softmax", (), {}, "x3"),
    "softmax_axes_1_2": Case("Softmax", (), {"axis": (1, 2)}, "x3"),
    "reshape": Case("Reshape", ((3, 1),)),
    "reshape_inferred": Case("Reshape", ((-1, 2),), {}, "x3"),
    "reshape_ones_around_inferred": Case("Reshape", ((1, -1, 1),)),
    "permute": Case("Permute", ((2, 1),), {}, "x3"),
    "repeat_vector": Case("RepeatVector", (3,)),
    "repeat_vector_once": Case("RepeatVector", (1,)),
    "zero_padding2d": Case("ZeroPadding2D", (), {}, "img"),
    "zero_padding2d_zero": Case("ZeroPadding2D", (0,), {}, "img"),
    "zero_padding2d_pairs": Case("ZeroPadding2D", (((1, 0), (2, 1)),), {}, "img"),
    "zero_padding2d_channels_first": Case("ZeroPadding2D", ((1, 2),),
                                          {"data_format": "channels_first"}, "img_cf"),
    "lambda": Case("Lambda", (lambda x: x * x + 1.0,)),
    "lambda_named": Case("Lambda", (square_plus_one,)),
    "lambda_output_shape_and_mask": Case("Lambda", (square_plus_one,),
                                         {"output_shape": (3,), "mask": keep_mask}),
    "normalization_given": Case("Normalization", (), {"mean": [1.0, -0.5, 0.0],
                                                      "variance": [0.5, 2.0, 1.0]},
                                set_weights=False),
    "normalization_given_scalar": Case("Normalization", (), {"mean": 0.5, "variance": 4.0},
                                       set_weights=False),
    "normalization_zero_variance": Case("Normalization", (), {"mean": 0.0, "variance": 0.0},
                                        set_weights=False),
    "normalization_adapt_array": Case("Normalization", set_weights=False, adapt="array"),
    "normalization_adapt_dataset": Case("Normalization", (), {"axis": (1, 2)}, "x3",
                                        set_weights=False, adapt="dataset"),
    "normalization_adapt_all_axes": Case("Normalization", (), {"axis": None},
                                         set_weights=False, adapt="array"),
    "normalization_invert": Case("Normalization", (), {"invert": True}, set_weights=False,
                                 adapt="dataset"),
    "rescaling": Case("Rescaling", (0.5,), {"offset": -1.0}),
}


def first_names(keras: Any) -> dict[str, str]:
    """The automatic name of a new layer of each class of the cases (without any `_N`
    suffix, which depends on what the process made before)."""
    names = {}
    for case in CASES.values():
        layer = getattr(keras.layers, case.layer)(*case.args, **case.kwargs)
        names[case.layer] = re.sub(r"_\d+$", "", layer.name)
    return names


def weight_values(name: str, shapes: list[tuple[str, tuple]]) -> list[np.ndarray]:
    """Seeded values for weights of these (name, shape)s; variances positive."""
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    values = []
    for weight, shape in shapes:
        value = rng.normal(size=shape).round(2).astype(np.float32)
        values.append(np.abs(value) + 0.5 if "variance" in weight else value)
    return values


def json_config(config: dict) -> Any:
    """A config as a file holds it (tuples become lists); a lambda's bytecode left out (it
    differs between Python builds)."""
    config = json.loads(json.dumps(config))
    function = config.get("function")
    if isinstance(function, dict) and function.get("class_name") == "__lambda__":
        function["config"].pop("code")
    return config


def _adapt(framework: Any, layer: Any, x: np.ndarray, how: str) -> None:
    if how == "array":
        layer.adapt(x)
    else:
        layer.adapt(framework.data.Dataset.from_tensor_slices(x).batch(4))


def build(framework: Any, keras: Any, name: str) -> Any:
    """Case `name`'s layer, built (adapted, for Normalization) and its weights set."""
    case = CASES[name]
    x = data()[case.input]
    # named after the case: automatic names depend on what else the process made
    layer = getattr(keras.layers, case.layer)(*case.args, name=name, **case.kwargs)
    if case.adapt:
        _adapt(framework, layer, x, case.adapt)
    if not layer.built:
        layer.build((None, *x.shape[1:]))
    if case.set_weights and layer.weights:
        shapes = [(w.name, tuple(w.shape)) for w in layer.weights]
        layer.set_weights(weight_values(name, shapes))
    return layer


def _dense(gradient: Any) -> np.ndarray:
    """A gradient as an array (TensorFlow gives an embedding's as IndexedSlices)."""
    if hasattr(gradient, "indices") and hasattr(gradient, "dense_shape"):
        dense = np.zeros(np.asarray(gradient.dense_shape), np.float32)
        np.add.at(dense, np.asarray(gradient.indices), np.asarray(gradient.values))
        return dense
    return np.asarray(gradient)


def run_case(framework: Any, keras: Any, name: str) -> dict:
    """Runs case `name`: outputs, gradients, the weights after the calls, the config."""
    case = CASES[name]
    x_value = data()[case.input]
    layer = build(framework, keras, name)
    x = framework.constant(x_value)
    found: dict = {}
    with framework.GradientTape() as tape:
        tape.watch(x)
        if case.training:
            outputs = layer(x, training=True)
        else:
            outputs = layer(x)
        r = np.random.default_rng(1).normal(size=tuple(outputs.shape)).round(2)
        loss = framework.reduce_sum(outputs * framework.constant(r.astype(np.float32)))
    trainable = list(layer.trainable_weights)
    sources = ([] if x_value.dtype.kind == "i" else [x]) + trainable
    gradients = tape.gradient(loss, sources)
    found["output"] = np.asarray(outputs).tolist()
    if x_value.dtype.kind != "i":
        found["input_gradient"] = np.asarray(gradients.pop(0)).tolist()
    found["weight_gradients"] = [_dense(g).tolist() for g in gradients]
    if case.training:
        found["weights_after_training_call"] = [w.numpy().tolist() for w in layer.weights]
        found["inference_output"] = np.asarray(layer(x, training=False)).tolist()
    if hasattr(layer, "compute_mask") and case.layer == "Embedding":
        mask = layer.compute_mask(x)
        found["mask"] = None if mask is None else np.asarray(mask).tolist()
    found["output_shapes"] = [list(layer.compute_output_shape(shape)) for shape in
                              ((None, *x_value.shape[1:]), x_value.shape)]
    found["weight_names"] = [re.sub(r":\d+$", "", w.name).split("/")[-1] for w in layer.weights]
    found["config"] = json_config(layer.get_config())
    found["supports_masking"] = layer.supports_masking
    saving = getattr(keras, "saving", None) or keras.utils  # tf.keras has no `saving`
    found["class"] = [saving.serialize_keras_object(layer)[key]
                      for key in ("module", "class_name", "registered_name")]
    return found


# name: (case whose layer is used, mask over all axes of the input but its last)
MASKED: dict[str, tuple[str, list]] = {
    "batch_norm_3d_masked": ("batch_norm_3d", [[1, 1, 0, 1], [1, 0, 0, 0]]),
    "batch_norm_axis_1_masked": ("batch_norm_axis_1", [[[1, 0, 1, 1], [1, 1, 1, 0], [0, 1, 1, 1]],
                                                       [[1, 1, 0, 0], [0, 1, 1, 1], [1, 0, 1, 1]]]),
    "global_avg_pool1d_masked": ("global_avg_pool1d", [[1, 1, 0, 1, 0, 0, 1],
                                                       [0, 1, 1, 1, 1, 1, 1]]),
    "global_avg_pool1d_channels_first_masked": ("global_avg_pool1d_channels_first",
                                                [[1, 0, 1], [0, 1, 1]]),
    "softmax_masked": ("softmax", [[1, 1, 0, 1], [1, 0, 1, 1]]),
    "softmax_axes_1_2_masked": ("softmax_axes_1_2", [[1, 1, 0, 1], [1, 0, 1, 1]]),
}


def run_masked(framework: Any, keras: Any, name: str, call: Any) -> dict:
    """Case `name`'s layer called with a boolean mask by `call(layer, x, mask)` (Keras's
    `__call__` passes it on; ours is called directly until `Layer.__call__` carries masks):
    the output, and the weights after the call (trained, for BatchNormalization)."""
    case_name, mask = MASKED[name]
    layer = build(framework, keras, case_name)
    x = framework.constant(data()[CASES[case_name].input])
    mask_value = np.array(mask, bool)
    if case_name.startswith("softmax"):  # a mask as broadcastable to the inputs as Keras asks
        mask_value = mask_value[:, :, None]
    outputs = call(layer, x, framework.constant(mask_value))
    return {"output": np.asarray(outputs).tolist(),
            "weights": [w.numpy().tolist() for w in layer.weights]}


def run_fit(framework: Any, keras: Any) -> dict:
    """Dense(4) -> BatchNormalization -> Dense(2), weights set, fitted with SGD(0.1) on mean
    squared error for 3 epochs of batches of 8, without shuffling: the history, and the
    weights (moving statistics included) after the fit."""
    del framework
    values = data()
    model = keras.Sequential([keras.layers.Dense(4), keras.layers.BatchNormalization(),
                              keras.layers.Dense(2)])
    model.build((None, 3))
    model.set_weights(weight_values("fit", [(w.name, tuple(w.shape))
                                            for w in model.weights]))
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
    history = model.fit(values["fit_x"], values["fit_y"], batch_size=8, epochs=3,
                        shuffle=False, verbose=0)
    return {"loss": [float(v) for v in history.history["loss"]],
            "weights": [np.asarray(w).tolist() for w in model.get_weights()]}
