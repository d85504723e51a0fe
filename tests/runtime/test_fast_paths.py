"""Kernel specializations (`register_kernel(specialize=...)`) in plans and in eager calls of
front-end functions settled once (`GeneralOp.run_keyed`, `runtime/eager/settled_calls.py`): the
same values, dtypes, errors and output as the general path, on every device.

Ops registered here are named `Test*`; the op-coverage tests leave such ops out.
"""

import contextlib
import io
import warnings

import numpy as np
import pytest

import autograph as ag
from autograph.runtime import execute, register_kernel, register_op
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.registry.shape_inference import unchanged
from tests.op_testing import assert_tensor

specialized_calls = []


def _specialize_twice(ctx, attrs, types, shapes, values):
    specialized_calls.append(shapes)
    return lambda x: x * 2


register_op("TestSpecialized").input("x: T").output("y: T").attr("T: {int32}") \
    .set_shape_fn(unchanged)
register_kernel("TestSpecialized", ("CPU", "GPU"), specialize=_specialize_twice)(
    lambda ctx, x: ctx.xp.multiply(x, 2))


@pytest.fixture(autouse=True)
def _clear():
    specialized_calls.clear()


@pytest.fixture
def no_warnings():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        yield


def _scalar_int32():
    return ag.TensorSpec([], ag.int32)


def _traced(device, fn, **kwargs):
    """`fn` under `ag.function`, its ops placed on `device` (a scope outside a function does
    not reach the ops of its graph)."""
    def on_device(*args):
        with ag.device(f"/{device}:0"):
            return fn(*args)
    return ag.function(on_device, **kwargs)


# Plans ---------------------------------------------------------------------------------------
def test_plan_asks_the_kernel_to_specialize_once_with_static_shapes(device):
    twice = _traced(device, lambda x: execute("TestSpecialized", [x]))
    assert_tensor(twice(ag.constant([1, 2])), [2, 4], dtype=ag.int32)
    assert_tensor(twice(ag.constant([3, 4])), [6, 8], dtype=ag.int32)
    assert specialized_calls == [[(2,)]]


@pytest.mark.parametrize("x, y", [(7, 3), (-7, 3), (7, -3), (-7, -3), (0, 5)])
def test_scalar_integer_floormod_in_a_plan_follows_the_divisor_sign(device, x, y):
    mod = _traced(device, lambda a, b: a % b,
                  input_signature=[_scalar_int32(), _scalar_int32()])
    assert_tensor(mod(ag.constant(x), ag.constant(y)), np.int32(x % y), dtype=ag.int32)


def test_scalar_integer_floormod_in_a_plan_refuses_a_zero_divisor(device):
    mod = _traced(device, lambda a, b: a % b,
                  input_signature=[_scalar_int32(), _scalar_int32()])
    with pytest.raises(InvalidArgumentError, match="Integer division by zero"):
        mod(ag.constant(7), ag.constant(0))


def test_integer_floormod_by_a_constant_in_a_plan(device):
    mod = _traced(device, lambda a: a % 15)
    assert_tensor(mod(ag.constant([-16, 0, 31], ag.int64)), [14, 0, 1], dtype=ag.int64)


def test_a_specialization_that_is_a_python_operator_is_written_as_the_operator():
    @ag.function
    def fizz(a):
        return ag.equal(a % 3, 0), ag.not_equal(a, a % 5)

    assert [t.numpy() for t in fizz(ag.constant(9))] == [True, True]
    assert [t.numpy() for t in fizz(ag.constant(5))] == [False, True]
    lines = [line.split("  #")[0].split(" = ")[1] for line in
             fizz.get_concrete_function(ag.constant(9))._plan.source.splitlines()
             if "= FloorMod" in line or "= Equal" in line or "= NotEqual" in line]
    assert sorted(line.split()[1] for line in lines) == ["!=", "%", "%", "=="]


def test_integer_floormod_of_vectors_in_a_plan_refuses_a_zero_divisor(device):
    mod = _traced(device, lambda a, b: a % b)
    with pytest.raises(InvalidArgumentError, match="Integer division by zero"):
        mod(ag.constant([4, 5], ag.uint8), ag.constant([1, 0], ag.uint8))


