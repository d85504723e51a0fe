"""The call_trees converter: calls of user code go through `ag__.converted_call`; builtins
with tensor-aware versions become `ag__` operators; library calls stay as written."""

import os

import gast
import numpy as np

import autograph as ag
from autograph.impl import api


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


def a_local_function_named_like_a_builtin(x):
    def abs(v):  # noqa: A001 (shadows the builtin: the point of the test)
        return v + 1
    return abs(x)


def test_a_local_function_named_like_an_overloaded_builtin_is_called():
    assert api.to_graph(a_local_function_named_like_a_builtin)(-3) == -2


class _Summer:
    def sum(self, x):
        if x > 100:
            raise ValueError("too big")
        return x * 3


def a_local_named_like_a_library_module(x):
    np = _Summer()
    try:
        y = np.sum(x)
    except ValueError:
        y = 0
    return y


def test_a_local_named_like_a_library_module_is_user_code():
    # Its methods may trace control flow: the `try` body runs under ag__.handling.
    code = api.to_code(a_local_named_like_a_library_module)
    assert "with ag__.handling(ValueError):" in code
    assert api.to_graph(a_local_named_like_a_library_module)(2) == 6


def a_library_call_in_try(x):
    try:
        y = np.sum(x)
    except ValueError:
        y = 0
    return y


def test_a_try_around_a_library_call_needs_no_handling():
    assert "ag__.handling" not in api.to_code(a_library_call_in_try)


class _Holder:
    pass


_HOLDER = _Holder()
_HOLDER.function = np.sum


def calls_a_function_held_by_a_value(x):
    return _HOLDER.function(x)


def test_a_function_held_by_an_attribute_of_a_value_is_called_through_converted_call():
    # The attribute may be rebound to user code later: it is not resolved at conversion.
    assert ("return ag__.converted_call(_HOLDER.function, x)"
            in api.to_code(calls_a_function_held_by_a_value))


def _kernel_like():
    return 1


_kernel_like.__module__ = "autograph.kernels.fake"


def _cupy_like():
    return 2


_cupy_like.__module__ = "cupy.fake"


def calls_libraries(x):
    return np.sum(x), gast.dump(gast.Constant(value=1, kind=None)), _kernel_like(), _cupy_like()


def test_calls_of_the_never_converted_libraries_stay_plain():
    assert ("return (np.sum(x), gast.dump(gast.Constant(value=1, kind=None)), _kernel_like(), "
            "_cupy_like())\n") in api.to_code(calls_libraries)


def imports_a_dotted_module(x):
    import os.path
    return os.path.join(x, "b")


def test_a_dotted_import_in_the_function_binds_its_first_name():
    # `import os.path` binds `os` locally: its calls are not resolved from the module's names.
    assert ("return ag__.converted_call(os.path.join, x, 'b')"
            in api.to_code(imports_a_dotted_module))
    assert api.to_graph(imports_a_dotted_module)("a") == os.path.join("a", "b")
