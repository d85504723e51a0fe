"""`ag.function(jit_compile=True)`: numba-compiled regions give the plan's results, prints and
errors; what numba cannot compile runs on the plan with a warning; without numba, the plan."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import math
import sys
import warnings

import numpy as np
import pytest

import autograph as ag
from autograph.runtime import execute
from autograph.runtime.exec.jit import JitCompileWarning, JitPlan
from autograph.runtime.exec.jit.ops import JIT_OPS
from autograph.runtime.exec.jit.stages import CompiledStage
from tests.op_testing import OpSample
from tests.ops import samples_array, samples_creation, samples_math

# The ops the jit compiles, written out here (not read from its table) so that an op dropped
# from the table, or one whose template numba rejects, fails a test instead of dropping its
# samples: each sample must run compiled (see `_ran_compiled`).
COMPILED_OPS = frozenset({
    "Abs", "AddV2", "BitwiseAnd", "BitwiseOr", "BitwiseXor", "Cast", "Ceil", "Cos", "Equal",
    "Exp", "Floor", "FloorDiv", "FloorMod", "Greater", "GreaterEqual", "Identity", "Invert",
    "IsFinite", "IsNan", "Less", "LessEqual", "Log", "Log1p", "LogicalAnd", "LogicalNot",
    "LogicalOr", "Maximum", "Minimum", "Mul", "Neg", "NotEqual", "Pow", "RealDiv", "Relu",
    "Round", "Rsqrt", "SelectV2", "Sigmoid", "Sign", "Sin", "Sqrt", "Square", "Sub", "Tanh",
})
SAMPLES = [s for s in samples_math.SAMPLES + samples_array.SAMPLES + samples_creation.SAMPLES
           if s.op in COMPILED_OPS]
SAMPLES += [OpSample("Square", [np.array([1.5, -2.0], np.float32)]),  # the op's is float16
            OpSample("Cast", [np.array([0, 3, -1], np.int32)], {"DstT": ag.bool})]


def _both(python_function):
    """The plan's Function and the jit's Function of `python_function`."""
    return ag.function(python_function), ag.function(python_function, jit_compile=True)


def _quietly(fn, *args):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", JitCompileWarning)
        return fn(*args)


def _compiled_stages(function, *args) -> list[CompiledStage]:
    plan = function.get_concrete_function(*args)._plan
    assert isinstance(plan, JitPlan)
    return [s for s in plan.stages if isinstance(s, CompiledStage)]


def _compiled_whole(function, *args) -> bool:
    """Whether every stage of `function`'s plan for `args` is compiled, and none of them has
    run on the plan instead (an error in a compiled kernel sends its stage there)."""
    stages = function.get_concrete_function(*args)._plan.stages
    return bool(stages) and all(isinstance(s, CompiledStage) and s._fallback is None
                                for s in stages)


def _ran_compiled(function, op_type, *args) -> bool:
    """Whether an op of `op_type` ran in a compiled stage of `function`'s plan for `args`:
    numba compiled it, and no error sent it back to the plan."""
    return any(isinstance(s, CompiledStage) and not s._broken and s._fallback is None
               and any(op.type == op_type for op in s.region.ops)
               for s in function.get_concrete_function(*args)._plan.stages)


def _assert_same(actual, expected):
    assert actual.dtype == expected.dtype and actual.shape == expected.shape
    if actual.dtype.is_floating:
        np.testing.assert_allclose(actual.numpy(), expected.numpy(), rtol=1e-6)
    else:
        np.testing.assert_array_equal(actual.numpy(), expected.numpy())


def _op_function(sample):
    def run_op(*inputs):
        return execute(sample.op, list(inputs), dict(sample.attrs))
    return run_op


# Results --------------------------------------------------------------------------------------
@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.op)
def test_op_sample_gives_the_plans_result(sample):
    pytest.importorskip("numba")
    plan, jit = _both(_op_function(sample))
    inputs = [ag.convert_to_tensor(x) for x in sample.inputs]
    _assert_same(_quietly(jit, *inputs), plan(*inputs))
    shapes = {np.shape(x) for x in sample.inputs} - {()}
    if _compilable(sample) and len(shapes) <= 1:  # operands that broadcast run on the plan
        assert _ran_compiled(jit, sample.op, *inputs)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.op)
def test_op_sample_on_scalars_compiles_and_gives_the_plans_result(sample):
    pytest.importorskip("numba")
    plan, jit = _both(_op_function(sample))
    inputs = [ag.convert_to_tensor(_scalar(x)) for x in sample.inputs]
    result = _quietly(jit, *inputs)
    _assert_same(result, plan(*inputs))
    if _compilable(sample):
        assert _ran_compiled(jit, sample.op, *inputs)


def test_the_jit_compiles_the_ops_the_tests_check_and_no_other():
    assert set(JIT_OPS) == COMPILED_OPS


def test_every_op_the_jit_compiles_has_a_sample_it_compiles():
    assert COMPILED_OPS - {s.op for s in SAMPLES if _compilable(s)} == set()


def _scalar(x):
    x = np.asarray(x)
    return x.reshape(-1)[-1] if x.size else np.zeros((), x.dtype)


def _compilable(sample) -> bool:
    """Whether numba compiles the sample's op on its dtypes (see runtime.exec.jit.ops)."""
    kinds = [np.asarray(x).dtype for x in sample.inputs]
    if any(k == np.float16 or k.kind not in "biuf" for k in kinds):
        return False
    dst = sample.attrs.get("DstT")
    return not (sample.op == "Cast" and kinds[0].kind == "f" and not dst.is_floating)


