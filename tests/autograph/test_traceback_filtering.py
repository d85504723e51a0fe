"""Traceback filtering: errors raised through `ag.function` calls, `ag.to_graph` functions, eager
ops and tensor operators leave with the user's frames, not the package's.

TensorFlow 2.21, for comparison: `tf.debugging.is_traceback_filtering_enabled()` is True by
default and per thread (after `disable_traceback_filtering()` a new thread still sees True);
`tf.add(tf.constant(1), tf.constant(1.0))` raises with 7 frames unfiltered and, filtered, the
frames `<module>`, `weak_tensor_ops.py:wrapper`, `traceback_utils.py:error_handler` and
`ops.py:raise_from_not_ok_status`. Here no frame of the package is left: the entry point
re-raises with a bare `raise`, which records no frame (on Python 3.10 its one frame stays, as
TensorFlow's `error_handler` does). TensorFlow also drops every chained exception (`raise ...
from None`); here one with frames of the user's stays, filtered.
"""

import pathlib
import threading
import traceback

import pytest

import autograph as ag
from autograph.pyct import loader
from autograph.runtime.core import traceback_utils

ROOT = pathlib.Path(ag.__file__).resolve().parents[1]
PACKAGES = tuple(str(ROOT / name) + "/" for name in ("autograph", "runtime", "kernels"))


@pytest.fixture(autouse=True)
def _filtering_back_on():
    yield
    ag.debugging.enable_traceback_filtering()


def raised(error_type, fn, *args, **kwargs):
    """The `error_type` exception `fn(*args, **kwargs)` raises (its class exactly)."""
    with pytest.raises(error_type) as info:
        fn(*args, **kwargs)
    assert type(info.value) is error_type
    return info.value


def frames(error):
    """(file name, function name) of each frame of `error`'s traceback, outermost first."""
    return [(f.f_code.co_filename, f.f_code.co_name)
            for f, _ in traceback.walk_tb(error.__traceback__)]


def package_frames(error):
    return [(pathlib.Path(file).relative_to(ROOT).as_posix(), name)
            for file, name in frames(error) if file.startswith(PACKAGES)]


def names(error):
    return [name for _, name in frames(error)]


def assert_no_package_frames(error, entry_point):
    """No frame of the package in `error`'s traceback (on Python 3.10, the entry point's)."""
    expected = [entry_point] if traceback_utils.BARE_RAISE_RESTORES_FRAMES else []
    assert package_frames(error) == expected


def user_names(error):
    """The names of the frames outside the package, outermost first."""
    return [name for file, name in frames(error) if not file.startswith(PACKAGES)]


@ag.function
def adds_a_string(x):
    y = x * 2
    return y + "a"


def converted_adds_a_string(x):
    if x > 0:
        x = x + "b"
    return x


def failing_helper(x):
    raise ValueError(f"helper got {x}")


@ag.function(autograph=False)
def calls_a_failing_helper(x):
    return failing_helper(x)


def test_filtering_is_on_by_default_and_switches():
    assert ag.debugging.is_traceback_filtering_enabled()
    ag.debugging.disable_traceback_filtering()
    assert not ag.debugging.is_traceback_filtering_enabled()
    ag.debugging.enable_traceback_filtering()
    assert ag.debugging.is_traceback_filtering_enabled()


def test_the_switch_holds_for_its_own_thread_only():
    ag.debugging.disable_traceback_filtering()
    seen = []
    thread = threading.Thread(
        target=lambda: seen.append(ag.debugging.is_traceback_filtering_enabled()))
    thread.start()
    thread.join()
    assert seen == [True] and not ag.debugging.is_traceback_filtering_enabled()


def test_a_function_error_shows_only_the_users_frames():
    error = raised(TypeError, adds_a_string, ag.constant(1))
    assert_no_package_frames(error, ("runtime/function/function.py", "__call__"))
    assert user_names(error) == ["raised"]


