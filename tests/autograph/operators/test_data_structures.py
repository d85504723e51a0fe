"""`list_append`, `list_pop`, `new_list` on Python lists and TensorArrays."""

import numpy as np
import pytest

import autograph as ag
import autograph.operators as ag__
from tests.autograph.operators.operators_testing import graph_run


def test_list_append_appends_in_place_to_a_python_list():
    items = [1]
    assert ag__.list_append(items, 2) is items
    assert items == [1, 2]


def test_list_append_to_a_tensor_array_writes_at_its_end():
    array = ag.TensorArray(ag.float32, dynamic_size=True)
    grown = ag__.list_append(ag__.list_append(array, [1.0, 2.0]), [3.0, 4.0])
    np.testing.assert_array_equal(grown.stack().numpy(), [[1, 2], [3, 4]])
    assert int(array.size()) == 0


def test_list_pop_of_a_python_list():
    items = [1, 2, 3]
    assert ag__.list_pop(items) == ([1, 2], 3)
    assert ag__.list_pop(items, 0) == ([2], 1)


def test_list_pop_of_a_tensor_array_in_a_graph():
    def f(x):
        array = ag.TensorArray(ag.int32, dynamic_size=True).write(0, x).write(1, x * 2)
        array, last = ag__.list_pop(array)
        return last, array.stack()
    (last, rest), _ = graph_run(f, np.int32(5))
    assert last == 10
    np.testing.assert_array_equal(rest, [5])


def test_list_pop_of_a_tensor_array_at_an_index_is_an_error():
    array = ag.TensorArray(ag.int32, dynamic_size=True).write(0, 1)
    with pytest.raises(ValueError, match=r"^list_pop of a TensorArray can only pop its last "
                                         r"element \(i=None\)\.$"):
        ag__.list_pop(array, 0)


def test_new_list():
    assert ag__.new_list() == [] and ag__.new_list(range(2)) == [0, 1]
    rows = ag__.new_list(ag.convert_to_tensor([[1], [2]]))
    assert [r.numpy().tolist() for r in rows] == [[1], [2]]


def test_new_list_of_a_symbolic_tensor_is_a_tensor_array():
    def f(x):
        return ag__.list_append(ag__.new_list(x), x[0] * 10)
    np.testing.assert_array_equal(graph_run(f, np.array([1, 2]))[0], [1, 2, 10])
