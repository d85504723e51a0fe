"""The checkpoint protocol: how a checkpoint names every variable of the objects it saves.

**The protocol.** An object that owns state defines `_trackable_children(self) -> dict[str,
object]`, its named children. A child is a `Variable` (a leaf), another object that defines
`_trackable_children`, a list or tuple of children (named by index: `"0"`, `"1"`, ...), a dict
of them (named by `str(key)`), or None (a child not created yet: skipped). Inside lists and
dicts, other values (numbers, strings, functions) are skipped; a non-container value returned
directly by `_trackable_children` that is none of these is an error. `Module` has a default:
its attributes holding state, by attribute name (`runtime/state/module.py`).

**Paths.** A variable's path is the names from the checkpoint's root to it, joined by `/`:
`model/layers/0/w`. The walk is breadth first, children in the order `_trackable_children`
returns them (Module: sorted attribute names; dicts: sorted keys), and each object is reached
once, by its first (shortest) path: a variable shared by two objects is saved once. As in
TensorFlow, `.` in a name is written `..` and `/` is written `.S`, so paths are unambiguous.

**Optimizers** return `{"iterations": v, "learning_rate": v (when it is a variable), "slots":
{"<i>": {"<slot name>": v, ...}}}` where `<i>` is the position of the variable in the order
`apply_gradients` first saw it, so that a fresh optimizer given the same variables in the same
order names its slots the same way (`optimizer/slots/0/m`).

**Deferred restoration.** Values whose path leads to no variable yet (an optimizer's slots
before its first `apply_gradients`, a layer built on first call) are kept, and given to the
variable when it appears: a variable made while values wait is matched at its first read,
update or handle access, once its owner holds it (TensorFlow matches when the owner attaches
it). A wait ends when every value found its variable, or when the objects restored into are
garbage collected.
"""

from __future__ import annotations

import collections
import warnings
import weakref
from typing import Any, Callable

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import as_raw_shape, format_raw, raw_compatible
from autograph.runtime.graph.func_graph import sorted_keys
from autograph.runtime.graph.init_scope import init_scope
from autograph.runtime.graph.source_lines import user_frame
from autograph.runtime.state import variables as variables_module
from autograph.runtime.state.variables import Variable

__all__ = ["escape_name", "variables_by_path", "Restoration", "checkpoint_array", "settle",
           "wait_for_variables", "mismatch_message"]


def escape_name(name: str) -> str:
    """A child's name as it appears in a path: `.` -> `..`, `/` -> `.S` (TensorFlow's rule)."""
    return name.replace(".", "..").replace("/", ".S")


def is_trackable(value: Any) -> bool:
    return isinstance(value, Variable) or hasattr(type(value), "_trackable_children")


def children_of(value: Any) -> list[tuple[str, Any]]:
    """The (name, child) pairs of a container or a trackable object."""
    if isinstance(value, dict):
        return [(str(key), value[key]) for key in sorted_keys(value)
                if is_trackable(value[key]) or isinstance(value[key], (list, tuple, dict))]
    if isinstance(value, (list, tuple)):
        return [(str(i), item) for i, item in enumerate(value)
                if is_trackable(item) or isinstance(item, (list, tuple, dict))]
    children = value._trackable_children()
    if not isinstance(children, dict):
        raise TypeError(f"{type(value).__name__}._trackable_children() returned a "
                        f"{type(children).__name__}; it must return a dict of name -> child.")
    found = []
    for name, child in children.items():
        if child is None:
            continue
        if not (is_trackable(child) or isinstance(child, (list, tuple, dict))):
            raise TypeError(f"{type(value).__name__}._trackable_children() returned "
                            f"{name!r}: {type(child).__name__}; children must be variables, "
                            f"objects with _trackable_children, lists or dicts of them, or "
                            f"None.")
        found.append((str(name), child))
    return found


