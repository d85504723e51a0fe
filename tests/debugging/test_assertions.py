"""`ag.debugging.assert_*`: eagerly they raise at once, in functions they are ops that check
on every call, and what they say is what TensorFlow 2.21 says (`ag.` for `tf.` in dtypes).

Each expected message was printed by TensorFlow 2.21 for the same call.
"""

import numpy.testing as npt
import pytest

import autograph as ag

d = ag.debugging


def _message(error_info):
    return str(error_info.value)


def test_assert_equal_that_holds_returns_none():
    assert d.assert_equal(ag.constant([1, 2]), [1, 2]) is None


def test_assert_equal_of_same_shapes_lists_the_differing_entries():
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        d.assert_equal(ag.constant([1, 2, 3]), [1, 5, 7], message="msg")
    assert _message(e) == ("msg\nCondition x == y did not hold.\nIndices of first 2 different "
                           "values:\n[[1]\n [2]]\nCorresponding x values:\n[2 3]\nCorresponding y "
                           "values:\n[5 7]\nFirst 3 elements of x:\n[1 2 3]\nFirst 3 elements of "
                           "y:\n[1 5 7]")


def test_assert_equal_of_broadcast_shapes_lists_only_the_first_entries():
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        d.assert_equal(ag.constant([1., 2.]), 2.)
    assert _message(e) == ("Condition x == y did not hold.\nFirst 2 elements of x:\n[1. 2.]\n"
                           "First 1 elements of y:\n[2.]")


def test_assert_equal_indices_of_a_matrix_are_rows_of_coordinates():
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        d.assert_equal(ag.constant([[1, 2], [3, 4]]), [[1, 0], [3, 0]])
    assert _message(e).startswith("Condition x == y did not hold.\nIndices of first 2 different "
                                  "values:\n[[0 1]\n [1 1]]\nCorresponding x values:\n[2 4]\n")


def test_summarize_limits_the_entries_shown():
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        d.assert_equal(ag.range(10), ag.range(10) + 1, summarize=2)
    assert _message(e) == ("Condition x == y did not hold.\nIndices of first 2 different "
                           "values:\n[[0]\n [1]]\nCorresponding x values:\n[0 1]\nCorresponding y "
                           "values:\n[1 2]\nFirst 2 elements of x:\n[0 1]\nFirst 2 elements of "
                           "y:\n[1 2]")


def test_assert_equal_of_bool_scalars_shows_them():
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        d.assert_equal(ag.constant(True), False)
    assert _message(e) == ("Condition x == y did not hold.\nFirst 1 elements of x:\n[ True]\n"
                           "First 1 elements of y:\n[False]")


def test_assert_equal_of_empty_tensors_holds():
    assert d.assert_equal(ag.zeros([0]), ag.zeros([0])) is None


def test_assert_equal_of_incompatible_shapes_is_the_comparison_error():
    with pytest.raises(ag.errors.InvalidArgumentError, match="Equal"):
        d.assert_equal(ag.constant([1, 2]), [1, 2, 3])


def test_assert_none_equal_names_the_equal_entries():
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        d.assert_none_equal(ag.constant([1, 2]), [3, 2])
    assert _message(e) == ("Condition x != y did not hold.\nIndices of first 1 different "
                           "values:\n[[1]]\nCorresponding x values:\n[2]\nCorresponding y values:"
                           "\n[2]\nFirst 2 elements of x:\n[1 2]\nFirst 2 elements of y:\n[3 2]")


@pytest.mark.parametrize("check, sym", [
    (d.assert_less_equal, "<="), (d.assert_greater, ">"), (d.assert_greater_equal, ">=")])
def test_ordered_comparisons_with_a_scalar_show_both_sides(check, sym):
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        check(ag.constant([1, 4]), 3)
    assert _message(e) == (f"Condition x {sym} y did not hold.\nFirst 2 elements of x:\n[1 4]\n"
                           "First 1 elements of y:\n[3]")


def test_assert_less_with_a_broadcast_scalar_that_holds():
    assert d.assert_less(ag.constant([1, 2]), 3) is None


@pytest.mark.parametrize("check, condition", [
    (d.assert_positive, "x > 0"), (d.assert_negative, "x < 0"),
    (d.assert_non_negative, "x >= 0")])
def test_sign_checks_show_the_tensor_as_a_list_of_entries(check, condition):
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        check(ag.constant([1, 0, -1]))
    assert _message(e) == (f"\nCondition {condition} did not hold element-wise:\n"
                           "x (shape=(3,) dtype=int32) = \n['1', '0', '-1']")


def test_sign_check_cuts_a_long_tensor_after_summarize_entries():
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        d.assert_positive(ag.range(-5, 5), message="m", summarize=2)
    assert _message(e).endswith("x (shape=(10,) dtype=int32) = \n['-5', '-4', '...']")
    assert _message(e).startswith("m.  \nCondition x > 0")


def test_assert_rank_raises_value_error_with_the_received_shape():
    with pytest.raises(ValueError) as e:
        d.assert_rank(ag.constant([1, 2]), 2, message="m")
    assert _message(e) == "m.  Tensor  must have rank 2.  Received rank 1, shape (2,)"


def test_assert_rank_takes_a_rank_tensor():
    assert d.assert_rank(ag.constant([1, 2]), ag.constant(1)) is None