def test_a_function_error_still_names_the_users_line_and_drops_the_restated_cause():
    error = raised(TypeError, adds_a_string, ag.constant(1))
    assert str(error).startswith("in user code:")
    assert 'return y + "a"' in str(error)
    assert error.__cause__ is None and error.__suppress_context__


def test_with_filtering_off_the_package_frames_and_the_cause_stay():
    ag.debugging.disable_traceback_filtering()
    error = raised(TypeError, adds_a_string, ag.constant(1))
    files = {file for file, _ in package_frames(error)}
    assert {"runtime/function/function.py", "runtime/function/concrete_function.py",
            "autograph/impl/user_errors.py"} <= files
    assert str(error).startswith("in user code:")
    assert isinstance(error.__cause__, TypeError)
    # No converter changes `adds_a_string`: its own code ran, in this file.
    assert (__file__, "adds_a_string") in frames(error.__cause__)


def test_the_users_own_frames_below_the_call_are_kept():
    error = raised(ValueError, calls_a_failing_helper, ag.constant(1))
    assert_no_package_frames(error, ("runtime/function/function.py", "__call__"))
    assert user_names(error) == ["raised", "calls_a_failing_helper", "failing_helper"]


def test_a_cause_the_user_chained_is_kept_with_its_frames_filtered():
    @ag.function(autograph=False)
    def looks_up(x):
        try:
            return {}["key"]
        except KeyError as e:
            raise ValueError("no key") from e

    error = raised(ValueError, looks_up, ag.constant(1))
    assert isinstance(error.__cause__, KeyError)
    assert names(error.__cause__) == ["looks_up"]


def test_a_cause_the_user_made_without_raising_it_is_kept():
    cause = KeyError("key")

    @ag.function(autograph=False)
    def refuses(x):
        raise ValueError("refused") from cause

    error = raised(ValueError, refuses, ag.constant(1))
    assert error.__cause__ is cause and error.__suppress_context__  # as Python leaves them


def test_an_eager_op_error_shows_only_the_users_frames():
    error = raised(ag.errors.InvalidArgumentError, ag.add, ag.constant(1), ag.constant(1.0))
    assert isinstance(error, ag.errors.InvalidArgumentError)
    assert_no_package_frames(error, ("runtime/core/traceback_utils.py", "error_handler"))
    assert user_names(error) == ["raised"]


def test_an_error_of_an_op_function_shows_only_the_users_frames():
    from autograph.runtime import op_function

    error = raised(ag.errors.InvalidArgumentError, op_function("Sqrt"), ag.constant(4))
    assert "Sqrt does not support dtype int32" in str(error)
    assert_no_package_frames(error, ("runtime/core/traceback_utils.py", "error_handler"))
    assert user_names(error) == ["raised"]


def test_an_eager_op_error_shows_the_dispatcher_with_filtering_off():
    ag.debugging.disable_traceback_filtering()
    error = raised(ag.errors.InvalidArgumentError, ag.add, ag.constant(1), ag.constant(1.0))
    assert ("runtime/eager/op_runner.py", "run") in package_frames(error)


def test_ops_of_the_namespaces_are_filtered_and_stay_the_same_object():
    assert ag.math.add is ag.add and ag.compat.v1.add is ag.add
    error = raised(ag.errors.InvalidArgumentError, ag.math.reduce_sum, ag.constant([1, 2]), 5)
    assert_no_package_frames(error, ("runtime/core/traceback_utils.py", "error_handler"))


def test_a_tensor_operator_error_shows_only_the_users_frame():
    x, y = ag.constant(1), ag.constant(1.0)
    with pytest.raises(ag.errors.InvalidArgumentError) as info:
        x + y
    assert_no_package_frames(info.value, ("runtime/core/traceback_utils.py", "error_handler"))
    assert user_names(info.value) == ["test_a_tensor_operator_error_shows_only_the_users_frame"]


