"""Runs every case of `keras_cases` under `tf.keras` and rewrites `keras_expected.json`: each
layer's output, the CNN's output, and the history of each fit (SGD, learning rate 0.1).

Run manually from the repository root with TensorFlow's interpreter, never from the suite:
    /work/tfvenv/bin/python -m tests.keras.record_keras_answers
"""
import json
import pathlib

import numpy as np
import tensorflow as tf

from tests.keras import keras_cases


def main() -> None:
    expected: dict = {"layers": {}, "fits": {}}
    for name in keras_cases.LAYERS:
        expected["layers"][name] = keras_cases.run_layer(tf.keras, name).tolist()
    expected["cnn"] = np.asarray(keras_cases.cnn(tf.keras)(keras_cases.data()["img"])).tolist()
    for name in keras_cases.FITS:
        expected["fits"][name] = keras_cases.run_fit(tf.keras, name,
                                                     tf.keras.optimizers.SGD(0.1))
    out = pathlib.Path(__file__).parent / "keras_expected.json"
    out.write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")
    print(f"recorded {len(expected['layers'])} layers and {len(expected['fits'])} fits in {out}")


if __name__ == "__main__":
    main()
