"""A function graph growing past `UNROLL_WARNING_OPS` ops warns once, naming the user's line
and suggesting `ag.range` or a tensor loop bound (a Python loop being unrolled while tracing)."""

import sys
import warnings

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.graph import graph as graph_module
from autograph.runtime.graph import source_lines
from autograph.runtime.graph.func_graph import FuncGraph, func_graph_from_py_func
from autograph.runtime.graph.graph import UnrolledLoopWarning


def _unrolled(n):
    def f(x):
        for _ in range(n):
            x = x + 1  # two ops per iteration: a constant and an add
        return x
    return f, f.__code__.co_firstlineno + 2


def _trace(f, name="f"):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        graph = func_graph_from_py_func(name, f, [ag.constant(1)])
    return graph, [w for w in caught if issubclass(w.category, UnrolledLoopWarning)]


def test_unrolled_python_loop_warns_with_op_count_and_line():
    f, line = _unrolled(graph_module.UNROLL_WARNING_OPS // 2 + 10)
    _, caught = _trace(f)
    assert len(caught) == 1
    message = str(caught[0].message)
    assert f"has {graph_module.UNROLL_WARNING_OPS} ops" in message
    assert f"{__file__}:{line}" in message and "`x = x + 1" in message


def test_warning_suggests_ag_range_or_a_tensor_bound():
    f, _ = _unrolled(graph_module.UNROLL_WARNING_OPS // 2 + 10)
    _, caught = _trace(f)
    assert "ag.range(n)" in str(caught[0].message)
    assert "tensor bound" in str(caught[0].message)


def test_warning_points_at_the_users_line():
    f, line = _unrolled(graph_module.UNROLL_WARNING_OPS // 2 + 10)
    _, caught = _trace(f)
    assert (caught[0].filename, caught[0].lineno) == (__file__, line)


def test_warns_once_per_graph_however_large_it_grows():
    f, _ = _unrolled(graph_module.UNROLL_WARNING_OPS * 2)
    graph, caught = _trace(f)
    assert len(graph.get_operations()) > 3 * graph_module.UNROLL_WARNING_OPS
    assert len(caught) == 1


def test_each_new_trace_warns_again():
    f, _ = _unrolled(graph_module.UNROLL_WARNING_OPS // 2 + 10)
    assert len(_trace(f)[1]) == 1 and len(_trace(f)[1]) == 1


def test_small_function_does_not_warn():
    f, _ = _unrolled(graph_module.UNROLL_WARNING_OPS // 2 - 10)
    assert _trace(f)[1] == []


def test_threshold_is_the_module_constant(monkeypatch):
    monkeypatch.setattr(graph_module, "UNROLL_WARNING_OPS", 20)
    f, _ = _unrolled(15)
    _, caught = _trace(f)
    assert len(caught) == 1 and "has 20 ops" in str(caught[0].message)


def test_tf1_graph_never_warns():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with ag.Graph().as_default():
            x = ag.constant(1)
            for _ in range(graph_module.UNROLL_WARNING_OPS):
                x = x + 1
    assert not [w for w in caught if issubclass(w.category, UnrolledLoopWarning)]


def test_warning_names_the_function_being_traced(monkeypatch):
    monkeypatch.setattr(graph_module, "UNROLL_WARNING_OPS", 20)
    f, _ = _unrolled(15)
    _, caught = _trace(f, name="train_step")
    assert "Function 'train_step' has 20 ops" in str(caught[0].message)


def test_warning_can_be_made_an_error():
    f, _ = _unrolled(graph_module.UNROLL_WARNING_OPS // 2 + 10)
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnrolledLoopWarning)
        with pytest.raises(UnrolledLoopWarning):
            func_graph_from_py_func("f", f, [ag.constant(1)])


def test_source_resolver_maps_generated_lines_to_the_users_line():
    generated = "<autograph: f from model.py#0>"
    code = compile("\n\nop = graph.create_op('NoOp', [], {}, [])", generated, "exec")
    previous = source_lines.set_generated_source_resolver(
        lambda filename, line: ("model.py", line + 10) if filename == generated else None)
    try:
        graph = FuncGraph("f")
        namespace = {"graph": graph}
        exec(code, namespace)
    finally:
        source_lines.set_generated_source_resolver(previous)
    assert namespace["op"].source == "model.py:13"


def _straight_line(statements):
    """A function of `statements` lines `x = x + 1`, compiled from generated source."""
    source = "def f(x):\n" + "    x = x + 1\n" * statements + "    return x\n"
    namespace = {}
    exec(compile(source, "<straight-line>", "exec"), namespace)
    return namespace["f"]


def test_long_straight_line_function_does_not_warn():
    graph, caught = _trace(_straight_line(graph_module.UNROLL_WARNING_OPS))
    assert len(graph.get_operations()) > 2 * graph_module.UNROLL_WARNING_OPS
    assert caught == []


def test_long_converted_straight_line_function_does_not_warn():
    f = ag.function(_straight_line(graph_module.UNROLL_WARNING_OPS))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert f(ag.constant(0)).numpy() == graph_module.UNROLL_WARNING_OPS
    assert not [w for w in caught if issubclass(w.category, UnrolledLoopWarning)]


def test_loop_after_long_straight_line_code_warns_at_the_loop(monkeypatch):
    monkeypatch.setattr(graph_module, "UNROLL_WARNING_OPS", 100)
    straight = _straight_line(100)
    looped, line = _unrolled(10)

    def f(x):
        return looped(straight(x))
    _, caught = _trace(f)
    assert len(caught) == 1
    assert (caught[0].filename, caught[0].lineno) == (__file__, line)


def test_warning_says_how_many_ops_the_repeated_line_made(monkeypatch):
    monkeypatch.setattr(graph_module, "UNROLL_WARNING_OPS", 20)
    f, line = _unrolled(15)
    _, caught = _trace(f)
    assert f"has 20 ops, 19 of them made by {__file__}:{line}" in str(caught[0].message)


def _fit_warnings(model):
    """The `UnrolledLoopWarning`s of fitting `model` for one epoch of one batch."""
    model.compile(optimizer="adam", loss="mse")
    x = np.arange(12, dtype=np.float32).reshape(4, 3)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model.fit(x, x, batch_size=4, epochs=1, verbose=0)
    return [w for w in caught if issubclass(w.category, UnrolledLoopWarning)]


def test_fits_train_step_made_by_library_code_does_not_warn(monkeypatch):
    # Every op of the train step comes from library code and is named after the `fit` line,
    # which runs once: that is not a loop being unrolled.
    monkeypatch.setattr(graph_module, "UNROLL_WARNING_OPS", 50)
    model = ag.keras.Sequential([ag.keras.Input((3,)), ag.keras.layers.Dense(3),
                                 ag.keras.layers.Dense(3)])
    assert _fit_warnings(model) == []


def test_function_of_library_code_names_the_line_that_called_it(monkeypatch):
    monkeypatch.setattr(graph_module, "UNROLL_WARNING_OPS", 20)
    model = ag.keras.Sequential([ag.keras.Input((3,)),
                                 *[ag.keras.layers.Dense(3) for _ in range(8)]])
    function = ag.function(model)
    line = sys._getframe().f_lineno + 3  # the get_concrete_function line
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        concrete = function.get_concrete_function(ag.ones((2, 3)))
    assert len(concrete.graph.get_operations()) > 20
    assert concrete.graph.caller_source == f"{__file__}:{line}"
    assert not [w for w in caught if issubclass(w.category, UnrolledLoopWarning)]


class _Unrolled(ag.keras.layers.Layer):
    """A layer whose call unrolls a Python loop: a user's line inside `fit`'s train step."""

    def call(self, inputs):
        for _ in range(30):
            inputs = inputs * 1.0
        return inputs


def test_users_unrolled_loop_inside_fit_still_warns_at_its_line(monkeypatch):
    monkeypatch.setattr(graph_module, "UNROLL_WARNING_OPS", 50)
    caught = _fit_warnings(ag.keras.Sequential([ag.keras.Input((3,)), _Unrolled()]))
    line = _Unrolled.call.__code__.co_firstlineno + 2
    assert [(w.filename, w.lineno) for w in caught] == [(__file__, line)]
