"""`py_function` and `numpy_function`: Python code that runs as an op of a graph.

Eagerly they call the function now. While a graph is built (an `ag.function`, or a TensorFlow-1
graph run by a `Session`) they add one op (`EagerPyFunc`, `PyFunc` or `PyFuncStateless`) that
holds the function by a token (released when the graph dies) and calls it on every run: with
eager tensors (`py_function`) or NumPy arrays (`numpy_function`). Its results are converted to
`Tout`: one dtype means one result, a list of dtypes a list of results. A result of the wrong
dtype, or the wrong number of results, is an `InvalidArgumentError` naming the function. An
exception the function raises leaves the op as it is, with the function's own frames in its
traceback.

>>> import numpy as np
>>> py_function(lambda x: x * 2.0, [1.5], "float32").numpy()
np.float32(3.0)
>>> numpy_function(lambda x: np.sqrt(x), [np.float32(9.0)], "float32").numpy()
np.float32(3.0)
"""

from __future__ import annotations

import functools
import weakref
from typing import Any, Callable

import numpy as np

from autograph.runtime.core import devices, dtypes
from autograph.runtime.core.errors import InvalidArgumentError, raise_as_is
from autograph.runtime.core.held_objects import hold, release
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.graph import building_graph
from autograph.runtime.graph.init_scope import eager_mode
from autograph.runtime.graph.tensor import Tensor, make_eager
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.script import defs as script_defs  # noqa: F401  (the ops used)

__all__ = ["py_function", "numpy_function", "ScriptFunction"]


class ScriptFunction:
    """A Python function as an op calls it: arguments in, results converted to `Tout`.

    Attributes:
        func: the user's function.
        kind: `"py_function"` or `"numpy_function"`, for messages.
        tin: the dtypes of the arguments.
        tout: the dtypes of the results.
        single: whether `Tout` was one dtype (one result, returned as it is).
    """

    def __init__(self, func: Callable, kind: str, tin: list, tout: list, single: bool):
        self.func = func
        self.kind = kind
        self.tin = tin
        self.tout = tout
        self.single = single

    @property
    def eager_arguments(self) -> bool:
        return self.kind == "py_function"

    def describe(self) -> str:
        name = getattr(self.func, "__name__", None) or repr(self.func)
        return f"{self.kind} {name!r}"

    def call(self, args: list) -> list[Tensor]:
        """Calls the function on `args` (eager tensors or NumPy arrays, as it takes them);
        returns its results as tensors of `tout`."""
        return self._convert(self.func(*args))

    def __call__(self, arrays: list) -> list:
        """The op's kernel: host arrays in, host arrays out, the function run eagerly."""
        args = [make_eager(a, t, devices.CPU) for a, t in zip(arrays, self.tin)] \
            if self.eager_arguments else list(arrays)
        with eager_mode():
            try:
                results = self.func(*args)
            except Exception as e:
                raise_as_is(e)  # the program's own error: it leaves the op as it is
                raise
            return [np.asarray(t.numpy()) for t in self._convert(results)]

    def _convert(self, results: Any) -> list[Tensor]:
        if self.single:
            values = [results]
        elif results is None:
            values = []
        elif isinstance(results, (list, tuple)):
            values = list(results)
        else:
            values = [results]
        if len(values) != len(self.tout):
            raise InvalidArgumentError(
                f"{self.describe()} returned {len(values)} value(s), but Tout has "
                f"{len(self.tout)} ({_names(self.tout)}): return one value per dtype of Tout.")
        return [self._convert_one(i, v, t) for i, (v, t) in enumerate(zip(values, self.tout))]

    def _convert_one(self, i: int, value: Any, dtype: dtypes.DType) -> Tensor:
        own = value.dtype if isinstance(value, Tensor) else None
        if isinstance(value, (np.ndarray, np.generic)) and value.dtype != object:
            own = dtypes.as_dtype(value.dtype)
        if own is not None and own != dtype:
            raise InvalidArgumentError(
                f"{self.describe()} returned {own.name} as result {i}, but Tout says "
                f"{dtype.name}: cast it in the function, or change Tout.")
        try:
            return convert_to_tensor(value, dtype=dtype)
        except (TypeError, ValueError) as e:
            raise InvalidArgumentError(
                f"{self.describe()} returned {type(value).__name__} {value!r} as result {i}, "
                f"which is not a {dtype.name} tensor: {e}") from None


def _names(tout: list) -> str:
    return ", ".join(t.name for t in tout) or "none"


def _output_types(Tout: Any) -> tuple[list, bool]:  # noqa: N803 (TensorFlow's name)
    if isinstance(Tout, (list, tuple)):
        return [dtypes.as_dtype(t) for t in Tout], False
    return [dtypes.as_dtype(Tout)], True


