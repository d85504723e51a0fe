"""The graph passes inside control flow: `If`/`Case` branches and `While` conditions and bodies
are written optimised, with the same results, side effects and errors (module
runtime/exec/optimize/functions.py)."""

import contextlib
import io

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.exec.executor import Plan
from autograph.runtime.exec.optimize import functions
from autograph.runtime.exec.optimize.fusion import MIN_ELEMENTS
from autograph.runtime.graph.recording import add_observer, remove_observer

ALL_OFF = {"constant_folding": False, "arithmetic_optimization": False,
           "dependency_optimization": False, "disable_model_pruning": True,
           "remapping": False}


def _plan(build, shape=(2,)):
    """The plan of the graph `build(x)` makes from a float32 placeholder `x` of `shape`."""
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, list(shape), name="x")
        y = build(x)
    return Plan(g, [x], [y])


def _ops(plan):
    """The op names the plan's lines run, from their comments (`# name = Type`)."""
    return [line.split("# ")[1] for line in plan.source.splitlines() if "  # " in line]


def _branch(x):
    return ag.cond(ag.reduce_sum(x) > 0,
                   lambda: x + ag.multiply(ag.constant(2.0), ag.constant(3.0), name="six"),
                   lambda: ag.negative(ag.negative(x, name="n1"), name="n2"))


def _loop(x):
    def body(i, y):
        step = ag.identity(ag.add(ag.constant(1.0), ag.constant(1.0), name="two"), name="id")
        return i + 1, y + step
    return ag.while_loop(lambda i, y: i < 3, body, (ag.constant(0), x))[1]


def test_constants_fold_inside_an_if_branch():
    plan = _plan(_branch)
    assert "six = Mul" not in _ops(plan)
    np.testing.assert_array_equal(plan.run([np.float32([1.0, 2.0])])[0], [7.0, 8.0])


@pytest.mark.usefixtures("every_graph")
def test_arithmetic_simplifies_inside_an_else_branch():
    plan = _plan(_branch)
    assert not any(op.startswith(("n1 =", "n2 =")) for op in _ops(plan))
    np.testing.assert_array_equal(plan.run([np.float32([-1.0, -2.0])])[0], [-1.0, -2.0])


def test_identities_and_constants_go_from_a_while_body():
    plan = _plan(_loop)
    assert "two = AddV2" not in _ops(plan) and "id = Identity" not in _ops(plan)
    np.testing.assert_array_equal(plan.run([np.float32([1.0, 2.0])])[0], [7.0, 8.0])


def test_common_subexpressions_merge_inside_a_case_branch():
    def build(x):
        return ag.switch_case(ag.constant(0), [lambda: ag.multiply(x, x, name="a")
                                               + ag.multiply(x, x, name="b"), lambda: x])
    plan = _plan(build)
    assert "a = Mul" in _ops(plan) and "b = Mul" not in _ops(plan)
    np.testing.assert_array_equal(plan.run([np.float32([1.0, 3.0])])[0], [2.0, 18.0])


def test_a_chain_fuses_inside_a_while_body():
    def build(x):
        body = lambda i, y: (i + 1, ag.sqrt(ag.abs(y * 2.0 - 1.0)))  # noqa: E731
        return ag.while_loop(lambda i, y: i < 2, body, (ag.constant(0), x))[1]
    plan = _plan(build, (MIN_ELEMENTS,))
    x = np.linspace(-2.0, 2.0, MIN_ELEMENTS, dtype=np.float32)
    assert any(op.endswith("_FusedElementwise") for op in _ops(plan))
    expected = np.sqrt(np.abs(np.sqrt(np.abs(x * 2 - 1)) * 2 - 1))
    np.testing.assert_array_equal(plan.run([x])[0], expected)


def test_passes_stay_out_of_bodies_with_the_meta_optimizer_disabled():
    ag.config.optimizer.set_experimental_options({"disable_meta_optimizer": True})
    assert "six = Mul" in _ops(_plan(_branch))


