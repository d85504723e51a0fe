"""Large independent ops side by side in plans (runtime/exec/concurrent_ops.py) when the
inter-op threads are more than one, with the results they give one at a time."""

import re

import numpy as np
import pytest

import autograph as ag
from autograph.runtime import execute, register_kernel, register_op
from autograph.runtime.exec import concurrent_ops
from autograph.runtime.exec.executor import Plan
from autograph.runtime.registry.shape_inference import unchanged

N = 256  # a 256x256x256 matmul: about 1.7 ms by the cost model, well above its threshold

register_op("TestConcurrentCheck").input("x: float").output("y: float").set_shape_fn(unchanged)


@register_kernel("TestConcurrentCheck", "CPU")
def _check(ctx, x):
    if x[0, 0] == 7:
        raise ValueError("a 7")
    return x


@pytest.fixture(autouse=True)
def _inter_op_threads():
    ag.config.threading.set_inter_op_parallelism_threads(2)
    yield
    ag.config.threading.set_inter_op_parallelism_threads(0)


def _values(*shapes, seed=0):
    rng = np.random.default_rng(seed)
    return [rng.standard_normal(shape).astype(np.float32) for shape in shapes]


def _plan(fn, *shapes):
    g = ag.Graph()
    with g.as_default(), g.device("/CPU:0"):
        feeds = [ag.placeholder(ag.float32, list(shape)) for shape in shapes]
        out = fn(*feeds)
        fetches = list(out) if isinstance(out, (list, tuple)) else [out]
    return Plan(g, feeds, fetches)


def _two_products(x, w1, w2):
    return ag.matmul(x, w1), ag.matmul(x, w2)


def test_two_independent_large_matmuls_run_side_by_side():
    source = _plan(_two_products, (N, N), (N, N), (N, N)).source
    assert "= _start(" in source and ".result()" in source


def test_ops_side_by_side_give_the_bits_they_give_one_at_a_time():
    values = _values((N, N), (N, N), (N, N))
    together = _plan(_two_products, (N, N), (N, N), (N, N)).run(values)
    ag.config.threading.set_inter_op_parallelism_threads(1)
    alone = _plan(_two_products, (N, N), (N, N), (N, N))
    assert "_start(" not in alone.source
    for a, b in zip(together, alone.run(values)):
        assert a.tobytes() == b.tobytes()


def test_each_op_of_a_pair_is_written_once():
    source = _plan(_two_products, (N, N), (N, N), (N, N)).source
    assert source.count("_start(") == 1  # one product on the pool
    assert len(re.findall(r"= k\d+\(", source)) == 1  # the other on the plan's thread


def test_control_flow_beside_large_ops_runs_in_its_place():
    def fn(x, w1, w2):
        first, second = _two_products(x, w1, w2)
        return ag.cond(ag.reduce_sum(x) > 0.0, lambda: first, lambda: second)
    x, w1, w2 = _values((N, N), (N, N), (N, N))
    (result,) = _plan(fn, (N, N), (N, N), (N, N)).run([x, w1, w2])
    np.testing.assert_array_equal(result, x @ w1 if x.sum() > 0 else x @ w2)


def test_the_default_setting_runs_one_op_at_a_time():
    ag.config.threading.set_inter_op_parallelism_threads(0)
    assert "_start(" not in _plan(_two_products, (N, N), (N, N), (N, N)).source


def test_a_matmul_that_reads_the_other_ones_result_waits_for_it():
    plan = _plan(lambda x, w: ag.matmul(ag.matmul(x, w), w), (N, N), (N, N))
    assert "_start(" not in plan.source
    x, w = _values((N, N), (N, N))
    np.testing.assert_allclose(plan.run([x, w])[0], x @ w @ w, rtol=1e-4)


def test_small_matmuls_run_one_at_a_time():
    assert "_start(" not in _plan(_two_products, (8, 8), (8, 8), (8, 8)).source


def test_ops_the_second_product_needs_move_before_the_first():
    def fn(x, w1, w2):
        first = ag.matmul(x, w1)
        scaled = ag.transpose(w2) * 0.5  # after `first`, needed only by `second`
        return first, ag.matmul(x, scaled)
    x, w1, w2 = _values((N, N), (N, N), (N, N))
    plan = _plan(fn, (N, N), (N, N), (N, N))
    lines = [line.strip() for line in plan.source.splitlines()]
    start = next(i for i, line in enumerate(lines) if "_start(" in line)
    assert any("Transpose" in line for line in lines[:start])
    first, second = plan.run([x, w1, w2])
    np.testing.assert_array_equal(first, x @ w1)
    np.testing.assert_array_equal(second, x @ (w2.T * np.float32(0.5)))