def _run(func: Callable, inp: Any, Tout: Any, name: str | None, kind: str,  # noqa: N803
         op_type: str) -> Any:
    if not callable(func):
        raise TypeError(f"{kind} expects a callable as func, got {func!r}.")
    tout, single = _output_types(Tout)
    if inp is None:
        inp = []
    if not isinstance(inp, (list, tuple)):
        raise TypeError(f"{kind} expects inp to be a list of tensors (the function's "
                        f"arguments), got {type(inp).__name__}: wrap it as [{kind} argument].")
    inputs = [convert_to_tensor(x) for x in inp]
    script = ScriptFunction(func, kind, [t.dtype for t in inputs], tout, single)
    graph = building_graph()
    if graph is None:
        results = script.call(inputs if script.eager_arguments else
                              [np.asarray(t.numpy()) for t in inputs])
    else:
        token = hold(script, "pyfunc_")
        weakref.finalize(graph, release, token)
        results = op_handle(op_type).run([inputs], {"token": token, "Tout": tout}, name)
        if not isinstance(results, list):  # no results: the op itself
            results = []
    return results[0] if single else list(results)


def py_function(func: Callable | None = None, inp: Any = None,
                Tout: Any = None,  # noqa: N803 (TensorFlow's name)
                name: str | None = None) -> Any:
    """Calls `func` on eager tensors `inp`, now or, in a graph, on every run of the graph.

    Args:
        func: a Python function of `len(inp)` tensors; it may use any op eagerly. Left out,
            `py_function(Tout=...)` is a decorator: the decorated function, called with
            tensors, runs as a `py_function` of them.
        inp: a list of the arguments (tensors, or values that convert to them).
        Tout: the dtype of the one result, or a list of dtypes of as many results.
        name: a name for the op in a graph.

    Returns:
        A tensor (`Tout` a dtype) or a list of tensors (`Tout` a list); in a graph their
        shapes are unknown.

    Raises:
        InvalidArgumentError: the function returned the wrong number or dtypes of results.

    Under a `GradientTape` it is differentiable: eagerly the tape records the function's own
    ops; in a graph the gradient op runs the function again, under a tape.

    >>> py_function(lambda a, b: [a + b, a * b], [2.0, 3.0], ["float32", "float32"])[1].numpy()
    np.float32(6.0)
    """
    return _call_or_decorate(func, inp, Tout, name, "py_function", "EagerPyFunc")


def numpy_function(func: Callable | None = None, inp: Any = None,
                   Tout: Any = None,  # noqa: N803 (TensorFlow's name)
                   stateful: bool = True, name: str | None = None) -> Any:
    """Calls `func` on the NumPy arrays of `inp`, now or, in a graph, on every run of it.

    Args:
        func: a Python function of `len(inp)` NumPy arrays, returning arrays or Python values.
        inp: a list of the arguments (tensors, or values that convert to them).
        Tout: the dtype of the one result, or a list of dtypes of as many results.
        stateful: False lets graph passes treat the op as a pure function of its inputs
            (`PyFuncStateless`), which they may fold or merge.
        name: a name for the op in a graph.

    Returns:
        A tensor (`Tout` a dtype) or a list of tensors (`Tout` a list).

    Raises:
        InvalidArgumentError: the function returned the wrong number or dtypes of results
            (an array's dtype must be Tout's; Python numbers take Tout's dtype).

    It has no gradient (`PyFunc` is not differentiable).

    >>> numpy_function(lambda x: x.shape[0], [[1, 2, 3]], "int64").numpy()
    np.int64(3)
    """
    return _call_or_decorate(func, inp, Tout, name, "numpy_function",
                             "PyFunc" if stateful else "PyFuncStateless")


def _call_or_decorate(func: Callable | None, inp: Any, Tout: Any,  # noqa: N803
                      name: str | None, function: str, op_type: str) -> Any:
    """The call, or with `func` left out the decorator, as TensorFlow checks them."""
    if Tout is None:
        raise TypeError(f"Missing required argument: 'Tout'\n  If using ag.{function} as a "
                        f"decorator, set `Tout`\n  **by name** above the function:\n  "
                        f"`@ag.{function}(Tout=tout)`")
    if func is None:
        def decorate(fn: Callable) -> Callable:
            @functools.wraps(fn)
            def call(*args: Any) -> Any:
                return _run(fn, list(args), Tout, name, function, op_type)
            return call
        return decorate
    if inp is None:
        raise TypeError(f"Missing argument `inp`:\n  You must set the `inp` argument (the list "
                        f"of arguments to the\n  function), unless you use `ag.{function}` as "
                        f"a decorator(`func=None`).")
    return _run(func, inp, Tout, name, function, op_type)
