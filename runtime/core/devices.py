"""Devices: parsing device names, finding physical devices, and the `device` placement scope.

A `Device` is the object kernels receive as their `ctx`: it carries the array module `xp`
(NumPy on the CPU, CuPy on a GPU) and moves arrays to and from its memory. CuPy is imported
lazily, so everything works on machines without it. Placement follows TensorFlow 2: inside
`device(...)` ops run where asked; otherwise on `GPU:0` when a GPU is present and the op has a
GPU kernel, else on the CPU. With soft placement (the default, as in TensorFlow) a request for a
device that does not exist falls back to the CPU; `set_soft_device_placement(False)` makes it an
error.

Devices other than the CPU and CUDA GPUs can be added at run time with `register_device` (the
test suite's simulated accelerator, backed by NumPy, is one): they are placed on, copied to and
given kernels like a GPU, but only where a `device(...)` scope asks for them.

>>> parse_device_name("/device:GPU:1")
('GPU', 1)
>>> parse_device_name("cpu")
('CPU', 0)
"""

from __future__ import annotations

import contextlib
import os
import re
import threading
from typing import Any, Iterator, NamedTuple

import numpy as np

from autograph.runtime.core.eager_context import context_changed
from autograph.runtime.core.errors import InvalidArgumentError

_NAME_RE = re.compile(
    r"^(?:/job:localhost/replica:0/task:0)?/?(?:device:)?(?P<type>[A-Za-z]+)(?::(?P<index>\d+))?$")
DEVICE_TYPES = ("CPU", "GPU")


def parse_device_name(name: str) -> tuple[str, int]:
    """`'/GPU:0'`, `'GPU'`, `'/device:GPU:1'`, `'gpu:0'` -> `('GPU', index)`; ValueError if bad."""
    m = _NAME_RE.match(name.strip()) if isinstance(name, str) else None
    if not m or m.group("type").upper() not in device_types():
        raise ValueError(f"Invalid device name {name!r}: use '/CPU:0', '/GPU:0', 'GPU' or "
                         f"'/device:GPU:1'.")
    return m.group("type").upper(), int(m.group("index") or 0)


class PhysicalDevice(NamedTuple):
    name: str
    device_type: str


class Device:
    """One logical device; also the `ctx` argument of the kernels that run on it."""

    __slots__ = ("device_type", "index", "name", "short_name", "xp", "is_gpu", "is_host")

    def __init__(self, device_type: str, index: int, xp: Any):
        self.device_type = device_type
        self.index = index
        self.short_name = f"/{device_type}:{index}"
        self.name = f"/job:localhost/replica:0/task:0/device:{device_type}:{index}"
        self.xp = xp
        self.is_gpu = device_type == "GPU"
        self.is_host = device_type == "CPU"  # its arrays are NumPy arrays in host memory

    def to_host(self, array: Any) -> np.ndarray:
        """A NumPy array with the contents of `array` (which may live on any device)."""
        if isinstance(array, np.ndarray):
            return array
        if isinstance(array, np.generic):
            return array  # type: ignore[return-value]  # a scalar serves where arrays do
        get = getattr(array, "get", None)  # CuPy arrays copy to the host with .get()
        return get() if get is not None else np.asarray(array)

    def import_array(self, array: Any) -> Any:
        """`array` in this device's memory (a copy when it lives elsewhere)."""
        if self.is_host:
            return self.to_host(array)
        if array.dtype == object:
            return array  # strings, resources, variants stay in host memory, as in TensorFlow
        if not isinstance(array, (np.ndarray, np.generic, self.xp.ndarray)):
            array = self.to_host(array)  # another kind of device's array: through the host
        with self.scope():
            if self.is_gpu and array.ndim == 0:  # CuPy fills a 0-d array, a zero by memset,
                # which drops the sign of -0.0; one element is copied bit for bit
                return self.xp.asarray(np.reshape(array, 1)).reshape(())
            return self.xp.asarray(array)

    def scope(self):
        """A context in which newly made arrays land on this device."""
        if self.is_gpu:
            return self.xp.cuda.Device(self.index)
        return contextlib.nullcontext()

    def __repr__(self) -> str:
        return f"Device({self.short_name})"


CPU = Device("CPU", 0, np)

_gpu_lock = threading.Lock()
_gpus: list[Device] | None = None


def gpu_devices() -> list[Device]:
    """The usable GPUs: CuPy must import, see CUDA, and run one tiny kernel on each device."""
    global _gpus
    if _gpus is not None:
        return _gpus
    with _gpu_lock:
        if _gpus is None:
            _gpus = _probe_gpus()
    return _gpus


