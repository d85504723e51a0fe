"""Records TensorFlow's public names, by namespace, into autograph/impl/tensorflow_names.py.

The coverage table (autograph/impl/coverage.py) compares autograph's namespaces with these
names. Run with TensorFlow installed (never a dependency of this project):

    /path/to/tensorflow/venv/bin/python tests/record_tensorflow_names.py
"""

import pathlib
import sys
import textwrap
import types
from importlib.metadata import version

# This script's folder holds a `keras` package of tests, which would shadow Keras itself.
sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != pathlib.Path(
    __file__).resolve().parent]
import tensorflow as tf  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parents[1] / "autograph" / "impl" / "tensorflow_names.py"
SKIPPED = {"tf.raw_ops", "tf.compat.v2", "tf.compat.v1.compat"}  # every op; aliases of tf


def walk(path: str, module: types.ModuleType, depth: int, found: dict) -> None:
    names = sorted(n for n in dir(module) if not n.startswith("_"))
    namespaces = [n for n in names if isinstance(getattr(module, n, None), types.ModuleType)]
    found[path] = [n for n in names if n not in namespaces]
    for name in namespaces:
        child = f"{path}.{name}"
        if child in SKIPPED or depth == 0 or path == "tf.compat.v1":  # v1's own: tf's again
            found.setdefault(child, [])
            continue
        walk(child, getattr(module, name), depth - 1, found)


def main() -> None:
    found: dict = {}
    walk("tf", tf, 3, found)
    lines = [
        f'"""TensorFlow {tf.__version__}\'s public names by namespace (Keras {version("keras")}'
        " for tf.keras), which the",
        "coverage table compares autograph's namespaces with.",
        "",
        "Written by tests/record_tensorflow_names.py; do not edit by hand. Its length is",
        "TensorFlow's API (one tuple of names per namespace), not code to split.",
        '"""',
        "",
        f"VERSION = {tf.__version__!r}",
        "NAMES: dict[str, tuple[str, ...]] = {",
    ]
    for path in sorted(found):
        body = " ".join(f'"{n}",' for n in found[path])
        lines.append(f'    "{path}": (')
        lines += textwrap.wrap(body, 99, initial_indent="        ", subsequent_indent="        ")
        lines.append("    ),")
    lines.append("}")
    OUT.write_text("\n".join(lines) + "\n")
    print(f"{OUT}: {len(found)} namespaces, {sum(map(len, found.values()))} names")


if __name__ == "__main__":
    main()
