"""Elementwise fusion (module runtime/exec/optimize/fusion.py, kernel `_FusedElementwise` in
kernels/math_kernels.py)."""

import numpy as np
import pytest

import autograph as ag
from autograph.kernels.math_kernels import FUSED_BLOCK, FUSED_PER_THREAD
from autograph.runtime import execute
from autograph.runtime.core import thread_pools
from autograph.runtime.exec.optimize import fusion
from autograph.runtime.exec.optimize.rewrite import Rewrite
from tests.optimize.conftest import body, optimized

N = fusion.MIN_ELEMENTS + 1001  # not a whole number of kernel blocks


def _chain(x):
    y = ag.sqrt(ag.abs(x * 2.0 + 1.0))
    return ag.maximum(y / 3.0 - x, -x)


def _text(make, shape=(N,), dtype=ag.float32):
    g = ag.Graph()
    with g.as_default(), g.device("/CPU:0"):  # fusion is a CPU pass
        x = ag.placeholder(dtype, list(shape), name="x")
        y = ag.identity(make(x), name="y")
    return optimized(g, [x], [y])


def test_a_chain_of_large_elementwise_ops_becomes_one_op():
    lines = [line for line in body(_text(_chain)) if "= Const()" not in line]
    assert len(lines) == 2 and lines[1] == f"y = Identity(Maximum) : float32[{N}] @/device:CPU:0"
    assert lines[0].startswith("Maximum = _FusedElementwise(x, ")
    assert ("{program=['multiply i0 i1', 'add s0 i2', 'absolute s1', 'sqrt s2', "
            "'true_divide s3 i3', 'subtract s4 i0', 'negative i0', 'maximum s5 s6']}") in lines[0]


def test_fused_results_are_the_same_bits_as_op_by_op():
    values = np.random.default_rng(0).normal(size=N).astype(np.float32) * 1e3
    values[:6] = [0.0, -0.0, np.inf, -np.inf, np.nan, -0.5]
    x = ag.constant(values)
    fused = ag.function(_chain)(x).numpy()
    ag.config.optimizer.set_experimental_options({"remapping": False})
    with np.errstate(all="ignore"):  # op by op, NumPy warns of inf - inf
        assert fused.tobytes() == ag.function(_chain)(x).numpy().tobytes()


def test_float64_chains_fuse_too():
    assert "_FusedElementwise" in _text(_chain, dtype=ag.float64)


def test_small_tensors_are_not_fused():
    assert "_FusedElementwise" not in _text(_chain, shape=(1000,))


def test_an_unknown_dimension_is_not_fused():
    assert "_FusedElementwise" not in _text(_chain, shape=(None,))


def test_integer_chains_are_not_fused():
    assert "_FusedElementwise" not in _text(lambda x: x * 2 + 1, dtype=ag.int32)


def test_other_broadcasting_ends_a_chain():
    text = _text(lambda x: ag.negative(x * 2.0) + ag.ones([1, N]), shape=(2, N))
    assert "program=['multiply i0 i1', 'negative s0']" in text and "AddV2(" in text


def test_a_value_read_by_two_ops_is_not_inside_a_chain():
    def make(x):
        a = ag.multiply(x, 2.0, name="a")
        return (a + 1.0) * (a - 1.0)

    text = _text(make)
    assert "a = Mul(x, " in text
    assert "program=['add i0 i1', 'subtract i0 i1', 'multiply s0 s1']" in text


def test_a_fetched_op_is_left_out_of_chains():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [N], name="x")
        a = ag.abs(x * 2.0, name="a")
        y = ag.negative(a, name="y")
    text = optimized(g, [x], [a, y])
    assert "a = Abs(mul)" in text and "y = Neg(a)" in text


def test_fusion_is_off_when_remapping_is_off():
    ag.config.optimizer.set_experimental_options({"remapping": False})
    assert "_FusedElementwise" not in _text(_chain)


def test_ops_on_another_device_are_not_fused(sim_device):
    def on_sim(x):
        with ag.device("/SIM:0"):
            return _chain(x)

    assert "_FusedElementwise" not in _text(on_sim)


def test_a_bad_program_is_an_error():
    with pytest.raises(ag.errors.InvalidArgumentError, match="bad step 'nosuch i0'"):
        execute("_FusedElementwise", [[ag.constant([1.0])]], {"program": ["nosuch i0"]})


def test_the_kernel_keeps_every_live_value_in_its_own_block_buffer():
    rng = np.random.default_rng(1)
    a, b = (rng.normal(size=2 * FUSED_BLOCK + 5) for _ in range(2))
    program = ["multiply i0 i1", "add i0 i1", "subtract i1 i0", "multiply s1 s2",
               "true_divide s0 s3", "maximum s4 s1", "add s5 s0"]
    fused = execute("_FusedElementwise", [[ag.constant(a), ag.constant(b)]],
                    {"program": program}).numpy()
    s0, s1, s2 = a * b, a + b, b - a
    s5 = np.maximum(s0 / (s1 * s2), s1)
    assert fused.tobytes() == (s5 + s0).tobytes()


