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
once, by its first (shortest) path: a variable shared by two objects is saved once. Its other
paths are saved as aliases (`aliases_by_path`), so that a restore finds it through any of
them, as TensorFlow's object graph does. As in
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

__all__ = ["escape_name", "variables_by_path", "aliases_by_path", "resolve", "Restoration",
           "checkpoint_array", "settle", "wait_for_variables", "mismatch_message"]


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
    return {path: value for path, value, first in _walk(roots)
            if first is None and isinstance(value, Variable)}


def aliases_by_path(roots: list[tuple[str, Any]]) -> dict[str, str]:
    """The paths that reach a variable or object already reached by a shorter path, each with
    that path: a checkpoint saves a value once and restores it through any of its paths.

    >>> a = Variable(1.0)
    >>> aliases_by_path([("x", {"a": a}), ("y", [a])])
    {'y/0': 'x/a'}
    """
    return {path: first for path, _, first in _walk(roots) if first is not None}


def resolve(path: str, aliases: dict[str, str]) -> str:
    """The saved path that `path` stands for: itself, or its longest prefix that is an alias
    replaced by the path it aliases (again, while the result is an alias itself)."""
    for _ in range(len(aliases) + 1):
        parts = path.split("/")
        prefix = next(("/".join(parts[:i]) for i in range(len(parts), 0, -1)
                       if "/".join(parts[:i]) in aliases), None)
        if prefix is None:
            return path
        path = aliases[prefix] + path[len(prefix):]
    return path


def _walk(roots: list[tuple[str, Any]]) -> Any:
    """(path, value, first) for everything reachable from `roots`, breadth first: `first` is
    None when `value` is reached for the first time, else the path it was first reached by
    (what is under it is not walked again)."""
    first_paths: dict[int, tuple[str, Any]] = {}  # holds the values: their ids stay theirs
    queue = collections.deque((escape_name(name), value) for name, value in roots)
    while queue:
        path, value = queue.popleft()
        if id(value) in first_paths:
            yield path, value, first_paths[id(value)][0]
            continue
        first_paths[id(value)] = (path, value)
        yield path, value, None
        if isinstance(value, Variable):
            continue
        names = set()
        for name, child in children_of(value):
            if name in names:
                raise ValueError(f"Two children of {path!r} are named {name!r} (dict keys "
                                 f"that are equal as strings); rename one.")
            names.add(name)
            queue.append((f"{path}/{escape_name(name)}", child))


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

    def __init__(self, save_path: str, roots: dict[str, Any], values: dict[str, np.ndarray],
                 aliases: dict[str, str] | None = None, owner: Any = None):
        self.save_path = save_path
        self.saved = frozenset(values)  # the paths (not the arrays: those go once assigned)
        self.pending = dict(values)
        self.aliases = dict(aliases or {})  # the other paths of saved values (aliases_by_path)
        self.mismatched: list[str] = []
        self.expect_partial = [False]  # a list: the finalizer below must not hold `self`
        self._roots: list[tuple[str, Callable[[], Any]]] = []
        me = weakref.ref(self)
        # The checkpoint restored into: while it lives, its children are walked again at each
        # match, so that an attribute assigned after the restore (`ckpt.listed = [v]`) gets
        # its value too; once it is gone, the roots it had, while they live.
        self._owner = None if owner is None else weakref.ref(
            owner, lambda _: _forget_if_dead(me))
        for name, value in roots.items():
            try:
                self._roots.append((name, weakref.ref(value, lambda _: _forget_if_dead(me))))
            except TypeError:  # lists and dicts: held strongly, unless the owner holds them
                if owner is None:
                    self._roots.append((name, _strong(value)))
        # The restore's line in the user's code: the warning about values never restored,
        # given when this goes, is shown there.
        weakref.finalize(self, _warn_unused, save_path, self.pending, self.expect_partial,
                         user_frame())

    def roots(self) -> list[tuple[str, Any]]:
        """The named roots still alive (the owner's children as they are now, while it is)."""
        owner = self._owner() if self._owner is not None else None
        if owner is not None:
            return list(owner._trackable_children().items())
        return [(name, value) for name, get in self._roots if (value := get()) is not None]

    def saved_path(self, path: str) -> str:
        """The saved path that the path of a variable restored into stands for."""
        return path if path in self.saved else resolve(path, self.aliases)

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
        ready = {path: (key, variable) for path, variable in current.items()
                 if (key := self.saved_path(path)) in self.pending}
        problems = {path: text for path, (key, variable) in ready.items()
                    if (text := mismatch(path, variable, self.pending[key])) is not None}
        if problems and not atomic:
            self.mismatched.extend(problems.values())
            for path in problems:
                self.pending.pop(ready.pop(path)[0], None)
        if not problems or not atomic:
            with init_scope():  # inside a trace, the value is set now, not by the graph
                for key, variable in ready.values():
                    variable.assign(self.pending[key])  # 'S' bytes too
            for key, _ in ready.values():
                self.pending.pop(key, None)
        if problems:
            if atomic:  # the restore failed as a whole: its values are not waiting
                self.expect_partial[0] = True
            restored_into = {self.saved_path(path) for path in current}
            missing = sorted(path for path in current if self.saved_path(path) not in self.saved)
            unexpected = sorted(set(self.pending) - restored_into)
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
