"""`converted_call`: calls in converted code, converting the user functions they call.

    ag__.converted_call(f, *args, **kwargs)     # plain Python: f(*args, **kwargs)

A user function is converted first, so that its own `if`s and loops on tensors become graph
ops too: the API installs the converter with `set_conversion_hook(fn)`, where `fn(f)` returns
the converted function or None (not convertible: `f` is called as it is). Bound methods are
converted through their function; `functools.partial` objects through the function they wrap.
Never converted: functions of the modules in `DO_NOT_CONVERT` (this project, NumPy, CuPy, the
standard library), builtins and classes. A builtin with a tensor-aware version
(`py_builtins.BUILTINS`: len, range, print, ...) is replaced by it.

>>> converted_call(len, [1, 2, 3])
3
>>> converted_call(max, 4, 7, key=lambda x: -x)
4
"""

from __future__ import annotations

import functools
import inspect
import sys
from typing import Any, Callable

from autograph.operators.py_builtins import BUILTINS

DO_NOT_CONVERT = frozenset({"autograph", "numpy", "cupy", "gast", "builtins",
                            *sys.stdlib_module_names})
"""Top-level modules whose functions are called as they are."""

_hook: list[Callable[[Callable], Callable | None] | None] = [None]


def set_conversion_hook(fn: Callable[[Callable], Callable | None] | None) -> None:
    """Installs `fn(f) -> converted f or None`, which `converted_call` uses on user functions
    (None uninstalls it: functions are then called as they are)."""
    _hook[0] = fn


def is_allowlisted(f: Any) -> bool:
    """Whether `f` is called as it is: a builtin, a class, or a function of `DO_NOT_CONVERT`.

    >>> import json
    >>> is_allowlisted(json.dumps), is_allowlisted(is_allowlisted), is_allowlisted(dict)
    (True, True, True)
    """
    if inspect.isbuiltin(f) or inspect.isclass(f):
        return True
    module = getattr(f, "__module__", None)
    if not isinstance(module, str):
        return not inspect.isfunction(f)
    return module.partition(".")[0] in DO_NOT_CONVERT


def converted_call(f: Any, /, *args: Any, **kwargs: Any) -> Any:
    """`f(*args, **kwargs)`, with `f` converted first when it is a user function."""
    try:
        overload = BUILTINS.get(f)
    except TypeError:  # an unhashable callable
        overload = None
    if overload is not None:
        return overload(*args, **kwargs)
    if isinstance(f, functools.partial):
        return converted_call(f.func, *f.args, *args, **{**f.keywords, **kwargs})
    if inspect.ismethod(f):
        function = _converted(f.__func__)
        return f(*args, **kwargs) if function is None else function(f.__self__, *args,
                                                                     **kwargs)
    if not inspect.isfunction(f) and inspect.isfunction(
            inspect.getattr_static(type(f), "__call__", None)):
        return converted_call(f.__call__, *args, **kwargs)  # an object with a Python __call__
    function = _converted(f)
    return f(*args, **kwargs) if function is None else function(*args, **kwargs)


def _converted(f: Callable) -> Callable | None:
    """The converted `f`, or None when it is allowlisted or not convertible: generators and
    coroutines (and what wraps them, such as a `contextlib.contextmanager`) run as written,
    since their bodies cannot be split into functions."""
    hook = _hook[0]
    if hook is None or not inspect.isfunction(f) or is_allowlisted(f):
        return None
    original = inspect.unwrap(f)
    if inspect.isgeneratorfunction(original) or inspect.iscoroutinefunction(original) or (
            inspect.isasyncgenfunction(original)):
        return None
    return hook(f)
