"""`assert_stmt`: Python's `assert`, and an `Assert` op for tensors."""

import numpy as np
import pytest

import autograph as ag
import autograph.operators as ag__
from autograph.runtime.core.errors import InvalidArgumentError
from tests.autograph.operators.operators_testing import graph_run


def test_python_assert_passes_without_computing_the_message():
    assert ag__.assert_stmt(True, lambda: 1 / 0) is None


def test_python_assert_fails_with_the_message():
    with pytest.raises(AssertionError, match="^x must be positive$"):
        ag__.assert_stmt(-1 > 0, lambda: "x must be positive")
    with pytest.raises(AssertionError):
        ag__.assert_stmt(0, None)


def test_eager_tensor_assert_fails_at_once():
    ag__.assert_stmt(ag.convert_to_tensor(True), lambda: "fine")
    with pytest.raises(InvalidArgumentError, match="assertion failed: \\[x too big\\]"):
        ag__.assert_stmt(ag.convert_to_tensor(5) < 3, lambda: "x too big")


def test_graph_assert_fails_when_run():
    graph = ag.Graph()
    with graph.as_default():
        x = ag.placeholder(ag.float32, [])
        check = ag__.assert_stmt(x > 0, lambda: ("x must be positive, got", x))
    with ag.Session(graph=graph) as sess:
        sess.run(check, {x: 1.0})
        with pytest.raises(InvalidArgumentError, match=r"x must be positive, got\] \[-2"):
            sess.run(check, {x: -2.0})


def test_graph_assert_in_a_loop_body_checks_every_iteration():
    graph = ag.Graph()
    with graph.as_default():
        xs = ag.placeholder(ag.int32, [None])

        def body(x, s):
            ag__.assert_stmt(ag.not_equal(x, 0), lambda: "zero in the input")
            return s + 10 // x
        total = ag__.for_stmt(xs, body, (0,), ("s",))
    with ag.Session(graph=graph) as sess:
        assert sess.run(total, {xs: np.array([1, 2, 5])}) == 17
        with pytest.raises(InvalidArgumentError, match="zero in the input"):
            sess.run(total, {xs: np.array([1, 0, 5])})


def test_raise_if_raises_the_exception_itself_when_its_graph_runs_with_a_true_condition():
    from autograph.runtime.ops.control_flow.ops import raise_if
    graph = ag.Graph()
    with graph.as_default():
        x = ag.placeholder(ag.int32, [])
        op = raise_if(x > 2, KeyError("big"))
    session = ag.Session(graph=graph)
    assert session.run(op, {x: 1}) is None
    with pytest.raises(KeyError, match="big"):
        session.run(op, {x: 3})


def _raised_by_a_function(x, cause=None):
    @ag.function
    def f(x):
        if x > 0:
            if cause is None:
                raise ValueError("positive")
            raise ValueError("positive") from cause
        return x

    with pytest.raises(ValueError, match="^positive") as raised:
        f(ag.constant(x))
    return raised.value


def test_a_raise_under_a_tensor_condition_leaves_the_function_as_python_raises_it():
    error = _raised_by_a_function(1.0)
    assert error.__cause__ is None and not error.__suppress_context__  # as in Python


def test_a_raise_from_under_a_tensor_condition_keeps_its_cause():
    cause = KeyError("k")
    error = _raised_by_a_function(1.0, cause)
    assert error.__cause__ is cause and error.__suppress_context__  # as in Python


def test_raise_if_raises_at_once_eagerly():
    from autograph.runtime.ops.control_flow.ops import raise_if
    assert raise_if(ag.convert_to_tensor(False), KeyError("never")) is None
    with pytest.raises(KeyError, match="now"):
        raise_if(ag.convert_to_tensor(True), KeyError("now"))


def test_graph_assert_of_a_vector_says_the_assert_needs_a_scalar():
    with pytest.raises(ValueError, match="^assert: the condition must be a scalar"):
        graph_run(lambda x: ag__.assert_stmt(x > 0, lambda: "m"), np.array([1.0, 2.0],
                                                                           np.float32))
