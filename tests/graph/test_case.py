"""`switch_case` and `case`, eagerly and in graphs; the `Case` op's kernel and inline code."""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime import execute
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.graph.func_graph import func_graph_from_py_func
from autograph.runtime.ops.control_flow.ops import Assert, case, switch_case
from tests.graph.graph_testing import run


def constant(value):
    return lambda: ag.convert_to_tensor(value)


def failing():
    Assert(False, ["a branch not taken ran"])
    return ag.convert_to_tensor(-1)


BRANCHES = [constant(10), constant(11), constant(12)]


# switch_case -----------------------------------------------------------------------------------
@pytest.mark.parametrize("index, expected", [(0, 10), (2, 12), (7, 99), (-1, 99)])
def test_eager_switch_case_runs_the_indexed_branch_or_default(device, index, expected):
    result = switch_case(ag.convert_to_tensor(index), BRANCHES, default=constant(99))
    assert int(result) == expected


def test_eager_switch_case_without_default_runs_the_last_branch(device):
    assert int(switch_case(5, BRANCHES)) == 12


@pytest.mark.parametrize("index, expected", [(0, 10), (1, 11), (2, 12), (3, 99), (-4, 99)])
def test_graph_switch_case_matches_eager(graph, index, expected):
    with graph.as_default():
        i = ag.placeholder(ag.int32, [])
        y = switch_case(i, BRANCHES, default=constant(99))
    assert run(graph, y, {i: index}) == expected
    assert int(switch_case(index, BRANCHES, default=constant(99))) == expected


def test_graph_switch_case_is_one_case_op(graph):
    with graph.as_default():
        i = ag.placeholder(ag.int32, [])
        switch_case(i, BRANCHES)
    op = graph.get_operation_by_name("switch_case")
    assert op.type == "Case"
    assert [b.name for b in op.attrs["branches"]] == ["switch_case_branch0",
                                                      "switch_case_branch1",
                                                      "switch_case_branch2"]
    graph.lint()


def test_only_the_indexed_branch_runs(graph):
    with graph.as_default():
        i = ag.placeholder(ag.int32, [])
        y = switch_case(i, [failing, constant(1), failing])
    assert run(graph, y, {i: 1}) == 1
    with pytest.raises(InvalidArgumentError, match="a branch not taken ran"):
        run(graph, y, {i: 2})


def test_int64_index_and_captured_tensors(graph):
    with graph.as_default():
        i = ag.placeholder(ag.int64, [])
        x = ag.placeholder(ag.float32, [2])
        y = switch_case(i, {0: lambda: x + 1.0, 1: lambda: x * 3.0})
    np.testing.assert_array_equal(run(graph, y, {i: 1, x: [1.0, 2.0]}), [3.0, 6.0])


@pytest.mark.parametrize("fns", [
    {1: constant(11), 0: constant(10)},
    [(1, constant(11)), (0, constant(10))],
])
def test_branch_fns_as_dict_or_pairs_go_by_key(device, fns):
    assert int(switch_case(1, fns)) == 11


@pytest.mark.parametrize("fns, message", [
    ({0: constant(1), 2: constant(2)}, r"must be 0, 1, \.\.\., 1, got \[0, 2\]"),
    ([], "must not be empty"),
    ([constant(1), 5], r"branch_fns\[1\] must be callable"),
])
def test_bad_branch_fns(fns, message):
    with pytest.raises((ValueError, TypeError), match=message):
        switch_case(0, fns)


def test_branches_must_agree_on_dtypes(graph):
    with graph.as_default():
        i = ag.placeholder(ag.int32, [])
        with pytest.raises(TypeError, match=r"branch_fns\[0\] and branch_fns\[2\] must return "
                                            r"the same dtypes, but the output is int32 in "
                                            r"branch_fns\[0\] and float32 in branch_fns\[2\]"):
            switch_case(i, [constant(1), constant(2), constant(3.0)])


