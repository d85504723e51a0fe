"""The conversion API: finding source, loading, caching, and errors at the user's lines."""

import functools
import gc
import inspect
import textwrap
import timeit

import numpy as np
import pytest

import autograph as ag
from autograph.impl import api, transpiler
from autograph.pyct.errors import ConversionError
from tests.autograph import exec_registered, pinned_unparse
from tests.autograph.converters.helpers import line_of

GLOBAL_OFFSET = 10


def add_offset(x):
    return x + GLOBAL_OFFSET


def with_conditional(x, y):
    return x if x > y else y


def calls_helper(x):
    return add_offset(x) * 2


def library_calls(x):
    return np.sqrt(abs(x)) + len([x])


def decorated_with_wraps(fn):
    @functools.wraps(fn)
    def wrapper(*args):
        return fn(*args)
    return wrapper


@decorated_with_wraps
def wrapped(x):
    return x if x > 0 else -x


class Counter:
    def __init__(self, step):
        self.step = step

    def advance(self, x):
        return x + self.step if x > 0 else x


def two_lambdas():
    return [lambda q: q + 1, lambda q: q - 1]


def failing(x):
    y = x + 1
    return y + "not a number"


@pinned_unparse
def test_to_code_is_readable_python():
    assert api.to_code(with_conditional) == textwrap.dedent("""\
        def with_conditional(x, y):
            return ag__.if_exp(x > y, lambda: x, lambda: y, 'x if x > y else y')
        """)


def test_converted_function_gives_the_same_python_results():
    assert api.to_graph(with_conditional)(3, 2) == 3
    assert api.to_graph(with_conditional)(1, 2) == 2


def test_user_calls_go_through_converted_call():
    assert "ag__.converted_call(add_offset, x)" in api.to_code(calls_helper)
    assert api.to_graph(calls_helper)(1) == 22


def test_library_and_builtin_calls_stay_direct_or_use_overloads():
    code = api.to_code(library_calls)
    assert "np.sqrt(ag__.abs(x)) + ag__.len([x])" in code


def test_globals_are_read_live():
    global GLOBAL_OFFSET
    converted = api.to_graph(add_offset)
    GLOBAL_OFFSET = 100
    try:
        assert converted(1) == 101
    finally:
        GLOBAL_OFFSET = 10


def test_closures_are_shared_with_the_original():
    scale = 2

    def scaled(x):
        return x * scale if x else x
    converted = api.to_graph(scaled)
    assert converted(3) == 6
    scale = 5
    assert converted(3) == 15


def test_decorator_chains_are_followed():
    assert api.to_graph(wrapped)(-3) == 3


def test_methods_convert_and_stay_bound():
    counter = Counter(10)
    assert api.to_graph(counter.advance)(1) == 11
    assert "def advance(self, x):" in api.to_code(counter.advance)


def test_lambdas_on_one_line_are_told_apart():
    first, second = two_lambdas()
    assert "return q + 1" in api.to_code(first)
    assert "return q - 1" in api.to_code(second)


def test_exec_code_in_linecache_converts():
    namespace = exec_registered("def from_exec(x):\n    return -x if x < 0 else x\n",
                                "<exec-test>")
    assert api.to_graph(namespace["from_exec"])(-4) == 4


def test_missing_source_is_a_conversion_error_saying_what_to_do():
    namespace = {}
    exec("def nosource(x):\n    return x\n", namespace)
    with pytest.raises(ConversionError,
                       match="'nosource': its source code is not available.*do_not_convert"):
        api.to_code(namespace["nosource"])


def test_conversion_is_cached_per_function_and_per_code():
    first = transpiler.convert(with_conditional)
    again = transpiler.convert(with_conditional)  # while the converted function lives
    assert again[0] is first[0] and again[1] is first[1]
    def make(n):
        def inner(x):
            return x + n if x else n
        return inner
    a, b = make(1), make(2)
    assert transpiler.convert(a)[1] is transpiler.convert(b)[1]  # code converted once
    assert api.to_graph(a)(1) == 2 and api.to_graph(b)(1) == 3


