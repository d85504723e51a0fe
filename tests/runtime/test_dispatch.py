"""Eager dispatch: dtype binding, attrs, placement, and errors raised before any kernel runs.

Ops registered here are named `Test*`; the op-coverage tests leave such ops out.
"""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime import execute, op_function, register_kernel, register_op
from autograph.runtime.core.errors import InternalError, InvalidArgumentError, NotFoundError
from autograph.runtime.registry.shape_inference import broadcast, unchanged

calls = []


def _spy(name):
    def kernel(ctx, *arrays, **attrs):
        calls.append((name, attrs))
        return ctx.xp.add(arrays[0], arrays[1]) if len(arrays) == 2 else arrays[0]
    return kernel


register_op("TestSpyAdd").input("x: T").input("y: T").output("z: T") \
    .attr("T: {float32, int32}").set_shape_fn(broadcast)
register_kernel("TestSpyAdd", ("CPU", "GPU"))(_spy("TestSpyAdd"))

register_op("TestAttrs").input("x: T").output("y: T").attr("T: type") \
    .attr("factor: int >= 1 = 2").attr("mode: {'a', 'b'}").set_shape_fn(unchanged)


@register_kernel("TestAttrs", ("CPU", "GPU"))
def _attrs_kernel(ctx, x, factor, mode):
    calls.append(("TestAttrs", {"factor": factor, "mode": mode}))
    return x * x.dtype.type(factor)


register_op("TestFloatOnlyKernel").input("x: T").output("y: T").attr("T: {float32, float64}") \
    .set_shape_fn(unchanged)
register_kernel("TestFloatOnlyKernel", "CPU", {"T": ["float32"]})(lambda ctx, x: x)

register_op("TestTimesFactor").input("x: float").output("y: float").attr("factor: float") \
    .set_shape_fn(unchanged)
register_kernel("TestTimesFactor", ("CPU", "GPU"))(
    lambda ctx, x, factor: x * x.dtype.type(factor))

register_op("TestTimesFirst").input("x: float").output("y: float") \
    .attr("factors: list(float)").set_shape_fn(unchanged)
register_kernel("TestTimesFirst", ("CPU", "GPU"))(
    lambda ctx, x, factors: x * x.dtype.type(factors[0]))

register_op("TestNoKernel").input("x: T").output("y: T").attr("T: type")

register_op("TestBadDtype").input("x: float").output("y: float").set_shape_fn(unchanged)
register_kernel("TestBadDtype", ("CPU", "GPU"))(lambda ctx, x: x.astype(ctx.xp.float64))

register_op("TestRaises").input("x: float").output("y: float").set_shape_fn(unchanged)


@register_kernel("TestRaises", ("CPU", "GPU"))
def _raises(ctx, x):
    raise ValueError("something inside NumPy broke")


register_op("TestConcat").input("values: N * T").output("out: T").attr("N: int >= 2") \
    .attr("T: type")
register_kernel("TestConcat", ("CPU", "GPU"))(lambda ctx, values: ctx.xp.concatenate(values))


@pytest.fixture(autouse=True)
def _clear_calls():
    calls.clear()


def f32(value):
    return ag.convert_to_tensor(np.asarray(value, np.float32))


def test_python_value_takes_the_dtype_of_the_tensor_input():
    out = execute("TestSpyAdd", [f32([1, 2]), 1])
    assert out.dtype == ag.float32
    np.testing.assert_array_equal(out.numpy(), [2, 3])


def test_a_float_attr_of_minus_zero_is_not_taken_for_zero():
    for _ in range(2):  # the second round runs the calls settled by the first
        assert not np.signbit(execute("TestTimesFactor", [f32([1, 2])], {"factor": 0.0})).any()
        assert np.signbit(execute("TestTimesFactor", [f32([1, 2])], {"factor": -0.0})).all()
        assert np.signbit(execute("TestTimesFactor", [f32([1, 2])],
                                  {"factor": np.float32(-0.0)})).all()


def test_a_list_attr_holding_minus_zero_is_not_taken_for_one_holding_zero():
    for _ in range(2):
        assert not np.signbit(execute("TestTimesFirst", [f32([1, 2])], {"factors": (0.0,)})).any()
        assert np.signbit(execute("TestTimesFirst", [f32([1, 2])], {"factors": (-0.0,)})).all()


def test_python_values_alone_agree_on_a_dtype():
    assert execute("TestSpyAdd", [1, 2.5]).dtype == ag.float32
    assert execute("TestSpyAdd", [1, 2]).dtype == ag.int32


def test_mixed_tensor_dtypes_raise_naming_both_before_the_kernel():
    with pytest.raises(InvalidArgumentError, match="'y' has dtype int32 .* 'x' has dtype float32"):
        execute("TestSpyAdd", [f32(1), ag.convert_to_tensor(1)])
    assert calls == []


def test_lossy_python_value_is_a_type_error_eagerly():
    # Recorded from TensorFlow 2.21: tf.raw_ops.AddV2(x=int32 tensor, y=1.5) raises TypeError
    # ("Cannot convert 1.5 to EagerTensor of dtype int32").
    with pytest.raises(TypeError, match="Cannot convert 1.5 to a tensor of dtype"):
        execute("TestSpyAdd", [ag.convert_to_tensor([1]), 1.5])


