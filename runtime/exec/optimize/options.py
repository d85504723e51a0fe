"""The graph optimiser's options, by TensorFlow's names (`tf.config.optimizer`).

`set_experimental_options({"constant_folding": False})` turns a pass off; the options apply to
plans made afterwards (a function first called, a new `Session.run` fetch), as TensorFlow's apply
to functions traced later: a plan already made keeps the passes it was made with (a function
called before the change, a fetch a `Session` has run before).

The passes and the options that switch them (all on by default, as TensorFlow's):

    constant_folding          constant folding
    arithmetic_optimization   arithmetic simplification, common subexpression elimination
    dependency_optimization   Identity removal
    disable_model_pruning     True: keep ops that have no effect (StopGradient, dead ops)
    remapping                 elementwise fusion
    disable_meta_optimizer    True: no pass at all
    min_graph_nodes           graphs with fewer ops are not optimised

TensorFlow's other option names are accepted and kept (so programs written for it run), but
switch nothing here: there is no layout, shape, loop or function pass. Unlike
TensorFlow, an unknown name is an error rather than ignored.
"""

from __future__ import annotations

import threading
from typing import Any

# Toggles: True / False when set, absent when left at the default (on).
_TOGGLES = (
    "layout_optimizer", "constant_folding", "shape_optimization", "remapping",
    "arithmetic_optimization", "dependency_optimization", "loop_optimization",
    "function_optimization", "debug_stripper", "scoped_allocator_optimization",
    "pin_to_host_optimization", "implementation_selector", "auto_mixed_precision",
    "auto_mixed_precision_mkl", "auto_mixed_precision_onednn_bfloat16", "use_plugin_optimizers",
)
# Booleans always reported, as TensorFlow's `get_experimental_options` does.
_FLAGS = ("disable_model_pruning", "disable_meta_optimizer")
_INTS = ("min_graph_nodes",)

_lock = threading.Lock()
_options: dict[str, Any] = {}


def set_experimental_options(options: dict[str, Any]) -> None:
    """Sets optimiser options, by TensorFlow's names; those not given keep their values.

    Args:
        options: option name -> value: a bool for the toggles and flags, an int for
            `min_graph_nodes` (graphs with fewer ops are not optimised; 0, the default,
            stands for 4 and a negative number skips none, as in TensorFlow).

    Raises:
        ValueError: an unknown option name, or a toggle or flag that is not a bool.
        TypeError: `min_graph_nodes` that is not an int (as TensorFlow raises).

    >>> set_experimental_options({"constant_folding": False})
    >>> get_experimental_options()["constant_folding"]
    False
    >>> reset()
    """
    if not isinstance(options, dict):
        raise ValueError(f"Optimizer options are a dict of option name -> value, got "
                         f"{type(options).__name__}.")
    checked = {}
    for name, value in options.items():
        if name in _TOGGLES or name in _FLAGS:
            if not isinstance(value, bool):
                raise ValueError(f"Optimizer option {name!r} is a bool, got {value!r}.")
        elif name in _INTS:
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"Optimizer option {name!r} is an int, got {value!r}.")
        else:
            known = sorted(_TOGGLES + _FLAGS + _INTS)
            import difflib  # error paths only: not loaded with the package
            near = difflib.get_close_matches(str(name), known, n=1)
            hint = f" Did you mean {near[0]!r}?" if near else ""
            raise ValueError(f"Unknown optimizer option {name!r}.{hint} The options are: "
                             f"{', '.join(known)}.")
        checked[name] = value
    with _lock:
        _options.update(checked)


def get_experimental_options() -> dict[str, Any]:
    """The options set so far, and `disable_model_pruning` / `disable_meta_optimizer`.

    >>> reset()
    >>> set_experimental_options({"remapping": False})
    >>> get_experimental_options()
    {'remapping': False, 'disable_model_pruning': False, 'disable_meta_optimizer': False}
    >>> reset()
    """
    with _lock:
        found = {name: _options[name] for name in _TOGGLES if name in _options}
        found.update({name: _options.get(name, False) for name in _FLAGS})
        if _options.get("min_graph_nodes"):
            found["min_graph_nodes"] = _options["min_graph_nodes"]
        return found


def reset() -> None:
    """Back to the defaults (every pass on), for tests."""
    with _lock:
        _options.clear()


def snapshot() -> tuple:
    """The options as set now, hashable: what a cache of optimised graphs keys on."""
    with _lock:
        return tuple(sorted(_options.items()))


def enabled(name: str) -> bool:
    """Whether the toggle `name` is on (the default) for plans made now."""
    return _options.get(name, True)


def flag(name: str) -> bool:
    return _options.get(name, False)


DEFAULT_MIN_GRAPH_NODES = 4
"""What `min_graph_nodes` 0 (the default) stands for, as in TensorFlow's meta-optimizer: a
graph of fewer ops (its branches' and loop bodies' counted) has too little for the passes to
gain back their own cost."""


def min_graph_nodes() -> int:
    """The fewest ops a graph must have to be optimised (a negative setting: none)."""
    value = _options.get("min_graph_nodes", 0)
    return DEFAULT_MIN_GRAPH_NODES if value == 0 else value
