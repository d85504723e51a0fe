"""`jit_compile=True` inside control flow: elementwise chains of loop bodies and branches that
hold arrays run compiled (`runtime/exec/jit/bodies.py`), with the plan's results and errors."""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.exec.jit import JitPlan
from autograph.runtime.exec.jit.stages import PlanStage
from tests.runtime.test_jit import _both, _quietly

pytestmark = pytest.mark.skipif(importlib.util.find_spec("numba") is None,
                                reason="jit_compile needs numba")


def _plan_source(function, *args) -> str:
    plan = function.get_concrete_function(*args)._plan
    assert isinstance(plan, JitPlan)
    return "\n".join(s.source for s in plan.stages if isinstance(s, PlanStage))


def _loop(x, n):
    i = 0
    while i < n:
        x = x * 0.999 + 0.001
        x = ag.sqrt(x * x + 1.0) - 1.0
        i += 1
    return x


X = ag.constant(np.random.default_rng(0).random(1000).astype(np.float32))


def test_a_loop_bodys_elementwise_chain_runs_compiled_with_the_plans_bits():
    plain, jitted = _both(_loop)
    n = ag.constant(5)
    np.testing.assert_array_equal(_quietly(jitted, X, n).numpy(), plain(X, n).numpy())
    source = _plan_source(jitted, X, n)
    assert "# _CompiledRegion: mul, add, mul_1, add_1, Sqrt, sub" in source
    assert "= Sqrt" not in source  # inside the compiled region, not a kernel call of its own


def test_a_branchs_elementwise_chain_runs_compiled_with_the_plans_bits():
    def branch(x, flag):
        if flag:
            y = ag.sqrt(x * 2.0 + 1.0) / 3.0
        else:
            y = x
        return y

    plain, jitted = _both(branch)
    for flag in (True, False):
        f = ag.constant(flag)
        np.testing.assert_array_equal(_quietly(jitted, X, f).numpy(), plain(X, f).numpy())
    assert "_CompiledRegion" in _plan_source(jitted, X, ag.constant(True))


def test_a_single_elementwise_op_in_a_body_stays_a_kernel_call():
    def loop(x, n):
        i = 0
        while i < n:
            x = x * 0.5
            i += 1
        return x

    _, jitted = _both(loop)
    n = ag.constant(3)
    np.testing.assert_array_equal(_quietly(jitted, X, n).numpy(), X.numpy() * 0.125)
    assert "_CompiledRegion" not in _plan_source(jitted, X, n)


def test_an_error_in_a_compiled_body_is_the_plans_error_at_the_users_line():
    def divided(x, d, n):
        i = 0
        while i < n:
            x = x // d + 1  # integer division by zero when d holds a zero
            i += 1
        return x

    plain, jitted = _both(divided)
    x = ag.constant(np.arange(6, dtype=np.int32))
    d = ag.constant(np.array([1, 2, 0, 1, 1, 1], np.int32))
    n = ag.constant(2)
    with pytest.raises(ag.errors.InvalidArgumentError) as expected:
        plain(x, d, n)
    with pytest.raises(ag.errors.InvalidArgumentError) as raised:
        _quietly(jitted, x, d, n)
    assert str(raised.value) == str(expected.value)
    assert str(raised.value).count("test_jit_bodies.py") == 1


def test_values_a_body_keeps_are_not_overwritten_by_the_next_iteration():
    def running(x, n):
        i = 0
        total = ag.zeros_like(x)
        while i < n:
            y = x * 2.0 + 1.0
            total = total + y * 0.5
            x = y - 1.0
            i += 1
        return x, total

    plain, jitted = _both(running)
    n = ag.constant(4)
    for got, want in zip(_quietly(jitted, X, n), plain(X, n)):
        np.testing.assert_array_equal(got.numpy(), want.numpy())


def test_transcendental_functions_in_a_compiled_body_agree_with_numpy_within_an_ulp_or_so():
    def decayed(x, n):
        i = 0
        while i < n:
            x = ag.tanh(ag.exp(-x) * 0.5)
            i += 1
        return x

    plain, jitted = _both(decayed)
    n = ag.constant(3)
    # numba's exp and tanh are its math library's, NumPy's its own: the last bit may differ.
    np.testing.assert_allclose(_quietly(jitted, X, n).numpy(), plain(X, n).numpy(), rtol=1e-6)
    assert "_CompiledRegion" in _plan_source(jitted, X, n)


def test_a_chain_of_two_elementwise_ops_is_compiled():
    def loop(x, n):
        i = 0
        while i < n:
            x = x * 0.5 + 1.0
            i += 1
        return x

    plain, jitted = _both(loop)
    n = ag.constant(3)
    np.testing.assert_array_equal(_quietly(jitted, X, n).numpy(), plain(X, n).numpy())
    assert "# _CompiledRegion: mul, add" in _plan_source(jitted, X, n)


def test_a_compiled_region_gives_only_the_values_read_after_it():
    def loop(x, w, n):
        i = 0
        while i < n:
            y = ag.sqrt(x * 0.5 + 1.0)  # three ops; only the last one's value is read after
            x = ag.matmul(y, w)  # the op right after the region (w comes into the body)
            i += 1
        return x

    plain, jitted = _both(loop)
    x, n = ag.constant(np.arange(16, dtype=np.float32).reshape(4, 4)), ag.constant(3)
    w = ag.constant(np.eye(4, dtype=np.float32)[::-1].copy())
    np.testing.assert_array_equal(_quietly(jitted, x, w, n).numpy(), plain(x, w, n).numpy())
    (line,) = [text for text in _plan_source(jitted, x, w, n).splitlines()
               if "_CompiledRegion" in text]
    assert line.split("=")[0].count(",") == 1  # `v6, = r8(v3)`: one value
