"""Where an op runs: the device and kernel for an op call (`place`), and an input's array
on that device (`array_on`, copying it when it lives elsewhere).

An `ag.device` request is honoured when the device exists and has a kernel; with soft placement
a missing device or GPU kernel falls back to the CPU. Without a request an op runs on the first
GPU that has a kernel for it, else on the CPU.
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core import devices
from autograph.runtime.core.errors import NotFoundError
from autograph.runtime.graph.operation import out_of_scope_reason
from autograph.runtime.graph.tensor import EagerTensor
from autograph.runtime.registry.kernel_registry import KernelDef, kernel_registry


def place(op_name: str, type_attrs: dict[str, Any],
          spec: Any = "context") -> tuple[devices.Device, KernelDef]:
    """The device and kernel for an op call, following the placement rules in `devices`.

    `spec` is a parsed device name, None for "no request", or (default) the request of the
    enclosing `ag.device` scope.
    """
    registry = kernel_registry()
    if spec == "context":
        spec = devices.requested_device()
    if spec is not None:
        device = devices.resolve_device(spec)
        soft = devices.get_soft_device_placement()
        if device is None:
            if not soft:
                raise devices.missing_device_error(spec)
            device = devices.CPU
        kernel = registry.find(op_name, device.device_type, type_attrs)
        if kernel is None and soft and not device.is_host:
            device = devices.CPU
            kernel = registry.find(op_name, "CPU", type_attrs)
        if kernel is None:
            raise NotFoundError(registry.missing_message(op_name, device.device_type, type_attrs),
                                op_name)
        return device, kernel
    for device in devices.gpu_devices()[:1]:
        kernel = registry.find(op_name, "GPU", type_attrs)
        if kernel is not None:
            return device, kernel
    kernel = registry.find(op_name, "CPU", type_attrs)
    if kernel is None:
        raise NotFoundError(registry.missing_message(op_name, "CPU", type_attrs), op_name)
    return devices.CPU, kernel


def array_on(tensor: EagerTensor, device: devices.Device) -> Any:
    """The tensor's array in `device`'s memory (copied when it lives elsewhere)."""
    if not isinstance(tensor, EagerTensor):
        raise not_eager(tensor)
    if tensor._device is device:
        return tensor._value
    return device.import_array(tensor._value)


def not_eager(tensor: Any) -> Exception:
    op = getattr(tensor, "op", None)
    if op is None:
        return TypeError(f"Expected an eager tensor, got {tensor!r}.")
    if op.graph.returned_from is not None:
        return TypeError(f"An op run eagerly cannot take symbolic tensor {tensor.name}: "
                         f"{out_of_scope_reason(tensor)}")
    where = f" (created at {op.source})" if op.source else ""
    return TypeError(
        f"Tensor {tensor.name}{where} is symbolic: it belongs to a graph and has no value "
        f"outside it, so it cannot be used in eager code. Compute it inside the graph (or "
        f"function) that made it and return it from there.")
