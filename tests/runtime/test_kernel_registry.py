"""The kernel registry: keys (op, device, type constraints), selection, and clear misses."""

import pytest

from autograph.runtime.core import dtypes
from autograph.runtime.core.errors import InvalidArgumentError, NotFoundError
from autograph.runtime.registry.kernel_registry import KernelRegistry


def kernel(ctx, x):
    return x


@pytest.fixture
def kreg():
    return KernelRegistry()


def test_one_kernel_registers_for_both_devices(kreg):
    kreg.register("Op", ("CPU", "GPU"), kernel)
    assert [k.device for k in kreg.kernels_for("Op")] == ["CPU", "GPU"]


def test_selection_honours_type_constraints(kreg):
    kreg.register("Op", "CPU", kernel, {"T": ["float32", "float64"]})
    assert kreg.find("Op", "CPU", {"T": dtypes.float32}) is not None
    assert kreg.find("Op", "CPU", {"T": dtypes.int32}) is None
    assert kreg.find("Op", "GPU", {"T": dtypes.float32}) is None


def test_most_specific_kernel_wins(kreg):
    def general(ctx, x):
        return x

    def special(ctx, x):
        return x
    kreg.register("Op", "CPU", general)
    kreg.register("Op", "CPU", special, {"T": [dtypes.float16]})
    assert kreg.find("Op", "CPU", {"T": dtypes.float16}).fn is special
    assert kreg.find("Op", "CPU", {"T": dtypes.float32}).fn is general


def test_missing_kernel_names_op_device_attrs_and_existing_kernels(kreg):
    kreg.register("MatMul", "CPU", kernel, {"T": ["float32", "float64"]})
    with pytest.raises(NotFoundError) as info:
        kreg.select("MatMul", "GPU", {"T": dtypes.int32})
    message = str(info.value)
    assert "No kernel for op 'MatMul' on device GPU with attrs (T=int32)" in message
    assert "device='CPU'; T in [float32, float64]" in message


def test_missing_kernel_of_op_without_kernels(kreg):
    with pytest.raises(NotFoundError, match="<no kernels registered>"):
        kreg.select("Nothing", "CPU", {})


def test_duplicate_kernel_is_rejected(kreg):
    kreg.register("Op", "CPU", kernel, {"T": ["float32"]})
    with pytest.raises(InvalidArgumentError, match="registered already"):
        kreg.register("Op", "CPU", kernel, {"T": ["float32"]})


def test_unknown_device_type_is_rejected(kreg):
    with pytest.raises(InvalidArgumentError, match="unknown device type 'TPU'"):
        kreg.register("Op", "TPU", kernel)


def test_host_memory_is_recorded(kreg):
    kreg.register("Reshape", "GPU", kernel, host_memory=("shape",))
    assert kreg.kernels_for("Reshape")[0].host_memory == ("shape",)


def test_registration_invalidates_cached_selection(kreg):
    assert kreg.find("Late", "CPU", {}) is None
    before = kreg.generation
    kreg.register("Late", "CPU", kernel)
    assert kreg.find("Late", "CPU", {}) is not None
    assert kreg.generation > before


def test_host_memory_name_not_among_the_ops_arguments_is_rejected():
    from autograph.runtime.registry.kernel_registry import register_kernel

    with pytest.raises(InvalidArgumentError, match=r"host_memory names \['outptu'\]"):
        register_kernel("Identity", device="CPU", host_memory=("input", "outptu"))