_NAN = float("nan")
_HELPER_CASES = [  # the ops whose kernels call support's helpers, at their edges
    ("floordiv", np.float32, [7, -7, 7, -7, 0.5], [2, 2, -2, -2, 0.25]),
    ("floordiv", np.int32, [7, -7, 7, -7, 0, 5], [2, 2, -2, -2, 3, 1]),
    ("floormod", np.float32, [7, -7, 7, -7, 4, -4.5, 1.25, -1.25], [3, 3, -3, -3, -2, 2, 0.5, 0.5]),
    ("floormod", np.int32, [7, -7, 7, -7, 4, -4], [3, 3, -3, -3, -2, 2]),
    ("pow", np.float32, [2, 3, 0.5, -2], [3, -1, 2, 2]),
    ("pow", np.int32, [2, 3, -2, 5], [3, 0, 3, 1]),
    ("maximum", np.float32, [_NAN, 1, 2, -1, -0.0, 0.0], [1, _NAN, 3, -2, 0.0, -0.0]),
    ("minimum", np.float32, [_NAN, 1, 2, -1, -0.0, 0.0], [1, _NAN, 3, -2, 0.0, -0.0]),
    ("maximum", np.int32, [1, 5, -3], [2, 4, -3]),
    ("minimum", np.int32, [1, 5, -3], [2, 4, -3]),
]


@pytest.mark.parametrize("name, dtype, x, y", _HELPER_CASES,
                         ids=[f"{c[0]}-{c[1].__name__}" for c in _HELPER_CASES])
def test_arithmetic_tensorflow_defines_otherwise_than_python_compiles_to_the_plans_result(
        name, dtype, x, y):
    pytest.importorskip("numba")
    plan, jit = _both(getattr(ag.math, name))
    x, y = ag.constant(np.array(x, dtype)), ag.constant(np.array(y, dtype))
    compiled, planned = jit(x, y), plan(x, y)
    _assert_same(compiled, planned)
    np.testing.assert_array_equal(np.signbit(compiled.numpy()), np.signbit(planned.numpy()))
    assert _compiled_whole(jit, x, y)


