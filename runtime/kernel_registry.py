"""The kernel registry: implementations of ops, keyed by op, device and attr-type constraints.

A kernel is a plain function `(ctx, *inputs, **attrs) -> output(s)`; `ctx` is the `Device` it
runs on, whose `ctx.xp` is NumPy or CuPy, so one body written against `xp` serves both devices.
Inputs listed in `host_memory` reach the kernel as NumPy arrays even on a GPU (shape arguments,
strings), as with TensorFlow's `HostMemory`; outputs listed there stay on the host.

A kernel names an op that must be registered: `register_kernel` checks it at once when the op
registry has nothing queued, otherwise at the first kernel lookup after the queue is processed;
a kernel of a missing op is dropped there with a NotFoundError naming near op names.

>>> from runtime.op_registry import register_op
>>> _ = register_op("DoctestTwice").input("x: T").output("y: T").attr("T: numbertype")
>>> @register_kernel("DoctestTwice", device=("CPU", "GPU"), type_constraints={"T": ["float32"]})
... def twice(ctx, x):
...     return ctx.xp.multiply(x, 2)
>>> [k.device for k in kernels_for("DoctestTwice")]
['CPU', 'GPU']
>>> _GLOBAL.unregister("DoctestTwice")
"""

from __future__ import annotations

import dataclasses
import threading
from typing import Any, Callable, Iterable

from runtime import dtypes
from runtime.devices import DEVICE_TYPES
from runtime.errors import InvalidArgumentError, NotFoundError
from runtime.op_registry import OpRegistry, op_registry


@dataclasses.dataclass(frozen=True)
class KernelDef:
    op_name: str
    device: str
    fn: Callable
    type_constraints: tuple[tuple[str, frozenset], ...] = ()
    host_memory: tuple[str, ...] = ()
    inline: str | None = None  # the same computation as a Python expression: "{0} + {1}"

    def matches(self, type_attrs: dict[str, Any]) -> bool:
        return all(type_attrs.get(name) in allowed for name, allowed in self.type_constraints)

    def describe(self) -> str:
        parts = [f"device='{self.device}'"]
        for name, allowed in self.type_constraints:
            parts.append(f"{name} in [{', '.join(sorted(d.name for d in allowed))}]")
        return "; ".join(parts)