def test_graph_index_must_be_an_integer_scalar(graph):
    with graph.as_default():
        with pytest.raises(TypeError, match="branch_index must be an int32 or int64 scalar, "
                                            "got a float32 tensor"):
            switch_case(ag.placeholder(ag.float32, []), BRANCHES)
        with pytest.raises(ValueError, match=r"branch_index must be a scalar, got shape \(2,\)"):
            switch_case(ag.placeholder(ag.int32, [2]), BRANCHES)


# case ------------------------------------------------------------------------------------------
def choose(x):
    return case([(x > 10, constant(1)), (x > 0, constant(2))], default=constant(3))


@pytest.mark.parametrize("x, expected", [(20, 1), (5, 2), (-5, 3)])
def test_case_runs_the_first_true_predicate(graph, x, expected):
    assert int(choose(ag.convert_to_tensor(x))) == expected
    with graph.as_default():
        p = ag.placeholder(ag.int32, [])
        y = choose(p)
    assert run(graph, y, {p: x}) == expected


def test_case_without_default_fails_when_nothing_is_true(graph):
    def pick(x):
        return case([(x > 10, constant(1)), (x > 0, constant(2))])
    with graph.as_default():
        p = ag.placeholder(ag.int32, [])
        y = pick(p)
    assert run(graph, y, {p: 5}) == 2 == int(pick(ag.convert_to_tensor(5)))
    message = r"None of conditions evaluated as True:\] \[0 0\]"
    with pytest.raises(InvalidArgumentError, match=message):
        run(graph, y, {p: -5})
    with pytest.raises(InvalidArgumentError, match=message):
        pick(ag.convert_to_tensor(-5))


def test_exclusive_case_fails_when_two_are_true(graph):
    def pick(x):
        return case([(x > 10, constant(1)), (x > 0, constant(2))], default=constant(3),
                    exclusive=True)
    with graph.as_default():
        p = ag.placeholder(ag.int32, [])
        y = pick(p)
    assert run(graph, y, {p: 5}) == 2
    message = r"exclusive=True and more than 1 conditions evaluated as True:\] \[1 1\]"
    with pytest.raises(InvalidArgumentError, match=message):
        run(graph, y, {p: 20})
    with pytest.raises(InvalidArgumentError, match=message):
        pick(ag.convert_to_tensor(20))


def test_case_checks_its_pairs():
    with pytest.raises(TypeError, match=r"pred_fn_pairs\[0\] must be a \(pred, callable\)"):
        case([True])
    with pytest.raises(TypeError, match=r"pred_fn_pairs\[0\]\[1\] must be callable"):
        case([(True, 1)])


# The Case op itself ----------------------------------------------------------------------------
def case_branches():
    x = ag.convert_to_tensor(np.zeros(2, np.float32))
    return tuple(func_graph_from_py_func(f"times_{k}", lambda v, k=k: v * float(k), [x])
                 for k in (1, 2, 3))


@pytest.mark.parametrize("index, factor", [(0, 1.0), (1, 2.0), (3, 3.0), (5, 3.0), (-1, 3.0)])
def test_case_kernel_and_inline_code_agree(device, graph, index, factor):
    attrs = {"Tout": [ag.float32], "branches": case_branches()}
    (eager,) = execute("Case", [index, [[1.0, 2.0]]], attrs)
    with graph.as_default():
        i = ag.placeholder(ag.int32, [])
        x = ag.placeholder(ag.float32, [2])
        (inline,) = execute("Case", [i, [x]], attrs)
    np.testing.assert_array_equal(eager.numpy(), [factor, 2 * factor])
    np.testing.assert_array_equal(run(graph, inline, {i: index, x: [1.0, 2.0]}), eager.numpy())


def test_case_op_checks_every_branch(device):
    branches = case_branches()
    wrong = func_graph_from_py_func("int_branch", lambda v: v, [ag.convert_to_tensor([1, 2])])
    with pytest.raises(InvalidArgumentError, match=r"input 0 of branches\[1\] 'int_branch' is "
                                                   r"int32 but the op passes float32"):
        execute("Case", [0, [[1.0, 2.0]]], {"Tout": [ag.float32],
                                            "branches": (branches[0], wrong)})