def test_float_floormod_in_a_plan_is_silent_and_signed_as_the_divisor(device, no_warnings):
    mod = _traced(device, lambda a, b: a % b)
    assert_tensor(mod(ag.constant([-7.5, 7.5]), ag.constant([2.0, -2.0])), [0.5, -0.5])
    assert np.isnan(mod(ag.constant([1.0]), ag.constant([0.0])).numpy()[0])


def test_equal_and_not_equal_in_a_plan_give_bools(device):
    def equal_both_ways(a, b):
        return ag.equal(a, b), ag.not_equal(a, b)
    compare = _traced(device, equal_both_ways)
    equal, not_equal = compare(ag.constant([1, 2, 3]), ag.constant(2))
    assert_tensor(equal, [False, True, False], dtype=ag.bool)
    assert_tensor(not_equal, [True, False, True], dtype=ag.bool)


def test_equal_in_a_plan_refuses_shapes_that_do_not_broadcast(device):
    equal = _traced(device, ag.equal, input_signature=[ag.TensorSpec([None], ag.int32)] * 2)
    with pytest.raises(InvalidArgumentError):
        equal(ag.constant([1, 2]), ag.constant([1, 2, 3]))


def _printed(fn, *args):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        fn(*args)
    return out.getvalue()


def _show(i, x, flag, word):
    ag.print("i =", i, "x:", x, flag, word, output_stream="stdout")
    ag.print("plain", output_stream="stdout", end="|")


@pytest.mark.parametrize("x", [0.1, 1 / 3, 2.0, float("inf")])
def test_print_of_scalars_in_a_plan_matches_eager_print(device, x):
    args = (ag.constant(7), ag.constant(x), ag.constant(True), ag.constant("a\n'b'"))
    eager = _printed(_show, *args)
    assert _printed(_traced(device, _show), *args) == eager
    assert eager.startswith("i = 7 x: ")


def test_print_in_a_plan_writes_to_the_stream_in_use_when_it_runs(device):
    def now():
        ag.print("now", output_stream="stdout")
    show = _traced(device, now)
    _printed(show)
    assert _printed(show) == "now\n"


def test_print_of_a_constant_message_in_a_plan_matches_eager_print(device):
    def show():
        ag.print(ag.constant(b"caf\xc3\xa9 \xff"), output_stream="stdout", end="|")
        ag.print("fizz", output_stream="stdout")  # a message alone: folded to a constant
    traced = _traced(device, show)
    assert _printed(traced) == _printed(traced) == _printed(show) == "café \ufffd|fizz\n"


def test_print_with_summarize_zero_in_a_plan_matches_eager(device):
    def show(x):
        ag.print(x, summarize=0, output_stream="stdout")
    assert _printed(_traced(device, show), ag.constant(5)) == _printed(show, ag.constant(5))


# Prepared eager calls ------------------------------------------------------------------------
KEYS = [1, -1, (slice(None), 2), (Ellipsis, 0), (None, 1), (slice(1, None, 2),),
        (slice(None, None, -1), slice(0, 2)), (0, None, slice(-2, None))]


@pytest.mark.parametrize("key", KEYS, ids=repr)
def test_repeated_getitem_matches_numpy(device, key):
    array = np.arange(12, dtype=np.float32).reshape(3, 4)
    t = ag.constant(array)
    for _ in range(3):  # the first call settles, the later ones run what it settled
        assert_tensor(t[key], array[key], dtype=ag.float32)


def test_repeated_getitem_follows_the_shape_of_each_tensor(device):
    assert_tensor(ag.constant([1, 2, 3])[1], np.int32(2))
    assert_tensor(ag.constant([1, 2, 3])[1], np.int32(2))
    assert_tensor(ag.constant([[1, 2], [3, 4]])[1], [3, 4])


def test_repeated_out_of_range_index_raises_every_time(device):
    t = ag.constant([1, 2, 3])
    for _ in range(2):
        with pytest.raises(InvalidArgumentError, match="out of bounds"):
            t[3]


@pytest.mark.parametrize("axis, keepdims", [(None, False), (0, False), (1, True), ([0, 1], False),
                                            ((-1,), True)])
