"""A simulated accelerator for tests: device `/device:SIM:0`, backed by NumPy.

CI has no GPU, so this stands in for one: a second device with memory of its own, registered
with `runtime.core.devices.register_device`, given the GPU's kernels (the same functions, written
against `ctx.xp`) and placed on with `ag.device("/SIM:0")`. Like CuPy arrays, its arrays
(`SimArray`) refuse to mix with host (NumPy) arrays, so a copy the runtime forgot is an error
rather than a silent pass; stricter than CuPy, they also compute only inside a kernel running
on the simulated device, so a SIM array handed to a CPU kernel fails there too.

>>> xp = SimModule(np)
>>> y = xp.asarray(np.arange(3.0)) * 2  # a copy to the device, then host code uses it
Traceback (most recent call last):
...
TypeError: A SIM:0 array was used outside a kernel running on SIM:0: a copy to the host is missing.
"""

from __future__ import annotations

import contextlib
import operator
import threading
import types
from typing import Any, Callable, Iterator

import numpy as np
import pytest

from autograph.runtime.core import devices
from autograph.runtime.registry.kernel_registry import kernel_registry
from autograph.runtime.registry.op_registry import op_registry

DEVICE_TYPE = "SIM"
NAME = "/device:SIM:0"


class _Running(threading.local):
    depth = 0  # > 0 while a kernel runs on the simulated device


_running = _Running()


@contextlib.contextmanager
def running_on_device() -> Iterator[None]:
    """The simulated device's kernels run inside this; SIM arrays compute only there."""
    _running.depth += 1
    try:
        yield
    finally:
        _running.depth -= 1


def _require_device() -> None:
    if not _running.depth:
        raise TypeError("A SIM:0 array was used outside a kernel running on SIM:0: a copy to "
                        "the host is missing.")


def _unwrap(value: Any) -> Any:
    """`value` with SIM arrays replaced by their data; a host array among them is an error."""
    if type(value) is SimArray:
        return value._data
    if isinstance(value, np.ndarray):
        raise TypeError(f"A host (NumPy) array of shape {value.shape} reached SIM:0, which "
                        f"takes only its own arrays: a copy to the device is missing.")
    if isinstance(value, (list, tuple)):
        return type(value)(_unwrap(v) for v in value)
    return value


def _wrap(value: Any) -> Any:
    """A result as the device gives it: arrays and NumPy scalars as (0-d) SIM arrays, as CuPy
    gives 0-d arrays; random generators keep drawing SIM arrays."""
    if isinstance(value, (np.ndarray, np.generic)):
        return SimArray(np.asarray(value))
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # NumPy's named results
        return type(value)(*(_wrap(v) for v in value))
    if isinstance(value, (list, tuple)):
        return type(value)(_wrap(v) for v in value)
    if type(value).__module__.startswith("numpy.random"):
        return _SimObject(value)
    return value


def _on_device(fn: Callable) -> Callable:
    def call(*args, **kwargs):
        _require_device()
        args = _unwrap(args)
        kwargs = {k: _unwrap(v) for k, v in kwargs.items()}
        return _wrap(fn(*args, **kwargs))
    call.__name__ = getattr(fn, "__name__", "call")
    return call


def _to_device(value: Any, *args, **kwargs) -> SimArray:
    """`xp.asarray` and friends: the copy from host memory (or the SIM array itself)."""
    if type(value) is SimArray:
        return value
    return SimArray(np.array(value, *args, **kwargs))


