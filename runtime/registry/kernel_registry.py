"""The kernel registry: implementations of ops, keyed by op, device and attr-type constraints.

A kernel is a plain function `(ctx, *inputs, **attrs) -> output(s)`; `ctx` is the `Device` it
runs on, whose `ctx.xp` is NumPy or CuPy, so one body written against `xp` serves both devices.
Inputs listed in `host_memory` reach the kernel as NumPy arrays even on a GPU (shape arguments,
strings), as with TensorFlow's `HostMemory`; outputs listed there stay on the host.

A kernel may also give a `specialize` function, called once where a call's dtypes, static shapes,
attrs and constant inputs are known (a plan line, a repeated eager call). It returns a function
of the input arrays alone that does what the kernel does for every call matching what it was
told, without the checks those facts settle (a zero-divisor test on a float, `np.errstate` on
integers, re-planning a slice), or None when it has nothing faster.

`register_kernel` registers into the process's registry, for an op that is declared already
(`register_op`); a `KernelRegistry` of its own shows the same on a made-up op:

>>> registry = KernelRegistry()
>>> def twice(ctx, x):
...     return ctx.xp.multiply(x, 2)
>>> registry.register("Twice", ("CPU", "GPU"), twice, {"T": ["float32"]})
>>> [k.device for k in registry.kernels_for("Twice")]
['CPU', 'GPU']
"""

from __future__ import annotations

import dataclasses
import threading
from typing import Any, Callable, Iterable

from autograph.runtime.core import dtypes
from autograph.runtime.core.devices import device_types
from autograph.runtime.core.eager_context import context_changed
from autograph.runtime.core.errors import InvalidArgumentError, NotFoundError
from autograph.runtime.registry.op_registry import op_registry

# specialize(ctx, attrs, dtypes, shapes, values) -> a function of the input arrays, or None.
# One entry of dtypes, shapes and values per input arg (lists for a list arg); a shape is a raw
# shape (None, or a tuple with None for unknown dims), a value a host NumPy array or None.
Specializer = Callable[[Any, dict, list, list, list], "Callable[..., Any] | None"]


@dataclasses.dataclass(frozen=True)
class KernelDef:
    op_name: str
    device: str
    fn: Callable
    type_constraints: tuple[tuple[str, frozenset], ...] = ()
    host_memory: tuple[str, ...] = ()
    inline: str | None = None  # the same computation as a Python expression: "{0} + {1}"
    specialize: Specializer | None = None  # see the module docstring and `register_kernel`
    takes_out: bool = False  # fn(..., out=buffer) writes its output there: register_kernel

    def matches(self, type_attrs: dict[str, Any]) -> bool:
        return all(type_attrs.get(name) in allowed for name, allowed in self.type_constraints)

    def describe(self) -> str:
        parts = [f"device='{self.device}'"]
        for name, allowed in self.type_constraints:
            parts.append(f"{name} in [{', '.join(sorted(d.name for d in allowed))}]")
        return "; ".join(parts)


