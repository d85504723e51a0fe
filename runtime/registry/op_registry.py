"""The process-wide op registry: deferred and immediate registration, a watcher, lookups.

It follows TensorFlow's `OpRegistry` (seed 003). The registry starts in *deferred* mode:
registrations are queued and processed, all together, by the first read (`lookup`, `export`,
`debug_string`, `registered_ops`) or by `process_registrations()`, after which it is in
*immediate* mode. `defer_registrations()` returns it to deferred mode, so that a group of ops
that depend on each other is registered atomically: `process_registrations()` registers all
of a deferred group or, when any of them fails, none (the group stays queued until
`clear_deferred_registrations()`).

A builder from `register_op` cannot know when its chained calls end, so it is processed at the
registry's next read even in immediate mode; in practice that is before its op can be used.
Importing `runtime.ops` registers the built-in ops as one deferred group and leaves the registry
in immediate mode, so a user's op is registered (or refused) on its own.

>>> reg = OpRegistry()
>>> _ = reg.register_op("Twice").input("x: T").output("y: T").attr("T: numbertype")
>>> reg.lookup_op_def("Twice").input_arg[0].type_attr
'T'
"""

from __future__ import annotations

import difflib
import threading
from typing import Callable, Union

from runtime.core.errors import AlreadyExistsError, NotFoundError, OpError
from runtime.registry.op_def import NO_DEFAULT, OpDef, OpRegistration
from runtime.registry.op_def_builder import OpDefBuilder

Factory = Union[OpDefBuilder, Callable[[], OpRegistration]]
Watcher = Callable[[Union[OpError, None], Union[OpDef, None]], Union[OpError, None]]


class OpRegistry:
    """A thread-safe map from op name to `OpRegistration`."""

    def __init__(self):
        self._lock = threading.RLock()
        self._registry: dict[str, OpRegistration] = {}
        self._deferred: list[Factory] = []
        self._pending: list[OpDefBuilder] = []  # builders met in immediate mode
        self._initialized = False
        self._watcher: Watcher | None = None
        self._version = 0  # bumped on every change; caches keyed on it stay correct

    # Registration --------------------------------------------------------------------------------
    def register_op(self, name: str) -> OpDefBuilder:
        """Starts declaring op `name`; chain `.input(...)`, `.attr(...)`, ... on the result."""
        builder = OpDefBuilder(name)
        with self._lock:
            if self._initialized:
                self._pending.append(builder)
            else:
                self._deferred.append(builder)
        return builder

    def register(self, factory: Callable[[], OpRegistration]) -> None:
        """Registers the `OpRegistration` that `factory()` returns (now, or when processed)."""
        with self._lock:
            if self._initialized:
                self._register_now(factory)
            else:
                self._deferred.append(factory)

    def defer_registrations(self) -> None:
        """Queues later registrations until `process_registrations()` or the next read."""
        with self._lock:
            self._flush_pending()
            self._initialized = False

    def process_registrations(self) -> None:
        """Registers every queued op, or none of them if any fails; raises that first failure."""
        with self._lock:
            self._flush_pending()
            self._call_deferred()

    def clear_deferred_registrations(self) -> None:
        """Drops the queued registrations (the registry stays in its current mode)."""
        with self._lock:
            self._deferred.clear()

    def set_watcher(self, watcher: Watcher | None) -> None:
        """Sets a function called for each registration as `watcher(error_or_None, op_def)`.

        The watcher's return value is the registration's result: return the error to raise it,
        or None to accept. Replacing a non-null watcher with another raises AlreadyExistsError;
        set None first.
        """
        with self._lock:
            if self._watcher is not None and watcher is not None:
                raise AlreadyExistsError(
                    "Cannot overwrite a valid watcher with another; call set_watcher(None) first.")
            self._watcher = watcher

    # Reads ------------------------------------------------------------------------------------
    def lookup(self, name: str) -> OpRegistration:
        """The registration of op `name`; NotFoundError (with near names) when there is none."""
        found = self._registry.get(name)
        if found is not None and not self._pending and self._initialized:
            return found
        with self._lock:
            self._ensure_processed()
            found = self._registry.get(name)
            if found is None:
                raise NotFoundError(self.not_found_message(name))
            return found

    def lookup_op_def(self, name: str) -> OpDef:
        return self.lookup(name).op_def

    def get(self, name: str) -> OpRegistration | None:
        """The registration of `name`, or None."""
        with self._lock:
            self._ensure_processed()
            return self._registry.get(name)

    def registered_ops(self) -> list[OpDef]:
        """Every registered `OpDef`, internal ones included, in registration order."""
        with self._lock:
            self._ensure_processed()
            return [r.op_def for r in self._registry.values()]

    def export(self, include_internal: bool = False) -> list[OpDef]:
        """Registered `OpDef`s sorted by name; `_`-prefixed internal ops only on request."""
        with self._lock:
            self._ensure_processed()
            return [self._registry[n].op_def for n in sorted(self._registry)
                    if include_internal or not n.startswith("_")]

    def debug_string(self, include_internal: bool = False) -> str:
        """A text listing of the exported ops, one `op { ... }` block each."""
        return "".join(format_op_def(d) for d in self.export(include_internal))

    @property
    def version(self) -> int:
        return self._version

    # Internals --------------------------------------------------------------------------------
    def _ensure_processed(self) -> None:
        self._flush_pending()
        if not self._initialized:
            self._call_deferred()

    def _flush_pending(self) -> None:
        while self._pending:
            self._register_now(self._pending.pop(0))

    def _call_deferred(self) -> None:
        batch = list(self._deferred)
        built: list[tuple[Factory, OpRegistration | None, OpError | None]] = []
        names: set[str] = set()
        for factory in batch:
            try:
                reg = _build(factory)
            except OpError as e:
                built.append((factory, None, e))
                continue
            name = reg.op_def.name
            error = None
            if name in self._registry or name in names:
                error = AlreadyExistsError(f"Op with name {name} is registered already")
            names.add(name)
            built.append((factory, reg, error))
        results = [(reg, self._watch(error, reg)) for _, reg, error in built]
        failures = [err for _, err in results if err is not None]
        if failures:
            self._initialized = True
            first = failures[0]
            more = f" ({len(failures) - 1} more failed)" if len(failures) > 1 else ""
            raise type(first)(
                f"{first.message}{more}. No op of this deferred group was registered; fix it, "
                f"or drop the group with clear_deferred_registrations().", first.op_name)
        for registered, _ in results:
            if registered is not None and registered.op_def.name not in self._registry:
                self._registry[registered.op_def.name] = registered
        self._deferred.clear()
        self._initialized = True
        self._version += 1

    def _register_now(self, factory: Factory) -> None:
        try:
            reg = _build(factory)
        except OpError as e:
            error = self._watch(e, None)
            if error is not None:
                raise error from None
            return
        error = None
        if reg.op_def.name in self._registry:
            error = AlreadyExistsError(f"Op with name {reg.op_def.name} is registered already")
        error = self._watch(error, reg)
        if error is not None:
            raise error
        if reg.op_def.name not in self._registry:
            self._registry[reg.op_def.name] = reg
            self._version += 1

    def _watch(self, error: OpError | None, reg: OpRegistration | None) -> OpError | None:
        if self._watcher is None:
            return error
        return self._watcher(error, reg.op_def if reg is not None else None)

    def not_found_message(self, name: str) -> str:
        """Says that op `name` is not registered, naming near matches."""
        lower = {n.lower(): n for n in self._registry}
        close = difflib.get_close_matches(str(name).lower(), lower, n=3, cutoff=0.6)
        hint = f" Did you mean {', '.join(lower[c] for c in close)}?" if close else ""
        return (f"Op type not registered: {name!r}.{hint} Register it with "
                f"runtime.register_op({name!r}) or import the module that does.")


