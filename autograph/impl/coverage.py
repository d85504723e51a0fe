"""Which of TensorFlow's names autograph provides: the one table behind the coverage page
(docs/coverage.md) and behind the errors for missing names.

TensorFlow's public names, namespace by namespace, are recorded in `tensorflow_names.py`; a name
is provided when the matching autograph namespace (`tf.keras.layers` -> `ag.keras.layers`) has
it, not planned when `NOT_PLANNED` says why, and not there yet otherwise. `install` gives each
autograph namespace a module `__getattr__` that says which, instead of a bare AttributeError:

>>> import autograph as ag
>>> ag.keras.layers.Conv3D
Traceback (most recent call last):
...
AttributeError: autograph does not provide tf.keras.layers.Conv3D yet; docs/coverage.md lists ...
>>> ag.reduce_summ
Traceback (most recent call last):
...
AttributeError: module 'autograph' has no attribute 'reduce_summ'. Did you mean: 'reduce_sum'?
"""

from __future__ import annotations

import sys
import types
from typing import Any, Iterator

NOT_PLANNED = {
    "tf.tpu": "there are no TPUs here",
    "tf.experimental.tensorrt": "TensorRT engines are NVIDIA's runtime for TensorFlow graphs",
    "tf.lite": "TensorFlow Lite's converter writes TensorFlow's own model format",
    "tf.mlir": "TensorFlow's compiler internals",
    "tf.sysconfig": "TensorFlow's build and link flags",
    "tf.security": "TensorFlow's fuzzing internals",
    "tf.tools": "TensorFlow's own tools",
    "tf.raw_ops": "TensorFlow's op set op by op; `autograph ops` lists autograph's own",
    "tf.dtensor": "DTensor's internals (tf.experimental.dtensor)",
    "tf.keras.applications": "pretrained models need their weights downloaded from Keras' servers",
    "tf.keras.datasets": "the datasets are downloaded from Keras' servers",
}
"""TensorFlow namespaces autograph will not provide, and why (a namespace covers its children)."""

_CANONICAL: dict[int, str] = {}  # id of an autograph namespace module -> its TensorFlow path


def tensorflow_names() -> dict[str, tuple[str, ...]]:
    """TensorFlow's public names by namespace (`"tf.math": ("abs", ...)`)."""
    from autograph.impl.tensorflow_names import NAMES
    return NAMES


def not_planned(path: str) -> str | None:
    """Why the TensorFlow namespace or name `path` will not be provided; None if it may be."""
    for prefix, reason in NOT_PLANNED.items():
        if path == prefix or path.startswith(prefix + "."):
            return reason
    return None


def namespace(path: str) -> Any:
    """The autograph object for the TensorFlow namespace `path` (`tf.nn` -> `ag.nn`), or None."""
    root = sys.modules["autograph"]
    obj: Any = root
    for part in path.split(".")[1:]:
        # the package loads some namespaces on first use (its `__getattr__`)
        obj = getattr(obj, part, None) if obj is root else vars(obj).get(part)
        if not isinstance(obj, types.ModuleType):
            return None
    return obj


def provides(path: str, name: str) -> bool:
    """Whether autograph's namespace for TensorFlow's `path` has `name`."""
    found = namespace(path)
    return found is not None and name in _public(found)


def missing_name(module: types.ModuleType, name: str) -> AttributeError:
    """The error for `module.name`, an autograph namespace without that name."""
    if name.startswith("__"):  # Python's own probes (copy, pickle, inspect): the plain error
        return AttributeError(f"module {module.__name__!r} has no attribute {name!r}")
    path = f"{_CANONICAL.get(id(module), 'tf')}.{name}"
    names = tensorflow_names()
    parent = path.rpartition(".")[0]
    if name in names.get(parent, ()) or path in names:
        reason = not_planned(path)
        if reason:
            return AttributeError(f"autograph does not provide {path}: not planned ({reason}); "
                                  "docs/coverage.md lists what it provides")
        have = _public(module)
        shown = parent.replace("tf", "ag", 1)
        known = names.get(parent, ())
        count = sum(n in have for n in known)
        return AttributeError(f"autograph does not provide {path} yet; docs/coverage.md lists "
                              f"what it provides ({shown}: {count} of TensorFlow "
                              f"{_version()}'s {len(known)} names)")
    message = f"module {module.__name__!r} has no attribute {name!r}"
    import difflib  # error paths only: not loaded with the package
    close = difflib.get_close_matches(name, sorted(_public(module)), n=1)
    return AttributeError(message + (f". Did you mean: {close[0]!r}?" if close else ""))


