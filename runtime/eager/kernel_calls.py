"""What the dispatcher does around a kernel: run shape functions with errors that name the op,
name the op in a kernel's errors, check the kernel's outputs, choose and explain dtypes of
inputs, and group an op's outputs as its front-end function returns them. Kernels run through
`settled_calls.kernel_runner`.
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core import devices, dtypes
from autograph.runtime.core.errors import InternalError, InvalidArgumentError, OpError
from autograph.runtime.graph.tensor import EagerTensor, Tensor, make_eager
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.registry.op_def import OpDef
from autograph.runtime.registry.shape_inference import InferenceContext


def run_shape_fn(shape_fn, c: InferenceContext) -> list[Any]:
    """Calls a shape function, turning its plain exceptions into errors that name the op."""
    try:
        return shape_fn(c)
    except OpError as e:
        if e.op_name is None:
            e.op_name = c.op_name
        raise
    except (ValueError, TypeError, IndexError) as e:
        raise InvalidArgumentError(str(e), c.op_name) from None


def value_reader(arrays: list[Any], reads: list[int] | None = None):
    """The shape functions' reader of input values: input `i` on the host, noted in `reads`."""
    def value(i: int) -> Any:
        if reads is not None:
            reads.append(i)
        x = arrays[i]
        if isinstance(x, list):
            return [devices.CPU.to_host(a) for a in x]
        return devices.CPU.to_host(x)
    return value


def wrap_output(op_name: str, value: Any, dtype: dtypes.DType,
                device: devices.Device) -> EagerTensor:
    if value.dtype != dtype.np_dtype:
        raise bad_output_dtype(op_name, value, dtype)
    if not device.is_host and type(value).__module__.startswith("numpy"):
        device = devices.CPU  # a host-memory result of a device kernel
    return make_eager(value, dtype, device)


def kernel_failure(op_name: str, device: devices.Device, e: Exception) -> OpError:
    return InvalidArgumentError(f"{op_name} failed on {device.short_name}: "
                                f"{type(e).__name__}: {e}", op_name)


def bad_output_dtype(op_name: str, value: Any, dtype: dtypes.DType) -> InternalError:
    return InternalError(f"The kernel of {op_name} returned {value.dtype} where the op declares "
                         f"{dtype.name}; this is a bug in that kernel.", op_name)


def type_not_allowed(op_name: str, attr, value: dtypes.DType) -> str:
    allowed = ", ".join(d.name for d in attr.allowed_values)
    return (f"{op_name} does not support dtype {value.name} (attr {attr.name}); supported: "
            f"{allowed}. Cast the input with ag.cast.")


def wrong_dtype(op_name: str, message: str, in_graph: bool) -> Exception:
    """The error for an input whose dtype the op refuses: a TypeError while the op is added to
    a graph, an InvalidArgumentError when it runs now (TensorFlow 2.21 raises the same two: from
    graph construction, and from the kernel; recorded in tests/ops/dtype_error_cases.py)."""
    if in_graph:
        return TypeError(message)
    return InvalidArgumentError(message, op_name)


def dtype_mismatch(op_name: str, arg: str, dtype: dtypes.DType, first_arg: str | None,
                    have: dtypes.DType, attr_name: str) -> str:
    first = f"input {first_arg!r}" if first_arg else f"attr {attr_name}"
    return (f"{op_name}: input {arg!r} has dtype {dtype.name} but {first} has dtype "
            f"{have.name}; they must match (attr {attr_name}). Convert one with "
            f"ag.cast(..., ag.{have.name}): dtypes are never promoted implicitly.")


def common_dtype(op_name: str, values: list[Any],
                  hint: dtypes.DType | None) -> tuple[dtypes.DType, list[Tensor]]:
    """The dtype Python values sharing a type attr take together (any complex -> complex128,
    else any float -> float32).

    `hint` (the attr's default) is taken where the values allow it, so `[]` or `[2, 3]` for
    an attr defaulting to int64 become int64, as in TensorFlow's op wrappers.
    """
    tensors = [convert_to_tensor(v, dtype_hint=hint) for v in values]
    found = [t.dtype for t in tensors]
    first = found[0]
    if all(d is first for d in found):
        return first, tensors
    if all(d.is_numeric for d in found):
        wider = ([d for d in found if d.is_complex] or [d for d in found if d.is_floating])
        return (wider[0] if wider else max(found, key=lambda d: d.size)), tensors
    names = ", ".join(d.name for d in found)
    raise InvalidArgumentError(f"{op_name}: inputs of dtypes {names} cannot share one dtype.",
                               op_name)


def outputs_structure(op: Any, op_def: OpDef) -> Any:
    """An op's outputs grouped as its front-end returns them (the op when it has none)."""
    if not op_def.output_arg:
        return op
    groups = [part if arg.is_list else part[0] for arg, part in op.output_groups()]
    return groups[0] if len(groups) == 1 else tuple(groups)
