"""The dataflow runtime: dtypes, shapes, the op and kernel registries, tensors and execution.

Its sub-packages are layers, lowest first; each imports only those below it (tests/test_layers.py
checks every import):

    core/      dtypes, shapes, errors, devices, random seed, traceback filtering
    registry/  op definitions and their builder, op and kernel registries, shape inference
    graph/     tensors, operations, graphs and function graphs, conversion, printing, lint
    eager/     dispatch of one op, and op_function
    exec/      executor, Session, resources; optimize/: the graph passes run before planning
    ops/       op declarations (*_defs) and the functions over them (*_ops), control flow
    state/     variables, scopes and stores, templates, initializers, collections, Module
    function/  trace types, function types, trace cache, ConcreteFunction, Function
    gradients/ gradient registry, per-op gradients, tape, graph gradients
    data/      Dataset and its iterator ops
    train/     optimizers, losses, metrics, checkpoints; keras/ layers and models
    saving/    exports that leave the process: SavedModel-style directories, ONNX

`runtime` imports nothing from `kernels`, `autograph` or `cli`; importing `kernels` registers the
NumPy and CuPy kernels into the registry defined here. This package re-exports what programs
that add ops need (`register_op`, `register_kernel`, `op_registry`, `op_function`, ...).
"""

from autograph.runtime.core import dtypes, errors
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.eager.dispatch import execute, op_handle
from autograph.runtime.eager.op_function import op_function
from autograph.runtime.graph.tensor import EagerTensor, Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.registry.kernel_registry import (
    KernelDef,
    kernel_registry,
    kernels_for,
    register_kernel,
)
from autograph.runtime.registry.op_def import ArgDef, AttrDef, OpDef, OpRegistration
from autograph.runtime.registry.op_registry import OpRegistry, op_registry, register_op
from autograph.runtime.registry.shape_inference import InferenceContext

__all__ = [
    "dtypes", "errors", "execute", "op_handle", "KernelDef", "kernel_registry", "kernels_for",
    "register_kernel", "ArgDef", "AttrDef", "OpDef", "OpRegistration", "op_function",
    "OpRegistry", "op_registry", "register_op", "InferenceContext", "EagerTensor", "Tensor",
    "convert_to_tensor", "TensorShape",
]
