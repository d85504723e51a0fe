"""Runs every case of `mirrored_cases` under TensorFlow and rewrites `mirrored_expected.json`.

TensorFlow gets two logical CPUs and a fresh `MirroredStrategy(["/cpu:0", "/cpu:1"])` per
case. Run manually from the repository root with TensorFlow's interpreter, never from the suite:
    TF_CPP_MIN_LOG_LEVEL=3 /tmp/tfenv/bin/python tests/distribute/record_mirrored_answers.py
"""
import importlib.util
import json
import pathlib
import traceback

import tensorflow as tf

HERE = pathlib.Path(__file__).parent


def load_cases():
    """The cases module, loaded by path: the `tests` package would import autograph."""
    spec = importlib.util.spec_from_file_location("mirrored_cases", HERE / "mirrored_cases.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
    cases = load_cases()
    expected = {"tensorflow_version": tf.__version__, "keras_version": tf.keras.__version__,
                "cases": {}}
    failed = []
    for name, case in cases.CASES.items():
        # Each strategy numbers its collectives from this base: without a new base, a case's
        # all-reduces would reuse the keys of an earlier case's (as TensorFlow's own tests do).
        tf.distribute.MirroredStrategy._collective_key_base += 100000
        strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
        try:
            answer = case(tf, strategy)
            json.dumps(answer)
        except Exception:
            traceback.print_exc()
            failed.append(name)
            continue
        expected["cases"][name] = answer
    out = HERE / "mirrored_expected.json"
    out.write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")
    print(f"recorded {len(expected['cases'])} cases in {out}")
    if failed:
        raise SystemExit(f"cases that failed: {', '.join(failed)}")


if __name__ == "__main__":
    main()