def test_a_stateful_op_between_keeps_the_order_of_reads_and_writes():
    v = ag.Variable(np.ones((N, N), np.float32))

    @ag.function
    def step(x):
        before = ag.matmul(x, v)
        v.assign(v * 2.0)
        return before, ag.matmul(x, v)  # reads v after the assignment
    x = _values((N, N))[0]
    before, after = step(x)
    np.testing.assert_allclose(before.numpy(), x @ np.ones((N, N), np.float32), rtol=1e-5)
    np.testing.assert_allclose(after.numpy(), x @ np.full((N, N), 2, np.float32), rtol=1e-5)


def test_an_error_in_the_op_beside_names_that_op(monkeypatch):
    monkeypatch.setitem(concurrent_ops.KERNEL_COSTS, "TestConcurrentCheck", lambda op: 1e6)

    def fn(x, w1, w2):
        product = ag.matmul(x, w1)
        return product, execute("TestConcurrentCheck", [w2], name="check")[0]
    plan = _plan(fn, (N, N), (N, N), (N, N))
    assert "_start(k" in plan.source.split("# check = ")[0].splitlines()[-1]
    x, w1, w2 = _values((N, N), (N, N), (N, N))
    w2[0, 0] = 7
    line = fn.__code__.co_firstlineno + 2
    with pytest.raises(ag.errors.InvalidArgumentError, match=f":{line}: ValueError: a 7"):
        plan.run([x, w1, w2])


def test_a_group_holds_at_most_the_inter_op_threads():
    ag.config.threading.set_inter_op_parallelism_threads(3)
    shapes = [(N, N)] * 6  # five products
    source = _plan(lambda x, *ws: [ag.matmul(x, w) for w in ws], *shapes).source
    assert source.count("_start(") == 2 + 1  # a group of three, then one of two
    ag.config.threading.set_inter_op_parallelism_threads(2)
    source = _plan(lambda x, *ws: [ag.matmul(x, w) for w in ws], *shapes).source
    assert source.count("_start(") == 2  # two groups of two, then one alone


def test_the_cost_model_needs_static_shapes():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [None, N])
        op = ag.matmul(x, ag.ones((N, N))).op
    assert concurrent_ops.KERNEL_COSTS["MatMul"](op) is None


def _op(fn, *shapes):
    """The op `fn` makes from placeholders of `shapes` (None: an unknown shape)."""
    g = ag.Graph()
    with g.as_default():
        feeds = [ag.placeholder(ag.float32, None if s is None else list(s)) for s in shapes]
        return fn(*feeds).op


@pytest.mark.parametrize("fn, shapes, flops", [
    (ag.matmul, [(4, 3), (3, 5)], 2 * 4 * 5 * 3),
    (lambda a, b: ag.matmul(a, b, transpose_a=True), [(3, 4), (3, 5)], 2 * 4 * 5 * 3),
    (lambda a, b: ag.matmul(a, b, transpose_b=True), [(4, 3), (5, 3)], 2 * 4 * 5 * 3),
    (ag.matmul, [(2, 4, 3), (2, 3, 5)], 2 * 2 * 4 * 5 * 3),
    (lambda a, b: ag.linalg.matmul(a, b, adjoint_a=True), [(2, 3, 4), (2, 3, 5)],
     2 * 2 * 4 * 5 * 3),
], ids=["plain", "transpose_a", "transpose_b", "batch", "adjoint_a"])
def test_a_matmul_costs_its_flops_at_twenty_gflops(fn, shapes, flops):
    op = _op(fn, *shapes)
    assert concurrent_ops.KERNEL_COSTS[op.type](op) == pytest.approx(flops / 20_000.0)


@pytest.mark.parametrize("shapes", [[None, (3, 5)], [(4, 3), None], [(3,), (3, 5)],
                                    [(4, None), (None, 5)]],
                         ids=["unknown a", "unknown b", "vector a", "unknown inner"])
def test_a_matmul_of_unknown_sizes_has_no_cost(shapes):
    g = ag.Graph()
    with g.as_default():
        a, b = [ag.placeholder(ag.float32, None if s is None else list(s)) for s in shapes]
        op = g.create_op("MatMul", [a, b], {"T": ag.float32, "transpose_a": False,
                                            "transpose_b": False},
                         [(ag.float32, (4, 5))]) if shapes[0] == (3,) else ag.matmul(a, b).op
    assert concurrent_ops.KERNEL_COSTS["MatMul"](op) is None


ELEMENTWISE = ["AddV2", "Sub", "Mul", "RealDiv", "Maximum", "Minimum", "Neg", "Abs", "Sqrt",
               "Square", "Exp", "Log", "Tanh", "Sigmoid", "Relu", "Sum", "Mean", "Max", "Min",
               "_FusedElementwise"]


