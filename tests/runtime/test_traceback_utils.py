"""`filter_traceback`: the wrapper takes the wrapped function's own parameters, passes every
kind of argument on unchanged, and filters only where the error leaves for the user's code."""

import inspect
import traceback

import pytest

from autograph.runtime.core import traceback_utils
from autograph.runtime.core.traceback_utils import filter_traceback

SENTINEL = []


def every_kind(a, b=2, /, c=3, *args, d, e=SENTINEL, **kwargs):
    return a, b, c, args, d, e, kwargs


def test_the_wrapper_passes_every_kind_of_argument_on():
    wrapped = filter_traceback(every_kind)
    assert wrapped(1, d=4) == every_kind(1, d=4)
    assert wrapped(1, 2, 3, 5, 6, d=4, e=7, f=8) == (1, 2, 3, (5, 6), 4, 7, {"f": 8})
    assert wrapped(1, d=4)[5] is SENTINEL  # the very default object


def test_the_wrapper_has_the_wrapped_functions_parameters_and_rejects_what_it_rejects():
    wrapped = filter_traceback(every_kind)
    assert str(inspect.signature(wrapped, follow_wrapped=False)) == (
        "(a, b=2, /, c=3, *args, d, e=[], **kwargs)")
    assert wrapped.__name__ == "every_kind" and wrapped.__wrapped__ is every_kind
    with pytest.raises(TypeError, match="missing 1 required keyword-only argument: 'd'"):
        wrapped(1)


def test_keyword_only_parameters_without_var_positional_are_kept():
    def f(x, *, scale=2):
        return x * scale

    assert filter_traceback(f)(3, scale=4) == 12
    with pytest.raises(TypeError, match="takes 1 positional argument but 2 were given"):
        filter_traceback(f)(3, 4)


def test_a_parameter_named_like_the_wrappers_own_names_gets_a_generic_wrapper():
    def f(sys, error=1):
        return sys + error

    wrapped = filter_traceback(f)
    assert wrapped(1, error=2) == 3
    assert str(inspect.signature(wrapped, follow_wrapped=False)) == "(*args, **kwargs)"


def test_a_callable_without_a_signature_gets_a_generic_wrapper():
    wrapped = filter_traceback(min)
    assert wrapped(3, 1, 2) == 1


def fails():
    raise ValueError("no")


def test_filtered_the_wrapper_leaves_no_frame_and_the_users_stay():
    with pytest.raises(ValueError) as info:
        filter_traceback(fails)()
    names = [frame.name for frame in traceback.extract_tb(info.value.__traceback__)]
    if traceback_utils.BARE_RAISE_RESTORES_FRAMES:  # Python 3.10
        assert names == ["test_filtered_the_wrapper_leaves_no_frame_and_the_users_stay",
                         "error_handler", "fails"]
    else:
        assert names == ["test_filtered_the_wrapper_leaves_no_frame_and_the_users_stay",
                         "fails"]


def test_unfiltered_the_wrappers_frame_shows_the_line_of_this_module_that_calls():
    traceback_utils.disable_traceback_filtering()
    try:
        with pytest.raises(ValueError) as info:
            filter_traceback(fails)()
    finally:
        traceback_utils.enable_traceback_filtering()
    [_, handler, _] = traceback.extract_tb(info.value.__traceback__)
    assert (handler.filename, handler.name) == (traceback_utils.__file__, "error_handler")
    assert handler.line.startswith("return _wrapped(*args, **kwargs)")


def test_called_from_inside_the_package_the_error_passes_through_unfiltered():
    wrapped = filter_traceback(fails)
    # `exec` with this module's file name: a caller that is the package's own.
    namespace = {"wrapped": wrapped}
    exec(compile("def inside():\n    wrapped()\n", traceback_utils.__file__, "exec"), namespace)
    with pytest.raises(ValueError) as info:
        namespace["inside"]()
    assert [frame.name for frame in traceback.extract_tb(info.value.__traceback__)][-2:] == [
        "error_handler", "fails"]
