"""Placement, copies between devices and per-device kernels, run on the simulated SIM:0.

TensorFlow (CPU) cannot show a second kind of device, but it can split its CPU into logical
devices `/CPU:0` and `/CPU:1`; the expected values and placements below are its answers with
`/CPU:1` where these tests say `/device:SIM:0`. Ops registered here are named `TestSim*`.
"""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime import execute, register_kernel, register_op
from autograph.runtime.core import devices
from autograph.runtime.core.errors import InvalidArgumentError, NotFoundError
from autograph.runtime.exec.executor import Plan
from autograph.runtime.registry.kernel_registry import kernel_registry
from autograph.runtime.registry.shape_inference import unchanged
from tests.sim_device import NAME, SimArray, register_sim_kernel

SIM = "/job:localhost/replica:0/task:0/device:SIM:0"
CPU = "/job:localhost/replica:0/task:0/device:CPU:0"
# Where an op without a device scope runs: a GPU where there is one, as in TensorFlow.
DEFAULT = (devices.gpu_devices() or [devices.CPU])[0]

ran_on = []


def _recorded(ctx, x):
    ran_on.append(ctx.short_name)
    return x * x.dtype.type(2)


register_op("TestSimCpuOnly").input("x: T").output("y: T").attr("T: {float32, float64}") \
    .set_shape_fn(unchanged)
register_kernel("TestSimCpuOnly", "CPU")(_recorded)

register_op("TestSimPerDevice").input("x: T").output("y: T").attr("T: {float32, float64}") \
    .set_shape_fn(unchanged)
register_kernel("TestSimPerDevice", "CPU")(_recorded)


@pytest.fixture(autouse=True)
def _sim(sim_device):
    ran_on.clear()
    yield sim_device
    ag.config.set_soft_device_placement(True)


def test_sim_device_is_listed_while_registered():
    assert ag.config.list_physical_devices("SIM") == [
        devices.PhysicalDevice("/physical_device:SIM:0", "SIM")]


def test_registering_the_same_device_twice_is_an_error(sim_device):
    with pytest.raises(InvalidArgumentError, match="Device /SIM:0 is registered already"):
        devices.register_device(devices.Device("SIM", 0, sim_device.xp))


def test_registering_a_gpu_is_an_error():
    with pytest.raises(InvalidArgumentError, match="GPU devices are found, not registered"):
        devices.register_device(devices.Device("GPU", 3, np))


def test_other_device_types_stay_invalid():
    with pytest.raises(ValueError, match="Invalid device name 'TPU:0'"):
        with ag.device("TPU:0"):
            pass


def test_eager_ops_run_on_the_requested_device():
    with ag.device(NAME):
        x = ag.constant([1.0, 2.0, 3.0])
        y = x * 2.0 + 1.0
    assert (x.device, y.device) == (SIM, SIM)
    assert type(y._value) is SimArray
    np.testing.assert_array_equal(y.numpy(), [3.0, 5.0, 7.0])  # TensorFlow: [3. 5. 7.]


def test_numpy_of_a_simulated_tensor_is_a_host_array():
    with ag.device(NAME):
        x = ag.constant([[1, 2], [3, 4]])
        total = ag.reduce_sum(x)
    assert type(x.numpy()) is np.ndarray
    np.testing.assert_array_equal(x.numpy(), [[1, 2], [3, 4]])
    assert type(total.numpy()) is np.int32 and total.numpy() == 10


def test_inputs_from_another_device_are_copied_to_where_the_op_runs():
    with ag.device("/CPU:0"):
        a = ag.constant([[1.0, 2.0], [3.0, 4.0]])
    with ag.device(NAME):
        b = ag.matmul(a, a)
    c = b + a  # no device scope: the default device
    assert (a.device, b.device, c.device) == (CPU, SIM, DEFAULT.name)  # as TensorFlow places them
    np.testing.assert_array_equal(b.numpy(), [[7.0, 10.0], [15.0, 22.0]])
    np.testing.assert_array_equal(c.numpy(), [[8.0, 12.0], [18.0, 26.0]])


