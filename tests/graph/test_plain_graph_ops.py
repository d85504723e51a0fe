"""Ops of one type attr and no other attrs (Mul, AddV2, ...) added to a graph by the plain
path (`SimpleOp._build_plain`): the same ops, attrs, shapes and errors as the general path."""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.eager.simple_op import SimpleOp


def _graph_of(fn, *specs):
    return ag.function(fn).get_concrete_function(*specs).graph


def _described(graph):
    return [(op.type, sorted((k, str(v)) for k, v in op.attrs.items() if k != "value"),
             [t.shape.as_list() if t.shape.rank is not None else None for t in op.outputs],
             [t.op.type for t in op.inputs]) for op in graph.get_operations()]


def _built_plainly(monkeypatch, fn, *specs):
    """The graph of `fn`, and whether each simple op took the plain path."""
    built = []
    original = SimpleOp._build_plain

    def counted(self, graph, inputs, name):
        op = original(self, graph, inputs, name)
        built.append(op is not None)
        return op

    monkeypatch.setattr(SimpleOp, "_build_plain", counted)
    return _described(_graph_of(fn, *specs)), built



def test_the_plain_path_adds_what_the_general_path_adds(monkeypatch):
    def scaled(x, c):
        return x * 1.5 + c

    specs = (ag.TensorSpec([None, 3], ag.float32), ag.TensorSpec([3], ag.float32))
    plain, built = _built_plainly(monkeypatch, scaled, *specs)
    assert built == [True, True, True]  # the Mul, the AddV2 and the output's Identity
    monkeypatch.setattr("autograph.runtime.eager.simple_op.SimpleOp._build_plain",
                        lambda self, graph, inputs, name: None)
    general = _described(_graph_of(scaled, *specs))
    assert plain == general


def test_shapes_follow_the_inputs_shapes_each_time():
    def add(x, y):
        return x + y

    assert _graph_of(add, ag.TensorSpec([None, 3]), ag.TensorSpec([3])).outputs[0].shape \
        .as_list() == [None, 3]
    assert _graph_of(add, ag.TensorSpec([2, 3]), ag.TensorSpec([3])).outputs[0].shape \
        .as_list() == [2, 3]
    assert _graph_of(add, ag.TensorSpec([2, 1]), ag.TensorSpec([4])).outputs[0].shape \
        .as_list() == [2, 4]


def test_a_python_float_with_an_integer_tensor_is_the_general_error():
    @ag.function
    def scaled(x):
        return x * 1.5

    with pytest.raises(TypeError, match="Mul"):
        scaled(ag.constant([1, 2]))


def test_tensors_of_two_dtypes_are_the_general_error():
    @ag.function
    def add(x, y):
        return x + y

    with pytest.raises((TypeError, ag.errors.InvalidArgumentError), match="AddV2|add"):
        add(ag.constant([1.0]), ag.constant([1]))


def _trace_error(fn, *specs):
    with pytest.raises(Exception) as caught:
        ag.function(fn).get_concrete_function(*specs)
    return type(caught.value), str(caught.value).splitlines()[-1]


def test_incompatible_shapes_are_the_general_error(monkeypatch):
    def add(x, y):
        return x + y

    specs = (ag.TensorSpec([2]), ag.TensorSpec([3]))
    plain = _trace_error(add, *specs)
    monkeypatch.setattr("autograph.runtime.eager.simple_op.SimpleOp._build_plain",
                        lambda self, graph, inputs, name: None)
    assert plain == _trace_error(add, *specs)
    assert "Incompatible shapes" in plain[1]


def test_a_captured_eager_tensor_takes_the_general_path_and_runs():
    c = ag.constant([1.0, 2.0])

    @ag.function
    def add(x):
        return x + c

    np.testing.assert_array_equal(add(ag.constant([1.0, 1.0])).numpy(), [2.0, 3.0])


def test_numpy_scalars_of_the_tensors_dtype_take_the_plain_path(monkeypatch):
    def scaled(x):
        return x * np.float32(1.5) + np.float32(2)

    plain, built = _built_plainly(monkeypatch, scaled, ag.TensorSpec([3], ag.float32))
    assert built == [True, True, True]
    monkeypatch.setattr(SimpleOp, "_build_plain", lambda self, graph, inputs, name: None)
    assert plain == _described(_graph_of(scaled, ag.TensorSpec([3], ag.float32)))


def test_numpy_scalars_of_another_dtype_take_the_general_path(monkeypatch):
    def scaled(x):
        return x * np.float64(1.5)

    _, built = _built_plainly(monkeypatch, scaled, ag.TensorSpec([3], ag.float32))
    assert built[0] is False  # the Mul: the general path converts (or refuses) the float64
