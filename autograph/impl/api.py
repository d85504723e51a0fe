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
def to_code(func: Callable, recursive: bool = True) -> str:
    """The converted source of `func`: valid, readable Python.

    Raises:
        ConversionError: the function cannot be converted (the message says where and why).
    """
    _check_convertible(func)
    target = func.__func__ if inspect.ismethod(func) else func
    _, converted = _convert(target, recursive)
    return converted.source


@filter_traceback
def to_graph(func: Callable, recursive: bool = True) -> Callable:
    """The converted function: callable like `func`; tensors make its control flow graph ops.

    Errors raised inside it name the user's file, line and source text.
    """
    _check_convertible(func)
    from autograph.impl import user_errors
    return user_errors.reraise_in_user_code(_converted(func, recursive))


def _converted(func: Callable, recursive: bool = True) -> Callable:
    if inspect.ismethod(func):  # convert the function, then bind it to the same object again
        return types.MethodType(_converted(func.__func__, recursive), func.__self__)
    if is_converted_code(func):  # converted with the function that defines it
        return func
    fn, _ = _convert(func, recursive)
    return fn


def _convert(func: Callable, recursive: bool) -> tuple[Callable, Any]:
    from autograph.impl import transpiler
    from autograph.pyct.transformer import ConversionOptions
    return transpiler.convert(func, ConversionOptions(recursive=recursive))


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
    return _converted(func)


def is_converted_code(func: Callable) -> bool:
    """Whether `func` was defined by converted code (a nested function converted with its
    parent): it must not be converted again."""
    return func.__code__.co_filename.startswith(GENERATED_PREFIX)


def _check_convertible(func: Any) -> None:
    if not callable(func):
        raise TypeError(f"Expected a function to convert, got {type(func).__name__}.")
    code = getattr(getattr(func, "__func__", func), "__code__", None)
    if code is None:
        raise ConversionError(f"Cannot convert {func!r}: only Python functions and methods "
                              f"have source to convert.")
