"""The process-wide op registry: deferred and immediate registration, a watcher, lookups.

It follows TensorFlow's `OpRegistry` (seed 003). The registry starts in *deferred* mode:
registrations are queued and processed, all together, by the first read (`lookup`, `export`,
`debug_string`, `registered_ops`) or by `process_registrations()`, after which it is in
*immediate* mode. `defer_registrations()` returns it to deferred mode, so that a group of ops
that depend on each other is registered atomically: `process_registrations()` registers all
of a deferred group or, when any of them fails, none (the group stays queued until
`clear_deferred_registrations()`).

Registrations queued while the registry has never been processed, and builders met in
immediate mode, register each on its own: one that fails is reported to its author, never to
code that reads another op. A builder from `register_op` cannot know when its chained calls
end, so it is processed at the registry's next read. If it fails there, the registry warns
(`RegistrationWarning`, shown at the `register_op` call) and keeps the error: looking the op
up (`op_function`, `register_kernel`, running it) raises it, naming that file and line. An
explicit `process_registrations()` raises the first failure to its caller. `group()` registers
the ops declared inside it as one deferred group; importing `runtime.ops` registers the
built-in ops that way, ahead of any user op queued before, and leaves the registry in
immediate mode.

>>> reg = OpRegistry()
>>> _ = reg.register_op("Twice").input("x: T").output("y: T").attr("T: numbertype")
>>> reg.lookup_op_def("Twice").input_arg[0].type_attr
'T'
"""

from __future__ import annotations

import contextlib
import sys
import threading
import warnings
from types import FrameType
from typing import Callable, Iterator, Union

from autograph.runtime.core.errors import AlreadyExistsError, NotFoundError, OpError
from autograph.runtime.registry.op_def import NO_DEFAULT, OpDef, OpRegistration
from autograph.runtime.registry.op_def_builder import OpDefBuilder

Factory = Union[OpDefBuilder, Callable[[], OpRegistration]]
Watcher = Callable[[Union[OpError, None], Union[OpDef, None]], Union[OpError, None]]


class RegistrationWarning(UserWarning):
    """An op declared with `register_op` was not registered; shown at the declaration."""