@pytest.mark.parametrize("op_type", ELEMENTWISE)
def test_elementwise_ops_and_reductions_cost_a_nanosecond_an_element(op_type):
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [1000, 300])
        op = g.create_op(op_type, [x], {}, [(ag.float32, (1000, 300))])
    assert concurrent_ops.KERNEL_COSTS[op_type](op) == pytest.approx(300.0)


@pytest.mark.parametrize("op_type", ["BatchMatMulV2", "BatchMatMulV3"])
def test_batch_matmuls_are_costed_as_matmuls(op_type):
    assert concurrent_ops.KERNEL_COSTS[op_type] is concurrent_ops.KERNEL_COSTS["MatMul"]


def test_a_fused_chain_costs_a_nanosecond_an_element_a_step():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [1000])
        op = g.create_op("_FusedElementwise", [x], {"program": ["negative i0", "sqrt s0",
                                                               "absolute s1"]},
                         [(ag.float32, (1000,))])
    assert concurrent_ops.KERNEL_COSTS["_FusedElementwise"](op) == pytest.approx(3.0)


def test_an_elementwise_op_of_an_unknown_size_has_no_cost():
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [None, 3])
        op = g.create_op("Neg", [x], {}, [(ag.float32, (None, 3))])
    assert concurrent_ops.KERNEL_COSTS["Neg"](op) is None


def test_an_op_estimated_at_the_threshold_is_large(monkeypatch):
    op = _op(ag.matmul, (N, N), (N, N))
    monkeypatch.setitem(concurrent_ops.KERNEL_COSTS, "MatMul",
                        lambda op: concurrent_ops.MIN_MICROSECONDS)
    assert concurrent_ops._large(op, lambda op: True)
    monkeypatch.setitem(concurrent_ops.KERNEL_COSTS, "MatMul",
                        lambda op: concurrent_ops.MIN_MICROSECONDS * 0.999)
    assert not concurrent_ops._large(op, lambda op: True)


def _groups_with_small_ops_between(count):
    """The groups `schedule` makes of two independent products `count` small ops apart."""
    g = ag.Graph()
    with g.as_default():
        x, w1, w2 = [ag.placeholder(ag.float32, [N, N]) for _ in range(3)]
        small = ag.placeholder(ag.float32, [4])
        first = ag.matmul(x, w1)
        for _ in range(count):
            small = ag.negative(small)
        second = ag.matmul(x, w2)
    _, groups = concurrent_ops.schedule(g.get_operations(), lambda op: True, 2,
                                        lambda op: False)
    return [[op.name for op in group] for group in groups], first.op.name, second.op.name


def test_a_partner_is_looked_for_within_the_window(monkeypatch):
    monkeypatch.setattr(concurrent_ops, "WINDOW", 5)
    groups, first, second = _groups_with_small_ops_between(4)  # the 5th op after the first
    assert groups == [[first, second]]
    groups, _, _ = _groups_with_small_ops_between(5)  # the 6th: out of the window
    assert groups == []


def _scheduled(build, width=2):
    """(order, groups) of `schedule` over the ops `build` makes from N x N placeholders."""
    g = ag.Graph()
    with g.as_default():
        build(*[ag.placeholder(ag.float32, [N, N]) for _ in range(5)])
    return concurrent_ops.schedule(g.get_operations(), lambda op: True, width,
                                   lambda op: False)


def _names(groups):
    return [[op.name for op in group] for group in groups]


def test_a_partner_is_found_past_an_op_that_depends_on_the_group():
    def build(x, w1, w2, w3, w4):
        first = ag.matmul(x, w1, name="first")
        ag.matmul(first, w2, name="needs_first")  # not beside the first
        ag.matmul(x, w3, name="independent")

    _, groups = _scheduled(build)
    assert _names(groups)[0] == ["first", "independent"]


def test_a_large_op_with_no_partner_makes_no_group():
    def build(x, w1, w2, w3, w4):
        ag.matmul(ag.matmul(x, w1), w2)  # each needs the one before

    order, groups = _scheduled(build)
    assert groups == []


def test_an_op_already_grouped_is_not_written_again_for_a_later_group():
    def build(x, w1, w2, w3, w4):
        first = ag.matmul(x, w1, name="first")
        ag.matmul(first, w2, name="second")  # waits for the first
        third = ag.matmul(x, w3, name="third")  # beside the first
        ag.matmul(third, w4, name="fourth")  # beside the second, after the third

    order, groups = _scheduled(build)
    assert _names(groups) == [["first", "third"], ["second", "fourth"]]
    assert len(order) == len({id(op) for op in order}) == 9  # 5 placeholders, 4 products