class SimArray:
    """An array in the simulated device's memory: NumPy data that host code cannot touch.

    Attributes that only describe it (`shape`, `dtype`, ...) and explicit reads to the host
    (`get`, `item`, `bool(...)`) work anywhere, as with CuPy; arithmetic and methods run only
    inside a kernel on the device. NumPy functions refuse it, like `numpy.asarray(cupy_array)`.
    """

    __slots__ = ("_data",)
    __hash__ = None

    def __init__(self, data: np.ndarray):
        self._data = data

    shape = property(lambda self: self._data.shape)
    dtype = property(lambda self: self._data.dtype)
    ndim = property(lambda self: self._data.ndim)
    size = property(lambda self: self._data.size)
    nbytes = property(lambda self: self._data.nbytes)

    def _part(name: str) -> property:  # noqa: N805 -- builds .real and .imag, settable
        def read(self):
            _require_device()
            return SimArray(getattr(self._data, name))

        def write(self, value):
            _require_device()
            setattr(self._data, name, _unwrap(value))
        return property(read, write)

    real = _part("real")
    imag = _part("imag")
    del _part

    def get(self) -> np.ndarray:
        """A host copy, as CuPy's `ndarray.get()`."""
        return self._data.copy()

    def item(self) -> Any:
        return self._data.item()

    def tolist(self) -> Any:
        return self._data.tolist()

    def __bool__(self) -> bool:
        return bool(self._data)

    def __int__(self) -> int:
        return int(self._data)

    def __float__(self) -> float:
        return float(self._data)

    def __complex__(self) -> complex:
        return complex(self._data)

    def __index__(self) -> int:
        return operator.index(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __iter__(self):
        _require_device()
        return (_wrap(row) for row in self._data)

    def __array__(self, dtype: Any = None, copy: Any = None):
        raise TypeError("A SIM:0 array cannot become a NumPy array implicitly; copy it to the "
                        "host with .get() (a device copy is missing).")

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        """NumPy ufuncs run on the device inside its kernels (`np.float32(2) * x`, as CuPy
        allows), with no host array among their operands."""
        _require_device()
        return _on_device(getattr(ufunc, method) if method != "__call__" else ufunc)(
            *inputs, **kwargs)

    def __array_function__(self, func, types, args, kwargs):
        raise TypeError(f"numpy.{func.__name__} cannot take a SIM:0 array; use the device's "
                        f"array module (a copy to the host is missing).")

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name == "_data":
            raise AttributeError(name)
        value = getattr(self._data, name)
        if callable(value):
            return _on_device(value)
        _require_device()
        return _wrap(value)  # .T, .flat

    def __getitem__(self, key: Any) -> Any:
        _require_device()
        return _wrap(self._data[_unwrap(key)])

    def __setitem__(self, key: Any, value: Any) -> None:
        _require_device()
        self._data[_unwrap(key)] = _unwrap(value)

    def __repr__(self) -> str:
        return f"SimArray({self._data!r})"


def _binary(op: Callable, reflected: bool = False) -> Callable:
    if reflected:
        return lambda self, other: _on_device(op)(other, self)
    return lambda self, other: _on_device(op)(self, other)


for _name in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul", "and", "or",
              "xor", "lshift", "rshift"):
    _op = getattr(operator, _name + "_" if _name in ("and", "or") else _name)
    setattr(SimArray, f"__{_name}__", _binary(_op))
    setattr(SimArray, f"__r{_name}__", _binary(_op, reflected=True))
for _name in ("lt", "le", "gt", "ge", "eq", "ne"):
    setattr(SimArray, f"__{_name}__", _binary(getattr(operator, _name)))
for _name in ("neg", "pos", "abs", "invert"):
    setattr(SimArray, f"__{_name}__", (lambda op: lambda self: _on_device(op)(self))(
        getattr(operator, _name)))


class _SimObject:
    """A device-side object of NumPy's (a random state) whose methods give SIM arrays."""

    def __init__(self, obj: Any):
        self._obj = obj

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._obj, name)
        return _on_device(value) if callable(value) else value


_CONVERSIONS = {"asarray": _to_device, "array": _to_device, "asanyarray": _to_device,
                "ascontiguousarray": _to_device}


class SimModule:
    """The simulated device's array module, as CuPy is the GPU's: NumPy's functions over
    SIM arrays. Dtypes and other classes pass through (`xp.float32 is np.float32`, as in
    CuPy); `xp.ndarray` is `SimArray`."""

    def __init__(self, module: types.ModuleType):
        self._module = module
        self.ndarray = SimArray

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        value = getattr(self._module, name)
        if name in _CONVERSIONS and self._module is np:
            found = _CONVERSIONS[name]
        elif isinstance(value, types.ModuleType):
            found = SimModule(value)
        elif isinstance(value, type) and not self._module.__name__.startswith("numpy.random"):
            found = value
        elif isinstance(value, np.ufunc):  # as CuPy's ufuncs, with `at` (in place)
            found = _on_device(value)
            found.at = _on_device(value.at)  # type: ignore[attr-defined]
        elif callable(value):
            found = _on_device(value)
        else:
            found = value
        setattr(self, name, found)
        return found


