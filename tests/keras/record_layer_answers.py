"""Runs every case of `layer_cases` under `tf.keras` and rewrites `layer_expected.json`: each
layer's outputs, gradients, weights after a training call and config, and the BatchNormalization
fit's history and final weights.

Run manually from the repository root with TensorFlow's interpreter, never from the suite:
    /tmp/tfenv/bin/python -m tests.keras.record_layer_answers
"""
import json
import pathlib

import tensorflow as tf

from tests.keras import layer_cases


def main() -> None:
    names = layer_cases.first_names(tf.keras)
    expected = {"names": names,
                "cases": {name: layer_cases.run_case(tf, tf.keras, name)
                          for name in layer_cases.CASES},
                "masked": {name: layer_cases.run_masked(
                    tf, tf.keras, name, lambda layer, x, mask: layer(x, training=True,
                                                                      mask=mask))
                    for name in layer_cases.MASKED},
                "fit": layer_cases.run_fit(tf, tf.keras),
                "versions": {"tensorflow": tf.__version__, "keras": tf.keras.__version__}}
    out = pathlib.Path(__file__).parent / "layer_expected.json"
    out.write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")
    print(f"recorded {len(expected['cases'])} layer cases and one fit in {out}")


if __name__ == "__main__":
    main()
