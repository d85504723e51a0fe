"""Cases run the same way under `tf.keras` and `ag.keras`: layers and models with weights set
explicitly, called on fixed inputs, and short fits with SGD and no shuffling.

`run_layer(keras, name)` and `run_fit(keras, name, optimizer)` take the `keras` namespace
(`tf.keras` or `ag.keras`), so the recorder and the tests share one definition of each case.
"""

from __future__ import annotations

from typing import Any

import numpy as np


def data() -> dict[str, np.ndarray]:
    """Inputs and weights, rounded to 2 decimals so that they read the same everywhere."""
    rng = np.random.default_rng(0)

    def normal(*shape: int) -> np.ndarray:
        return rng.normal(size=shape).round(2).astype(np.float32)

    return {"x": normal(2, 3), "w": normal(3, 4), "b": np.array([0.1, -0.2, 0.3, 0.0], np.float32),
            "x3": np.arange(12, dtype=np.float32).reshape(2, 2, 3) / 10,
            "img": normal(2, 5, 5, 2), "kern": normal(3, 3, 2, 3),
            "cb": np.array([0.5, 0.0, -0.5], np.float32), "dw": normal(3, 3),
            "db": np.array([0.0, 0.1, -0.1], np.float32),
            "fit_x": normal(50, 3), "fit_w1": normal(3, 8) / 2,
            "fit_b1": np.zeros(8, np.float32), "fit_w2": normal(8, 2) / 2,
            "fit_b2": np.zeros(2, np.float32)}


# name: (layer class, positional args, keyword args, input, weights)
LAYERS: dict[str, tuple[str, tuple, dict, str, list[str]]] = {
    "dense_relu": ("Dense", (4,), {"activation": "relu"}, "x", ["w", "b"]),
    "dense_softmax_no_bias": ("Dense", (4,), {"activation": "softmax", "use_bias": False}, "x",
                              ["w"]),
    "dense_tanh_3d": ("Dense", (4,), {"activation": "tanh"}, "x3", ["w", "b"]),
    "conv_valid_relu": ("Conv2D", (3, 3), {"activation": "relu"}, "img", ["kern", "cb"]),
    "conv_same_stride2": ("Conv2D", (3, 3), {"strides": 2, "padding": "same"}, "img",
                          ["kern", "cb"]),
    "conv_dilated": ("Conv2D", (3, 2), {"dilation_rate": 2, "use_bias": False}, "img",
                     ["kern"]),
    "max_pool": ("MaxPooling2D", (), {}, "img", []),
    "max_pool_same_3_stride_2": ("MaxPooling2D", (3,), {"strides": 2, "padding": "same"},
                                 "img", []),
    "flatten": ("Flatten", (), {}, "img", []),
    "dropout_inference": ("Dropout", (0.5,), {"seed": 1}, "x", []),
}


def run_layer(keras: Any, name: str) -> np.ndarray:
    """Builds case `name`'s layer, sets its weights and calls it on its input."""
    layer_class, args, kwargs, input_name, weights = LAYERS[name]
    values = data()
    layer = getattr(keras.layers, layer_class)(*args, **kwargs)
    inputs = values[input_name]
    if name == "conv_dilated":
        values["kern"] = values["kern"][:2, :2]
    if weights:
        layer.build((None, *inputs.shape[1:]))
        layer.set_weights([values[w] for w in weights])
    return np.asarray(layer(inputs))


def cnn(keras: Any) -> Any:
    """Conv2D -> MaxPooling2D -> Flatten -> Dropout -> Dense(softmax), weights set."""
    values = data()
    model = keras.Sequential([
        keras.layers.Conv2D(3, 3, activation="relu"), keras.layers.MaxPooling2D(),
        keras.layers.Flatten(), keras.layers.Dropout(0.5),
        keras.layers.Dense(3, activation="softmax")])
    model.build((None, 5, 5, 2))
    model.set_weights([values["kern"], values["cb"], values["dw"], values["db"]])
    return model


# name: (loss, metrics, labels)
FITS: dict[str, tuple[str, list[str], str]] = {
    "sparse_logits": ("sparse_logits", ["accuracy"], "sparse"),
    "mse": ("mse", [], "regression"),
}


def run_fit(keras: Any, name: str, optimizer: Any) -> dict[str, list[float]]:
    """Fits a 3-8-2 MLP for 3 epochs of batches of 16 (the last one 2), without shuffling,
    validating on the first 20 samples; returns the history."""
    loss_name, metrics, labels = FITS[name]
    values = data()
    x = values["fit_x"]
    y = ((x[:, 0] > 0).astype(np.int32) if labels == "sparse"
         else np.stack([x[:, 0] * x[:, 1], x[:, 2]], axis=1))
    loss = (keras.losses.SparseCategoricalCrossentropy(from_logits=True)
            if loss_name == "sparse_logits" else keras.losses.MeanSquaredError())
    model = keras.Sequential([keras.layers.Dense(8, activation="relu"), keras.layers.Dense(2)])
    model.build((None, 3))
    model.set_weights([values["fit_w1"], values["fit_b1"], values["fit_w2"], values["fit_b2"]])
    model.compile(optimizer=optimizer, loss=loss, metrics=metrics)
    history = model.fit(x, y, batch_size=16, epochs=3, shuffle=False, verbose=0,
                        validation_data=(x[:20], y[:20]))
    return {key: [float(v) for v in values] for key, values in history.history.items()}