def _kernel_on_device(op_name: str, fn: Callable, host_memory: tuple[str, ...]) -> Callable:
    """`fn` run on the device, after checking that its device inputs are the device's."""
    args = op_registry().lookup_op_def(op_name).input_arg
    on_device = [(i, a.name) for i, a in enumerate(args) if a.name not in host_memory]

    def kernel(ctx, *inputs, **attrs):
        for i, arg_name in on_device:
            for value in inputs[i] if isinstance(inputs[i], list) else (inputs[i],):
                if isinstance(value, (np.ndarray, np.generic)) and value.dtype != object:
                    raise TypeError(f"Input {arg_name!r} of {op_name} on SIM:0 is a host array: "
                                    f"a copy to the device is missing.")
        with running_on_device():
            return fn(ctx, *inputs, **attrs)
    kernel.__name__ = getattr(fn, "__name__", "kernel")
    kernel.__qualname__ = getattr(fn, "__qualname__", "kernel")
    kernel.__module__ = getattr(fn, "__module__", __name__)
    return kernel


def _specializer_on_device(op_name: str, specialize: Callable | None,
                           host_memory: tuple[str, ...]) -> Callable | None:
    """`specialize` whose functions run on the device, checked as `_kernel_on_device` checks
    kernels, so that plans and settled eager calls run specializations on SIM:0 too."""
    if specialize is None:
        return None

    def on_device(ctx, attrs, types, shapes, values):
        fast = specialize(ctx, attrs, types, shapes, values)
        if fast is None:
            return None
        kernel = _kernel_on_device(op_name, lambda ctx, *inputs: fast(*inputs), host_memory)
        return lambda *inputs: kernel(ctx, *inputs)
    return on_device


def register_sim_kernel(op_name: str, fn: Callable, type_constraints: Any = None,
                        host_memory: tuple[str, ...] = (),
                        specialize: Callable | None = None, takes_out: bool = False) -> None:
    """Registers `fn` (and its specializer) as op `op_name`'s kernel on the simulated device."""
    kernel_registry().register(op_name, DEVICE_TYPE, _kernel_on_device(op_name, fn, host_memory),
                               type_constraints, host_memory,
                               specialize=_specializer_on_device(op_name, specialize,
                                                                 host_memory),
                               takes_out=takes_out)


def _mirror_gpu_kernels() -> list[str]:
    """Gives the simulated device every kernel the GPU has; returns the ops that got one.

    The `inline` expressions are left out: a plan calls the kernel, which runs on the device,
    rather than writing its operator into the plan outside any kernel.
    """
    mirrored = []
    registry = kernel_registry()
    for op_name in _op_names():
        for k in registry.kernels_for(op_name):
            if k.device == "GPU":
                register_sim_kernel(op_name, k.fn, dict(k.type_constraints), k.host_memory,
                                    k.specialize, k.takes_out)
                mirrored.append(op_name)
    return mirrored


def _op_names() -> list[str]:
    return [op_def.name for op_def in op_registry().registered_ops()]


def install() -> devices.Device:
    """Registers the simulated device and its kernels; `uninstall` takes them away."""
    device = devices.Device(DEVICE_TYPE, 0, SimModule(np))
    devices.register_device(device)
    try:
        _mirror_gpu_kernels()
    except BaseException:
        uninstall(device)
        raise
    return device


def uninstall(device: devices.Device) -> None:
    registry = kernel_registry()
    for op_name in _op_names():
        if any(k.device == DEVICE_TYPE for k in registry.kernels_for(op_name)):
            registry.unregister(op_name, DEVICE_TYPE)
    devices.unregister_device(device)


@pytest.fixture
def sim_device() -> Iterator[devices.Device]:
    """The simulated device `/device:SIM:0`, registered for the test and removed after it."""
    device = install()
    try:
        yield device
    finally:
        uninstall(device)