@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.int32])
def test_repeated_reduce_sum_matches_numpy(device, axis, keepdims, dtype):
    array = (np.arange(6).reshape(2, 3) * 1.5).astype(dtype)
    expected = np.sum(array, axis=None if axis is None else tuple(np.atleast_1d(axis)),
                      keepdims=keepdims, dtype=np.float32 if dtype == np.float16 else dtype)
    for _ in range(3):
        result = ag.reduce_sum(ag.constant(array), axis=axis, keepdims=keepdims)
        assert_tensor(result, expected.astype(dtype), dtype=ag.as_dtype(dtype), rtol=1e-3)


@pytest.mark.parametrize("axis, keepdims", [(None, False), (0, False), (1, True), ([0, 1], True)])
@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.complex64, np.int32])
def test_repeated_reduce_mean_matches_numpy(device, axis, keepdims, dtype):
    array = (np.arange(6).reshape(2, 3) * 1.5 - 2).astype(dtype)
    axes = None if axis is None else tuple(np.atleast_1d(axis))
    expected = np.mean(array.astype(np.complex128), axis=axes, keepdims=keepdims)
    expected = (expected if dtype == np.complex64 else expected.real).astype(dtype)
    if dtype == np.int32:  # integer means truncate toward zero
        expected = np.trunc(np.mean(array, axis=axes, keepdims=keepdims)).astype(dtype)
    for _ in range(3):
        result = ag.reduce_mean(ag.constant(array), axis=axis, keepdims=keepdims)
        assert_tensor(result, expected, dtype=ag.as_dtype(dtype), rtol=1e-3)


def test_repeated_float_mean_over_an_empty_axis_is_nan(device, no_warnings):
    for _ in range(2):
        assert_tensor(ag.reduce_mean(ag.zeros([0, 2]), axis=0), [np.nan, np.nan])


def test_repeated_float_mean_overflowing_float32_is_silent(device, no_warnings):
    for _ in range(2):
        assert_tensor(ag.reduce_mean(ag.constant([3e38, 3e38])), np.float32(np.inf))


def test_float_mean_in_a_plan_matches_numpy(device):
    array = np.arange(6, dtype=np.float32).reshape(2, 3)
    def mean(x):
        return ag.reduce_mean(x, axis=1)
    assert_tensor(_traced(device, mean)(ag.constant(array)), array.mean(axis=1))


@pytest.mark.parametrize("axis", [-1, 0])
@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_repeated_softmax_matches_numpy(device, axis, dtype):
    array = np.array([[1.0, 2.0, 3.0], [-1.0, 0.0, 4.0]], dtype)
    e = np.exp(array.astype(np.float64) - array.max(axis=axis, keepdims=True))
    expected = (e / e.sum(axis=axis, keepdims=True)).astype(dtype)
    for _ in range(3):
        result = ag.nn.softmax(ag.constant(array), axis=axis)
        assert_tensor(result, expected, dtype=ag.as_dtype(dtype), rtol=1e-3)


def test_repeated_softmax_of_large_and_infinite_logits_is_silent(device, no_warnings):
    for _ in range(2):
        assert_tensor(ag.nn.softmax(ag.constant([1e30, 0.0])), [1.0, 0.0])
        assert_tensor(ag.nn.softmax(ag.constant([np.inf, 0.0])), [np.nan, np.nan])


def test_repeated_reduce_prod_of_floats_overflows_silently(device, no_warnings):
    for _ in range(2):
        assert_tensor(ag.reduce_prod(ag.constant([1e30, 1e30])), np.float32(np.inf))


def test_repeated_reduce_sum_over_a_bad_axis_raises_every_time(device):
    for _ in range(2):
        with pytest.raises(InvalidArgumentError, match="out of range"):
            ag.reduce_sum(ag.constant([[1, 2]]), axis=2)


def test_getitem_and_reduce_sum_on_a_tape_still_have_gradients(device):
    x = ag.constant([1.0, 2.0, 3.0])
    x[1], ag.reduce_sum(x)  # settled, and ready to be reused
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = x[1] * 3.0 + ag.reduce_sum(x)
    assert_tensor(tape.gradient(y, x), [1.0, 4.0, 1.0])


def test_settled_results_live_on_the_device_of_the_scope(device):
    t = ag.constant([[1.0, 2.0], [3.0, 4.0]])
    for _ in range(2):
        assert t[0].device.endswith(f"{device}:0")
        assert ag.reduce_sum(t, axis=0).device.endswith(f"{device}:0")