def test_dtype_outside_the_allowed_set_raises_before_the_kernel():
    with pytest.raises(InvalidArgumentError, match="does not support dtype float64"):
        execute("TestSpyAdd", [ag.convert_to_tensor(np.float64(1)), 1])
    assert calls == []


def test_incompatible_shapes_raise_before_the_kernel():
    with pytest.raises(InvalidArgumentError, match=r"Incompatible shapes: \(2,\) and \(3,\)"):
        execute("TestSpyAdd", [f32([1, 2]), f32([1, 2, 3])])
    assert calls == []


def test_unknown_op_suggests_near_names():
    with pytest.raises(NotFoundError, match="Did you mean AddV2"):
        execute("Addv2", [1, 2])


def test_missing_kernel_lists_the_kernels_that_exist():
    with pytest.raises(NotFoundError, match=r"T=float64(.|\n)*T in \[float32\]"):
        execute("TestFloatOnlyKernel", [ag.convert_to_tensor(np.float64(1))])


def test_op_without_kernels_says_so():
    with pytest.raises(NotFoundError, match="no kernels registered"):
        execute("TestNoKernel", [f32(1)])


def test_attrs_defaults_reach_the_kernel():
    execute("TestAttrs", [f32(3)], {"mode": "a"})
    assert calls == [("TestAttrs", {"factor": 2, "mode": "a"})]


def test_missing_required_attr_is_a_type_error():
    with pytest.raises(TypeError, match="needs a value for attr 'mode'"):
        execute("TestAttrs", [f32(3)])


def test_unknown_attr_is_a_type_error():
    with pytest.raises(TypeError, match="unexpected attr 'colour'"):
        execute("TestAttrs", [f32(3)], {"mode": "a", "colour": "red"})


@pytest.mark.parametrize("attrs, error, message", [
    ({"mode": "c"}, InvalidArgumentError, "attr 'mode' of op TestAttrs is 'c', which is not in"),
    ({"mode": "a", "factor": 0}, InvalidArgumentError, "must be >= 1"),
    ({"mode": "a", "factor": "2"}, TypeError, "expects an int"),
])
def test_invalid_attr_values_are_rejected(attrs, error, message):
    with pytest.raises(error, match=message):
        execute("TestAttrs", [f32(3)], attrs)
    assert calls == []


def test_wrong_number_of_inputs_is_a_type_error():
    with pytest.raises(TypeError, match=r"takes 2 input\(s\) \(x, y\), got 1"):
        execute("TestSpyAdd", [f32(1)])


def test_list_input_binds_its_length_attr():
    out = execute("TestConcat", [[f32([1]), f32([2, 3])]])
    np.testing.assert_array_equal(out.numpy(), [1, 2, 3])


def test_list_input_shorter_than_minimum_is_rejected():
    with pytest.raises(InvalidArgumentError, match="needs at least 2 tensors"):
        execute("TestConcat", [[f32([1])]])


def test_kernel_exception_becomes_an_error_naming_op_and_device():
    with ag.device("/CPU:0"), pytest.raises(InvalidArgumentError,
                                            match=r"TestRaises failed on /CPU:0: ValueError"):
        execute("TestRaises", [f32(1)])


def test_kernel_returning_the_wrong_dtype_is_an_internal_error():
    with pytest.raises(InternalError, match="returned float64 where the op declares float32"):
        execute("TestBadDtype", [f32(1)])


def test_op_function_builds_a_front_end_from_the_op_def():
    fn = op_function("TestAttrs")
    assert fn.__name__ == "test_attrs"
    assert str(fn.__signature__) == "(x, mode, factor=2, name=None)"
    np.testing.assert_array_equal(fn(f32([1, 2]), "b", factor=3).numpy(), [3, 6])


def test_device_scope_places_ops_on_the_cpu():
    with ag.device("/CPU:0"):
        out = execute("TestSpyAdd", [f32(1), f32(2)])
    assert out.device.endswith("device:CPU:0")


def test_missing_device_falls_back_to_cpu_with_soft_placement():
    if ag.config.list_physical_devices("GPU"):
        pytest.skip("this machine has a GPU")
    with ag.device("/GPU:0"):
        out = execute("TestSpyAdd", [f32(1), f32(2)])
    assert out.device.endswith("device:CPU:0")


def test_missing_device_is_an_error_without_soft_placement():
    ag.config.set_soft_device_placement(False)
    try:
        with ag.device("/GPU:7"):
            with pytest.raises(InvalidArgumentError, match="Device /GPU:7 was requested"):
                execute("TestSpyAdd", [f32(1), f32(2)])
    finally:
        ag.config.set_soft_device_placement(True)


def test_invalid_device_name_is_a_value_error():
    with pytest.raises(ValueError, match="Invalid device name 'TPU:0'"):
        with ag.device("TPU:0"):
            pass


@pytest.mark.gpu
@pytest.mark.skipif(not ag.config.list_physical_devices("GPU"), reason="needs a CUDA GPU")
def test_ops_default_to_the_gpu_and_inputs_are_copied_there():
    with ag.device("/CPU:0"):
        x = f32([1, 2])
    out = execute("TestSpyAdd", [x, f32([3, 4])])
    assert out.device.endswith("device:GPU:0")
    np.testing.assert_array_equal(out.numpy(), [4, 6])
