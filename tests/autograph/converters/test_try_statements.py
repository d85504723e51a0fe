"""The try_statements converter: which handlers first re-raise an error of the trace."""

import pytest

import autograph as ag


def plain_arithmetic(x):
    try:
        y = x + 1
    except TypeError:
        y = 0
    return y


def conditional_expression(x):
    try:
        y = x if x > 0 else -x
    except TypeError:
        y = 0
    return y


def boolean_expression(x):
    try:
        y = x > 0 or x < -5
    except TypeError:
        y = False
    return y


def comprehension(xs):
    try:
        y = [x * 2 for x in xs]
    except TypeError:
        y = []
    return y


def test_a_try_without_control_flow_or_calls_keeps_its_handlers_as_they_are():
    assert "reraise_traced" not in ag.to_code(plain_arithmetic)


@pytest.mark.parametrize("program", [conditional_expression, boolean_expression, comprehension])
def test_an_expression_that_becomes_a_graph_branch_or_loop_checks_its_handlers(program):
    code = ag.to_code(program)
    assert "with ag__.handling(TypeError):" in code
    assert "ag__.reraise_traced(error_)" in code


def test_a_comprehensions_own_variable_is_not_a_variable_the_try_assigns():
    def f(xs, x):
        try:
            y = [x * 2 for x in xs]
        except TypeError:
            return x
        return y
    code = ag.to_code(f)
    assert "ag__.reraise_traced(error_)\n" in code
    assert "live=" not in code