class KernelRegistry:
    """Thread-safe store of `KernelDef`s with cached selection, for the ops of `ops` (by
    default the process-wide op registry)."""

    def __init__(self, ops: OpRegistry | None = None):
        self._ops = ops
        self._lock = threading.RLock()
        self._kernels: dict[str, list[KernelDef]] = {}
        self._cache: dict[tuple, KernelDef | None] = {}
        self._unchecked: list[str] = []  # ops of kernels registered while ops were queued
        self.generation = 0  # bumped on every change, so callers' caches can notice

    def register(self, op_name: str, device: str | Iterable[str], fn: Callable,
                 type_constraints: dict[str, Iterable[Any]] | None = None,
                 host_memory: Iterable[str] = (), inline: str | None = None) -> None:
        devices = (device,) if isinstance(device, str) else tuple(device)
        constraints = tuple(sorted(
            (name, frozenset(dtypes.as_dtype(t) for t in (
                [allowed] if isinstance(allowed, (str, dtypes.DType)) else allowed)))
            for name, allowed in (type_constraints or {}).items()))
        ops = self._op_registry()
        with self._lock:
            if ops.is_settled() and ops.get(op_name) is None:
                raise NotFoundError(self._no_op_message(op_name, fn))
            for dev in devices:
                if dev not in DEVICE_TYPES:
                    raise InvalidArgumentError(
                        f"Kernel for {op_name}: unknown device type {dev!r}; use "
                        f"{' or '.join(repr(d) for d in DEVICE_TYPES)}.")
                new = KernelDef(op_name, dev, fn, constraints, tuple(host_memory), inline)
                for old in self._kernels.get(op_name, []):
                    if old.device == dev and old.type_constraints == constraints:
                        raise InvalidArgumentError(
                            f"A kernel for {op_name} with {old.describe()} is registered "
                            f"already ({old.fn.__module__}.{old.fn.__qualname__}).")
                self._kernels.setdefault(op_name, []).append(new)
            if not ops.is_settled():
                self._unchecked.append(op_name)
            self._cache.clear()
            self.generation += 1

    def kernels_for(self, op_name: str) -> list[KernelDef]:
        """Every kernel of `op_name`, in registration order."""
        with self._lock:
            self._check_ops()
            return list(self._kernels.get(op_name, []))

    def find(self, op_name: str, device: str, type_attrs: dict[str, Any]) -> KernelDef | None:
        """The most specific kernel of `op_name` on `device` accepting `type_attrs`, or None."""
        key = (op_name, device, tuple(sorted(
            (k, v) for k, v in type_attrs.items() if isinstance(v, dtypes.DType))))
        try:
            return self._cache[key]
        except KeyError:
            pass
        with self._lock:
            self._check_ops()
            candidates = [k for k in self._kernels.get(op_name, [])
                          if k.device == device and k.matches(type_attrs)]
            candidates.sort(key=lambda k: -len(k.type_constraints))
            found = candidates[0] if candidates else None
            self._cache[key] = found
            return found

    def select(self, op_name: str, device: str, type_attrs: dict[str, Any]) -> KernelDef:
        """Like `find`, but a miss is a NotFoundError listing the kernels that do exist."""
        found = self.find(op_name, device, type_attrs)
        if found is None:
            raise NotFoundError(self.missing_message(op_name, device, type_attrs))
        return found

    def missing_message(self, op_name: str, device: str, type_attrs: dict[str, Any]) -> str:
        asked = ", ".join(f"{k}={getattr(v, 'name', v)}" for k, v in sorted(type_attrs.items()))
        have = self.kernels_for(op_name)
        listing = "\n".join(f"  {k.describe()}" for k in have) or "  <no kernels registered>"
        return (f"No kernel for op {op_name!r} on device {device} with attrs ({asked}).\n"
                f"Registered kernels:\n{listing}\n"
                f"Cast the inputs to a supported dtype, place the op on another device, or "
                f"register a kernel with runtime.register_kernel({op_name!r}, ...).")

    def _check_ops(self) -> None:
        """Drops the kernels of ops that turn out not to exist, raising NotFoundError for them."""
        if not self._unchecked:
            return
        names, self._unchecked = list(dict.fromkeys(self._unchecked)), []
        ops = self._op_registry()
        missing = [n for n in names if ops.get(n) is None]
        if not missing:
            return
        messages = [self._no_op_message(n, self._kernels[n][0].fn) for n in missing]
        for name in missing:
            self._kernels.pop(name, None)
        self._cache.clear()
        self.generation += 1
        raise NotFoundError("\n".join(messages))

    def _op_registry(self) -> OpRegistry:
        return self._ops if self._ops is not None else op_registry()

    def _no_op_message(self, op_name: str, fn: Callable) -> str:
        where = f"{getattr(fn, '__module__', '?')}.{getattr(fn, '__qualname__', fn)}"
        return (f"Cannot register kernel {where} for op {op_name!r}: "
                + self._op_registry().missing_op_message(op_name)
                + " Kernels of an op that is not registered are dropped.")

    def unregister(self, op_name: str) -> None:
        """Drops every kernel of `op_name` (for tests and interactive experiments)."""
        with self._lock:
            self._kernels.pop(op_name, None)
            self._cache.clear()
            self.generation += 1


_GLOBAL = KernelRegistry()


def kernel_registry() -> KernelRegistry:
    """The process-wide kernel registry."""
    return _GLOBAL


def kernels_for(op_name: str) -> list[KernelDef]:
    return _GLOBAL.kernels_for(op_name)


def register_kernel(op_name: str, device: str | Iterable[str] = "CPU",
                    type_constraints: dict[str, Iterable[Any]] | None = None,
                    host_memory: Iterable[str] = (),
                    inline: str | None = None) -> Callable[[Callable], Callable]:
    """Decorator registering a kernel (TensorFlow's `REGISTER_KERNEL_BUILDER`).

    Args:
        op_name: the op it implements.
        device: `"CPU"`, `"GPU"`, or both as a tuple for a kernel written against `ctx.xp`.
        type_constraints: attr name -> the dtypes this kernel accepts for that type attr.
        host_memory: names of inputs/outputs that stay in host (NumPy) memory on a GPU.
        inline: optionally, the same computation as a Python expression over the inputs
            (`"{0} + {1}"`, `"{xp}.tanh({0})"` with `{xp}` the device's array module), which
            the executor writes into its plans instead of a call, for kernels of one output
            and no attrs. It must give exactly what `fn` gives, warnings included.
    """
    def decorate(fn: Callable) -> Callable:
        _GLOBAL.register(op_name, device, fn, type_constraints, host_memory, inline)
        return fn
    return decorate
