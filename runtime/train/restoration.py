"""Restoring a checkpoint: values given to the variables (and saveable objects) they belong
to, now or when those appear (deferred restoration), and the warnings of a restore that
leaves values unused or matches nothing at all.

**Deferred restoration.** Values whose key leads to no variable yet (an optimizer's slots
before its first `apply_gradients`, a layer built on first call) are kept, and given to the
variable when it appears: a variable made while values wait is matched at its first read,
update or handle access, once its owner holds it (TensorFlow matches when the owner attaches
it); an object assigned to the checkpoint is matched at once. A wait ends when every value
found its variable, or when the objects restored into are garbage collected.

**Never silent.** A restore that gives no value to any object (a checkpoint of other names,
another model) warns at the `restore(...)` line, at once when no waiting value can still match
(no object on its path exists, other than the root), else when the status is dropped if none
can by then. This warning is not silenced by `expect_partial()`, which is for values left
unused: those warn when the wait ends (the objects restored into are gone, or the checkpoint
object restores again), as in TensorFlow.
"""

from __future__ import annotations

import contextlib
import warnings
import weakref
from typing import Any, Callable

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import as_raw_shape, format_raw, raw_compatible
from autograph.runtime.graph.init_scope import init_scope
from autograph.runtime.graph.source_lines import user_frame
from autograph.runtime.state import variables as variables_module
from autograph.runtime.state.variables import Variable
from autograph.runtime.train.trackable import (
    ATTRIBUTES,
    VARIABLE_VALUE,
    _walk,
    is_leaf,
    key_of,
    leaves_by_path,
    resolve,
    split_key,
)

__all__ = ["Restoration", "settle", "settle_all", "wait_for_variables", "mismatch_message",
           "describe"]


def describe(key: str) -> str:
    """A key as messages show it: the variable's path, or `path (ATTRIBUTE)` for others."""
    path, attribute = split_key(key)
    return path if attribute in (VARIABLE_VALUE, "") else f"{path} ({attribute})"


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


class _Report:
    """What the warnings given when a restore ends need, held apart from the `Restoration`
    (its finalizer must not hold it): the values still waiting, whether any value was given,
    whether `expect_partial` was called and whether a warning was given already."""

    def __init__(self, save_path: str, pending: dict[str, np.ndarray], where: str):
        self.save_path = save_path
        self.pending = pending
        self.where = where
        self.matched_any = False
        self.expect_partial = False
        self.warned = False


