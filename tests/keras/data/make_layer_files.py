"""Writes `layers.keras`, a Keras 3 model (TensorFlow 2.21, Keras 3.15) made of the layers of
tests/keras/layer_cases.py, trained one epoch so that BatchNormalization's moving statistics
and Normalization's adapted ones are not their initial values, and `layers_keras.json`, its
inputs and predictions, for tests/keras/test_keras_new_layer_behaviour.py.

Run by hand with TensorFlow's interpreter, never by the suite:
    /tmp/tfenv/bin/python tests/keras/data/make_layer_files.py
"""

import json
import pathlib

import keras
import numpy as np

HERE = pathlib.Path(__file__).parent


def main() -> None:
    keras.utils.set_random_seed(3)
    layers = keras.layers
    x = np.random.default_rng(3).normal(size=(4, 6, 3)).round(2).astype(np.float32)
    norm = layers.Normalization()
    norm.adapt(x)
    model = keras.Sequential([
        keras.Input((6, 3)), norm, layers.Conv1D(4, 3, padding="causal"),
        layers.BatchNormalization(), layers.LayerNormalization(), layers.LeakyReLU(),
        layers.AveragePooling1D(2), layers.GlobalMaxPooling1D(), layers.RepeatVector(2),
        layers.Permute((2, 1)), layers.Reshape((-1,)), layers.Dense(2),
        layers.Activation("softmax"), layers.Rescaling(2.0)])
    model.compile("sgd", "mse")
    model.fit(x, np.ones((4, 2), np.float32), verbose=0, shuffle=False)
    model.save(HERE / "layers.keras")
    expected = {"x": x.tolist(), "predictions": model.predict(x, verbose=0).tolist()}
    (HERE / "layers_keras.json").write_text(json.dumps(expected, indent=1) + "\n")
    print(f"wrote {HERE / 'layers.keras'} and {HERE / 'layers_keras.json'}")


if __name__ == "__main__":
    main()