def namespaces() -> dict[str, types.ModuleType]:
    """autograph's namespaces by the TensorFlow path they stand for (`"tf.math": ag.math`),
    loading those the package loads on first use."""
    root = sys.modules["autograph"]
    for name in _public(root):
        getattr(root, name)
    return dict(_walk(root, "tf"))


def install(root: types.ModuleType) -> None:
    """Gives `root` (the `autograph` package) and every namespace under it a module
    `__getattr__` that raises `missing_name`'s error, unless the module defines its own
    (the package does: it loads some namespaces on first use, then calls `missing_name`)."""
    _install(root, "tf")


def install_namespace(module: types.ModuleType) -> None:
    """`install` for a namespace the package loads on first use (`autograph.keras` stands for
    `tf.keras`); it calls this as its last line, however it was imported."""
    _install(module, "tf." + module.__name__.partition(".")[2])


def _install(top: types.ModuleType, top_path: str) -> None:
    for path, module in _walk(top, top_path, skip=_CANONICAL):
        _CANONICAL[id(module)] = path
        if "__getattr__" not in vars(module):
            module.__getattr__ = _raiser(module)  # type: ignore[method-assign]


def _walk(top: types.ModuleType, top_path: str, skip: Any = ()) -> Iterator[tuple[str, Any]]:
    """(TensorFlow path, namespace) for `top` and the loaded namespaces under it, breadth
    first: a module reached twice keeps its shortest path. Modules whose id is in `skip` are
    left out, with what is under them."""
    seen = set(skip)
    pending = [(top, top_path)]
    while pending:
        module, path = pending.pop(0)
        if id(module) in seen:
            continue
        seen.add(id(module))
        yield path, module
        for name in sorted(_public(module)):
            value = vars(module).get(name)
            if isinstance(value, types.ModuleType) and value.__name__.startswith("autograph"):
                pending.append((value, f"{path}.{name}"))


def page() -> str:
    """The coverage page (docs/coverage.md): per TensorFlow namespace, what autograph provides."""
    names = tensorflow_names()
    lines = [
        "# TensorFlow's names in autograph",
        "",
        f"What autograph provides of TensorFlow {_version()}'s public API, namespace by namespace.",
        "A name autograph does not provide raises an `AttributeError` that says whether it is",
        "planned; this page and that error come from one table, `autograph/impl/coverage.py`.",
        "",
        "```",
        "autograph coverage > docs/coverage.md   # rewrite this page",
        "```",
        "",
        "autograph's own namespaces, which TensorFlow does not have: " + ", ".join(
            f"`{name}` ({what})" for name, what in sorted(OWN_NAMESPACES.items())) + ".",
        "",
        "| TensorFlow | autograph | provided | not yet | not planned |",
        "|---|---|---|---|---|",
    ]
    sections = []
    for path in sorted(names):
        if not names[path]:
            continue
        ours = namespace(path)
        reason = not_planned(path)
        have = sorted(n for n in names[path] if ours is not None and n in _public(ours))
        rest = [n for n in names[path] if n not in have]
        planned, skipped = ([], rest) if reason else (rest, [])
        shown = path.replace("tf", "ag", 1) if ours is not None else "-"
        lines.append(f"| `{path}` | {shown if shown == '-' else f'`{shown}`'} | {len(have)} | "
                     f"{len(planned)} | {len(skipped)} |")
        sections += ["", f"## `{path}`", ""]
        if reason:
            sections.append(f"Not planned: {reason}.")
        if have:
            sections.append(f"Provided: {', '.join(f'`{n}`' for n in have)}.")
        if planned:
            sections.append(f"Not yet: {', '.join(f'`{n}`' for n in planned)}.")
    return "\n".join(lines + sections) + "\n"


# Namespaces with no TensorFlow counterpart, which the page names after its table.
OWN_NAMESPACES = {"ag.onnx": "ONNX export and import, docs/onnx.md"}


def _raiser(module: types.ModuleType):
    def __getattr__(name: str) -> Any:
        raise missing_name(module, name)
    return __getattr__


def _public(module: types.ModuleType) -> set[str]:
    listed = vars(module).get("__all__")
    if listed is not None:
        return set(listed)
    return {n for n in vars(module) if not n.startswith("_")}


def _version() -> str:
    from autograph.impl.tensorflow_names import VERSION
    return VERSION

