"""`autograph run`: call a function through `ag.function` and print the result.

Each ARG is a Python literal (`ast.literal_eval`), or `NAME=LITERAL` for a keyword argument.
Numbers and lists of numbers (or of bools) become tensors, as a TensorFlow user would pass them:
an `int` is int32, a `float` float32. A lone `True`/`False`, strings and `None` stay Python
values (so they are fixed at trace time, like a `training=True` flag); tuples and dicts are
converted element by element.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import re
from typing import Any

import numpy as np

import autograph as ag
from autograph.cli.common import UserError, as_ag_function, error_message, formatter, load_function

EPILOG = """\
Each ARG is a Python literal: 27, 2.5, [1.0, 2.0], 'text', True, None, (1, [2, 3]), {'k': 1}.
NAME=LITERAL passes a keyword argument. Numbers and (nested) lists of numbers or bools become
tensors (int -> int32, float -> float32); a lone bool, strings and None stay Python values,
fixed when the function is traced; tuples and dicts are converted element by element.
The module is imported to find FUNC, so its top-level code runs.

example:
  autograph run examples/collatz.py:collatz_steps 27 --trace
  autograph run examples/newton.py:newton_sqrt 2.0 1e-6
"""

_KEYWORD = re.compile(r"([A-Za-z_]\w*)=(.*)", re.DOTALL)


def add_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Adds `run` to the command line's subcommands."""
    parser = commands.add_parser(
        "run", help="call a function through ag.function and print the result",
        description="Call FILE.py:FUNC through ag.function with the given arguments and print "
                    "what it returns.",
        epilog=EPILOG, formatter_class=formatter())
    parser.add_argument("target", metavar="FILE.py:FUNC", help="the function to call")
    parser.add_argument("args", nargs="*", metavar="ARG", help="a Python literal, or NAME=LITERAL")
    parser.add_argument("--trace", action="store_true",
                        help="also print the concrete signature and the number of traces")
    parser.set_defaults(handler=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Calls the function and prints its result; returns 0."""
    positional, keywords = parse_arguments(args.args)
    path, name, func = load_function(args.target)
    function = as_ag_function(func)
    _check_call(function.python_function, name, positional, keywords)
    try:
        result = function(*positional, **keywords)
        concrete = function.get_concrete_function(*positional, **keywords) if args.trace else None
    except Exception as e:  # the user's function failed while tracing or running
        raise UserError(f"{path}: {name} failed: {error_message(e)}") from None
    print(format_value(result))
    if concrete is not None:
        print(concrete)
        print(f"traces: {function.experimental_get_tracing_count()}")
    return 0


def parse_arguments(texts: list[str]) -> tuple[list[Any], dict[str, Any]]:
    """The command line's ARGs as positional and keyword arguments, converted to tensors.

    >>> parse_arguments(["'a'", "flag=True"])
    (['a'], {'flag': True})
    """
    positional: list[Any] = []
    keywords: dict[str, Any] = {}
    for i, text in enumerate(texts, start=1):
        match = _KEYWORD.fullmatch(text)
        name, literal = match.groups() if match else (None, text)
        try:
            value = ast.literal_eval(literal.strip())
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            raise UserError(f"argument {i} ({text!r}) is not a Python literal; write e.g. 27, "
                            f"2.5, [1.0, 2.0] or 'text' (quote strings)") from None
        try:
            value = to_arguments(value)
        except (TypeError, ValueError) as e:
            raise UserError(f"argument {i} ({text!r}) cannot become a tensor: {e}") from None
        if name is None:
            if keywords:
                raise UserError(f"argument {i} ({text!r}) is positional but follows a keyword "
                                f"argument")
            positional.append(value)
        elif name in keywords:
            raise UserError(f"argument {i} ({text!r}): {name!r} is given twice")
        else:
            keywords[name] = value
    return positional, keywords


def to_arguments(value: Any) -> Any:
    """A literal as the function receives it: numbers and lists of numbers as tensors.

    >>> to_arguments((3, "x", [1.5, 2.0], True))
    (<ag.Tensor: shape=(), dtype=int32, numpy=3>, 'x', \
<ag.Tensor: shape=(2,), dtype=float32, numpy=array([1.5, 2. ], dtype=float32)>, True)
    """
    if isinstance(value, bool) or value is None or isinstance(value, (str, bytes)):
        return value
    if isinstance(value, (int, float)) or isinstance(value, list) and _numeric(value):
        return ag.constant(value)
    if isinstance(value, (list, tuple)):
        return type(value)(to_arguments(v) for v in value)
    if isinstance(value, dict):
        return {k: to_arguments(v) for k, v in value.items()}
    raise TypeError(f"a {type(value).__name__} is not supported; pass numbers, lists, strings, "
                    f"bools, None, tuples or dicts")


def format_value(value: Any) -> str:
    """A result, readably: tensors as their NumPy values, nested structures kept.

    >>> import autograph as ag
    >>> print(format_value((ag.constant(3), [ag.constant([0.5, 1.0])], {"s": "x"})))
    (3, [[0.5, 1. ]], {'s': 'x'})
    """
    if hasattr(value, "numpy") and hasattr(value, "dtype"):
        return _format_array(np.asarray(value.numpy()))
    if isinstance(value, np.ndarray):
        return _format_array(value)
    if isinstance(value, list):
        return "[" + ", ".join(format_value(v) for v in value) + "]"
    if isinstance(value, tuple):
        items = ", ".join(format_value(v) for v in value)
        return f"({items},)" if len(value) == 1 else f"({items})"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k!r}: {format_value(v)}" for k, v in value.items()) + "}"
    return repr(value)


def _format_array(array: np.ndarray) -> str:
    if array.ndim == 0:
        item = array[()]
        return repr(bytes(item)) if isinstance(item, bytes) else str(item)
    return np.array2string(array, separator=", ")


def _numeric(items: list) -> bool:
    """Whether every leaf of the nested list is a number or a bool."""
    return all(_numeric(v) if isinstance(v, list) else isinstance(v, (int, float))
               for v in items)


def _check_call(func: Any, name: str, positional: list, keywords: dict) -> None:
    try:
        inspect.signature(func).bind(*positional, **keywords)
    except TypeError as e:
        raise UserError(f"{name}: {e}") from None
    except ValueError:  # no signature to check against
        pass