def test_cached_conversion_is_fast():
    api.to_graph(with_conditional)
    seconds = min(timeit.repeat(lambda: api.to_graph(with_conditional), number=200, repeat=3))
    assert seconds / 200 < 200e-6  # the benchmark reports the real figure; this catches misses


def test_errors_name_the_users_file_line_and_source():
    with pytest.raises(TypeError) as info:
        api.to_graph(failing)(1)
    message = str(info.value)
    assert "in user code:" in message
    line = inspect.getsourcelines(failing)[1] + 2  # the `return` line
    assert f'test_api.py", line {line}, in failing' in message
    assert 'return y + "not a number"' in message
    assert "unsupported operand type(s)" in message


def makes_a_failing_lambda(x):
    return lambda: x + "not a number"


def test_a_function_of_converted_code_is_not_converted_again():
    # A lambda or def inside converted code was converted with its parent: converting it
    # again (as `strategy.run` or `Dataset.map` inside a function do) would name the
    # generated code in errors instead of the user's line.
    inner = api.to_graph(makes_a_failing_lambda)(1)
    assert inspect.unwrap(api.to_graph(inner)).__code__ is inner.__code__
    with pytest.raises(TypeError) as info:
        api.to_graph(inner)()
    line = inspect.getsourcelines(makes_a_failing_lambda)[1] + 1
    assert f'test_api.py", line {line}, in <lambda>' in str(info.value)


def calls_it(fn):
    return fn()


def passes_a_failing_lambda(x):
    return calls_it(lambda: x + "not a number")


def test_a_frame_on_a_line_holding_a_lambda_names_its_own_function():
    with pytest.raises(TypeError) as info:
        api.to_graph(passes_a_failing_lambda)(1)
    line = inspect.getsourcelines(passes_a_failing_lambda)[1] + 1
    frames = [block.split("\n")[0] for block in str(info.value).split("\n\n")
              if block.lstrip().startswith("File")]
    assert frames == [f'    File "{__file__}", line {line}, in passes_a_failing_lambda',
                      f'    File "{__file__}", line {line - 4}, in calls_it',
                      f'    File "{__file__}", line {line}, in <lambda>']


def test_do_not_convert_calls_run_as_they_are():
    @api.do_not_convert
    def plain(x):
        return x
    assert api.conversion_hook(plain) is None
    assert api.conversion_hook(np.sqrt) is None
    assert api.conversion_hook(add_offset) is not None


def test_convert_decorator_converts_on_first_call():
    @api.convert()
    def decorated(x):
        return x if x > 0 else -x
    assert decorated(-2) == 2


def test_non_functions_are_refused():
    with pytest.raises(TypeError, match="Expected a function"):
        api.to_code(3)
    with pytest.raises(ConversionError, match="only Python functions"):
        api.to_code(len)


def doubled_or_decremented(x):
    if x > 0:
        y = x * 2.0
    else:
        y = x - 1.0
    return y


def test_ops_made_in_converted_code_name_the_users_line():
    graph = ag.Graph()
    with graph.as_default():
        api.to_graph(doubled_or_decremented)(ag.placeholder(ag.float32, []))
    branch = graph.get_operations()[-1].attrs["then_branch"]
    multiply = next(op for op in branch.get_operations() if op.type == "Mul")
    assert multiply.source == f"{__file__}:{line_of(doubled_or_decremented, 'x * 2.0')}"


def freshly_defined(x):
    return x + 1


@pytest.mark.parametrize("enabled", [True, False])
def test_conversion_leaves_the_garbage_collector_as_it_found_it(enabled):
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        transpiler._cache.clear()
        transpiler._functions.pop(freshly_defined, None)
        assert api.to_graph(freshly_defined)(1) == 2
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()
