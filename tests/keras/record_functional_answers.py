"""Runs every case of `functional_cases` under `tf.keras` and rewrites
`functional_expected.json`.

Run manually from the repository root with TensorFlow's interpreter, never from the suite:
    /path/to/tf-venv/bin/python -m tests.keras.record_functional_answers
"""
import json
import pathlib

import tensorflow as tf

from tests.keras import functional_cases as cases


def gradients(fn, sources):
    watched = [s if hasattr(s, "assign") else tf.constant(s) for s in sources]
    with tf.GradientTape() as tape:
        for s in watched:
            if not hasattr(s, "assign"):
                tape.watch(s)
        value = fn(*watched)
    return [g.numpy() for g in tape.gradient(value, watched)]


def main() -> None:
    fw = cases.Framework(tf.keras, tf.reduce_sum, gradients,
                         lambda t: getattr(t, "_keras_mask", None))
    expected = {"merges": {name: cases.run_merge(fw, name) for name in cases.MERGES},
                "masks": cases.run_masks(fw), "partial_masks": cases.run_partial_masks(fw),
                "symbolic_merges": {name: cases.symbolic_merge_shape(tf.keras, name)
                                    for name in cases.SYMBOLIC_MERGES},
                "two_branch": cases.run_two_branch(fw), "dict_model": cases.run_dict_model(fw),
                "summaries": cases.summaries(tf.keras),
                "multi_output_fits": {
                    name: cases.run_multi_output_fit(tf.keras, tf.keras.optimizers.SGD(0.1),
                                                     name)
                    for name in cases.MULTI_OUTPUT_FITS}}
    out = pathlib.Path(__file__).parent / "functional_expected.json"
    out.write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")
    print(f"recorded {out}")


if __name__ == "__main__":
    main()