def test_assert_rank_in_and_at_least_name_what_they_wanted():
    with pytest.raises(ValueError, match=r"must have rank in \(0, 2\)\.  Received rank 1"):
        d.assert_rank_in(ag.constant([1, 2]), [0, 2])
    with pytest.raises(ValueError, match=r"must have rank at least 2\.  Received rank 1"):
        d.assert_rank_at_least(ag.constant([1, 2]), 2)


def test_assert_type_raises_type_error_naming_both_dtypes():
    assert d.assert_type(ag.constant([1, 2]), ag.int32) is None
    with pytest.raises(TypeError) as e:
        d.assert_type(ag.constant([1, 2]), ag.float32, message="m")
    assert _message(e) == "m.  tensor must be of type ag.float32; got ag.int32"


def test_assert_integer_and_assert_scalar():
    with pytest.raises(TypeError, match='Expected "x" to be integer type.  Found: tensor of '
                                        "dtype ag.float32"):
        d.assert_integer(ag.constant([1., 2.]))
    with pytest.raises(ValueError, match=r"Expected scalar shape, saw shape: \(2,\)\."):
        d.assert_scalar(ag.constant([1., 2.]))


# Inside functions ---------------------------------------------------------------------------
@ag.function
def add_one_if_equal(x, y):
    d.assert_equal(x, y, message="msg")
    return x + 1


def test_assertion_in_a_function_runs_on_every_call_without_being_used():
    npt.assert_equal(add_one_if_equal(ag.constant([1, 2]), ag.constant([1, 2])).numpy(), [2, 3])
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        add_one_if_equal(ag.constant([1, 2]), ag.constant([1, 3]))
    # TensorFlow: "assertion failed: [msg] [Condition x == y did not hold element-wise:]
    # [x (x:0) = ] [1 2] [y (y:0) = ] [1 3]", after the node and the user's line
    assert _message(e).endswith("assertion failed: [msg] [Condition x == y did not hold "
                                "element-wise:] [x (x:0) = ] [1 2] [y (y:0) = ] [1 3]")
    assert "test_assertions.py:" in _message(e)


@ag.function
def positive(x):
    d.assert_positive(x, message="pos")
    return x


def test_sign_check_in_a_function_prefixes_the_message():
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        positive(ag.constant([1, 0]))
    assert _message(e).endswith("assertion failed: [pos.  ] [Condition x > 0 did not hold "
                                "element-wise:] [x (x:0) = ] [1 0]")


@ag.function
def less_than_three(x):
    op = d.assert_less(x, 3)
    assert op.type == "Assert" and op.name == "assert_less/Assert"
    return x


def test_assertion_in_a_function_returns_the_assert_op():
    with pytest.raises(ag.errors.InvalidArgumentError, match=r"\[x \(x:0\) = \] \[1 4\] "
                                                             r"\[y \(assert_less/y:0\) = \] \[3\]"):
        less_than_three(ag.constant([1, 4]))


@ag.function
def equal_constants(x):
    d.assert_equal(ag.constant(1), 2)
    return x


def test_assertion_of_known_values_fails_while_tracing():
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        equal_constants(ag.constant(1))
    # TensorFlow: "Condition x == y did not hold element-wise:\nx (Const:0) = \n1\n
    # y (assert_equal_1/y:0) = \n2" (its op names count differently)
    assert "Condition x == y did not hold element-wise:\nx (Const:0) = \n1\ny (" in _message(e)
    assert _message(e).endswith("y:0) = \n2")


@ag.function
def rank_two(x):
    d.assert_rank(x, 2)
    return x


@ag.function(input_signature=[ag.TensorSpec(None, ag.int32)])
def rank_two_of_any_shape(x):
    d.assert_rank(x, 2)
    return x


def test_known_rank_in_a_function_fails_while_tracing():
    with pytest.raises(ValueError, match=r"Tensor x:0 must have rank 2\.  Received rank 1, "
                                         r"shape \(1,\)"):
        rank_two(ag.constant([1]))


def test_unknown_rank_in_a_function_is_checked_when_it_runs():
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        rank_two_of_any_shape(ag.constant([1]))
    assert _message(e).endswith("assertion failed: [] [Tensor x:0 must have rank] [2] "
                                "[Received shape: ] [1]")
    npt.assert_equal(rank_two_of_any_shape(ag.constant([[1]])).numpy(), [[1]])


@ag.function
def float_only(x):
    d.assert_type(x, ag.float32)
    return x


def test_assert_type_in_a_function_names_the_tensor():
    with pytest.raises(TypeError, match="x:0 must be of type ag.float32; got ag.int32"):
        float_only(ag.constant(1))


def test_assertion_in_a_v1_graph_runs_as_a_control_dependency():
    graph = ag.Graph()
    with graph.as_default():
        x = ag.compat.v1.placeholder(ag.int32, [2])
        check = d.assert_equal(x, [1, 2])
        with ag.control_dependencies([check]):
            y = ag.identity(x)
    with ag.compat.v1.Session(graph=graph) as session:
        npt.assert_equal(session.run(y, {x: [1, 2]}), [1, 2])
        with pytest.raises(ag.errors.InvalidArgumentError, match="Condition x == y"):
            session.run(y, {x: [1, 3]})
