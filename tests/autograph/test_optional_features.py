"""`ag.autograph.experimental.Feature`: what each optional feature switches, with the values
TensorFlow 2.21 gives for the same programs (`tf.function(f, experimental_autograph_options=...)`,
`tf.autograph.to_graph` / `to_code` with `experimental_optional_features`)."""

from __future__ import annotations

import numpy as np
import pytest

import autograph as ag

Feature = ag.autograph.experimental.Feature


def appends_and_asserts(n):
    assert n > 0
    items = []
    for i in ag.range(n):
        items.append(i)
    return items


def appends(n):
    items = []
    for i in ag.range(n):
        items.append(i)
    return items


def equalities(x):
    return x == 1, x != 1


def shout(x):
    print(x)


def calls_shout(x):
    shout(x)
    return x


def adds_then_doubles(x):
    return _adds_one(x) * 2


def _adds_one(x):
    return x + 1


def test_feature_lists_tensorflows_members_and_helpers():
    assert [f.name for f in Feature.all()] == [
        "ALL", "AUTO_CONTROL_DEPS", "ASSERT_STATEMENTS", "BUILTIN_FUNCTIONS",
        "EQUALITY_OPERATORS", "LISTS", "NAME_SCOPES"]
    assert sorted(f.name for f in Feature.all_but(Feature.LISTS)) == [
        "ASSERT_STATEMENTS", "AUTO_CONTROL_DEPS", "BUILTIN_FUNCTIONS", "EQUALITY_OPERATORS",
        "NAME_SCOPES"]


def test_no_features_leave_lists_asserts_and_print_to_python():
    code = ag.autograph.to_code(appends_and_asserts, experimental_optional_features=())
    assert "assert n > 0" in code and "list_append" not in code
    assert ag.autograph.to_code(shout, experimental_optional_features=()).count("print(x)") == 1


def test_lists_and_asserts_features_convert_them():
    code = ag.autograph.to_code(appends_and_asserts, experimental_optional_features=(
        Feature.LISTS, Feature.ASSERT_STATEMENTS))
    assert "ag__.assert_stmt(n > 0, None)" in code
    assert "items = ag__.list_append(items, i)" in code


def test_the_default_converts_lists_and_asserts_where_tensorflows_converts_neither():
    # A deliberate difference: TensorFlow's default (None) is no optional feature, so an
    # append in a tensor loop fails there (InaccessibleTensorError) and an assert on a tensor
    # is an OperatorNotAllowedInGraphError; the converter's default converts both (pass ()
    # for TensorFlow's). Here the list comes back stacked.
    f = ag.function(appends_and_asserts)
    np.testing.assert_array_equal(f(ag.constant(3)).numpy(), [0, 1, 2])
    with pytest.raises(ag.errors.InvalidArgumentError):
        f(ag.constant(0))


def test_without_lists_an_append_in_a_tensor_loop_is_a_clear_error():
    # TensorFlow 2.21: InaccessibleTensorError (a ValueError) naming the loop's tensor.
    f = ag.function(appends, experimental_autograph_options=())
    with pytest.raises(ValueError, match="belongs to a graph that does not enclose it"):
        f(ag.constant(3))


def test_without_asserts_an_assert_on_a_tensor_is_a_bool_error():
    f = ag.function(appends_and_asserts, experimental_autograph_options=Feature.LISTS)
    with pytest.raises(TypeError, match="as a Python bool is not allowed"):
        f(ag.constant(3))


def test_equality_operators_compare_tensors_when_tensor_equality_is_off():
    # TensorFlow 2.21, with tf.compat.v1.disable_tensor_equality(): (True, False) with the
    # feature, (False, True) (identity) without it.
    ag.compat.v1.disable_tensor_equality()
    try:
        with_feature = ag.function(equalities,
                                   experimental_autograph_options=Feature.EQUALITY_OPERATORS)
        without = ag.function(equalities, experimental_autograph_options=())
        assert [bool(t) for t in with_feature(ag.constant(1))] == [True, False]
        assert [bool(t) for t in without(ag.constant(1))] == [False, True]
        converted = ag.autograph.to_graph(
            equalities, experimental_optional_features=Feature.EQUALITY_OPERATORS)
        assert [bool(t) for t in converted(ag.constant(1))] == [True, False]
    finally:
        ag.compat.v1.enable_tensor_equality()


def test_builtin_functions_make_print_print_on_every_call_in_called_functions_too(capsys):
    # TensorFlow 2.21 prints "5" then "6": the options pass to the functions called.
    f = ag.function(calls_shout, experimental_autograph_options=Feature.BUILTIN_FUNCTIONS)
    f(ag.constant(5))
    f(ag.constant(6))
    assert capsys.readouterr().out == "5\n6\n"


def test_name_scopes_name_ops_after_the_converted_functions():
    # TensorFlow 2.21 names them h/g/add, h/mul (for def h calling def g), fn_u/add for a
    # function named _u, and lambda_/add for a lambda.
    f = ag.function(adds_then_doubles, experimental_autograph_options=Feature.NAME_SCOPES)
    names = [op.name for op in f.get_concrete_function(ag.constant(1)).graph.get_operations()]
    assert "adds_then_doubles/fn_adds_one/add" in names
    assert "adds_then_doubles/mul" in names
    g = ag.function(lambda x: x + 1, experimental_autograph_options=Feature.ALL)
    names = [op.name for op in g.get_concrete_function(ag.constant(1)).graph.get_operations()]
    assert "lambda_/add" in names


def test_without_auto_control_deps_stateful_ops_still_run_in_program_order():
    # As tf.function, which orders them whatever the options (TensorFlow 2.21 gives 3).
    v = ag.Variable(0)

    def assign_then_read():
        v.assign(3)
        return v.read_value()
    assert ag.function(assign_then_read, experimental_autograph_options=())().numpy() == 3


def test_options_that_are_not_features_are_a_type_error():
    with pytest.raises(TypeError, match="Feature"):
        ag.function(shout, experimental_autograph_options=3)(1)
    with pytest.raises(TypeError, match="for example Feature.LISTS"):
        ag.autograph.to_code(shout, experimental_optional_features=("LISTS",))


def is_zero(x):
    return x == 0


@pytest.mark.parametrize("features", [None, Feature.ALL])
def test_a_converted_function_called_from_converted_code_is_not_converted_again(features):
    # TensorFlow's api_test (test_converted_call_already_converted): True both ways.
    converted = ag.autograph.to_graph(is_zero, experimental_optional_features=features)

    def caller(x):
        return converted(x)
    assert bool(ag.function(caller)(ag.constant(0)))
    assert bool(ag.function(converted)(ag.constant(0)))