def test_sigmoid_compiles_to_the_plans_result_at_both_ends():
    pytest.importorskip("numba")
    plan, jit = _both(ag.math.sigmoid)
    x = ag.constant(np.array([-100, -1, 0, 1, 100], np.float32))
    _assert_same(jit(x), plan(x))
    assert _compiled_whole(jit, x)


def test_elementwise_chain_compiles_to_one_loop_with_the_plans_result():
    pytest.importorskip("numba")

    def chain(x):
        y = ag.sqrt(ag.abs((x * 2.0 + 1.0) * (x * 2.0 + 1.0) - 3.0)) * 0.5
        return y + x
    plan, jit = _both(chain)
    x = ag.constant(np.linspace(-3, 3, 1001, dtype=np.float32))
    _assert_same(jit(x), plan(x))
    (stage,) = _compiled_stages(jit, x)
    assert "for i in range(n):" in stage.source
    assert stage._fallback is None  # it ran compiled: no error sent it to the plan


@pytest.mark.parametrize("dtype", [np.float32, np.int32])
@pytest.mark.parametrize("shape", [(3, 4), (0, 3)], ids=["3x4", "empty"])
def test_reductions_of_all_elements_compile_into_the_loop_with_the_plans_results(dtype, shape):
    pytest.importorskip("numba")

    def reduce_all(x):
        y = x * 3 - 4
        return (ag.reduce_sum(y), ag.reduce_max(y), ag.reduce_min(x, axis=[0, -1]), y,
                ag.reduce_max(y) + 1)
    plan, jit = _both(reduce_all)
    x = ag.constant(np.arange(-5, 7)[:math.prod(shape)].reshape(shape).astype(dtype))
    for actual, expected in zip(jit(x), plan(x)):
        _assert_same(actual, expected)
    (loop, *_) = _compiled_stages(jit, x)
    assert "r0 = " in loop.source
    assert _ran_compiled(jit, "Max", x) and _ran_compiled(jit, "Min", x)


def test_float32_mean_compiles_and_float64_sum_stays_on_the_plan():
    pytest.importorskip("numba")
    def mean_and_sum(x, y):
        return ag.reduce_mean(x * x), ag.reduce_sum(y * y)
    plan, jit = _both(mean_and_sum)
    x = ag.constant(np.linspace(0, 1, 1001, dtype=np.float32))
    y = ag.constant(np.linspace(0, 1, 1001))
    with pytest.warns(JitCompileWarning, match="Sum of dtype float64"):
        results = jit(x, y)
    for actual, expected in zip(results, plan(x, y)):
        _assert_same(actual, expected)
    assert _ran_compiled(jit, "Mean", x, y)


def test_float32_product_compiles_and_float64_mean_and_product_stay_on_the_plan():
    pytest.importorskip("numba")

    def products(x, y):
        return ag.reduce_prod(x * 1.0), ag.reduce_mean(y * y), ag.reduce_prod(y * 1.0)
    plan, jit = _both(products)
    x = ag.constant(np.linspace(0.5, 1.5, 101, dtype=np.float32))
    y = ag.constant(np.linspace(0.5, 1.5, 101))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        results = jit(x, y)
    messages = " ".join(str(w.message) for w in caught)
    assert "Mean of dtype float64" in messages and "Prod of dtype float64" in messages
    for actual, expected in zip(results, plan(x, y)):
        _assert_same(actual, expected)
    assert _ran_compiled(jit, "Prod", x, y)


def test_elementwise_loop_runs_on_the_plan_when_arrays_differ_in_shape_at_run_time():
    pytest.importorskip("numba")
    plan, jit = _both(lambda x, y: x * y + 1.0)
    spec = ag.TensorSpec([None], ag.float32)
    jit_concrete = jit.get_concrete_function(spec, spec)
    plan_concrete = plan.get_concrete_function(spec, spec)
    x, y = ag.constant([1.0, 2.0, 3.0]), ag.constant([2.0])
    _assert_same(jit_concrete(x, y), plan_concrete(x, y))