def test_a_host_array_given_to_a_device_kernel_is_an_error():
    add = kernel_registry().select("AddV2", "SIM", {"T": ag.float32})
    with ag.device(NAME):
        y = ag.constant([1.0, 2.0])
    with pytest.raises(TypeError, match="Input 'x' of AddV2 on SIM:0 is a host array"):
        add.fn(y._device, np.ones(2, np.float32), y._value)


def test_a_device_array_given_to_a_host_kernel_is_an_error():
    add = kernel_registry().select("AddV2", "CPU", {"T": ag.float32})
    with ag.device(NAME):
        y = ag.constant([1.0, 2.0])
    with pytest.raises(TypeError, match="used outside a kernel running on SIM:0"):
        add.fn(devices.CPU, y._value, y._value)
    with pytest.raises(TypeError, match="cannot become a NumPy array"):
        np.asarray(y._value)


def test_op_without_a_device_kernel_falls_back_to_the_cpu_with_soft_placement():
    with ag.device(NAME):
        x = ag.constant([1.0, -2.0])
        y = execute("TestSimCpuOnly", [x])
    assert (x.device, y.device) == (SIM, CPU)
    assert ran_on == ["/CPU:0"]
    np.testing.assert_array_equal(y.numpy(), [2.0, -4.0])


def test_op_without_a_device_kernel_is_an_error_without_soft_placement():
    ag.config.set_soft_device_placement(False)
    with ag.device(NAME):
        x = ag.constant([1.0, -2.0])
        # TensorFlow: NotFoundError "Could not find device for node ... All kernels registered
        # for op ...".
        with pytest.raises(NotFoundError, match=r"(?s)No kernel for op 'TestSimCpuOnly' on "
                                                r"device SIM.*device='CPU'"):
            execute("TestSimCpuOnly", [x])
    assert ran_on == []


def test_kernel_is_chosen_per_device_and_dtype():
    register_sim_kernel("TestSimPerDevice", _recorded, {"T": ["float32"]})
    with ag.device("/CPU:0"):
        on_cpu = execute("TestSimPerDevice", [ag.constant([1.5])])
    with ag.device(NAME):
        on_sim = execute("TestSimPerDevice", [ag.constant([1.5])])
        wide = execute("TestSimPerDevice", [ag.constant([1.5], ag.float64)])  # CPU only
    assert ran_on == ["/CPU:0", "/SIM:0", "/CPU:0"]
    assert (on_cpu.device, on_sim.device, wide.device) == (CPU, SIM, CPU)
    np.testing.assert_array_equal(on_sim.numpy(), on_cpu.numpy())


def test_device_kernels_are_the_gpu_kernels():
    registry = kernel_registry()
    for op_name in ("AddV2", "MatMul", "Tanh", "Sum"):
        gpu = [(k.type_constraints, k.host_memory) for k in registry.kernels_for(op_name)
               if k.device == "GPU"]
        sim = [(k.type_constraints, k.host_memory) for k in registry.kernels_for(op_name)
               if k.device == "SIM"]
        assert sim == gpu and sim, op_name


def _mixed(x):
    with ag.device(NAME):
        h = ag.tanh(x) * 3.0
    return ag.reduce_sum(h + x)


def _all_on_cpu(x):
    with ag.device("/CPU:0"):
        return ag.reduce_sum(ag.tanh(x) * 3.0 + x)


def test_function_crossing_devices_matches_the_cpu():
    x = ag.constant([0.5, -1.0, 2.0])
    result = ag.function(_mixed)(x)
    on_cpu = ag.function(_all_on_cpu)(x)
    assert result.device == CPU  # TensorFlow: the function's result on /CPU:0
    np.testing.assert_allclose(result.numpy(), 3.4936516, rtol=1e-6)  # TensorFlow's answer
    np.testing.assert_allclose(result.numpy(), on_cpu.numpy(), rtol=1e-6)