class Restoration:
    """Values read from one checkpoint, given to the leaves of `roots` now and as they appear.

    The checkpoint restored into (`owner`) and its `roots` are held weakly, so that waiting
    values do not keep a model alive; `pending` holds the values not given yet (by key),
    `mismatched` the descriptions of those refused for their dtype or shape. Values under
    `bookkeeping` keys (the save counter) do not count as a match.
    """

    def __init__(self, save_path: str, roots: dict[str, Any], values: dict[str, np.ndarray],
                 aliases: dict[str, str], owner: Any,
                 bookkeeping: frozenset[str] = frozenset()):
        self.save_path = save_path
        self.saved = frozenset(values)  # the keys (not the arrays: those go once assigned)
        self.pending = dict(values)
        self.aliases = dict(aliases)  # the other paths of saved objects
        self.bookkeeping = bookkeeping
        self.mismatched: list[str] = []
        # The restore's line in the user's code: the warnings are shown there.
        self.report = _Report(save_path, self.pending, user_frame())
        me = weakref.ref(self)
        # The checkpoint restored into: while it lives, its children are walked again at each
        # match, so that an attribute assigned after the restore (`ckpt.listed = [v]`) gets
        # its value too; once it is gone, the roots it had, while they live (a tuple, which
        # cannot be held weakly, goes with it).
        self._owner = weakref.ref(owner, lambda _: _forget_if_dead(me))
        self._roots: list[tuple[str, weakref.ref]] = []
        for name, value in roots.items():
            with contextlib.suppress(TypeError):
                self._roots.append((name, weakref.ref(value, lambda _: _forget_if_dead(me))))
        weakref.finalize(self, _warn_at_end, self.report)

    @property
    def expect_partial(self) -> bool:
        return self.report.expect_partial

    @expect_partial.setter
    def expect_partial(self, value: bool) -> None:
        self.report.expect_partial = value

    def roots(self) -> list[tuple[str, Any]]:
        """The named roots still alive (the owner's children as they are now, while it is)."""
        owner = self._owner()
        if owner is not None:
            return list(owner._trackable_children().items())
        return [(name, value) for name, get in self._roots if (value := get()) is not None]

    def saved_path(self, path: str) -> str:
        """The saved object path that the path of an object restored into stands for."""
        return path if key_of(path) in self.saved else resolve(path, self.aliases)

    def saved_keys(self, path: str, leaf: Any, among: Any) -> dict[str, str]:
        """The keys of `among` that belong to the leaf at `path`, by attribute name."""
        saved = self.saved_path(path)
        if isinstance(leaf, Variable):
            key = key_of(saved)
            return {VARIABLE_VALUE: key} if key in among else {}
        prefix = saved + ATTRIBUTES
        return {key[len(prefix):]: key for key in among if key.startswith(prefix)}

    def alive(self) -> bool:
        return bool(self.pending) and bool(self.roots())

    def differences(self) -> tuple[list[str], list[str], list[str]]:
        """(dtype/shape mismatches, objects missing from the checkpoint, checkpoint values
        with no object yet), as messages show them."""
        current = leaves_by_path(self.roots())
        missing = sorted(path for path, leaf in current.items()
                         if not self.saved_keys(path, leaf, self.saved))
        return list(self.mismatched), missing, sorted(describe(k) for k in self.pending)

    def match(self, atomic: bool = False) -> None:
        """Gives each waiting value whose variable (or saveable object) now exists to it.

        Args:
            atomic: on a dtype or shape mismatch, assign nothing and keep every value (a
                restore that fails changes nothing). Otherwise the values that fit are
                assigned and those that do not are dropped (listed in `mismatched`).

        Raises:
            ValueError: saved values do not fit their variables (dtype or shape) or their
                objects; one message lists every such difference, and the names missing and
                unexpected.
        """
        if not self.pending:
            return
        current = leaves_by_path(self.roots())
        ready: dict[str, tuple[dict[str, str], Any]] = {}
        for path, leaf in current.items():
            keys = self.saved_keys(path, leaf, self.pending)
            if keys:
                ready[path] = (keys, leaf)
        problems = {path: f"dtype/shape: {text}" for path, (keys, leaf) in ready.items()
                    if isinstance(leaf, Variable)
                    and (text := mismatch(path, leaf, self.pending[keys[VARIABLE_VALUE]]))}
        if problems and atomic:
            self._fail(problems, current, atomic)
        for path in problems:
            self.mismatched.append(problems[path])
            self.pending.pop(ready.pop(path)[0][VARIABLE_VALUE], None)
        with init_scope():  # inside a trace, the value is set now, not by the graph
            for path, (keys, leaf) in list(ready.items()):  # saveables first: they may refuse
                if isinstance(leaf, Variable):
                    continue
                del ready[path]
                try:
                    leaf._restore_from_tensors({name: self.pending[key]
                                                for name, key in keys.items()})
                except ValueError as error:
                    problems[path] = f"state: {path}: {error}"
                    if atomic:
                        self._fail(problems, current, atomic)
                    self.mismatched.append(problems[path])
                    for key in keys.values():
                        self.pending.pop(key, None)
                    continue
                self._given(keys.values())
            for keys, variable in ready.values():
                variable.assign(self.pending[keys[VARIABLE_VALUE]])  # 'S' bytes too
                self._given(keys.values())
        if problems:
            self._fail(problems, current, atomic)

    def _given(self, keys: Any) -> None:
        for key in keys:
            self.pending.pop(key, None)
            if key not in self.bookkeeping:
                self.report.matched_any = True

    def _fail(self, problems: dict[str, str], current: dict[str, Any], atomic: bool) -> None:
        """Raises the error listing every difference; an atomic restore that fails is over:
        its values do not wait, and it gives no warning later."""
        if atomic:
            self.report.warned = True
        missing = sorted(path for path, leaf in current.items()
                         if not self.saved_keys(path, leaf, self.saved))
        restored_into = {key for path, leaf in current.items()
                         for key in self.saved_keys(path, leaf, self.saved).values()}
        unexpected = sorted(describe(k) for k in set(self.pending) - restored_into)
        raise ValueError(mismatch_message(self.save_path, list(problems.values()),
                                          missing, unexpected))

    def can_match_later(self) -> bool:
        """Whether a waiting value could still find its variable: an object on its path
        (other than the root) exists now, so that a variable made there later is matched; or
        nothing was given to restore into yet (`ckpt.restore(path)` and then `ckpt.model =
        model`)."""
        roots = self.roots()
        if all(key_of(name) in self.bookkeeping for name, _ in roots):
            return True
        paths = {self.saved_path(path) for path, value, first in _walk(roots)
                 if first is None and not is_leaf(value)}
        for key in self.pending:
            if key in self.bookkeeping:
                continue
            parts = split_key(key)[0].split("/")
            if any("/".join(parts[:i]) in paths for i in range(1, len(parts))):
                return True
        return False

    def warn_if_nothing_matched(self) -> None:
        """Warns, at the restore's line, when no value was given to any object and none can
        be any more (values refused for their shape or dtype raised an error already)."""
        report = self.report
        if (report.matched_any or report.warned or self.mismatched
                or not (set(self.pending) - self.bookkeeping)):
            return
        if not self.can_match_later():
            objects = [path for path in leaves_by_path(self.roots())
                       if key_of(path) not in self.bookkeeping]
            _warn_nothing_matched(report, sorted(objects))