def test_an_output_no_one_holds_is_written_again_by_the_next_call_of_its_shape():
    pytest.importorskip("numba")
    jit = ag.function(lambda x: x * 2.0 + 1.0, jit_compile=True,
                      input_signature=[ag.TensorSpec([None], ag.float32)])
    jit(ag.constant([1.0, 2.0]))
    (stage,) = _compiled_stages(jit, ag.TensorSpec([None], ag.float32))
    buffer = id(stage._given[0])  # not the array: holding it would keep it from reuse
    np.testing.assert_array_equal(jit(ag.constant([5.0, 6.0])).numpy(), [11.0, 13.0])
    assert id(stage._given[0]) == buffer  # the dropped result's array, written again
    np.testing.assert_array_equal(jit(ag.constant([1.0, 2.0, 3.0])).numpy(), [3.0, 5.0, 7.0])
    assert stage._given[0].shape == (3,)


def test_the_same_kernel_source_compiles_once():
    pytest.importorskip("numba")
    from autograph.runtime.exec.jit import stages
    from autograph.runtime.exec.jit.writer import KernelSource

    source = KernelSource("def kernel(n, a0, o0):\n    return ()\n", {})
    assert stages._jit(source) is stages._jit(KernelSource(source.source, {}))


def test_a_held_result_is_never_overwritten_by_the_next_call():
    pytest.importorskip("numba")
    jit = ag.function(lambda x: x * 2.0, jit_compile=True)
    first = jit(ag.constant([1.0, 2.0]))
    held = np.asarray(first)
    jit(ag.constant([5.0, 6.0]))
    np.testing.assert_array_equal(first.numpy(), [2.0, 4.0])
    np.testing.assert_array_equal(held, [2.0, 4.0])


# Scalar programs and prints -------------------------------------------------------------------
def _fizzbuzz(n):
    for i in ag.range(1, n + 1):
        if i % 15 == 0:
            ag.print("fizzbuzz")
        elif i % 3 == 0:
            ag.print("fizz")
        elif i % 5 == 0:
            ag.print("buzz")
        else:
            ag.print(i)


def _printed(fn, *args) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        _quietly(fn, *args)
    return out.getvalue()


def test_fizzbuzz_compiles_whole_and_prints_what_the_plan_prints():
    pytest.importorskip("numba")
    plan, jit = _both(_fizzbuzz)
    n = ag.constant(100)
    assert _printed(jit, n) == _printed(plan, n)
    assert _compiled_whole(jit, n)


def test_compiled_prints_show_negative_integers_bools_and_templates_as_the_plan():
    pytest.importorskip("numba")

    def countdown(n):
        i = n
        while i > -3:
            ag.print("i =", i, "positive:", i > 0, "min", ag.constant(-2**31), end=";\n")
            i -= 1
        return i
    plan, jit = _both(countdown)
    n = ag.constant(2)
    assert _printed(jit, n) == _printed(plan, n)
    _assert_same(_quietly(jit, n), plan(n))
    assert _compiled_whole(jit, n)


@pytest.mark.parametrize("dtype", [ag.uint8, ag.uint16, ag.uint32])
def test_compiled_prints_of_unsigned_integers_show_what_the_plan_shows(dtype):
    pytest.importorskip("numba")

    def counts(n):
        i = n
        while i > 0:
            ag.print("at", ag.cast(i, dtype) * ag.cast(100, dtype))  # 200: past int8
            i -= 1
        return i
    plan, jit = _both(counts)
    n = ag.constant(2)
    assert _printed(jit, n) == _printed(plan, n)
    assert _compiled_whole(jit, n)


def test_scalar_loop_with_case_and_float_arithmetic_gives_the_plans_result():
    pytest.importorskip("numba")

    def collatz(n):
        steps, x = 0, n
        while x != 1:
            if x % 2 == 0:
                x = x // 2
            else:
                x = 3 * x + 1
            steps += 1
        return steps, ag.cast(steps, ag.float32) / 3.0
    plan, jit = _both(collatz)
    n = ag.constant(27)
    for actual, expected in zip(jit(n), plan(n)):
        _assert_same(actual, expected)
    assert _compiled_whole(jit, n)


