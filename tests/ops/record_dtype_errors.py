"""Runs every case of `dtype_error_cases` under TensorFlow and prints the lines of RECORDED.

Run manually from the repository root with TensorFlow's interpreter, never from the suite:
    /path/to/tf/venv/bin/python -m tests.ops.record_dtype_errors
Paste the output over RECORDED's entries and review the difference.
"""

import json

import tensorflow as tf

from tests.ops.dtype_error_cases import CASES


def raised(call, t) -> str:
    try:
        call(t)
    except Exception as e:  # noqa: BLE001  (the class is the answer)
        return type(e).__name__
    return "no error"


def main() -> None:
    t = tf.constant([1, 2], tf.int32)
    for name, case in CASES.items():
        eager = raised(lambda x, case=case: case(tf, x), t)
        traced = raised(tf.function(lambda x, case=case: case(tf, x), autograph=False), t)
        print(f"    {json.dumps(name)}: ({json.dumps(eager)}, {json.dumps(traced)}),")


if __name__ == "__main__":
    main()
