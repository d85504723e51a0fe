"""The slices converter: `ta[i]` reads of names that may hold a TensorArray."""

import numpy as np
import pytest

import autograph as ag
from autograph.impl import api
from tests.autograph.converters.helpers import run_in_graph


def sum_of_squares(xs):
    squares = ag.TensorArray(ag.float32, size=ag.size(xs))
    for i in ag.range(ag.size(xs)):
        squares = squares.write(i, xs[i] * xs[i])
    total = 0.0
    for i in ag.range(ag.size(xs)):
        total += squares[i]
    return total


def last_written(x):
    ta = ag.TensorArray(ag.int32, size=3)
    ta = ta.write(2, x)
    return ta[2] + ta[ta.size() - 1]


def plain_subscripts(xs, table):
    first = xs[0]
    xs[1] = first
    return table["a"] + xs[1:][0]


def array_in_a_nested_function(x):
    ta = ag.TensorArray(ag.float32, size=1).write(0, x)

    def first():
        return ta[0]
    return first() * 2.0


def a_slice_of_an_array_stays(ta):
    ta = ta.write(0, 1.0)
    return ta[0:1]


def test_reads_of_a_tensor_array_become_get_item():
    code = api.to_code(sum_of_squares)
    assert "total += ag__.get_item(squares, i)" in code
    assert "xs[i] * xs[i]" in code  # xs is never assigned a TensorArray


def test_subscripts_of_other_names_stay_as_they_are():
    code = api.to_code(plain_subscripts)
    assert "get_item" not in code
    xs = [1, 2, 3]
    assert api.to_graph(plain_subscripts)(xs, {"a": 10}) == 11 and xs == [1, 1, 3]


def test_a_slice_and_a_write_target_are_not_rewritten():
    code = api.to_code(a_slice_of_an_array_stays)
    assert "ta[0:1]" in code and "get_item" not in code


@pytest.mark.parametrize("xs", [[1.0, 2.0, 3.0], []])
def test_reading_a_tensor_array_in_a_graph_loop(xs):
    xs = np.array(xs, np.float32)
    got = run_in_graph(sum_of_squares, [(ag.float32, [None])], xs)
    np.testing.assert_allclose(got, np.sum(xs * xs))


def test_reading_a_tensor_array_on_eager_tensors():
    xs = ag.convert_to_tensor(np.array([1.0, 2.0], np.float32))
    assert float(api.to_graph(sum_of_squares)(xs)) == 5.0
    assert int(api.to_graph(last_written)(ag.convert_to_tensor(4))) == 8


def test_a_nested_function_reads_the_enclosing_array():
    assert "return ag__.get_item(ta, 0)" in api.to_code(array_in_a_nested_function)
    assert run_in_graph(array_in_a_nested_function, [(ag.float32, [])], 1.5) == 3.0


TensorArray = ag.TensorArray


def made_by_a_plain_name(xs):
    ta = TensorArray(ag.float32, size=2)
    ta = ta.unstack(xs)
    return ta[1]


def written_from_a_parameter(ta, x):
    ta = ta.write(0, x)
    return ta[0]


def write(values, x):
    return [x] + values


def a_function_named_write(values, x):
    out = write(values, x)
    return out[0]


def test_a_tensor_array_made_by_a_plain_name_is_read_with_get_item():
    assert "return ag__.get_item(ta, 1)" in api.to_code(made_by_a_plain_name)
    np.testing.assert_array_equal(ag.function(made_by_a_plain_name)(ag.constant([1.0, 2.0])),
                                  2.0)


def test_a_tensor_array_written_from_a_parameter_is_read_with_get_item():
    assert "return ag__.get_item(ta, 0)" in api.to_code(written_from_a_parameter)
    ta = ag.TensorArray(ag.float32, size=1)
    np.testing.assert_array_equal(ag.function(written_from_a_parameter)(ta, 3.0), 3.0)


def test_the_value_of_a_plain_function_named_write_is_not_a_tensor_array():
    assert "return out[0]" in api.to_code(a_function_named_write)
    assert api.to_graph(a_function_named_write)([1], 5) == 5
