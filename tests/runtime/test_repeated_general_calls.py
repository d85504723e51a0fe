"""Eager calls of ops with attrs and list inputs repeated with one signature
(`runtime/eager/settled_calls.py`): later calls give the values, dtypes, devices and errors of
the first, which takes the general path, on every device.
"""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime import execute, register_kernel, register_op
from autograph.runtime.core.errors import InvalidArgumentError
from tests.op_testing import assert_tensor

A = np.array([1.0, 2.0, 3.0], np.float32)
B = np.array([1.0, 0.0, 3.0], np.float32)
M = np.arange(6, dtype=np.float32).reshape(2, 3)

CALLS = {
    "equal": (lambda a, b, m: ag.equal(a, b), lambda: np.equal(A, B)),
    "==": (lambda a, b, m: a == b, lambda: A == B),
    "matmul": (lambda a, b, m: ag.matmul(m, m, transpose_b=True), lambda: M @ M.T),
    "concat": (lambda a, b, m: ag.concat([a, b], 0), lambda: np.concatenate([A, B])),
    "concat_axis_1": (lambda a, b, m: ag.concat([m, m], 1), lambda: np.concatenate([M, M], 1)),
    "stack": (lambda a, b, m: ag.stack([a, b], axis=1), lambda: np.stack([A, B], 1)),
    "where": (lambda a, b, m: ag.where(a > 1, a, b), lambda: np.where(A > 1, A, B)),
    "softmax": (lambda a, b, m: ag.nn.softmax(a), lambda: np.exp(A) / np.exp(A).sum()),
    "shape": (lambda a, b, m: ag.shape(m), lambda: np.array([2, 3], np.int32)),
}


@pytest.mark.parametrize("name", CALLS)
def test_repeated_call_matches_numpy(device, name):
    call, expected = CALLS[name]
    a, b, m = ag.constant(A), ag.constant(B), ag.constant(M)
    for _ in range(3):  # the first call settles, the later ones run what it settled
        assert_tensor(call(a, b, m), expected(), rtol=1e-6)


@pytest.mark.parametrize("name", CALLS)
def test_repeated_call_gives_the_dtype_and_device_of_the_first(device, name):
    call = CALLS[name][0]
    a, b, m = ag.constant(A), ag.constant(B), ag.constant(M)
    first = call(a, b, m)
    for _ in range(2):
        again = call(a, b, m)
        assert (again.dtype, again.device) == (first.dtype, first.device)


def test_repeated_results_live_on_the_device_of_the_scope(device):
    a, b = ag.constant(A), ag.constant(B)
    for _ in range(2):
        assert ag.concat([a, b], 0).device.endswith(f"{device}:0")
        assert ag.nn.softmax(a).device.endswith(f"{device}:0")


def test_repeated_concat_follows_the_python_axis_of_each_call(device):
    m = ag.constant(M)
    for _ in range(2):
        assert_tensor(ag.concat([m, m], 0), np.concatenate([M, M], 0))
        assert_tensor(ag.concat([m, m], 1), np.concatenate([M, M], 1))


def test_repeated_matmul_of_incompatible_shapes_raises_every_time(device):
    m = ag.constant(M)
    ag.matmul(m, m, transpose_b=True)
    for _ in range(2):
        with pytest.raises(InvalidArgumentError):
            ag.matmul(m, m)


def test_repeated_concat_of_mismatched_ranks_raises_every_time(device):
    a, m = ag.constant(A), ag.constant(M)
    for _ in range(2):
        with pytest.raises(InvalidArgumentError, match="rank"):
            ag.concat([a, m], 0)


def test_repeated_concat_of_mismatched_dtypes_raises_every_time(device):
    a, n = ag.constant(A), ag.constant([1, 2])
    ag.concat([a, a], 0)
    for _ in range(2):
        with pytest.raises(InvalidArgumentError, match="dtype"):
            ag.concat([a, n], 0)


def test_repeated_concat_over_an_axis_out_of_range_raises_every_time(device):
    a = ag.constant(A)
    ag.concat([a, a], 0)
    for _ in range(2):
        with pytest.raises(InvalidArgumentError):
            ag.concat([a, a], 1)


def test_repeated_squeeze_with_a_list_attr_matches_numpy(device):
    t = ag.constant(M[None])
    for _ in range(2):  # an unhashable attr value: the general path every time
        assert_tensor(ag.squeeze(t, [0]), M)


def _shape_checking_limit(c):
    if c.value(1) < 0:
        raise ValueError("limit must not be negative")
    return [c.shape(0)]


register_op("TestValueChecked").input("x: float").input("limit: int32").output("y: float") \
    .set_shape_fn(_shape_checking_limit)
register_kernel("TestValueChecked", ("CPU", "GPU"))(lambda ctx, x, limit: ctx.xp.negative(x))


def test_a_shape_function_reading_a_tensor_value_runs_every_time(device):
    a = ag.constant(A)
    assert_tensor(execute("TestValueChecked", [a, ag.constant(1)]), -A)
    with pytest.raises(InvalidArgumentError, match="must not be negative"):
        execute("TestValueChecked", [a, ag.constant(-1)])


specialized = []


def _specialize_scale(ctx, attrs, types, shapes, values):
    specialized.append((attrs["factor"], shapes))
    factor = np.float32(attrs["factor"])
    return (lambda x: x * factor) if ctx.is_host else None


register_op("TestScaled").input("x: float").output("y: float").attr("factor: float = 2.0") \
    .set_shape_fn(lambda c: [c.shape(0)])
register_kernel("TestScaled", ("CPU", "GPU"), specialize=_specialize_scale)(
    lambda ctx, x, factor: ctx.xp.multiply(x, ctx.xp.float32(factor)))


def test_repeated_call_asks_the_kernel_to_specialize_once_per_signature(device):
    a = ag.constant(A)
    specialized.clear()
    for _ in range(3):
        assert_tensor(execute("TestScaled", [a], {"factor": 3.0}), A * 3)
        assert_tensor(execute("TestScaled", [a], {"factor": 0.5}), A * 0.5)
    assert specialized == [(3.0, [(3,)]), (0.5, [(3,)])]


def test_repeated_calls_on_a_tape_still_have_gradients(device):
    x, m = ag.constant(A), ag.constant(M)
    ag.concat([x, x], 0), ag.matmul(m, m, transpose_b=True)  # settled, ready to be reused
    with ag.GradientTape() as tape:
        tape.watch([x, m])
        y = ag.reduce_sum(ag.concat([x, x * 2.0], 0)) + ag.reduce_sum(
            ag.matmul(m, m, transpose_b=True))
    dx, dm = tape.gradient(y, [x, m])
    assert_tensor(dx, np.full(3, 3.0, np.float32))
    assert_tensor(dm, 2 * np.ones((2, 2), np.float32) @ M)


def test_a_function_traced_after_repeated_calls_builds_its_graph(device):
    a, b = ag.constant(A), ag.constant(B)
    ag.concat([a, b], 0), ag.concat([a, b], 0)

    @ag.function
    def joined(x, y):
        with ag.device(f"/{device}:0"):
            return ag.concat([x, y * 2.0], 0)
    assert_tensor(joined(a, b), np.concatenate([A, B * 2]))
    assert "ConcatV2" in [op.type for op in joined.get_concrete_function(a, b).graph
                          .get_operations()]


def test_repeated_call_of_an_op_without_inputs_or_outputs_returns_nothing(device):
    for _ in range(3):  # NoOp: settled as any op, with no array to read and none to wrap
        assert execute("NoOp", []) is None
