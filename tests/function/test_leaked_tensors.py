"""Symbolic tensors used where they have no value: leaked from a returned function (seed 004,
"All outputs of a tf.function must be return values"), or used as Python values while tracing.

A `Function` marks its trace's graph with `returned_from` when the trace ends; these tests make
that graph with `func_graph_from_py_func` and mark it themselves.
"""

import types

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.graph.func_graph import FuncGraph, func_graph_from_py_func
from autograph.runtime.graph.operation import SymbolicValueError

THIS_FILE = __file__


def _trace_leaky_function():
    """Traces a function that leaks `a + 1` through a list, as seed 004's leaky_function;
    returns (its graph, the leaked tensor, the source line where it was made)."""
    leaked = []

    def leaky_function(a):
        leaked.append(a + 1)  # Bad - leaks local tensor
        return a + 2
    graph = func_graph_from_py_func("leaky_function", leaky_function, [ag.constant(1)])
    graph.returned_from = "leaky_function"
    line = leaky_function.__code__.co_firstlineno + 1
    return graph, leaked[0], f"{THIS_FILE}:{line}"


def test_graph_has_no_returned_function_until_marked():
    assert ag.Graph().returned_from is None and FuncGraph("f").returned_from is None


def test_numpy_of_leaked_tensor_raises_attribute_error_naming_tensor_function_and_line():
    _, x, made_at = _trace_leaky_function()
    with pytest.raises(AttributeError) as caught:
        x.numpy()
    message = str(caught.value)
    assert x.name in message and "'leaky_function'" in message and made_at in message
    assert "has returned" in message and "Return it from 'leaky_function'" in message


def test_numpy_error_is_also_not_implemented_error():
    _, x, _ = _trace_leaky_function()
    with pytest.raises(NotImplementedError):
        x.numpy()
    assert issubclass(SymbolicValueError, AttributeError)


def test_leaked_tensor_in_eager_op_raises_type_error():
    _, x, made_at = _trace_leaky_function()
    with pytest.raises(TypeError, match="run eagerly cannot take symbolic tensor add:0") as caught:
        ag.add(x, 1)
    assert made_at in str(caught.value) and "'leaky_function'" in str(caught.value)


def test_leaked_tensor_in_python_operator_raises_type_error():
    _, x, _ = _trace_leaky_function()
    with pytest.raises(TypeError, match="out of scope"):
        x * 2


def test_leaked_tensor_captured_by_another_function_raises_type_error():
    _, x, made_at = _trace_leaky_function()

    def captures_leaked_tensor(b):
        return b + x  # Bad - `x` is leaked from `leaky_function`
    with pytest.raises(TypeError, match="Input 'y' of AddV2 cannot be add:0") as caught:
        func_graph_from_py_func("captures_leaked_tensor", captures_leaked_tensor,
                                [ag.constant(2)])
    assert made_at in str(caught.value) and "Return it from 'leaky_function'" in str(caught.value)


def test_leaked_tensor_in_a_tf1_graph_raises_type_error():
    _, x, _ = _trace_leaky_function()
    with ag.Graph().as_default(), pytest.raises(TypeError, match="leaky_function"):
        ag.identity(x)


def test_leaked_tensor_fetched_by_session_raises_value_error():
    _, x, made_at = _trace_leaky_function()
    with ag.Session(graph=ag.Graph()) as sess, pytest.raises(ValueError) as caught:
        sess.run(x)
    assert "not an element of this graph" in str(caught.value)
    assert made_at in str(caught.value) and "'leaky_function'" in str(caught.value)


def test_leaked_tensor_used_as_python_bool_names_the_function():
    _, x, _ = _trace_leaky_function()
    with pytest.raises(TypeError, match="as a Python bool is not allowed: it was made at"):
        bool(x)


def test_returned_tensor_of_the_function_still_works():
    graph, _, _ = _trace_leaky_function()
    with ag.Session(graph=graph) as sess:
        result = sess.run(graph.outputs[0], feed_dict={graph.inputs[0].name: 1})
    np.testing.assert_equal(result, 3)


def test_tensor_of_a_tf1_graph_is_not_reported_as_leaked():
    with ag.Graph().as_default():
        x = ag.placeholder(ag.float32, name="x")
    with pytest.raises(TypeError, match="is symbolic: it belongs to a graph") as caught:
        ag.add(x, 1.0)
    assert "has returned" not in str(caught.value)


def test_numpy_while_tracing_says_which_function_and_suggests_print():
    def f(a):
        (a * 2).numpy()
    with pytest.raises(AttributeError) as caught:
        func_graph_from_py_func("f", f, [ag.constant(1.0)])
    message = str(caught.value)
    assert "while tracing function 'f'" in message and "ag.print" in message
    assert "return it" in message


def test_numpy_in_a_cond_branch_names_the_function_being_traced():
    def f(a):
        return ag.cond(a > 0, lambda: (a + 1).numpy(), lambda: a)
    with pytest.raises(AttributeError, match="while tracing function 'f'"):
        func_graph_from_py_func("f", f, [ag.constant(1.0)])


def test_bool_while_tracing_suggests_cond():
    def f(a):
        if a > 0:
            return a
        return -a
    with pytest.raises(TypeError, match="while tracing function 'f'.*ag.cond"):
        func_graph_from_py_func("f", f, [ag.constant(1.0)])


def test_int_and_float_of_symbolic_tensor_suggest_cast():
    with ag.Graph().as_default():
        x = ag.placeholder(ag.float32, name="x")
    with pytest.raises(TypeError, match=r"int\(\) of symbolic tensor x:0.*ag.cast"):
        int(x)
    with pytest.raises(TypeError, match=r"float\(\) of symbolic tensor x:0.*ag.cast"):
        float(x)


def test_iterating_unknown_length_while_tracing_names_the_function():
    def f(a):
        return [v for v in a]
    spec = types.SimpleNamespace(dtype=ag.float32, shape=ag.TensorShape([None]))
    with pytest.raises(TypeError, match="Cannot iterate.*while tracing function 'f'"):
        func_graph_from_py_func("f", f, [spec])
