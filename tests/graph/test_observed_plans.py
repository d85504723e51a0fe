"""Plans written for observers (the profiler, `enable_check_numerics`): each op they run,
inside control flow too, is reported once, with every output; an exact observer sees the ops
as the user made them; plans written for results report nothing."""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.exec.executor import Plan
from autograph.runtime.graph import recording


class _Seen:
    """An observer keeping what it is told."""

    def __init__(self, exact: bool):
        self.exact = exact
        self.runs: list[recording.OpRun] = []

    def op_ran(self, run: recording.OpRun) -> None:
        self.runs.append(run)

    def types(self) -> list[str]:
        return [r.op_type for r in self.runs]


@pytest.fixture
def observing():
    observers = []

    def install(exact: bool = False) -> _Seen:
        seen = _Seen(exact)
        recording.add_observer(seen)
        observers.append(seen)
        return seen
    yield install
    for seen in observers:
        recording.remove_observer(seen)


def _branch_plan():
    """A plan of `x * (2.0 * 3.0)` if x > 0 else `x - 1.0`, with x fed."""
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [])
        y = ag.cond(x > 0.0, lambda: x * (ag.constant(2.0) * ag.constant(3.0)),
                    lambda: x - 1.0)
    return Plan(g, [x], [y])


def test_an_observed_plan_reports_the_ops_inside_a_branch(observing):
    plan = _branch_plan()
    seen = observing()
    (y,) = plan.run([np.float32(2.0)])
    assert float(y) == 12.0
    assert seen.types() == ["Greater", "Mul"]  # no Sub: the branch not taken runs nothing


def test_an_exact_observer_sees_a_branch_as_the_user_made_it(observing):
    plan = _branch_plan()
    seen = observing(exact=True)
    plan.run([np.float32(2.0)])
    assert seen.types().count("Mul") == 2  # 2.0 * 3.0 is not folded


def test_an_observer_that_is_not_exact_sees_the_optimised_branch(observing):
    plan = _branch_plan()
    seen = observing()
    plan.run([np.float32(2.0)])
    assert seen.types().count("Mul") == 1  # 2.0 * 3.0 folded into a constant


def test_an_observer_is_told_every_output_of_an_op_with_several(observing):
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [3])
        parts = ag.unstack(x)
    plan = Plan(g, [x], parts)
    seen = observing()
    plan.run([np.array([1.0, 2.0, 3.0], np.float32)])
    (unpack,) = [r for r in seen.runs if r.op_type == "Unpack"]
    np.testing.assert_array_equal([float(v) for v in unpack.outputs], [1.0, 2.0, 3.0])


def test_an_observed_plan_reports_ops_it_would_run_side_by_side(observing):
    ag.config.threading.set_inter_op_parallelism_threads(2)
    try:
        g = ag.Graph()
        n = 256  # large enough to run side by side in a plan for results
        with g.as_default(), g.device("/CPU:0"):
            x, w1, w2 = [ag.placeholder(ag.float32, [n, n]) for _ in range(3)]
            fetches = [ag.matmul(x, w1), ag.matmul(x, w2)]
        plan = Plan(g, [x, w1, w2], fetches)
        assert "_start(" in plan.source
        seen = observing()
        values = [np.eye(n, dtype=np.float32)] * 3
        plan.run(values)
        assert seen.types().count("MatMul") == 2
    finally:
        ag.config.threading.set_inter_op_parallelism_threads(0)


def test_a_plan_written_for_results_tells_no_observer():
    plan = _branch_plan()
    assert "_ran(" not in plan.source and "_clock" not in plan.source


def test_ops_of_an_unnamed_graph_report_no_graph_name(observing):
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [])
        y = x * 2.0
    assert not getattr(g, "name", "")
    plan = Plan(g, [x], [y])
    seen = observing()
    plan.run([np.float32(1.0)])
    assert [r.graph for r in seen.runs if r.op_type == "Mul"] == [""]


def test_an_observer_sees_the_branches_of_a_graph_too_small_to_optimise_as_made(observing):
    ag.config.optimizer.set_experimental_options({"min_graph_nodes": 1000})
    try:
        plan = _branch_plan()
        seen = observing()
        plan.run([np.float32(2.0)])
    finally:
        ag.config.optimizer.set_experimental_options({"min_graph_nodes": 0})
    assert seen.types().count("Mul") == 2  # as the plan for results runs them
