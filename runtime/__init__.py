"""The dataflow runtime: dtypes, shapes, the op and kernel registries, tensors and execution.

`runtime` imports nothing from `kernels`, `autograph` or `cli`; importing `kernels` registers the
NumPy and CuPy kernels into the registry defined here.
"""

from runtime import dtypes, errors
from runtime.dispatch import execute, op_handle
from runtime.kernel_registry import KernelDef, kernel_registry, kernels_for, register_kernel
from runtime.op_def import ArgDef, AttrDef, OpDef, OpRegistration
from runtime.op_function import op_function
from runtime.op_registry import OpRegistry, op_registry, register_op
from runtime.shape_inference import InferenceContext
from runtime.tensor import EagerTensor, Tensor
from runtime.tensor_conversion import convert_to_tensor
from runtime.tensor_shape import TensorShape

__all__ = [
    "dtypes", "errors", "execute", "op_handle", "KernelDef", "kernel_registry", "kernels_for",
    "register_kernel", "ArgDef", "AttrDef", "OpDef", "OpRegistration", "op_function",
    "OpRegistry", "op_registry", "register_op", "InferenceContext", "EagerTensor", "Tensor",
    "convert_to_tensor", "TensorShape",
]
