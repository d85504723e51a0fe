"""Runs every scenario of `monitor_cases` under `tf.keras` and rewrites
`monitor_expected.json`: each step's printed lines, warnings, errors and state, and the
direction mode "auto" picks for each kind of metric.

Run manually from the repository root with TensorFlow's interpreter, never from the suite:
    /tmp/tfenv/bin/python -m tests.keras.record_monitor_answers
"""
import json
import pathlib
import tempfile

import tensorflow as tf

from tests.keras import monitor_cases


def main() -> None:
    scenarios = {}
    for name in monitor_cases.SCENARIOS:
        with tempfile.TemporaryDirectory() as directory:
            scenarios[name] = monitor_cases.run(tf.keras, name, directory)
    expected = {"scenarios": scenarios,
                "directions": {name: monitor_cases.direction(tf.keras, *case)
                               for name, case in monitor_cases.DIRECTIONS.items()},
                "versions": {"tensorflow": tf.__version__, "keras": tf.keras.__version__}}
    out = pathlib.Path(__file__).parent / "monitor_expected.json"
    out.write_text(json.dumps(expected, sort_keys=True, separators=(",", ":")) + "\n")
    print(f"recorded {len(scenarios)} scenarios in {out}")


if __name__ == "__main__":
    main()