def test_minimum_and_square_join_chains():
    text = _text(lambda x: ag.square(ag.minimum(x * 2.0, 1.0)))
    assert "{program=['multiply i0 i1', 'minimum s0 i2', 'square s1']}" in text


def test_minimum_and_square_fused_give_numpys_values():
    values = np.linspace(-2.0, 2.0, N, dtype=np.float32)
    result = ag.function(lambda x: ag.square(ag.minimum(x * 2.0, 1.0)))(ag.constant(values))
    np.testing.assert_array_equal(result.numpy(), np.square(np.minimum(values * 2.0, 1.0)))


def test_a_chain_of_exactly_the_least_size_is_fused_and_one_element_less_is_not():
    assert "_FusedElementwise" in _text(_chain, shape=(fusion.MIN_ELEMENTS,))
    assert "_FusedElementwise" not in _text(_chain, shape=(fusion.MIN_ELEMENTS - 1,))


def test_the_pass_counts_the_ops_fused_away():
    def count(shape):
        g = ag.Graph()
        with g.as_default(), g.device("/CPU:0"):
            x = ag.placeholder(ag.float32, list(shape), name="x")
            y = ag.identity(_chain(x), name="y")
        return fusion.run(Rewrite(g, [x], [y]))

    assert (count((N,)), count((1000,))) == (7, 0)  # _chain: 8 ops fused into one


def _split_program_result(monkeypatch, threads, size):
    monkeypatch.setattr(thread_pools, "intra_op_threads", lambda: threads)
    rng = np.random.default_rng(2)
    a, b = (rng.normal(size=size).astype(np.float32) for _ in range(2))
    a[:4] = [np.inf, -np.inf, np.nan, 0.0]
    program = ["multiply i0 i1", "add i0 i1", "true_divide s0 s1", "sqrt s2", "add s3 i0"]
    return execute("_FusedElementwise", [[ag.constant(a), ag.constant(b)]],
                   {"program": program}).numpy()


def test_a_chain_split_across_threads_gives_the_bits_of_one_thread(monkeypatch):
    size = FUSED_BLOCK * FUSED_PER_THREAD * 3 + 17  # three threads' parts, the last one short
    calls = []
    split = thread_pools.split
    monkeypatch.setattr(thread_pools, "split", lambda *a, **k: calls.append(a[2]) or split(*a, **k))
    one = _split_program_result(monkeypatch, 1, size)
    three = _split_program_result(monkeypatch, 3, size)
    assert calls == [3]
    assert one.tobytes() == three.tobytes()


def test_a_chain_of_too_few_blocks_per_thread_runs_on_one(monkeypatch):
    monkeypatch.setattr(thread_pools, "split", lambda *a, **k: pytest.fail("split"))
    _split_program_result(monkeypatch, 2, FUSED_BLOCK * FUSED_PER_THREAD * 2 - 1)


def _fused_plan():
    """A plan of `_chain` (fused) on float32[N], and two inputs for it."""
    from autograph.runtime.exec.executor import Plan
    g = ag.Graph()
    with g.as_default(), g.device("/CPU:0"):
        x = ag.placeholder(ag.float32, [N], name="x")
        y = _chain(x)
    plan = Plan(g, [x], [y])
    assert "_FusedElementwise" in plan.source
    rng = np.random.default_rng(1)
    return plan, rng.normal(size=N).astype(np.float32), rng.normal(size=N).astype(np.float32)


def _address(a):
    return a.__array_interface__["data"][0]


def test_a_fused_chain_writes_into_its_last_result_when_nothing_holds_it():
    plan, a, _ = _fused_plan()
    first = plan.run([a])[0]
    where, expected = _address(first), first.copy()
    del first
    again = plan.run([a])[0]
    assert _address(again) == where
    np.testing.assert_array_equal(again, expected)


def test_a_fused_chain_never_writes_over_a_result_someone_holds():
    plan, a, b = _fused_plan()
    kept = plan.run([a])[0]
    before = kept.copy()
    other = plan.run([b])[0]
    np.testing.assert_array_equal(kept, before)
    assert not np.shares_memory(kept, other)


def test_a_fused_chain_never_writes_over_a_result_whose_view_someone_holds():
    plan, a, b = _fused_plan()
    view = plan.run([a])[0][:10]
    before = view.copy()
    plan.run([b])
    np.testing.assert_array_equal(view, before)


def test_a_fused_chain_given_its_last_result_as_input_makes_a_new_one():
    plan, a, _ = _fused_plan()
    first = plan.run([a])[0]
    expected = plan.run([first.copy()])[0].copy()
    np.testing.assert_array_equal(plan.run([first])[0], expected)
