"""The control-flow converter: state, Undefined bindings, nested functions."""

from autograph import api


def nested_function_with_its_own_loop(n):
    def inner(m):
        total = 1
        for i in range(m):
            total = total + i
        return total
    return inner(n) + 1


def branch_defines_before_loop(c, xs):
    if c:
        acc = 10
    else:
        acc = 0
    for x in xs:
        acc = acc + x
    return acc


def loop_only_variable(xs):
    total = 0
    for x in xs:
        step = x * 2
        total = total + step
    return total


def test_nested_function_keeps_its_own_state():
    code = api.to_code(nested_function_with_its_own_loop)
    assert "total = ag__.Undefined" not in code
    assert api.to_graph(nested_function_with_its_own_loop)(4) == 8


def test_variable_defined_before_the_loop_keeps_its_value():
    # bound once, before the `if` that first defines it; not again before the loop
    assert api.to_code(branch_defines_before_loop).count("acc = ag__.Undefined") == 1
    assert api.to_graph(branch_defines_before_loop)(True, [1, 2]) == 13


def test_loop_local_variable_is_not_state():
    code = api.to_code(loop_only_variable)
    assert "def loop_body(x, total):" in code
    assert api.to_graph(loop_only_variable)([1, 2]) == 6
