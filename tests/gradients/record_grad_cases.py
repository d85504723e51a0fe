"""Runs every case of `grad_cases` under TensorFlow and rewrites `grad_expected.json`: per
case, the gradients of each source, and for `SECOND_ORDER` cases the second gradients.

Run manually from the repository root with TensorFlow's interpreter, never from the suite:
    /work/tfvenv/bin/python -m tests.gradients.record_grad_cases
"""
import json
import pathlib

import numpy as np
import tensorflow as tf

from tests.gradients import grad_cases


def encode(t: object) -> object:
    """A gradient as JSON: nested lists; complex values as {"real": ..., "imag": ...}."""
    if t is None:
        return None
    a = np.asarray(tf.convert_to_tensor(t))  # gathers' gradients are IndexedSlices
    if a.dtype.kind == "c":
        return {"real": a.real.tolist(), "imag": a.imag.tolist()}
    return a.tolist()


def main() -> None:
    expected = {}
    for name, case in grad_cases.CASES.items():
        sources = [tf.constant(v) for v in case.sources]
        answer = {"first": [encode(g) for g in grad_cases.first_gradients(
            tf, case, tf.GradientTape, sources)]}
        if name in grad_cases.SECOND_ORDER:
            answer["second"] = [encode(g) for g in grad_cases.second_gradients(
                tf, case, tf.GradientTape, sources)]
        expected[name] = answer
    out = pathlib.Path(__file__).parent / "grad_expected.json"
    out.write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")
    print(f"recorded {len(expected)} cases in {out}")


if __name__ == "__main__":
    main()