def test_switch_case_compiles_and_takes_the_plans_branch_for_every_index():
    pytest.importorskip("numba")

    def switch(k, x):
        return ag.switch_case(k, [lambda: x + 1.0, lambda: x * 2.0, lambda: x - 3.0])
    plan, jit = _both(switch)
    x = ag.constant(4.0)
    for k in (0, 1, 2, 5, -1):  # out of range: the last branch, the default
        _assert_same(jit(ag.constant(k), x), plan(ag.constant(k), x))
    (stage,) = _compiled_stages(jit, ag.constant(0), x)
    assert "elif a0 == 1:" in stage.source
    assert stage._fallback is None  # the scalar kernel ran, not the plan


def test_a_switch_case_of_one_branch_compiles_and_always_takes_it():
    pytest.importorskip("numba")
    plan, jit = _both(lambda k, x: ag.switch_case(k, [lambda: x * 2.0]))
    x = ag.constant(4.0)
    for k in (0, 3):
        _assert_same(jit(ag.constant(k), x), plan(ag.constant(k), x))
    assert _compiled_whole(jit, ag.constant(0), x)


def test_a_branch_assigning_two_values_compiles_with_the_plans_result():
    pytest.importorskip("numba")

    def alternate(n):
        a, b, i = 0, 1, 0
        while i < n:
            if i % 2 == 0:
                a, b = a + i, b * 2
            else:
                a, b = a - 1, b + 1
            i += 1
        return a, b
    plan, jit = _both(alternate)
    n = ag.constant(7)
    for actual, expected in zip(jit(n), plan(n)):
        _assert_same(actual, expected)
    assert _compiled_whole(jit, n)


@pytest.mark.parametrize("reduce", [ag.reduce_sum, ag.reduce_mean], ids=["sum", "mean"])
def test_a_long_float32_sum_accumulates_as_exactly_as_the_plans(reduce):
    pytest.importorskip("numba")
    # a float32 running sum of 10**6 tenths is off by about 1e-3 of the total: the compiled
    # loop accumulates in float64, and agrees with NumPy's pairwise float32 sum
    plan, jit = _both(lambda x: reduce(x * 1.0))
    x = ag.constant(np.full(10**6, 0.1, np.float32))
    _assert_same(jit(x), plan(x))
    assert _ran_compiled(jit, "Sum" if reduce is ag.reduce_sum else "Mean", x)


def test_an_int64_sum_past_two_to_the_53_is_exact():
    pytest.importorskip("numba")
    plan, jit = _both(lambda x: ag.reduce_sum(x * 1))
    x = ag.constant(np.array([2**53, 1, 1], np.int64))  # a float64 running sum loses the ones
    assert int(jit(x)) == int(plan(x)) == 2**53 + 2
    assert _ran_compiled(jit, "Sum", x)


def test_an_integer_cast_to_bool_is_a_bool_in_compiled_logic():
    pytest.importorskip("numba")
    # `2 & True` is 0: the cast must make True of 2 before `&` sees it
    plan, jit = _both(lambda x: ag.logical_and(ag.cast(x, ag.bool), x > 0))
    x = ag.constant(2)
    _assert_same(jit(x), plan(x))
    assert bool(jit(x)) and _compiled_whole(jit, x)


def test_the_print_buffer_grows_to_hold_what_is_appended_and_keeps_what_it_held():
    support = pytest.importorskip("autograph.runtime.exec.jit.support")  # needs numba
    buffer = np.frombuffer(b"abc-", np.uint8).copy()
    assert support._room(buffer, 2, 2) is buffer  # it fits: no copy
    grown = support._room(buffer, 3, 2)
    assert grown.size >= 5 and bytes(grown[:3]) == b"abc"
    assert support._room(buffer, 3, 100).size >= 103  # more than doubling gives