def _probe_gpus() -> list[Device]:
    if os.environ.get("AUTOGRAPH_DISABLE_GPU"):
        return []
    try:
        import cupy
    except Exception:  # not installed, or a broken CUDA install: either way, no GPU
        return []
    found = []
    try:
        if not cupy.cuda.is_available():
            return []
        for index in range(cupy.cuda.runtime.getDeviceCount()):
            with cupy.cuda.Device(index):
                (cupy.arange(2, dtype=cupy.float32) + 1).sum().item()
            found.append(Device("GPU", index, cupy))
    except Exception:
        return found
    return found


_registered: dict[tuple[str, int], Device] = {}  # devices added with register_device


def register_device(device: Device) -> None:
    """Adds a device of a type other than CPU and GPU (whose type name then parses, takes
    kernels and appears in `list_physical_devices`). It is used only where asked for."""
    if device.device_type in DEVICE_TYPES:
        raise InvalidArgumentError(f"Cannot register {device!r}: {device.device_type} devices "
                                   f"are found, not registered.")
    key = (device.device_type, device.index)
    if key in _registered:
        raise InvalidArgumentError(f"Device {device.short_name} is registered already.")
    _registered[key] = device


def unregister_device(device: Device) -> None:
    """Removes a device added with `register_device`."""
    if _registered.get((device.device_type, device.index)) is not device:
        raise InvalidArgumentError(f"Device {device.short_name} is not registered.")
    del _registered[device.device_type, device.index]


def device_types() -> tuple[str, ...]:
    """`DEVICE_TYPES` and the types of the registered devices."""
    extra = tuple(dict.fromkeys(t for t, _ in _registered if t not in DEVICE_TYPES))
    return DEVICE_TYPES + extra


def all_devices() -> list[Device]:
    return [CPU] + gpu_devices() + list(_registered.values())


def list_physical_devices(device_type: str | None = None) -> list[PhysicalDevice]:
    """Physical devices, as `ag.config.list_physical_devices` shows them.

    >>> list_physical_devices("CPU")
    [PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU')]
    """
    wanted = device_type.upper() if device_type else None
    return [PhysicalDevice(f"/physical_device:{d.device_type}:{d.index}", d.device_type)
            for d in all_devices() if wanted in (None, d.device_type)]


_memory_growth: dict[str, bool] = {}


def set_memory_growth(device: PhysicalDevice, enable: bool) -> None:
    """Records whether `device` (a GPU of `list_physical_devices`) allocates memory as needed.

    CuPy's memory pool always grows as needed, so both settings run the same here; the
    setting is kept for `get_memory_growth`, as TensorFlow's is.

    Raises:
        ValueError: `device` is not a physical GPU device.
    """
    _check_physical(device)
    if device.device_type != "GPU":
        raise ValueError("Cannot set memory growth on non-GPU and non-Pluggable devices")
    _memory_growth[device.name] = bool(enable)


def get_memory_growth(device: PhysicalDevice) -> bool:
    """What `set_memory_growth` set for `device` (KeyError, as TensorFlow, when never set)."""
    _check_physical(device)
    if device.name not in _memory_growth:
        raise KeyError(device)
    return _memory_growth[device.name]


def _check_physical(device: Any) -> None:
    if device not in list_physical_devices():
        raise ValueError(f"Unrecognized device: {device!r}")


# Logical devices ---------------------------------------------------------------------------
class LogicalDevice(NamedTuple):
    name: str
    device_type: str


class LogicalDeviceConfiguration(NamedTuple):
    """One logical device to make of a physical one (`tf.config.LogicalDeviceConfiguration`);
    the fields are recorded, as the host's memory is not divided."""

    memory_limit: int | None = None
    experimental_priority: int | None = None
    experimental_device_ordinal: int | None = None


_logical_configuration: dict[str, list[LogicalDeviceConfiguration]] = {}
_logical_cpus: list[Device] = []  # CPU:1 and on, made by set_logical_device_configuration