@pytest.mark.usefixtures("every_graph")
def test_a_pass_switched_off_stays_off_inside_bodies():
    ag.config.optimizer.set_experimental_options({"constant_folding": False})
    ops = _ops(_plan(_branch))
    assert "six = Mul" in ops and not any(op.startswith("n1 =") for op in ops)


def _padded_branch(x):
    for i in range(6):  # ops enough at the top level
        x = ag.identity(x, name=f"pad{i}")
    return ag.negative(ag.negative(_branch(x)))


def test_a_branch_of_fewer_ops_than_min_graph_nodes_is_optimised_with_its_graph():
    ag.config.optimizer.set_experimental_options({"min_graph_nodes": 6})
    ops = _ops(_plan(_padded_branch))
    assert "six = Mul" not in ops  # 2.0 * 3.0 folded in the branch


def test_a_graph_too_small_with_its_branches_leaves_the_branches_as_they_are():
    ag.config.optimizer.set_experimental_options({"min_graph_nodes": 100})
    assert "six = Mul" in _ops(_plan(_padded_branch))


def test_the_ops_of_branches_count_toward_min_graph_nodes():
    from autograph.runtime.exec.optimize.driver import too_small
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [2], name="x")
        _branch(x)
    top = len(g.get_operations())
    ag.config.optimizer.set_experimental_options({"min_graph_nodes": top + 1})
    assert not too_small(g)
    ag.config.optimizer.set_experimental_options({"min_graph_nodes": 1000})
    assert too_small(g)


@ag.function
def _evens(n):
    for i in ag.range(n):
        if i % 2 == 0:
            ag.print("even")  # a branch of two ops: the message and its print


def test_a_message_alone_in_a_branch_is_made_once_at_the_default_options():
    with contextlib.redirect_stdout(io.StringIO()) as out:
        concrete = _evens.get_concrete_function(ag.constant(5))
        concrete(ag.constant(5))
    assert out.getvalue().split() == ["even"] * 3
    assert "= StringFormat" not in concrete._plan.source  # folded into a constant


def test_the_optimised_copy_is_made_once_per_graph_version_and_options():
    plan = _plan(_branch)
    (cond,) = [op for op in plan._graph.get_operations() if op.type in ("If", "StatelessIf")]
    fn = cond.attrs["then_branch"]
    first = functions.optimized(fn)
    assert functions.optimized(fn) is first
    ag.config.optimizer.set_experimental_options({"remapping": False})
    second = functions.optimized(fn)
    assert second is not first and functions.optimized(fn) is second
    fn.version += 1
    assert functions.optimized(fn) is not second


class _Names:
    """An observer collecting the names of the ops that ran."""

    def __init__(self, exact):
        self.exact = exact
        self.names = []

    def op_ran(self, run):
        self.names.append(run.name)


@pytest.mark.parametrize("exact", [True, False], ids=["exact", "optimised"])
def test_exact_plans_run_each_op_of_a_branch_as_made(exact):
    plan = _plan(_branch)
    observer = _Names(exact)
    add_observer(observer)
    try:
        plan.run([np.float32([1.0, 2.0])])
    finally:
        remove_observer(observer)
    assert ("six" in observer.names) is exact


def _loops_and_branches(x):
    """Control flow whose passes (folding, simplification, CSE) change what runs."""
    def body(i, y):
        y = ag.cond(i % 2 == 0, lambda: y * 1.0 + ag.square(ag.constant(0.5)),
                    lambda: ag.identity(y) - (y * 0.0 + ag.constant(0.25)))
        return i + 1, ag.sqrt(ag.abs(y)) + ag.sqrt(ag.abs(y)) / ag.constant(3.0)
    return ag.while_loop(lambda i, y: i < 5, body, (ag.constant(0), x))[1]


