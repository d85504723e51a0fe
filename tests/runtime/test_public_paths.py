"""The import paths programs that add ops already use keep working across the runtime's layers."""

from autograph import runtime
from autograph.runtime.registry.kernel_registry import register_kernel
from autograph.runtime.registry.op_registry import op_registry, register_op


def test_runtime_reexports_what_adding_an_op_needs():
    assert runtime.register_op is register_op
    assert runtime.register_kernel is register_kernel
    assert runtime.op_registry is op_registry
    assert callable(runtime.op_function) and callable(runtime.execute)


def test_runtime_reexports_tensors_and_their_conversion():
    tensor = runtime.convert_to_tensor([1.0, 2.0])
    assert isinstance(tensor, runtime.Tensor) and tensor.shape == runtime.TensorShape([2])
    assert runtime.dtypes.float32 is tensor.dtype
