"""The call_trees converter: calls of user code go through `ag__.converted_call`; builtins
with tensor-aware versions become `ag__` operators; library calls stay as written."""

import numpy as np

import autograph as ag
from autograph import api


def _helper(x):
    return x + 1


def calls_a_parameter(x, g):
    return _helper(x) + g(x)


def test_without_recursion_a_call_of_an_unknown_callee_stays_plain():
    code = api.to_code(calls_a_parameter, recursive=False)
    assert "return ag__.converted_call(_helper, x) + g(x)\n" in code


def test_with_recursion_a_call_of_an_unknown_callee_is_converted():
    code = api.to_code(calls_a_parameter)
    assert "return ag__.converted_call(_helper, x) + ag__.converted_call(g, x)\n" in code


def shadows_a_builtin_by_import(x):
    from operator import neg as abs  # noqa: A004 (the shadowing is what is tested)
    return abs(x)


def test_a_name_imported_in_the_function_shadows_the_builtin():
    assert "return ag__.converted_call(abs, x)\n" in api.to_code(shadows_a_builtin_by_import)
    np.testing.assert_array_equal(ag.function(shadows_a_builtin_by_import)(ag.constant(3)), -3)


def calls_a_local_function_in_try(x):
    def doubled(v):
        return v * 2
    try:
        y = doubled(x)
    except ValueError:
        y = x
    return y


def test_a_try_calling_a_local_function_runs_its_body_as_handled():
    # The local function may trace graph control flow of its own: the body runs under
    # `ag__.handling`, as for any call of user code.
    code = api.to_code(calls_a_local_function_in_try)
    assert "        with ag__.handling(ValueError):\n" in code


def uses_every_overloaded_builtin(xs):
    total = 0
    for i, (a, b) in enumerate(zip(xs, range(len(xs)))):
        total = total + int(a) + float(b) + abs(a - b) + max(a, b) + min(a, b) + i
    print(total, end="")
    return next(iter(xs)) + total


def test_builtins_with_tensor_aware_versions_become_ag_operators():
    code = api.to_code(uses_every_overloaded_builtin)
    for name in ("enumerate", "zip", "range", "len", "int", "float", "abs", "max", "min",
                 "print", "next", "iter"):
        assert f"ag__.{name}(" in code, name
    assert api.to_graph(uses_every_overloaded_builtin)([1.0, 3.0]) == \
        uses_every_overloaded_builtin([1.0, 3.0])