def set_logical_device_configuration(device: PhysicalDevice,
                                     logical_devices: list | None) -> None:
    """Makes the CPU appear as `len(logical_devices)` logical CPUs (`/CPU:0`, `/CPU:1`, ...),
    as TensorFlow's: each runs on the host with NumPy, so a strategy can hold one replica on
    each. None goes back to one. A GPU keeps one logical device (its `memory_limit` is
    recorded); dividing a GPU is not supported.

    Unlike TensorFlow, this may be called after ops ran (TensorFlow raises RuntimeError):
    tensors placed on a logical CPU that goes away stay readable, in host memory.

    Raises:
        ValueError: `device` is not a physical device of `list_physical_devices`, an empty
            list, or several logical devices for a GPU.
    """
    _check_physical(device)
    if logical_devices is None:
        _logical_configuration.pop(device.name, None)
        if device.device_type == "CPU":
            _logical_cpus.clear()
        return
    configs = list(logical_devices)
    if not configs or not all(isinstance(c, LogicalDeviceConfiguration) for c in configs):
        raise ValueError(f"set_logical_device_configuration needs a non-empty list of "
                         f"LogicalDeviceConfiguration, got {logical_devices!r}.")
    if device.device_type != "CPU" and len(configs) > 1:
        raise ValueError(f"Cannot divide {device.name} into {len(configs)} logical devices "
                         f"here: only the CPU can be divided.")
    _logical_configuration[device.name] = configs
    if device.device_type == "CPU":
        _logical_cpus[:] = [Device("CPU", i, np) for i in range(1, len(configs))]


def get_logical_device_configuration(device: PhysicalDevice
                                     ) -> list[LogicalDeviceConfiguration] | None:
    """What `set_logical_device_configuration` set for `device`, or None."""
    _check_physical(device)
    configs = _logical_configuration.get(device.name)
    return None if configs is None else list(configs)


def list_logical_devices(device_type: str | None = None) -> list[LogicalDevice]:
    """The logical devices ops may be placed on, as `ag.config.list_logical_devices`.

    >>> list_logical_devices("CPU")[0]
    LogicalDevice(name='/device:CPU:0', device_type='CPU')
    """
    wanted = device_type.upper() if device_type else None
    devices = [CPU, *_logical_cpus] + gpu_devices() + list(_registered.values())
    return [LogicalDevice(f"/device:{d.device_type}:{d.index}", d.device_type)
            for d in devices if wanted in (None, d.device_type)]


# Placement -----------------------------------------------------------------------------------
class _PlacementState(threading.local):
    def __init__(self):
        self.stack: list[tuple[str, int] | None] = []


_placement = _PlacementState()
_soft_placement = [True]


def set_soft_device_placement(enabled: bool) -> None:
    """Whether a request for a missing device (or kernel) falls back to the CPU."""
    _soft_placement[0] = bool(enabled)
    context_changed()


def get_soft_device_placement() -> bool:
    return _soft_placement[0]


@contextlib.contextmanager
def device(name: str | None) -> Iterator[None]:
    """Places the ops created inside on device `name` (`'/CPU:0'`, `'/GPU:0'`, `'GPU'`, ...).

    `device(None)` clears any enclosing placement.
    """
    spec = None if name is None else parse_device_name(name)
    _placement.stack.append(spec)
    context_changed()
    try:
        yield
    finally:
        _placement.stack.pop()
        context_changed()


def requested_device() -> tuple[str, int] | None:
    """The innermost placement request, or None."""
    stack = _placement.stack
    return stack[-1] if stack else None


def resolve_device(spec: tuple[str, int]) -> Device | None:
    """The `Device` for a parsed name, or None when it does not exist here."""
    device_type, index = spec
    if device_type == "CPU":
        if index == 0:
            return CPU
        return _logical_cpus[index - 1] if index <= len(_logical_cpus) else None
    if device_type != "GPU":
        return _registered.get(spec)
    gpus = gpu_devices()
    return gpus[index] if index < len(gpus) else None


def missing_device_error(spec: tuple[str, int]) -> InvalidArgumentError:
    have = ", ".join(d.short_name for d in all_devices())
    return InvalidArgumentError(
        f"Device /{spec[0]}:{spec[1]} was requested but does not exist here (devices: {have}). "
        f"Use one of those, or enable soft placement with "
        f"ag.config.set_soft_device_placement(True).")


def placement_device(dtype: Any) -> Device:
    """Where a new eager value of `dtype` goes: the requested device, else GPU:0, else CPU."""
    spec = requested_device()
    if dtype.is_host_only:
        return CPU
    if spec is not None:
        found = resolve_device(spec)
        if found is not None:
            return found
        if not get_soft_device_placement():
            raise missing_device_error(spec)
        return CPU
    gpus = gpu_devices()
    return gpus[0] if gpus else CPU
