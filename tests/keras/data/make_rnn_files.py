"""Writes `rnn.keras`, a Keras 3 model (TensorFlow 2.21, Keras 3.15) of recurrent layers:
`Embedding(mask_zero=True)`, `Bidirectional(LSTM)`, `GRU`, `Dense`, trained one epoch on
zero-padded id sequences, and `rnn_keras.json`, its inputs and predictions, for
tests/keras/test_keras_recurrent_layers.py.

Run by hand with TensorFlow's interpreter, never by the suite:
    /tmp/tfenv/bin/python tests/keras/data/make_rnn_files.py
"""

import json
import pathlib

import keras
import numpy as np

HERE = pathlib.Path(__file__).parent


def main() -> None:
    keras.utils.set_random_seed(5)
    rng = np.random.default_rng(5)
    ids = np.zeros((6, 7), np.int32)
    for row, length in enumerate([7, 5, 3, 6, 2, 4]):
        ids[row, :length] = rng.integers(1, 12, size=length)
    layers = keras.layers
    model = keras.Sequential([
        keras.Input((7,), dtype="int32"), layers.Embedding(12, 4, mask_zero=True),
        layers.Bidirectional(layers.LSTM(3, return_sequences=True)), layers.GRU(3),
        layers.Dense(2, activation="softmax")])
    model.compile("adam", "sparse_categorical_crossentropy")
    model.fit(ids, np.arange(6) % 2, verbose=0, shuffle=False)
    model.save(HERE / "rnn.keras")
    expected = {"ids": ids.tolist(), "predictions": model.predict(ids, verbose=0).tolist()}
    (HERE / "rnn_keras.json").write_text(json.dumps(expected, indent=1) + "\n")
    print(f"wrote {HERE / 'rnn.keras'} and {HERE / 'rnn_keras.json'}")


if __name__ == "__main__":
    main()