def variables_by_path(roots: list[tuple[str, Any]]) -> dict[str, Variable]:
    """Every variable reachable from the named `roots`, by path (breadth first, each once).

    >>> a, b = Variable(1.0), Variable(2.0)
    >>> list(variables_by_path([("x", {"b": b, "a": a}), ("y", [a])]))
    ['x/a', 'x/b']
    """
    found: dict[str, Variable] = {}
    seen: set[int] = set()
    queue = collections.deque((escape_name(name), value) for name, value in roots)
    while queue:
        path, value = queue.popleft()
        if id(value) in seen:
            continue
        seen.add(id(value))
        if isinstance(value, Variable):
            found[path] = value
            continue
        names = set()
        for name, child in children_of(value):
            if name in names:
                raise ValueError(f"Two children of {path!r} are named {name!r} (dict keys "
                                 f"that are equal as strings); rename one.")
            names.add(name)
            queue.append((f"{path}/{escape_name(name)}", child))
    return found


def checkpoint_array(path: str, variable: Variable) -> np.ndarray:
    """The value of `variable` as stored: strings as fixed-width bytes (`S`), never objects.

    Raises:
        ValueError: `variable` belongs to a TensorFlow-1 graph (its value lives in a Session),
            or is a string whose bytes end in NUL (fixed-width bytes cannot keep those).
    """
    if variable.graph is not None:
        raise ValueError(f"Variable {variable.name} at {path!r} belongs to a graph (TensorFlow "
                         f"1 style): its value lives in a Session. ag.train.Checkpoint saves "
                         f"eager variables; create the variables outside any ag.Graph.")
    value = np.asarray(variable.numpy())
    if value.dtype == object:
        items = [bytes(item) for item in value.reshape(-1)]
        if any(item.endswith(b"\0") for item in items):
            raise ValueError(f"Variable {variable.name} at {path!r} holds a string ending in "
                             f"a NUL byte, which the checkpoint format (fixed-width bytes) "
                             f"cannot keep; strip trailing NULs before saving.")
        value = np.array(items, dtype=bytes).reshape(value.shape)
    return value


def mismatch(path: str, variable: Variable, array: np.ndarray) -> str | None:
    """What differs between `variable` and the saved `array` (dtype, shape), or None."""
    if variable.graph is not None:
        return (f"{path}: variable {variable.name} belongs to a graph (TensorFlow 1 style); "
                f"ag.train.Checkpoint restores eager variables")
    dtype = dtypes.as_dtype(array.dtype)  # fixed-width bytes ('S') are strings
    if dtype != variable.dtype:
        return (f"{path}: the checkpoint holds {dtype.name}, variable {variable.name} is "
                f"{variable.dtype.name}")
    if not raw_compatible(tuple(array.shape), as_raw_shape(variable.shape)):
        return (f"{path}: the checkpoint holds shape {format_raw(tuple(array.shape))}, variable "
                f"{variable.name} has shape {variable.shape}")
    return None


class Restoration:
    """Values read from one checkpoint, given to the variables of `roots` now and as they
    appear (deferred restoration).

    The roots are held weakly where they can be, so that waiting values do not keep a model
    alive; `pending` holds the values not given yet, `mismatched` the descriptions of those
    refused for their dtype or shape.
    """

    def __init__(self, save_path: str, roots: dict[str, Any], values: dict[str, np.ndarray]):
        self.save_path = save_path
        self.saved = frozenset(values)  # the paths (not the arrays: those go once assigned)
        self.pending = dict(values)
        self.mismatched: list[str] = []
        self.expect_partial = [False]  # a list: the finalizer below must not hold `self`
        self._roots: list[tuple[str, Callable[[], Any]]] = []
        me = weakref.ref(self)
        for name, value in roots.items():
            try:
                self._roots.append((name, weakref.ref(value, lambda _: _forget_if_dead(me))))
            except TypeError:  # lists and dicts: held strongly
                self._roots.append((name, _strong(value)))
        # The restore's line in the user's code: the warning about values never restored,
        # given when this goes, is shown there.
        weakref.finalize(self, _warn_unused, save_path, self.pending, self.expect_partial,
                         user_frame())

    def roots(self) -> list[tuple[str, Any]]:
        """The named roots still alive."""
        return [(name, value) for name, get in self._roots if (value := get()) is not None]

    def alive(self) -> bool:
        return bool(self.pending) and bool(self.roots())

    def match(self, atomic: bool = False) -> None:
        """Gives each waiting value whose variable now exists to it.

        Args:
            atomic: on a dtype or shape mismatch, assign nothing and keep every value (a
                restore that fails changes nothing). Otherwise the values that fit are
                assigned and those that do not are dropped (listed in `mismatched`).

        Raises:
            ValueError: saved values do not fit their variables (dtype or shape); one message
                lists every such variable, and the names missing and unexpected.
        """
        if not self.pending:
            return
        current = variables_by_path(self.roots())
        ready = {path: variable for path, variable in current.items() if path in self.pending}
        problems = {path: text for path, variable in ready.items()
                    if (text := mismatch(path, variable, self.pending[path])) is not None}
        if problems and not atomic:
            self.mismatched.extend(problems.values())
            for path in problems:
                del self.pending[path], ready[path]
        if not problems or not atomic:
            with init_scope():  # inside a trace, the value is set now, not by the graph
                for path, variable in ready.items():
                    variable.assign(self.pending.pop(path))  # 'S' bytes too
        if problems:
            if atomic:  # the restore failed as a whole: its values are not waiting
                self.expect_partial[0] = True
            missing = sorted(set(current) - self.saved)
            unexpected = sorted(set(self.pending) - set(current))
            raise ValueError(mismatch_message(self.save_path, list(problems.values()),
                                              missing, unexpected))


