"""Re-runs every conformance program under TensorFlow and rewrites the expected answers.

expected.json: every program as graph-mode TensorFlow runs it. expected_eager.json: the
programs in harness.DELIBERATE, run with tf.config.run_functions_eagerly(True).

Run manually from the repository root with TensorFlow's interpreter, never from the suite:
    /work/tfvenv/bin/python -m tests.conformance.record
"""
import json
import pathlib

import tensorflow as tf

from tests.conformance import harness


def main() -> None:
    expected = {name: harness.run(func, tf) for name, func in harness.collect().items()}
    out = pathlib.Path(__file__).parent / "expected.json"
    out.write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")
    print(f"recorded {len(expected)} programs in {out}")
    tf.config.run_functions_eagerly(True)
    try:
        programs = harness.collect()
        eager = {name: harness.run(programs[name], tf) for name in sorted(harness.DELIBERATE)}
    finally:
        tf.config.run_functions_eagerly(False)
    out = out.with_name("expected_eager.json")
    out.write_text(json.dumps(eager, indent=1, sort_keys=True) + "\n")
    print(f"recorded {len(eager)} eager answers in {out}")


if __name__ == "__main__":
    main()