def _build(factory: Factory) -> OpRegistration:
    if isinstance(factory, OpDefBuilder):
        return factory.finalize()
    reg = factory()
    if not isinstance(reg, OpRegistration):
        raise TypeError(f"An op registration factory must return an OpRegistration, got {reg!r}")
    return reg


def format_op_def(op_def: OpDef) -> str:
    """The text block that `debug_string` prints for one op."""
    lines = ["op {", f"  name: {op_def.name!r}"]
    for kind, args in (("input_arg", op_def.input_arg), ("output_arg", op_def.output_arg)):
        for arg in args:
            lines.append(f"  {kind} {{ name: {arg.name!r} type: {arg.type_string()!r} }}")
    for a in op_def.attr:
        parts = [f"name: {a.name!r}", f"type: {a.type!r}"]
        if a.default_value is not NO_DEFAULT:
            parts.append(f"default_value: {_show(a.default_value)}")
        if a.has_minimum:
            parts.append(f"minimum: {a.minimum}")
        if a.allowed_values is not None:
            parts.append("allowed_values: [" + ", ".join(_show(v) for v in a.allowed_values)
                         + "]")
        lines.append("  attr { " + " ".join(parts) + " }")
    for flag in ("is_commutative", "is_aggregate", "is_stateful", "allows_uninitialized_input"):
        if getattr(op_def, flag):
            lines.append(f"  {flag}: true")
    if op_def.deprecation:
        lines.append(f"  deprecation {{ version: {op_def.deprecation[0]} explanation: "
                     f"{op_def.deprecation[1]!r} }}")
    if op_def.summary:
        lines.append(f"  summary: {op_def.summary!r}")
    lines.append("}\n")
    return "\n".join(lines)


def _show(value) -> str:
    name = getattr(value, "name", None)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    return name if isinstance(name, str) else repr(value)


_GLOBAL = OpRegistry()


def op_registry() -> OpRegistry:
    """The process-wide registry singleton."""
    return _GLOBAL


def register_op(name: str) -> OpDefBuilder:
    """Declares an op in the global registry (TensorFlow's `REGISTER_OP`)."""
    return _GLOBAL.register_op(name)