class OpRegistry:
    """A thread-safe map from op name to `OpRegistration`."""

    def __init__(self):
        self._lock = threading.RLock()
        self._registry: dict[str, OpRegistration] = {}
        self._deferred: list[Factory] = []
        self._group = False  # whether `_deferred` is a group (all or none), not a plain queue
        self._pending: list[Factory] = []  # registered each on its own at the next read
        self._broken: dict[str, OpError] = {}  # op name -> why its declaration failed
        self._initialized = False
        self._watcher: Watcher | None = None
        self._version = 0  # bumped on every change; caches keyed on it stay correct

    # Registration --------------------------------------------------------------------------------
    def register_op(self, name: str) -> OpDefBuilder:
        """Starts declaring op `name`; chain `.input(...)`, `.attr(...)`, ... on the result."""
        builder = OpDefBuilder(name)
        builder.site = _caller_site()
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
        """Queues later registrations as one group until `process_registrations()` or the next
        read, which register all of them or none."""
        with self._lock:
            self._flush_pending(raise_errors=False)
            self._initialized = False
            self._group = True

    def process_registrations(self) -> None:
        """Registers every queued op and raises the first failure: of a group, none of it is
        registered; of registrations made on their own, the others are."""
        with self._lock:
            self._flush_pending(raise_errors=True)
            if self._group:
                self._call_deferred()
            else:
                self._queue_alone()
                self._flush_pending(raise_errors=True)

    def clear_deferred_registrations(self) -> None:
        """Drops the queued registrations (the registry stays in its current mode)."""
        with self._lock:
            self._deferred.clear()
            self._group = False

    @contextlib.contextmanager
    def group(self) -> Iterator[None]:
        """Registers the ops declared inside the block as one group when it ends (all or none;
        the failure is raised), ahead of the registrations queued before the block, which then
        register each on its own at the next read."""
        with self._lock:
            self._flush_pending(raise_errors=False)
            earlier = [] if self._initialized else self._deferred
            self._deferred = []
            self._initialized = False
            self._group = True
        try:
            yield
            with self._lock:
                if self._group:
                    self._call_deferred()
                # what the block declared after a read inside it had processed the group
                self._flush_pending(raise_errors=True)
        finally:
            with self._lock:
                self._pending.extend(earlier)

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
        """The registration of op `name`; NotFoundError (with near names) when there is none,
        and the error of its declaration when that failed."""
        found = self._registry.get(name)
        if found is not None and not self._pending and self._initialized:
            return found
        with self._lock:
            self._ensure_processed(asked=name)
            found = self._registry.get(name)
            if found is None:
                broken = self._broken.get(name)
                if broken is not None:
                    raise type(broken)(broken.message, broken.op_name)
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
    def _ensure_processed(self, asked: str | None = None) -> None:
        """Processes what is queued before a read (of op `asked`, whose own failure the read
        raises rather than warns about)."""
        self._flush_pending(raise_errors=False, asked=asked)
        if not self._initialized:
            if self._group:
                self._call_deferred()
            else:
                self._queue_alone()
                self._flush_pending(raise_errors=False, asked=asked)

    def _queue_alone(self) -> None:
        """Moves the plain (not grouped) queue to the registrations made each on its own."""
        self._pending.extend(self._deferred)
        self._deferred.clear()
        self._initialized = True

    def _flush_pending(self, raise_errors: bool, asked: str | None = None) -> None:
        """Registers the pending registrations, each on its own. A failure is raised (the
        first, after all are processed) or, for a reader of other ops, warned about."""
        first = None
        while self._pending:
            factory = self._pending.pop(0)
            error = self._register_alone(factory)
            if error is None:
                continue
            if raise_errors:
                first = first or error
            elif (asked is None or getattr(factory, "name", None) != asked
                    or isinstance(error, AlreadyExistsError)):  # the read finds the first one
                _warn(error, factory)
        if first is not None:
            raise first

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
                self._broken.pop(registered.op_def.name, None)
        self._deferred.clear()
        self._group = False
        self._initialized = True
        self._version += 1

    def _register_now(self, factory: Factory) -> None:
        error = self._register_alone(factory)
        if error is not None:
            raise error

    def _register_alone(self, factory: Factory) -> OpError | None:
        """Registers one op; returns why it was not (a failed declaration is kept, and looking
        its op up raises it)."""
        try:
            reg = _build(factory)
        except OpError as e:
            error = self._watch(e, None)
            name = getattr(factory, "name", None)
            if error is not None and isinstance(name, str) and name not in self._registry:
                self._broken[name] = error
            return error
        name = reg.op_def.name
        error = None
        if name in self._registry:
            site = _site_text(factory)
            again = f" (declared again{site})" if site else ""
            error = AlreadyExistsError(f"Op with name {name} is registered already{again}")
        error = self._watch(error, reg)
        if error is None and name not in self._registry:
            self._registry[name] = reg
            self._broken.pop(name, None)
            self._version += 1
        return error

    def _watch(self, error: OpError | None, reg: OpRegistration | None) -> OpError | None:
        if self._watcher is None:
            return error
        return self._watcher(error, reg.op_def if reg is not None else None)

    def not_found_message(self, name: str) -> str:
        """Says that op `name` is not registered, naming near matches."""
        lower = {n.lower(): n for n in self._registry}
        import difflib  # error paths only: not loaded with the package
        close = difflib.get_close_matches(str(name).lower(), lower, n=3, cutoff=0.6)
        hint = f" Did you mean {', '.join(lower[c] for c in close)}?" if close else ""
        return (f"Op type not registered: {name!r}.{hint} Register it with "
                f"autograph.runtime.register_op({name!r}) or import the module that does.")


def _caller_site() -> tuple[str, int] | None:
    """The file and line that called into this package (where a user declares an op)."""
    frame: FrameType | None = sys._getframe(1)
    while frame is not None and frame.f_globals.get("__name__", "").startswith(
            "autograph.runtime.registry"):
        frame = frame.f_back
    return None if frame is None else (frame.f_code.co_filename, frame.f_lineno)


def _site_text(factory: Factory) -> str:
    site = getattr(factory, "site", None)
    return f" at {site[0]}:{site[1]}" if site else ""


def _warn(error: OpError, factory: Factory) -> None:
    """Warns, at the op's declaration, that it was not registered (found at another op's
    lookup, which must not fail for it)."""
    if isinstance(error, AlreadyExistsError):
        message = f"{error.message}; this declaration is ignored."
    else:
        message = f"{error.message}\nThe op is not registered: using it raises this error."
    site = getattr(factory, "site", None)
    if site is None:
        warnings.warn(message, RegistrationWarning, stacklevel=2)
    else:
        warnings.warn_explicit(message, RegistrationWarning, site[0], site[1])


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
