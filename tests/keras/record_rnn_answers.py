"""Runs every case of `rnn_cases` under `tf.keras` and rewrites `rnn_expected.json`: each
recurrent layer's outputs, gradients, output mask and config, and the fit's history and
weights.

Run manually from the repository root with TensorFlow's interpreter, never from the suite:
    /tmp/tfenv/bin/python -m tests.keras.record_rnn_answers
"""
import json
import pathlib

import tensorflow as tf

from tests.keras import rnn_cases


def main() -> None:
    expected = {"cases": {name: rnn_cases.run_case(tf, tf.keras, name)
                          for name in rnn_cases.CASES},
                "fit": rnn_cases.run_fit(tf.keras),
                "versions": {"tensorflow": tf.__version__, "keras": tf.keras.__version__}}
    out = pathlib.Path(__file__).parent / "rnn_expected.json"
    out.write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")
    print(f"recorded {len(expected['cases'])} recurrent layer cases and one fit in {out}")


if __name__ == "__main__":
    main()