class KernelRegistry:
    """Thread-safe store of `KernelDef`s with cached selection."""

    def __init__(self):
        self._lock = threading.RLock()
        self._kernels: dict[str, list[KernelDef]] = {}
        self._cache: dict[tuple, KernelDef | None] = {}
        self.generation = 0  # bumped on every change, so callers' caches can notice

    def register(self, op_name: str, device: str | Iterable[str], fn: Callable,
                 type_constraints: dict[str, Iterable[Any]] | None = None,
                 host_memory: Iterable[str] = (), inline: str | None = None,
                 specialize: Specializer | None = None,
                 takes_out: bool = False) -> None:
        devices = (device,) if isinstance(device, str) else tuple(device)
        constraints = tuple(sorted(
            (name, frozenset(dtypes.as_dtype(t) for t in (
                [allowed] if isinstance(allowed, (str, dtypes.DType)) else allowed)))
            for name, allowed in (type_constraints or {}).items()))
        with self._lock:
            for dev in devices:
                if dev not in device_types():
                    raise InvalidArgumentError(
                        f"Kernel for {op_name}: unknown device type {dev!r}; use "
                        f"{' or '.join(repr(d) for d in device_types())}.")
                new = KernelDef(op_name, dev, fn, constraints, tuple(host_memory), inline,
                                specialize, takes_out)
                for old in self._kernels.get(op_name, []):
                    if old.device == dev and old.type_constraints == constraints:
                        raise InvalidArgumentError(
                            f"A kernel for {op_name} with {old.describe()} is registered "
                            f"already ({old.fn.__module__}.{old.fn.__qualname__}).")
                self._kernels.setdefault(op_name, []).append(new)
            self._cache.clear()
            self.generation += 1
            context_changed()

    def kernels_for(self, op_name: str) -> list[KernelDef]:
        """Every kernel of `op_name`, in registration order."""
        with self._lock:
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

    def unregister(self, op_name: str, device: str | None = None) -> None:
        """Drops every kernel of `op_name`, or only those for `device` (for tests and
        interactive experiments)."""
        with self._lock:
            kept = [k for k in self._kernels.pop(op_name, [])
                    if device is not None and k.device != device]
            if kept:
                self._kernels[op_name] = kept
            self._cache.clear()
            self.generation += 1
            context_changed()


_GLOBAL = KernelRegistry()


def kernel_registry() -> KernelRegistry:
    """The process-wide kernel registry."""
    return _GLOBAL


def kernels_for(op_name: str) -> list[KernelDef]:
    return _GLOBAL.kernels_for(op_name)


def register_kernel(op_name: str, device: str | Iterable[str] = "CPU",
                    type_constraints: dict[str, Iterable[Any]] | None = None,
                    host_memory: Iterable[str] = (),
                    inline: str | None = None,
                    specialize: Specializer | None = None,
                    takes_out: bool = False) -> Callable[[Callable], Callable]:
    """Decorator registering a kernel (TensorFlow's `REGISTER_KERNEL_BUILDER`).

    Args:
        op_name: the op it implements.
        device: `"CPU"`, `"GPU"`, or both as a tuple for a kernel written against `ctx.xp`
            (or the type of a device added with `runtime.core.devices.register_device`).
        type_constraints: attr name -> the dtypes this kernel accepts for that type attr.
        host_memory: names of inputs/outputs that stay in host (NumPy) memory on a GPU.
        inline: optionally, the same computation as a Python expression over the inputs
            (`"{0} + {1}"`, `"{xp}.tanh({0})"` with `{xp}` the device's array module), which
            the executor writes into its plans instead of a call, for kernels of one output
            and no attrs. It must give exactly what `fn` gives, warnings included.
        specialize: optionally, `specialize(ctx, attrs, dtypes, shapes, values)` returning a
            function of the input arrays that gives exactly what `fn(ctx, *arrays, **attrs)`
            gives (errors and warnings included) for any call with those dtypes, with shapes
            compatible with `shapes` and with the known `values` (host arrays, None where not
            known), or None. Plans and repeated eager calls use it in place of `fn`.
        takes_out: whether `fn` takes an `out=` keyword, as a NumPy ufunc does: given an array
            of the output's shape and dtype (which may also be one of its inputs), it writes
            its result there and returns it; without one it returns a new array that shares no
            memory with its inputs. Plans use it to write into a buffer whose value is dead.
    """
    registry = op_registry()
    try:
        op_def = registry.lookup(op_name).op_def  # a failed declaration raises its error here
    except NotFoundError:
        raise NotFoundError(f"Cannot register a kernel for {op_name!r}: "
                            f"{registry.not_found_message(op_name)} Declare the op first."
                            ) from None
    arg_names = [arg.name for arg in op_def.input_arg + op_def.output_arg]
    unknown = [name for name in host_memory if name not in arg_names]
    if unknown:
        raise InvalidArgumentError(
            f"Cannot register a kernel for {op_name!r}: host_memory names {unknown}, which are "
            f"not among its inputs and outputs {arg_names}.")

    def decorate(fn: Callable) -> Callable:
        _GLOBAL.register(op_name, device, fn, type_constraints, host_memory, inline,
                         specialize, takes_out)
        return fn
    return decorate
