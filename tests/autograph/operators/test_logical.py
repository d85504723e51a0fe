"""`and_`, `or_`, `not_`: Python semantics (operands, short circuit), and lazy graph ops."""

import numpy as np
import pytest

import autograph as ag
import autograph.operators as ag__
from tests.autograph.operators.operators_testing import eager, graph_run, op_types


def unreachable():
    raise AssertionError("the right operand must not be evaluated")


@pytest.mark.parametrize("a, b", [(0, 5), (3, 5), ("", "x"), ([1], []), (None, 0)])
def test_python_values_give_what_python_gives(a, b):
    assert ag__.and_(a, lambda: b) == (a and b)
    assert ag__.or_(a, lambda: b) == (a or b)
    assert ag__.not_(a) == (not a)


def test_python_values_short_circuit():
    assert ag__.and_(False, unreachable) is False
    assert ag__.or_(7, unreachable) == 7


def test_eager_tensors_follow_python():
    t, f = ag.convert_to_tensor(True), ag.convert_to_tensor(False)
    assert ag__.and_(f, unreachable) is f
    assert ag__.or_(t, unreachable) is t
    assert ag__.and_(t, lambda: "b") == "b"
    assert bool(ag__.not_(f)) is True


@pytest.mark.parametrize("a", [True, False])
@pytest.mark.parametrize("b", [True, False])
def test_graph_and_or_match_python(a, b):
    assert graph_run(lambda x, y: ag__.and_(x, lambda: y), a, b)[0] == (a and b)
    assert graph_run(lambda x, y: ag__.or_(x, lambda: y), a, b)[0] == (a or b)
    assert eager(lambda x, y: ag__.and_(x, lambda: y), a, b) == (a and b)


def test_graph_and_evaluates_the_right_operand_in_a_branch_only():
    def f(x):
        return ag__.and_(x > 0, lambda: ag.reduce_all(ag.sqrt(x) > 1.0))
    result, graph = graph_run(f, np.float32(4.0))
    assert result and not graph_run(f, np.float32(-4.0))[0]
    assert "Sqrt" not in op_types(graph) and op_types(graph).count("If") == 1


def test_graph_and_with_a_python_right_operand():
    assert graph_run(lambda x: ag__.and_(x > 0, lambda: True), np.int32(1))[0]
    assert not graph_run(lambda x: ag__.or_(x > 0, lambda: False), np.int32(-1))[0]


def test_graph_operands_of_different_dtypes_are_an_error():
    with pytest.raises(TypeError, match="`and` on a tensor: the result is a float32 tensor in "
                                        "the right operand but a bool tensor in the left"):
        graph_run(lambda x: ag__.and_(x > 0, lambda: x), np.float32(1.0))


def test_graph_or_operands_of_different_dtypes_name_both_operands():
    with pytest.raises(TypeError, match="^`or` on a tensor: the result is a bool tensor in the "
                                        "left operand but a float32 tensor in the right "
                                        "operand;"):
        graph_run(lambda x: ag__.or_(x > 0, lambda: x), np.float32(1.0))


def test_not_of_tensors_is_elementwise():
    np.testing.assert_array_equal(ag__.not_(ag.convert_to_tensor([True, False])).numpy(),
                                  [False, True])
    np.testing.assert_array_equal(ag__.not_(ag.convert_to_tensor([0, 3])).numpy(),
                                  [True, False])
    np.testing.assert_array_equal(graph_run(ag__.not_, np.array([True, False]))[0],
                                  [False, True])