def _case_of_folded_indices(x):
    picked = ag.switch_case(ag.cast(ag.reduce_sum(x) > 0, ag.int32) + ag.constant(0),
                            [lambda: ag.exp(x - ag.constant(1.0) * 0.0),
                             lambda: ag.math.log1p(ag.abs(x) + ag.constant(2.0) * 2.0)])
    return ag.cond(ag.reduce_max(picked) > 1.0, lambda: picked / ag.constant(7.0),
                   lambda: ag.negative(-picked))


def _nested_loops(x):
    def outer(i, y):
        inner = ag.while_loop(lambda j, z: j < i, lambda j, z: (j + 1, z * 1.5 + z * 1.5),
                              (ag.constant(0), y))[1]
        return i + 1, inner - ag.constant(1.0) / ag.constant(3.0)
    return ag.while_loop(lambda i, y: i < 4, outer, (ag.constant(0), x))[1]


@pytest.mark.parametrize("build", [_branch, _loop, _loops_and_branches,
                                   _case_of_folded_indices, _nested_loops])
@pytest.mark.parametrize("values", [[0.3, -1.7, 2.5], [-4.0, 1e-3, -0.5]], ids=["pos", "neg"])
def test_results_are_the_same_bits_with_the_passes_on_and_off(build, values):
    x = np.float32(values)
    on = _plan(build, (3,)).run([x])[0]
    ag.config.optimizer.set_experimental_options(ALL_OFF)
    off = _plan(build, (3,)).run([x])[0]
    assert on.dtype == off.dtype and on.tobytes() == off.tobytes()


def test_a_print_in_a_branch_runs_on_every_call():
    @ag.function
    def f(x):
        if x > 0:
            ag.print("positive", x * 1.0 + ag.constant(1.0) * ag.constant(0.0))
        else:
            ag.print(ag.constant("not") + ag.constant(" positive"))
        return x

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        for value in [2.0, -1.0, 3.0]:
            f(ag.constant(value))
    assert printed.getvalue() == "positive 2\nnot positive\npositive 3\n"


def test_an_assignment_in_a_while_body_runs_every_iteration():
    v = ag.Variable(0.0)

    @ag.function
    def f(n):
        for _ in ag.range(n):
            v.assign_add(ag.constant(2.0) * ag.constant(0.5))  # its value is unused
        return v.read_value() * 1.0

    assert f(ag.constant(3)).numpy() == 3.0
    assert f(ag.constant(2)).numpy() == 5.0


def test_an_assert_in_a_branch_that_nothing_reads_still_checks():
    @ag.function
    def f(x):
        if x > 0:
            ag.debugging.assert_less(x, ag.constant(5.0) * ag.constant(2.0), message="too big")
        return x * 1.0

    assert f(ag.constant(3.0)).numpy() == 3.0
    with pytest.raises(ag.errors.InvalidArgumentError, match="too big"):
        f(ag.constant(12.0))


def test_an_error_in_a_branch_names_the_users_line():
    @ag.function
    def f(x):
        if ag.reduce_sum(x) > 0:
            y = ag.identity(x * 1.0) + ag.constant(2.0) * ag.constant(3.0)
            y = ag.reshape(y, [3])  # the failing line
        else:
            y = x
        return y

    line = f.python_function.__code__.co_firstlineno + 4  # from the decorator
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match=rf"^\S*test_control_flow_bodies\.py:{line}: Cannot reshape"):
        f.get_concrete_function(ag.TensorSpec([None], ag.float32))(ag.constant([1.0, 2.0]))


def test_an_error_in_a_while_body_names_the_users_line():
    @ag.function
    def f(x, n):
        for i in ag.range(n):
            x = x + ag.identity(ag.constant(1.0) * ag.constant(1.0))
            x = x + ag.gather(x, i * 2)  # the failing line, on its second iteration
        return x

    line = f.python_function.__code__.co_firstlineno + 4  # from the decorator
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match=rf"^\S*test_control_flow_bodies\.py:{line}: "):
        f(ag.constant([1.0, 2.0]), ag.constant(2))
