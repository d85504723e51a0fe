"""The lists converter: `append` and `pop` on local lists become `ag__` list operators."""

import numpy as np

import autograph as ag
from autograph.impl import api
from tests.autograph import pinned_unparse
from tests.autograph.converters.helpers import run_in_graph

SHARED = []


def squares_in_python_loop(n):
    out = []
    for i in range(n):
        out.append(i * i)
    return out


def doubled_in_tensor_loop(xs):
    out = []
    for x in xs:
        out.append(x * 2.0)
    return out


def pops_last_and_first(items):
    rest = list(items)
    last = rest.pop()
    first = rest.pop(0)
    rest.pop()
    rest.pop(0)
    return first, last, rest


def pops_with_underscore_in_use(items, _):
    rest = list(items)
    rest.pop()
    return rest, _


def pops_in_loop(items):
    rest = list(items)
    total = 0
    while rest:
        total = total + rest.pop()
    return total


def pop_into_tuple(pairs):
    todo = list(pairs)
    a, b = todo.pop()
    return a + b, todo


class Holder:
    def __init__(self):
        self.items = []

    def add(self, x):
        self.items.append(x)
        return self.items


def appends_to_global(x):
    SHARED.append(x)
    return len(SHARED)


def appends_in_nested_function(xs):
    out = []

    def add(x):
        out.append(x)
    for x in xs:
        add(x)
    return out


def appends_starred(xs):
    out = []
    out.append(*xs[:1])
    return out


def test_append_becomes_an_assignment_of_list_append():
    code = api.to_code(squares_in_python_loop)
    assert "out = ag__.list_append(out, i * i)" in code
    assert "out = ag__.for_stmt(ag__.range(n), loop_body, (out,), ('out',))" in code


def test_append_in_a_python_loop_gives_the_same_list():
    assert api.to_graph(squares_in_python_loop)(4) == squares_in_python_loop(4) == [0, 1, 4, 9]


def test_append_in_a_loop_over_a_python_list_of_floats():
    xs = [1.0, 2.5]
    assert api.to_graph(doubled_in_tensor_loop)(xs) == doubled_in_tensor_loop(xs)


def test_append_in_a_graph_loop_gives_a_tensor_array_of_the_values():
    xs = np.array([1.0, -2.0, 3.0], np.float32)
    got = run_in_graph(doubled_in_tensor_loop, [(ag.float32, [None])], xs)
    np.testing.assert_array_equal(got, np.asarray(doubled_in_tensor_loop(xs)))


@pinned_unparse
def test_pop_forms_become_list_pop():
    code = api.to_code(pops_last_and_first)
    assert "rest, last = ag__.list_pop(rest)" in code
    assert "rest, first = ag__.list_pop(rest, 0)" in code
    assert "rest, _ = ag__.list_pop(rest)" in code
    assert "rest, _ = ag__.list_pop(rest, 0)" in code


def test_pops_give_the_same_values():
    items = [1, 2, 3, 4, 5]
    assert api.to_graph(pops_last_and_first)(items) == pops_last_and_first(items)
    assert items == [1, 2, 3, 4, 5]


@pinned_unparse
def test_discarded_pop_does_not_clobber_a_user_underscore():
    code = api.to_code(pops_with_underscore_in_use)
    assert "rest, popped = ag__.list_pop(rest)" in code
    assert api.to_graph(pops_with_underscore_in_use)([1, 2], "u") == ([1], "u")


def test_pop_in_an_expression_stays_a_method_call():
    code = api.to_code(pops_in_loop)
    assert "ag__.list_pop" not in code and "rest.pop" in code
    assert api.to_graph(pops_in_loop)([1, 2, 3]) == 6


@pinned_unparse
def test_pop_into_a_tuple_target():
    assert "todo, (a, b) = ag__.list_pop(todo)" in api.to_code(pop_into_tuple)
    assert api.to_graph(pop_into_tuple)([(1, 2), (3, 4)]) == (7, [(1, 2)])


def test_append_on_an_attribute_stays_a_method_call():
    assert "ag__.list_append" not in api.to_code(Holder.add)
    assert api.to_graph(Holder().add)(5) == [5]


def test_append_on_a_global_list_stays_a_method_call():
    assert "ag__.list_append" not in api.to_code(appends_to_global)
    before = len(SHARED)
    assert api.to_graph(appends_to_global)(1) == before + 1


def test_append_on_a_closure_list_in_a_nested_function_stays_a_method_call():
    code = api.to_code(appends_in_nested_function)
    assert "ag__.list_append" not in code
    assert api.to_graph(appends_in_nested_function)([1, 2]) == [1, 2]


def test_append_with_a_starred_argument_stays_a_method_call():
    assert "ag__.list_append" not in api.to_code(appends_starred)
    assert api.to_graph(appends_starred)([7, 8]) == [7]
