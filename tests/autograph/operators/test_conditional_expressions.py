"""`if_exp`: `x if cond else y`, lazy, on Python values, eager tensors and in graphs."""

import numpy as np
import pytest

import autograph as ag
import autograph.operators as ag__
from tests.autograph.operators.operators_testing import eager, graph_run, op_types


def absolute(x):
    """x if x >= 0 else -x"""
    return ag__.if_exp(x >= 0, lambda: x, lambda: -x, "x if x >= 0 else -x")


def test_python_evaluates_the_chosen_operand_only():
    assert ag__.if_exp([], lambda: 1 / 0, lambda: "empty", "...") == "empty"
    assert ag__.if_exp(1, lambda: "one", lambda: 1 / 0, "...") == "one"


@pytest.mark.parametrize("x", [-2.5, 0.0, 4.0])
def test_python_eager_and_graph_agree(x):
    result, graph = graph_run(absolute, np.float32(x))
    assert result == absolute(x) == eager(absolute, np.float32(x)) == abs(x)
    assert op_types(graph).count("If") == 1


def test_graph_python_number_takes_the_tensor_dtype():
    def relu(x):
        return ag__.if_exp(x > 0, lambda: x, lambda: 0, "x if x > 0 else 0")
    result, _ = graph_run(relu, np.float32(-3.0))
    assert result == 0.0 and result.dtype == np.float32


def test_graph_values_of_different_dtypes_quote_the_expression():
    def f(x):
        return ag__.if_exp(x > 0, lambda: x, lambda: ag.cast(x, ag.int32), "x if x > 0 else n")
    with pytest.raises(TypeError, match=r"`x if x > 0 else n`: the result is a float32 tensor "
                                        r"in the true case but an int32 tensor in the false case;"):
        graph_run(f, np.float32(1.0))