def test_a_bool_constant_compiles_as_a_python_bool():
    pytest.importorskip("numba")
    plan, jit = _both(lambda x: ag.logical_and(x > 0.0, ag.constant(True)))
    x = ag.constant([1.0, -1.0])
    _assert_same(jit(x), plan(x))
    (stage,) = _compiled_stages(jit, x)
    assert "v0 & True" in stage.source


@pytest.mark.parametrize("divide_by", [lambda i, d: i // d, lambda i, d: i % d],
                         ids=["floordiv", "floormod"])
def test_integer_division_by_zero_raises_the_plans_error_and_prints_nothing_twice(divide_by):
    pytest.importorskip("numba")

    def divide(n, d):
        i = n
        while i > 0:
            ag.print(i)
            i = divide_by(i, d) - 1
        return i
    plan, jit = _both(divide)
    n, zero = ag.constant(3), ag.constant(0)
    with pytest.raises(ag.errors.InvalidArgumentError) as expected:
        _printed(plan, n, zero)
    with pytest.raises(ag.errors.InvalidArgumentError) as actual:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            _quietly(jit, n, zero)
    assert str(actual.value) == str(expected.value)
    assert out.getvalue() == "3\n"


# Fallbacks ------------------------------------------------------------------------------------
def test_op_numba_cannot_compile_runs_on_the_plan_with_a_warning_naming_it():
    pytest.importorskip("numba")

    def f(a, b):
        return ag.matmul(a, b) * 2.0 + 1.0
    plan, jit = _both(f)
    a = ag.constant([[1.0, 2.0], [3.0, 4.0]])
    with pytest.warns(JitCompileWarning, match=r"^jit_compile=True: 1 op\(s\) run uncompiled: "
                                               r"MatMul \(.*\)$") as record:
        result = jit(a, a)
    assert record[0].filename == __file__
    _assert_same(result, plan(a, a))
    assert _compiled_stages(jit, a, a)  # the elementwise tail still compiles


def test_print_of_a_float_in_a_loop_runs_on_the_plan_and_prints_the_same():
    pytest.importorskip("numba")

    def halves(n):
        x = ag.constant(1.0)
        for _ in ag.range(n):
            ag.print(x)
            x = x / 2.0
    plan, jit = _both(halves)
    n = ag.constant(3)
    with pytest.warns(JitCompileWarning, match="float32"):
        printed = _printed_warning(jit, n)
    assert printed == _printed(plan, n)


def _printed_warning(fn, *args) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        fn(*args)
    return out.getvalue()


def test_region_numba_fails_to_compile_warns_once_and_runs_on_the_plan(monkeypatch):
    pytest.importorskip("numba")
    from autograph.runtime.exec.jit import stages
    from autograph.runtime.exec.jit.writer import KernelSource

    broken = KernelSource("def kernel(n, a0, o0):\n    return undefined_name\n", {})
    monkeypatch.setattr(stages, "elementwise_kernel", lambda *args: broken)
    plan, jit = _both(lambda x: x + 1.0)
    x = ag.constant([1.0, 2.0])
    with pytest.warns(JitCompileWarning, match=r"^jit_compile=True: numba could not compile "
                                               r"add \(AddV2\), Identity \(Identity\); they run "
                                               r"uncompiled\. numba said: Failed in nopython "
                                               r"mode pipeline \(step: nopython frontend\)$"
                     ) as record:
        result = jit(x)
    assert record[0].filename == __file__
    _assert_same(result, plan(x))
    with warnings.catch_warnings():
        warnings.simplefilter("error", JitCompileWarning)
        _assert_same(jit(x), plan(x))


def test_without_numba_jit_compile_warns_once_and_runs_the_plan(monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "numba" else real(name, *a))
    monkeypatch.setitem(sys.modules, "numba", None)
    jit = ag.function(lambda x: x * 2.0, jit_compile=True)
    with pytest.warns(JitCompileWarning) as record:
        result = jit(ag.constant([1.0, 2.0]))
    assert [str(w.message) for w in record] == [
        "jit_compile=True needs numba, which is not installed (pip install 'autograph[jit]'); "
        "the function runs uncompiled."]
    assert record[0].filename == __file__  # the user's call, not the library's
    np.testing.assert_array_equal(result.numpy(), [2.0, 4.0])


def test_a_jit_function_returning_a_constant_returns_its_value():
    pytest.importorskip("numba")

    def f(x):
        return x * 2.0, ag.constant([1.5, 2.5])
    plan, jit = _both(f)
    x = ag.constant([1.0, 2.0])
    doubled, constant = _quietly(jit, x)
    _assert_same(constant, plan(x)[1])
    np.testing.assert_array_equal(constant.numpy(), [1.5, 2.5])
    _assert_same(doubled, plan(x)[0])


def test_a_jit_plans_source_is_its_stages_sources_in_order():
    pytest.importorskip("numba")

    def f(a, b):
        return ag.matmul(a, b) * 2.0 + 1.0  # a plan stage, then a compiled one
    jit = ag.function(f, jit_compile=True)
    a = ag.constant([[1.0, 2.0], [3.0, 4.0]])
    _quietly(jit, a, a)
    plan = jit.get_concrete_function(a, a)._plan
    sources = [stage.source for stage in plan.stages]
    assert len(sources) == 2 and "def kernel" in sources[1]
    assert plan.source == sources[0] + "\n" + sources[1]


def test_a_jit_plan_fetches_a_constant_itself_as_a_plan_does():
    pytest.importorskip("numba")
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [2], name="x")
        c = ag.constant([1.5, 2.5], name="c")
        y = x * 2.0 + 1.0
    plan = JitPlan(g, [x], [c, y])
    constant, computed = plan.run([np.array([1.0, 2.0], np.float32)])
    np.testing.assert_array_equal(constant, [1.5, 2.5])
    np.testing.assert_array_equal(computed, [3.0, 5.0])


