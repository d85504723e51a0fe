"""The differential programs under TensorFlow's own `tf.function`, for comparison.

    python -m pip install tensorflow-cpu          # in a virtual environment of its own
    python -m tests.differential.tensorflow_side --count 400 --seed 5000

runs the programs of `python3 -m tests.differential.run` with the same seeds (and all
families on) as plain Python, then under `tf.function` on `tf.constant` arguments, and prints
how many of the programs Python runs TensorFlow converted, ran and agreed on, how many it
answered differently (silently), and how many it refused; then its most frequent errors.

It needs TensorFlow, not autograph, which it never imports: `ag.range`, `ag.name_scope` and
`ag.constant` in the generated programs are TensorFlow's. Programs are compared as in
`runner` (values only, tensors or Python numbers alike; the program raising a subtype of what
Python raised is the same answer).
"""

from __future__ import annotations

import argparse
import builtins
import collections
import os
import signal
import sys
import tempfile
import types
from typing import Any

from tests.differential import generator
from tests.differential.program_objects import Box, Counter

_TIMEOUT_S = 30


class _Timeout(BaseException):
    pass


def main(argv: list | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args(argv)
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf  # noqa: PLC0415 -- only this script needs it

    tf.autograph.set_verbosity(0)
    ag = types.SimpleNamespace(range=tf.range, name_scope=tf.name_scope, constant=tf.constant)
    tally: collections.Counter = collections.Counter()
    errors: collections.Counter = collections.Counter()
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(options.seed, options.seed + options.count):
            source = generator.generate(seed, generator.Config())
            args = generator.arguments(seed)
            path = os.path.join(folder, f"program_{seed}.py")  # AutoGraph reads the source
            with open(path, "w") as file:
                file.write(source)
            raised, expected = "", None
            try:
                expected = _values(_load(source, path, ag)(*args), tf)
            except Exception as error:  # noqa: BLE001 -- the program's own error is the answer
                raised = type(error).__name__
            kind, detail = _run_tf(_load(source, path, ag), args, raised, expected, tf)
            tally[("raised" if raised else "ran", kind)] += 1
            if kind == "error" and not raised:
                errors[detail] += 1
    ran = sum(count for (python, _), count in tally.items() if python == "ran")
    print(f"{options.count} programs (seeds {options.seed}..{options.seed + options.count - 1}),"
          f" TensorFlow {tf.__version__}")
    print(f"Python ran {ran}: tf.function agreed on {tally[('ran', 'same')]} "
          f"({100 * tally[('ran', 'same')] / max(ran, 1):.1f}%), answered differently on "
          f"{tally[('ran', 'different')]}, refused or failed on {tally[('ran', 'error')]}, "
          f"hung on {tally[('ran', 'hang')]}")
    print("Most frequent errors where Python ran:")
    for detail, count in errors.most_common(10):
        print(f"  {count:4d}  {detail}")
    return 0


def _load(source: str, path: str, ag: Any) -> Any:
    namespace = {"ag": ag, "Box": Box, "CM": Counter(), "__name__": "program"}
    exec(compile(source, path, "exec"), namespace)
    return namespace["f"]


def _run_tf(f: Any, args: tuple, raised: str, expected: Any, tf: Any) -> tuple[str, str]:
    def expire(signum, frame):
        raise _Timeout()

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, _TIMEOUT_S)
    try:
        got = _values(tf.function(f)(*[tf.constant(a) for a in args]), tf)
    except _Timeout:
        return "hang", ""
    except Exception as error:  # noqa: BLE001 -- classified here
        builtin = getattr(builtins, raised, None) if raised else None
        if raised and (type(error).__name__ == raised
                       or isinstance(builtin, type) and isinstance(error, builtin)):
            return "same", ""
        lines = [line.strip() for line in str(error).splitlines() if line.strip()]
        return "error", f"{type(error).__name__}: {(lines[-1] if lines else '')[:100]}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    if raised or got != expected:
        return "different", ""
    return "same", ""


def _values(value: Any, tf: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_values(item, tf) for item in value]
    if isinstance(value, tf.Tensor):
        return value.numpy().tolist()
    return int(value) if isinstance(value, int) else repr(value)


if __name__ == "__main__":
    sys.exit(main())
