"""The eager context token (`runtime/core/eager_context.py`): each change of what a settled eager
call depends on (graph building, eager execution disabled, observers, device scope, soft
placement, registered kernels) makes the next call see the change, in the thread that made it
and in every other."""

import threading

import numpy as np
import pytest

import autograph as ag
from autograph.runtime import execute, register_kernel, register_op
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.graph.operation import SymbolicTensor
from autograph.runtime.graph.recording import add_observer, remove_observer
from tests.op_testing import assert_tensor

A = np.array([1.0, 2.0, 3.0], np.float32)
M = np.arange(6, dtype=np.float32).reshape(2, 3)


def settled(fn, *args):
    """`fn(*args)` twice: the first call settles, the second runs what it settled."""
    fn(*args)
    return fn(*args)


def test_a_call_settled_in_a_device_scope_runs_on_the_device_of_each_scope(sim_device):
    a = ag.constant(A)
    for _ in range(2):
        with ag.device("/SIM:0"):
            assert "SIM" in settled(ag.add, a, a).device
            assert "SIM" in settled(ag.nn.softmax, a).device
        assert "CPU" in settled(ag.add, a, a).device
        assert "CPU" in settled(ag.nn.softmax, a).device


def test_a_call_settled_eagerly_builds_an_op_in_a_graph():
    a = ag.constant(A)
    settled(ag.add, a, a), settled(ag.reduce_sum, a, 0)
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [3])
        assert type(ag.add(x, x)) is SymbolicTensor
        assert type(ag.reduce_sum(x, 0)) is SymbolicTensor
    assert_tensor(settled(ag.add, a, a), A + A)


def test_a_call_settled_eagerly_runs_eagerly_in_init_scope_of_a_function():
    a = ag.constant(A)
    settled(ag.add, a, a)
    seen = []

    @ag.function
    def f(x):
        with ag.init_scope():
            seen.append(type(ag.add(a, a)))
        return ag.add(x, x)
    assert_tensor(f(a), A + A)
    assert seen == [type(a)]


def test_observers_see_calls_settled_before_they_came():
    a, m = ag.constant(A), ag.constant(M)
    settled(ag.add, a, a), settled(ag.matmul, m, m, False, True), settled(ag.reduce_sum, a, 0)

    class Seen:
        exact = False

        def __init__(self):
            self.ops = []

        def op_ran(self, run):
            self.ops.append(run.op_type)
    seen = Seen()
    add_observer(seen)
    try:
        ag.add(a, a), ag.matmul(m, m, transpose_b=True), ag.reduce_sum(a, 0)
    finally:
        remove_observer(seen)
    assert seen.ops == ["AddV2", "MatMul", "Sum"]


def test_soft_placement_turned_off_refuses_a_call_settled_with_it():
    a = ag.constant(A)
    previous = ag.config.get_soft_device_placement()
    ag.config.set_soft_device_placement(True)
    try:
        with ag.device("/GPU:7"):
            assert "CPU" in settled(ag.add, a, a).device
            ag.config.set_soft_device_placement(False)
            with pytest.raises(Exception, match="GPU:7"):
                ag.add(a, a)
    finally:
        ag.config.set_soft_device_placement(previous)


register_op("TestTokenKernel").input("x: float").output("y: float") \
    .set_shape_fn(lambda c: [c.shape(0)])
register_kernel("TestTokenKernel", "CPU")(lambda ctx, x: x + np.float32(1))


def test_a_kernel_registered_later_runs_in_calls_settled_before_it():
    a = ag.constant(A)
    assert_tensor(settled(execute, "TestTokenKernel", [a]), A + 1)
    from autograph.runtime.registry.kernel_registry import kernel_registry
    kernel_registry().unregister("TestTokenKernel", "CPU")
    register_kernel("TestTokenKernel", "CPU")(lambda ctx, x: x + np.float32(2))
    assert_tensor(execute("TestTokenKernel", [a]), A + 2)


def test_a_device_scope_in_another_thread_leaves_this_threads_calls_alone(sim_device):
    a = ag.constant(A)
    settled(ag.add, a, a)
    inside = threading.Event()
    leave = threading.Event()
    devices = []

    def other():
        with ag.device("/SIM:0"):
            devices.append(settled(ag.add, a, a).device)
            inside.set()
            leave.wait(10)
    thread = threading.Thread(target=other)
    thread.start()
    try:
        assert inside.wait(10)
        assert "CPU" in ag.add(a, a).device
    finally:
        leave.set()
        thread.join()
    assert "SIM" in devices[0]


def test_a_settled_call_with_a_bad_shape_raises_every_time():
    m = ag.constant(M)
    for _ in range(3):
        with pytest.raises(InvalidArgumentError, match="MatMul"):
            ag.matmul(m, m)