def test_a_reduction_over_computed_axes_runs_on_the_plan_reading_them():
    pytest.importorskip("numba")

    def total(x, axis):
        return ag.reduce_sum(x * 2.0, axis=axis)
    plan, jit = _both(total)
    x = ag.constant([[1.0, 2.0], [3.0, 4.0]])
    axis = ag.constant(1)
    _assert_same(_quietly(jit, x, axis), plan(x, axis))
    np.testing.assert_array_equal(_quietly(jit, x, axis).numpy(), [6.0, 14.0])


def _sum_of_multiples_of_three(n):
    s = ag.constant(0)
    i = ag.constant(0)
    while i < n:
        if i % 3 == 0:
            s = s + i
        i += 1
    return s


def test_a_loop_with_a_tensor_if_compiles_whole():
    pytest.importorskip("numba")
    plan, jit = _both(_sum_of_multiples_of_three)
    n = ag.constant(10)
    with warnings.catch_warnings():
        warnings.simplefilter("error", JitCompileWarning)
        _assert_same(jit(n), plan(n))
    assert int(jit(n)) == 0 + 3 + 6 + 9
    assert _compiled_whole(jit, n)


def test_an_ag_print_outside_a_loop_runs_on_the_plan_with_a_warning():
    pytest.importorskip("numba")

    def report(n):
        ag.print("n is", n)
        return n + 1
    plan, jit = _both(report)
    n = ag.constant(4)
    with pytest.warns(JitCompileWarning) as record:
        printed = _printed_warning(jit, n)
    assert printed == _printed(plan, n) == "n is 4\n"
    assert str(record[0].message) == (
        "jit_compile=True: 2 op(s) run uncompiled: StringFormat (ag.print outside a loop or "
        "branch); PrintV2 (ag.print outside a loop or branch)")