def test_plan_source_shows_the_copies_between_devices():
    concrete = ag.function(_mixed).get_concrete_function(ag.TensorSpec([3], ag.float32))
    graph = concrete.graph
    assert {op.type: op.device for op in graph.get_operations()}["Tanh"] == "/device:SIM:0"
    source = Plan(graph, graph.inputs, graph.outputs).source
    lines = {line.split("# ")[-1]: line for line in source.splitlines() if "# " in line}
    tanh = next(v for k, v in lines.items() if k.endswith("= Tanh"))
    add = next(v for k, v in lines.items() if k.startswith("add") and k.endswith("= AddV2"))
    assert "(to_sim0_" in tanh  # the fed x moves to the device
    # h comes back for the add, which runs on the default device
    assert f"to_{DEFAULT.device_type.lower()}{DEFAULT.index}_" in add


def test_graph_mode_session_runs_ops_on_the_device():
    graph = ag.Graph()
    with graph.as_default():
        x = ag.placeholder(ag.float32, [2], name="x")
        with ag.device(NAME):
            y = ag.square(x, name="y")
        z = ag.add(y, 1.0, name="z")
    assert graph.get_operation_by_name("y").device == "/device:SIM:0"
    with ag.Session(graph=graph) as sess:
        out = sess.run(z, {x: [3.0, -2.0]})
    np.testing.assert_array_equal(out, [10.0, 5.0])


def test_loop_and_branch_bodies_on_the_device_match_the_cpu():
    @ag.function
    def loop(x):
        i = ag.constant(0)
        while i < 3:
            with ag.device(NAME):
                x = x * 2.0 + 1.0
            i += 1
        return x

    @ag.function
    def branch(x):
        with ag.device(NAME):
            s = ag.reduce_sum(x)
        if s > 0:
            y = x * 10.0
        else:
            y = -x
        return y

    np.testing.assert_array_equal(loop(ag.constant([1.0, -2.0])).numpy(), [15.0, -9.0])
    np.testing.assert_array_equal(branch(ag.constant([1.0, 2.0])).numpy(), [10.0, 20.0])
    np.testing.assert_array_equal(branch(ag.constant([-1.0, -2.0])).numpy(), [1.0, 2.0])


def test_variable_lives_on_the_device_it_was_made_on():
    with ag.device(NAME):
        v = ag.Variable([1.0, 2.0])
        v.assign_add([0.5, 0.5])
    assert v.device == SIM  # TensorFlow: /CPU:1 for a variable made there
    np.testing.assert_array_equal(v.numpy(), [1.5, 2.5])


def test_plan_source_uses_a_branchs_inputs_where_they_live_without_copies():
    @ag.function
    def f(x):
        if ag.reduce_sum(x) > 0:
            y = x * 2.0
        else:
            y = x - 1.0
        return y

    graph = f.get_concrete_function(ag.TensorSpec([3], ag.float32)).graph
    source = Plan(graph, graph.inputs, graph.outputs).source
    branch_lines = [line for line in source.splitlines()
                    if line.endswith(("= Mul", "= Sub"))]
    assert len(branch_lines) == 2 and not any("to_" in line for line in branch_lines)


def test_a_branch_reading_three_values_copied_from_the_device_gets_each_its_own():
    @ag.function
    def f(x):
        with ag.device(NAME):
            a, b, c = ag.tanh(x), ag.tanh(x * 2.0), ag.tanh(x * 3.0)
        if ag.reduce_sum(x) > 0:
            y = a + 10.0 * b + 100.0 * c
        else:
            y = a - b - c
        return y

    x = np.array([0.5, 1.0], np.float32)
    expected = np.tanh(x) + 10.0 * np.tanh(2 * x) + 100.0 * np.tanh(3 * x)
    np.testing.assert_allclose(f(ag.constant(x)).numpy(), expected, rtol=1e-6)