def test_variable_errors_show_only_the_users_frames():
    v = ag.Variable([1.0, 2.0])
    for error in (raised(ValueError, v.assign, [1.0, 2.0, 3.0]),
                  raised(ag.errors.InvalidArgumentError, v.__add__, "a"),
                  raised(TypeError, ag.Variable, [1.0], dtype=ag.string)):
        assert_no_package_frames(error, ("runtime/core/traceback_utils.py", "error_handler"))
        assert user_names(error) == ["raised"]


def test_a_to_graph_function_error_shows_only_the_users_frames_and_names_the_users_line():
    error = raised(ag.errors.InvalidArgumentError, ag.to_graph(converted_adds_a_string),
                   ag.constant(1))
    assert_no_package_frames(error, ("autograph/impl/user_errors.py", "wrapper"))
    assert 'x = x + "b"' in str(error) and error.__cause__ is None


def test_a_convert_decorated_function_error_shows_only_the_users_frames():
    error = raised(ag.errors.InvalidArgumentError, ag.convert()(converted_adds_a_string),
                   ag.constant(1))
    assert_no_package_frames(error, ("runtime/core/traceback_utils.py", "error_handler"))
    assert 'x = x + "b"' in str(error)


def test_a_conversion_error_of_to_code_shows_only_the_users_frames():
    def numbers():
        yield 1

    error = raised(ag.autograph.UnsupportedLanguageElementError, ag.to_code, numbers)
    assert isinstance(error, ag.ConversionError) and "`yield`" in str(error)
    assert_no_package_frames(error, ("runtime/core/traceback_utils.py", "error_handler"))
    assert user_names(error) == ["raised"]


def test_a_concrete_function_called_wrongly_shows_only_the_users_frames():
    double = ag.function(lambda x: x * 2)
    concrete = double.get_concrete_function(ag.TensorSpec([], ag.int32))
    error = raised(ag.errors.InvalidArgumentError, concrete, ag.constant([1.0]))
    assert isinstance(error, ag.errors.InvalidArgumentError)
    assert_no_package_frames(error, ("runtime/core/traceback_utils.py", "error_handler"))


def test_get_concrete_function_called_wrongly_shows_only_the_users_frames():
    halve = ag.function(lambda x: x / 2, input_signature=[ag.TensorSpec([], ag.float32)])
    error = raised(TypeError, halve.get_concrete_function, ag.constant(1))
    assert_no_package_frames(error, ("runtime/core/traceback_utils.py", "error_handler"))


def test_an_op_inside_a_function_filters_only_where_the_error_leaves_the_package():
    """The op's own entry point, called from generated code, leaves the frames to the
    converted function's report, which names the user's line inside the loop."""
    @ag.function
    def loop(n):
        i = ag.constant(0)
        while i < n:
            i = ag.add(i, ag.constant(1.0))
        return i

    error = raised(TypeError, loop, ag.constant(3))
    assert "i = ag.add(i, ag.constant(1.0))" in str(error)
    assert_no_package_frames(error, ("runtime/function/function.py", "__call__"))


def test_generated_code_counts_as_the_packages_own():
    assert traceback_utils.GENERATED_PREFIX == loader.GENERATED_PREFIX
    assert traceback_utils.is_internal_file(f"{loader.GENERATED_PREFIX}f from model.py>")
    assert not traceback_utils.is_internal_file(__file__)


def _missing_key(x):
    return {}["missing"] + x


def test_a_key_error_shows_its_message_as_written_and_keeps_its_key():
    with pytest.raises(KeyError) as caught:
        ag.function(_missing_key)(ag.constant(1))
    error = caught.value
    assert str(error).startswith("in user code:\n\n    File ")
    assert str(error).endswith("\n\n    KeyError: 'missing'")
    assert error.args == ("missing",)
    assert type(error).__name__ == "KeyError"
    assert traceback.format_exception_only(error)[0].startswith("KeyError: in user code:\n")
