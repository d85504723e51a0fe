"""The try_statements converter: which handlers first re-raise an error of the trace."""

import sys

import pytest

import autograph as ag
from autograph.impl import api
from autograph.pyct.errors import StagingError


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


def _refuse_positive(x):
    if x > 0:
        raise ValueError("positive")
    return x


def bare_except_around_a_call(x):
    try:
        y = _refuse_positive(x)
    except:  # noqa: E722 (the point of the test)
        y = -1
    return y


def test_a_bare_except_given_a_name_is_written_as_except_base_exception():
    code = api.to_code(bare_except_around_a_call)
    assert "    except BaseException as error_:\n" in code
    compile(code, "<converted>", "exec")  # `except as error_:` would not compile


def test_a_bare_except_around_a_call_refuses_a_raise_under_a_tensor_if_in_it():
    # The `if` of the called function cannot raise into the `except` while tracing.
    with pytest.raises(StagingError, match="(?s)^in user code:.*ValueError: positive\nThis "
                       "exception is raised in a branch of an `if` whose condition is a "
                       "tensor"):
        ag.function(bare_except_around_a_call)(ag.constant(3))
    assert ag.function(bare_except_around_a_call)(-3) == -3



@pytest.mark.skipif(sys.version_info < (3, 11), reason="except* is Python 3.11 syntax")
def test_a_try_with_except_star_is_converted_as_a_try():
    from tests.autograph.converters.except_star_cases import except_star_around_a_call
    code = api.to_code(except_star_around_a_call)
    assert "        with ag__.handling(ValueError):\n" in code
    assert "    except* ValueError as error_:\n        ag__.reraise_traced(error_)\n" in code
    for x in (3, -3):
        assert api.to_graph(except_star_around_a_call)(x) == except_star_around_a_call(x)


@pytest.mark.skipif(sys.version_info < (3, 11), reason="except* is Python 3.11 syntax")
@pytest.mark.parametrize("x", [3, -3])
def test_a_raise_under_a_tensor_if_reaches_an_except_star_clause(x):
    from tests.autograph.converters import except_star_cases
    f = except_star_cases.raise_under_an_if_with_except_star
    assert "ag__.raise_to(handlers_, ValueError('positive'))" in api.to_code(f)
    assert ag.function(f)(ag.constant(x)).numpy() == f(x)