def _strong(value: Any) -> Callable[[], Any]:
    return lambda: value


def mismatch_message(save_path: str, problems: list[str], missing: list[str],
                     unexpected: list[str]) -> str:
    """One message listing every difference between a checkpoint and the objects."""
    lines = [f"Checkpoint {save_path!r} does not match the objects restored into it:"]
    lines += [f"  dtype/shape: {text}" for text in problems]
    lines += [f"  missing from the checkpoint: {path}" for path in missing]
    lines += [f"  in the checkpoint, no such variable (yet): {path}" for path in unexpected]
    lines.append("Restore into objects built as those that were saved (same attribute names, "
                 "shapes and dtypes); status.expect_partial() accepts values that stay unused.")
    return "\n".join(lines)


def _warn_unused(save_path: str, pending: dict, expect_partial: list[bool], where: str) -> None:
    if pending and not expect_partial[0]:
        shown = ", ".join(sorted(pending)[:10]) + (", ..." if len(pending) > 10 else "")
        filename, _, line = where.rpartition(":")
        warnings.warn_explicit(
            f"{len(pending)} values of checkpoint {save_path!r} were never restored (no "
            f"variable appeared at {shown}). Call expect_partial() on the restore status if "
            f"that is intended.", UserWarning, filename or "<unknown>",
            int(line) if line.isdigit() else 0)


# Restorations with values waiting for variables, oldest first.
_waiting: list[Restoration] = []


def wait_for_variables(restoration: Restoration, replaces: Restoration | None) -> None:
    """Keeps `restoration`'s values for variables made later (dropping `replaces`, the same
    checkpoint object's earlier restore): each variable made from now on checks, at its first
    use, whether it is one of them."""
    if replaces is not None and replaces in _waiting:
        _waiting.remove(replaces)
    if restoration.alive():
        _waiting.append(restoration)
        variables_module.creation_watcher[0] = _on_creation


def _on_creation(variable: Variable) -> Callable[[Variable], None] | None:
    return _on_first_use if _waiting else None


def _forget_if_dead(restoration_ref: weakref.ref) -> None:
    """Stops waiting for `restoration` once its objects are all garbage collected."""
    restoration = restoration_ref()
    if restoration is not None and not restoration.roots() and restoration in _waiting:
        _waiting.remove(restoration)
        if not _waiting:
            variables_module.creation_watcher[0] = None


_matching = [False]


def _on_first_use(variable: Variable) -> None:
    settle(list(_waiting))


def settle(restorations: list[Restoration]) -> None:
    """Matches `restorations` against the variables that exist now; forgets finished ones."""
    if _matching[0]:  # assignments made while matching use variables too
        return
    _matching[0] = True
    try:
        for restoration in restorations:
            try:
                restoration.match()
            finally:
                if not restoration.alive() and restoration in _waiting:
                    _waiting.remove(restoration)
    finally:
        _matching[0] = False
        if not _waiting:
            variables_module.creation_watcher[0] = None
