"""The conversion API: `to_code`, `to_graph`, `convert`, `do_not_convert`.

>>> def f(x, y):
...     return abs(x) + y
>>> print(to_code(f))
def f(x, y):
    return ag__.abs(x) + y
"""

from __future__ import annotations

import functools
import inspect
import sys
import types
from typing import Any, Callable

from autograph.pyct.errors import ConversionError
from autograph.runtime.core.traceback_utils import GENERATED_PREFIX, filter_traceback

# The converter (autograph.impl.transpiler, the converters, autograph.pyct) loads on the first
# conversion, not with the package: importing it costs more than a third of `import autograph`.

DO_NOT_CONVERT = "__ag_do_not_convert__"


@filter_traceback
def to_code(func: Callable, recursive: bool = True,
            experimental_optional_features: Any = None) -> str:
    """The converted source of `func`: valid, readable Python.

    Args:
        func: the function or method.
        recursive: convert the user functions it calls too.
        experimental_optional_features: one `ag.autograph.experimental.Feature` or a
            collection of them: those conversions on, the others off. None: the converter's
            default (lists and asserts converted).

    Raises:
        ConversionError: the function cannot be converted (the message says where and why).
    """
    _check_convertible(func)
    target = func.__func__ if inspect.ismethod(func) else func
    from autograph.impl import transpiler
    _, converted = transpiler.convert(target, _options(recursive,
                                                       experimental_optional_features))
    return converted.source if converted.code is not None else transpiler.original_text(target)


@filter_traceback
def to_graph(func: Callable, recursive: bool = True,
             experimental_optional_features: Any = None) -> Callable:
    """The converted function: callable like `func`; tensors make its control flow graph ops.

    Errors raised inside it name the user's file, line and source text. The arguments are
    `to_code`'s.
    """
    _check_convertible(func)
    from autograph.impl import user_errors
    options = _options(recursive, experimental_optional_features)
    return user_errors.reraise_in_user_code(_converted(func, options))


def _options(recursive: bool, features: Any) -> Any:
    from autograph.pyct.features import optional_features
    from autograph.pyct.transformer import ConversionOptions
    return ConversionOptions(recursive=recursive, optional_features=None if features is None
                             else optional_features(features))


def _converted(func: Callable, options: Any) -> Callable:
    if inspect.ismethod(func):  # convert the function, then bind it to the same object again
        return types.MethodType(_converted(func.__func__, options), func.__self__)
    if is_converted_code(func):  # converted with the function that defines it
        return func
    from autograph.impl import transpiler
    fn, _ = transpiler.convert(func, options)
    if options.optional_features is None:
        return fn
    from autograph.impl import feature_scope
    return feature_scope.wrap(fn, options)


def user_line(generated_file: str, line: int) -> tuple[str, int] | None:
    """The user's (file, line) that a line of converted code came from; None for other code
    (there is none before the converter has loaded)."""
    transpiler = sys.modules.get("autograph.impl.transpiler")
    return None if transpiler is None else transpiler.user_line(generated_file, line)


def convert(recursive: bool = True) -> Callable[[Callable], Callable]:
    """Decorator: the function is converted (when first called), even if it would not be."""
    def decorate(func: Callable) -> Callable:
        converted: list[Callable] = []

        @filter_traceback
        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if not converted:
                converted.append(to_graph(func, recursive=recursive))
            return converted[0](*args, **kwargs)
        return wrapper
    return decorate


def do_not_convert(func: Callable | None = None) -> Any:
    """Decorator: calls of the function from converted code run it as it is."""
    if func is None:
        return do_not_convert
    setattr(func, DO_NOT_CONVERT, True)
    return func


def conversion_hook(func: Callable) -> Callable | None:
    """What `ag__.converted_call` calls: the converted user function, or None to call as is."""
    from autograph.converters.call_trees import is_library_callable
    target = getattr(func, "__func__", func)
    if getattr(target, DO_NOT_CONVERT, False) or is_library_callable(target) or not hasattr(
            target, "__code__") or is_converted_code(target):
        return None
    from autograph.impl import feature_scope
    return _converted(func, feature_scope.active_options())


def is_converted_code(func: Callable) -> bool:
    """Whether `func` was defined by converted code (a nested function converted with its
    parent), or is a converted function as `to_graph` returns it (which wraps one): it must
    not be converted again."""
    code = getattr(inspect.unwrap(func), "__code__", None)
    return code is not None and code.co_filename.startswith(GENERATED_PREFIX)


def _check_convertible(func: Any) -> None:
    if not callable(func):
        raise TypeError(f"Expected a function to convert, got {type(func).__name__}.")
    code = getattr(getattr(func, "__func__", func), "__code__", None)
    if code is None:
        raise ConversionError(f"Cannot convert {func!r}: only Python functions and methods "
                              f"have source to convert.")