@pytest.mark.parametrize("value", [np.uint8(200), np.float16(0.1), np.float64(1 / 3),
                                   np.complex64(1 - 2j), np.int64(-5)], ids=repr)
def test_print_of_a_scalar_of_each_kind_in_a_plan_matches_eager_print(device, value):
    def show(x):
        ag.print("<", x, ">", output_stream="stdout")
    x = ag.constant(value)
    assert _printed(_traced(device, show), x) == _printed(show, x)


# Specialized kernels of eager elementwise ops ------------------------------------------------
def test_repeated_eager_scalar_floormod_follows_the_divisor_sign(device):
    for x, y in [(7, 3), (-7, 3), (7, -3), (-7, -3)] * 2:
        assert_tensor(ag.constant(x) % ag.constant(y), np.int32(x % y), dtype=ag.int32)


def test_repeated_eager_scalar_floormod_refuses_a_zero_divisor_every_time(device):
    for _ in range(2):
        with pytest.raises(InvalidArgumentError, match="Integer division by zero"):
            ag.constant(7) % ag.constant(0)


def test_eager_floormod_of_a_vector_by_a_scalar(device):
    for _ in range(2):
        assert_tensor(ag.constant([-16, 0, 31], ag.int64) % ag.constant(15, ag.int64),
                      [14, 0, 1], dtype=ag.int64)


# More settled eager calls: shapes, axes and permutations given as Python ints --------------
ARRAY = np.arange(12, dtype=np.float32).reshape(3, 4)


@pytest.mark.parametrize("call, expected", [
    (lambda t: ag.reshape(t, [4, -1]), ARRAY.reshape(4, 3)),
    (lambda t: ag.reshape(t, (12,)), ARRAY.reshape(12)),
    (lambda t: ag.transpose(t), ARRAY.T),
    (lambda t: ag.transpose(t, [1, 0]), ARRAY.T),
    (lambda t: ag.expand_dims(t, -1), ARRAY[..., None]),
    (lambda t: ag.argmax(t, axis=1), np.argmax(ARRAY, axis=1)),
    (lambda t: ag.argmin(t, axis=0, output_type=ag.int32),
     np.argmin(ARRAY, axis=0).astype(np.int32)),
    (lambda t: ag.cast(t, ag.int32), ARRAY.astype(np.int32)),
], ids=["reshape", "reshape_tuple", "transpose", "transpose_perm", "expand_dims", "argmax",
        "argmin_int32", "cast"])
def test_repeated_call_with_python_arguments_matches_numpy(device, call, expected):
    t = ag.constant(ARRAY)
    for _ in range(3):
        result = call(t)
        assert_tensor(result, expected)
        assert result.dtype.np_dtype == expected.dtype


def test_repeated_bad_reshape_raises_every_time(device):
    for _ in range(2):
        with pytest.raises(InvalidArgumentError):
            ag.reshape(ag.constant(ARRAY), [5, -1])


def test_repeated_argmax_with_an_unhashable_output_type_takes_the_general_path(device):
    for _ in range(2):
        with pytest.raises((TypeError, ValueError, InvalidArgumentError)):
            ag.argmax(ag.constant(ARRAY), axis=0, output_type=["int32"])


@pytest.mark.parametrize("source, target, expected", [
    (np.array([2**32 - 1], np.int64), ag.int32, np.array([-1], np.int32)),
    (np.array([300], np.int32), ag.uint8, np.array([44], np.uint8)),
    (np.array([2**40], np.int64), ag.float16, np.array([np.inf], np.float16)),
    (np.array([True, False]), ag.float32, np.array([1.0, 0.0], np.float32)),
], ids=["wraps", "wraps_unsigned", "overflows_float16", "bool"])
def test_repeated_integer_cast_is_silent_as_tensorflow(device, no_warnings, source, target,
                                                       expected):
    for _ in range(2):
        assert_tensor(ag.cast(ag.constant(source), target), expected, dtype=target)
    def cast(x):
        return ag.cast(x, target)
    assert_tensor(_traced(device, cast)(ag.constant(source)), expected, dtype=target)