def mismatch_message(save_path: str, problems: list[str], missing: list[str],
                     unexpected: list[str]) -> str:
    """One message listing every difference between a checkpoint and the objects (`problems`
    each with its kind: `dtype/shape: ...`, `state: ...`)."""
    lines = [f"Checkpoint {save_path!r} does not match the objects restored into it:"]
    lines += [f"  {text}" for text in problems]
    lines += [f"  missing from the checkpoint: {path}" for path in missing]
    lines += [f"  in the checkpoint, no such variable (yet): {path}" for path in unexpected]
    lines.append("Restore into objects built as those that were saved (same attribute names, "
                 "shapes and dtypes); status.expect_partial() accepts values that stay unused.")
    return "\n".join(lines)


def _listed(items: list[str]) -> str:
    return ", ".join(items[:10]) + (", ..." if len(items) > 10 else "")


def _warn(report: _Report, message: str) -> None:
    report.warned = True
    filename, _, line = report.where.rpartition(":")
    warnings.warn_explicit(message, UserWarning, filename or "<unknown>",
                           int(line) if line.isdigit() else 0)


def _warn_nothing_matched(report: _Report, objects: list[str]) -> None:
    values = sorted(describe(key) for key in report.pending)
    _warn(report, f"Restoring checkpoint {report.save_path!r} matched nothing: none of its "
                  f"values ({_listed(values)}) has an object at its path among the objects "
                  f"restored into ({_listed(objects) or 'no variables'}). Check that the "
                  f"checkpoint was saved from objects with the same names (this warning is "
                  f"not silenced by expect_partial()).")


def _warn_at_end(report: _Report) -> None:
    if report.warned or not report.pending:
        return
    if not report.expect_partial:
        shown = _listed(sorted(describe(key) for key in report.pending))
        _warn(report, f"{len(report.pending)} values of checkpoint {report.save_path!r} were "
                      f"never restored (no variable appeared at {shown}). Call expect_partial() "
                      f"on the restore status if that is intended.")


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


def settle_all() -> None:
    """Matches every waiting restoration now (an object was attached to a checkpoint)."""
    if _waiting:
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
