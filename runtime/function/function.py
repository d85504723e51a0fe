"""`function` and `Function`: a Python function traced into graphs, one per kind of call.

A `Function` maps each call's arguments to a trace type (tensors and variables by dtype and
shape, Python values by value, containers by their items; see `runtime.function.trace_type`),
finds the most specific cached `ConcreteFunction` whose type the call's is a subtype of, or
traces a new one, and runs it. Python code in the function (printing, appending to lists)
therefore runs only while tracing; ops (`ag.print`, `Variable.assign_add`) run on every call.
Globals and closures are read while tracing, and keep the values they had then.

The module is one unit just over 500 lines: binding, the trace cache's fast path, tracing
and pickling all read `Function`'s private state, which split apart would be reached into.

>>> from autograph.runtime.graph.tensor_conversion import convert_to_tensor
>>> @function(autograph=False)
... def double(a):
...     print("Tracing with", a.name, a.dtype.name)
...     return a + a
>>> double(convert_to_tensor(1))
Tracing with a:0 int32
<ag.Tensor: shape=(), dtype=int32, numpy=2>
>>> double(convert_to_tensor(5)).numpy(), double.experimental_get_tracing_count()
(np.int32(10), 1)

With `autograph=True` (the default) the Python function is first converted by the hook that
the `autograph` package installs (`set_conversion_hook`), so `if`/`while`/`for` on tensors
become graph control flow.

Departures from TensorFlow, each on purpose:
- Recursion is resolved while tracing. A Function that calls itself with arguments of a new
  trace type (a smaller Python int, say) runs that level in the same trace, so recursion on
  Python values works and ends when the values do. A call whose type is that of a call still
  being traced (a subtype of it) could never finish tracing: each level would trace the
  same thing again. TensorFlow recurses until Python's stack runs out; here that call raises
  `TracingRecursionError` at once, naming the function and the argument types and saying to
  write a loop.
- Called while another graph is being built (a Function inside a Function, or TensorFlow-1
  graph mode), a Function runs its Python function there, adding its ops to that graph (the
  trace is inlined, not called as a separate function op). Each such run counts in
  `experimental_get_tracing_count()`, since it runs the Python function again.
- The retracing warning names the argument that changed and how.
"""

from __future__ import annotations

import functools
import inspect
import sys
import types
import warnings
import weakref
from typing import Any, Callable, Sequence

from autograph.runtime.core.collector import collector_paused
from autograph.runtime.core.traceback_utils import (
    BARE_RAISE_RESTORES_FRAMES,
    filter_traceback,
    filtered,
    leaves_to_user,
    user_stacklevel,
)
from autograph.runtime.function.concrete_function import (
    ConcreteFunction,
    convert_for,
    describe_call,
    trace,
)
from autograph.runtime.function.function_type import ArgumentBinder
from autograph.runtime.function.trace_cache import DEFAULT_MAX_SIZE, TraceCache
from autograph.runtime.function.trace_type import variables_of
from autograph.runtime.graph.func_graph import flatten
from autograph.runtime.graph.graph import _eager_disabled, building_graph
from autograph.runtime.graph.graph import _state as _graphs
from autograph.runtime.graph.tensor import EagerTensor
from autograph.runtime.graph.tensor_spec import TensorSpec
from autograph.runtime.graph.type_spec import TypeSpec

__all__ = ["function", "Function", "run_functions_eagerly", "functions_run_eagerly",
           "set_conversion_hook", "set_error_holder", "RetracingWarning",
           "TracingRecursionError"]

RETRACE_WARNING_THRESHOLD = 5
"""A Function warns (once) when it has traced this many times."""

DEFAULT_TRACE_CACHE_SIZE = DEFAULT_MAX_SIZE
"""How many traces a Function keeps unless `experimental_trace_cache_size` says otherwise."""

_FAST_LIMIT = 1024  # fast-path keys kept between traces

_LITERALS = (int, float, bool, str, type(None))


def _fast_key(args: tuple) -> tuple[tuple, tuple[int, ...]] | None:
    """The fast path's key for positional `args` made only of eager tensors (by dtype name,
    which hashes in C, and shape) and literals, with the positions of the tensors; None for
    any other argument."""
    key: list = []
    positions = []
    for i, a in enumerate(args):
        kind = type(a)
        if kind is EagerTensor:
            key += (a._dtype.name, a._value.shape)
            positions.append(i)
        elif kind in _LITERALS and (kind is not float or a):  # -0.0 == 0.0: never stored
            key += (kind, a)
        else:
            return None
    return tuple(key), tuple(positions)
_hook: list[Callable[..., Callable] | None] = [None]
_run_eagerly = [False]


def set_conversion_hook(fn: Callable[..., Callable] | None) -> None:
    """Installs `fn(python_function) -> converted function`, used by Functions made with
    `autograph=True` (the `autograph` package installs its converter; None uninstalls);
    Functions given `experimental_autograph_options` pass them as the keyword
    `experimental_optional_features`."""
    _hook[0] = fn


# `hold(error, graph) -> bool`, installed by `autograph` (`set_error_holder`): whether an
# exception that stopped a trace became a `RaiseIf` at the end of `graph` instead, since an
# op made earlier may raise first when the graph runs, as plain Python would have.
_holder: list[Callable[[BaseException, Any], bool]] = [lambda error, graph: False]


def set_error_holder(hold: Callable[[BaseException, Any], bool]) -> None:
    """Installs `hold(error, graph)` (see `_holder`) for exceptions that stop a trace."""
    _holder[0] = hold


def _holding_errors(python_function: Callable) -> Callable:
    """`python_function`, run by a trace: an exception it raises that `_holder` holds ends
    the trace, the graph raising it last when it runs."""
    @functools.wraps(python_function)
    def traced(*args: Any, **kwargs: Any) -> Any:
        try:
            return python_function(*args, **kwargs)
        except Exception as error:
            if not _holder[0](error, building_graph()):
                raise
            return None  # never returned: the graph raises `error` last, if not before
    return traced


def run_functions_eagerly(run_eagerly: bool) -> None:
    """Debugging switch: with True, calling a Function runs its Python function eagerly (no
    tracing, no graph), so breakpoints and `print` work on every call."""
    _run_eagerly[0] = bool(run_eagerly)


def functions_run_eagerly() -> bool:
    """Whether `run_functions_eagerly(True)` is in effect."""
    return _run_eagerly[0]


class RetracingWarning(UserWarning):
    """A Function traced many times: its calls keep needing new graphs."""


class GeneratorFunctionError(TypeError, NotImplementedError):
    """A Function wraps a generator function, which cannot be traced.

    Both a `TypeError` and a `NotImplementedError`, as TensorFlow 2.21 raises either (recorded):
    `tf.function` of a generator raises a `TypeError` on the generator it returns, and with
    `AUTOGRAPH_STRICT_CONVERSION=1` AutoGraph raises `UnsupportedLanguageElementError`, a
    `NotImplementedError` ("generators are not supported").
    """


class TracingRecursionError(RecursionError):
    """A Function called itself, while tracing, with arguments of a type already being traced.

    It is a `RecursionError` because it is one (recursion that cannot end), found before the
    Python stack runs out, so `except RecursionError` still catches it. Raised inside
    converted code, it is reported "in user code" like any error while tracing: the user's
    file, line and source for each frame of the recursion, with this type kept.
    """


def function(func: Callable | None = None, *, input_signature: Sequence[Any] | None = None,
             autograph: bool = True, reduce_retracing: bool = False,
             jit_compile: bool | None = None, name: str | None = None,
             experimental_trace_cache_size: int | None = None,
             experimental_autograph_options: Any = None) -> Any:
    """Makes `func` a `Function` (decorator, with or without arguments).

    Args:
        func: the Python function (or method).
        input_signature: a sequence of (nested) `TensorSpec`s, one per positional parameter:
            calls must match it (Python and NumPy values are converted), there is one trace,
            and a mismatch raises TypeError showing the signature and the call.
        autograph: convert the function first (tensor `if`/`while`/`for` become graph ops).
        reduce_retracing: after a retrace, trace for the most general types seen (shapes
            relaxed to `None` dimensions), so that fewer traces are needed.
        jit_compile: compile each trace, or the parts of it that qualify, with numba (the
            `jit` extra; see `runtime.exec.jit`). None and False run the plan.
        name: the name of the graphs and of the function in messages (default the function's).
        experimental_trace_cache_size: how many traces to keep (default
            `DEFAULT_TRACE_CACHE_SIZE`, 128); a new trace beyond it drops the least recently
            used one, which a later call of its kind traces again. TensorFlow keeps every
            trace and has no such option.
        experimental_autograph_options: the converter's optional features (one
            `ag.autograph.experimental.Feature` or a collection of them; None: its default).

    Returns:
        A `Function`, or a decorator making one when `func` is None.
    """
    if func is None:
        return functools.partial(function, input_signature=input_signature,
                                 autograph=autograph, reduce_retracing=reduce_retracing,
                                 jit_compile=jit_compile, name=name,
                                 experimental_trace_cache_size=experimental_trace_cache_size,
                                 experimental_autograph_options=experimental_autograph_options)
    return Function(func, name or str(getattr(func, "__name__", "function")), input_signature,
                    autograph, reduce_retracing, experimental_trace_cache_size, bool(jit_compile),
                    experimental_autograph_options)


class Function:
    """A Python function with a cache of its traces (TensorFlow's `tf.function` result).

    Attributes:
        python_function: the original Python function.
        input_signature: the `input_signature` given, if any.
    """

    def __reduce__(self) -> tuple:
        """Pickled as its Python function and options (to another process, e.g. a Ray
        worker, which traces it there): traces stay behind."""
        return (Function, (self.python_function, self._name, self.input_signature,
                           self._autograph, self._reduce_retracing, self._cache_size,
                           self._jit_compile, self._autograph_options))

    def __init__(self, python_function: Callable, name: str,
                 input_signature: Sequence[Any] | None, autograph: bool,
                 reduce_retracing: bool, trace_cache_size: int | None, jit_compile: bool,
                 autograph_options: Any = None):
        if not callable(python_function):
            raise TypeError(f"ag.function needs a callable, got {python_function!r}.")
        self.python_function = python_function
        self.input_signature = None if input_signature is None else tuple(input_signature)
        self._name = name
        self._autograph = autograph
        self._reduce_retracing = reduce_retracing
        self._jit_compile = jit_compile
        self._autograph_options = autograph_options  # given to the hook as they are
        self._converted: Callable | None = None
        self._binder = ArgumentBinder(python_function)
        self._cache_size = trace_cache_size
        self._cache = TraceCache(DEFAULT_TRACE_CACHE_SIZE if trace_cache_size is None
                                 else _checked_cache_size(trace_cache_size, name))
        self._replica_caches: dict[Any, TraceCache] = {}
        # Calls of a kind seen since the last trace skip binding and the cache (so they do
        # not refresh its order: the first call of each kind after a trace does).
        self._fast: dict[tuple, tuple[ConcreteFunction, tuple[int, ...]]] = {}
        self._tracing_count = 0  # traces into the cache; inlined runs are counted apart
        self._inlined_count = 0
        self._first_trace_done = False
        self._last_type: Any = None
        self._warned = False
        self._tracing_types: list[Any] = []  # calls being traced or run inlined, outermost first
        self._instances: dict[int, Function] = {}
        self._signature_type = None
        # A method's input_signature describes the arguments after `self` (as TensorFlow):
        # it is bound by each instance's Function, made in `__get__`.
        self._method_signature = False
        if self.input_signature is not None:
            _check_signature(self.input_signature, name)
            if _takes_self_first(python_function):
                self._method_signature = True
            else:
                self._signature_type, _ = self._binder.bind(self.input_signature, {})
        functools.update_wrapper(self, python_function, updated=())

    # Calling ----------------------------------------------------------------------------------
    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        # The errors of a call leave with the user's frames only (`runtime.core.traceback_utils`);
        # written inline, not as a decorator, since a `try` costs nothing until it catches.
        try:
            if _graphs.stack or _eager_disabled[0] or _run_eagerly[0]:
                return self._call_in_context(args, kwargs)
            if not kwargs and _graphs.replica is None:  # `_fast_key(args)[0]`, inlined
                key: list = []
                for a in args:
                    kind = type(a)
                    if kind is EagerTensor:
                        key += (a._dtype.name, a._value.shape)
                    elif kind in _LITERALS:
                        key += (kind, a)
                    else:
                        break
                else:
                    found = self._fast.get(tuple(key))
                    if found is not None:
                        return found[0].call_positional(args, found[1])
            return self._call(args, kwargs)
        except Exception as error:
            # traceback_utils' error handler, written inline: __call__ is the hot path, and a
            # bare `raise` adds no frame only from the frame the user called.
            if leaves_to_user(sys._getframe(1)):
                filtered(error)
                if BARE_RAISE_RESTORES_FRAMES:
                    raise error
            raise  # records no frame: the traceback is the user's frames alone

    def _call(self, args: tuple, kwargs: dict) -> Any:
        concrete, values = self._concrete_for(args, kwargs)
        tensors = concrete.function_type.to_tensors(values)
        if not kwargs and _graphs.replica is None:
            self._remember_fast(args, concrete, tensors)
        return concrete.call_flat(tensors)

    def _remember_fast(self, args: tuple, concrete: ConcreteFunction, tensors: list) -> None:
        """Lets later calls of the same kind skip binding and lookup: valid when the fed
        tensors are exactly the call's eager tensors, in order, and the rest are literals."""
        key = _fast_key(args)
        if key is None:
            return
        key, positions = key
        if len(tensors) != len(positions) or any(t is not args[i]
                                                  for t, i in zip(tensors, positions)):
            return
        if len(self._fast) >= _FAST_LIMIT:
            self._fast.clear()
        try:
            self._fast[key] = (concrete, positions)
        except TypeError:  # an unhashable literal (nan is fine; this is for safety)
            pass

    def _concrete_for(self, args: tuple, kwargs: dict) -> tuple[ConcreteFunction, tuple]:
        """The concrete function for this call (traced if needed) and the bound values."""
        if self._method_signature:
            raise TypeError(
                f"ag.function {self._name!r} is a method whose input_signature describes the "
                f"arguments after `self`; call it on an instance: `obj.{self._name}(...)` or "
                f"`obj.{self._name}.get_concrete_function()`.")
        call_type, values = self._binder.bind(args, kwargs)
        if self._signature_type is not None:
            if not call_type.is_subtype_of(self._signature_type):
                converted = convert_for(self._signature_type, call_type, values)
                if converted is None:
                    raise TypeError(self._signature_mismatch(args, kwargs))
                values = converted
            call_type = self._signature_type
        cache = self._cache if _graphs.replica is None else self._replica_cache()
        concrete = cache.lookup(call_type)
        if concrete is None:
            if self._reduce_retracing and len(cache):
                call_type = cache.generalize(call_type)
            concrete = self._trace(call_type, variables_of(values), cache)
        return concrete, values

    def _replica_cache(self) -> TraceCache:
        """The traces for the replica this thread runs (see `_GraphState.replica`): a trace
        holds the replica's own copies of a strategy's variables, so replicas trace apart."""
        found = self._replica_caches.get(_graphs.replica)
        if found is None:
            found = self._replica_caches[_graphs.replica] = TraceCache(self._cache.max_size)
        return found

    def _call_in_context(self, args: tuple, kwargs: dict) -> Any:
        """Eagerly by request, or inside another graph: the Python function runs here."""
        if _run_eagerly[0] and not (_graphs.stack or _eager_disabled[0]):
            self._check_not_generator()
            return self.python_function(*args, **kwargs)
        call_type, values = self._binder.bind(args, kwargs)
        if self._signature_type is not None and not call_type.is_subtype_of(
                self._signature_type):
            if convert_for(self._signature_type, call_type, values) is None:
                raise TypeError(self._signature_mismatch(args, kwargs))
            call_type = self._signature_type
        self._check_recursion(call_type)
        self._tracing_types.append(call_type)
        self._inlined_count += 1
        try:
            return self._traced_function()(*args, **kwargs)
        finally:
            self._tracing_types.pop()

    # Tracing ----------------------------------------------------------------------------------
    def _traced_function(self) -> Callable:
        """The function tracing runs: converted by the installed hook when `autograph`."""
        if self._converted is None:
            self._check_not_generator()
            fn = self.python_function
            if self._autograph and _hook[0] is not None and hasattr(fn, "__code__"):
                try:
                    fn = (_hook[0](fn) if self._autograph_options is None else
                          _hook[0](fn, experimental_optional_features=self._autograph_options))
                except Exception as e:  # as TensorFlow: warn, and trace it as it is
                    if not getattr(e, "unconverted_fallback", True):
                        raise
                    warnings.warn(f"ag.function {self._name!r} could not be converted and "
                                  f"will run as it is (tensor `if`/`while`/`for` will not "
                                  f"become graph ops): {type(e).__name__}: {e}",
                                  stacklevel=user_stacklevel())
            self._converted = fn
        return self._converted

    def _check_not_generator(self) -> None:
        """A generator function cannot be traced: calling it runs none of its body. (TensorFlow
        warns, then fails on the generator it returns; run eagerly it returns the generator.)"""
        if inspect.isgeneratorfunction(self.python_function):
            raise GeneratorFunctionError(
                f"ag.function {self._name!r} wraps a generator function (its body uses "
                f"`yield`); generators are not supported: a Function runs its Python "
                f"function to build a graph and returns the tensors it computed. Return the "
                f"values instead: collect them in a Python list and return it (ag.stack(values) "
                f"makes one tensor of them), or, in a loop over tensors, write them to an "
                f"ag.TensorArray (ta = ta.write(i, value)) and return ta.stack().")

    def _trace(self, function_type: Any, variables: dict[int, Any],
               cache: TraceCache | None = None) -> ConcreteFunction:
        self._check_recursion(function_type)
        python_function = _holding_errors(self._traced_function())
        self._tracing_types.append(function_type)
        try:
            with collector_paused():  # see runtime/core/collector.py
                first = not self._first_trace_done
                concrete = trace(self._name, python_function, self._binder, function_type,
                                 jit_compile=self._jit_compile, allow_variables=first,
                                 variables=variables)
                self._first_trace_done = True
                if concrete.created_variables:
                    # As TensorFlow: the first trace made the variables (once, eagerly); trace
                    # again, creating none, for the graph that calls will run.
                    concrete = trace(self._name, python_function, self._binder, function_type,
                                     jit_compile=self._jit_compile, variables=variables)
        finally:
            self._tracing_types.pop()
        (self._cache if cache is None else cache).add(function_type, concrete)
        self._fast.clear()  # a new, possibly more specific, trace: fast entries may be stale
        self._tracing_count += 1
        self._warn_if_retracing(function_type)
        return concrete

    def _warn_if_retracing(self, function_type: Any) -> None:
        previous, self._last_type = self._last_type, function_type
        if self._warned or self._tracing_count < RETRACE_WARNING_THRESHOLD:
            return
        self._warned = True
        changes = previous.differences(function_type) if previous is not None else []
        what = "; ".join(changes) if changes else "the arguments' trace types changed"
        warnings.warn(
            f"ag.function {self._name!r} has traced {self._tracing_count} times; the last "
            f"retrace because {what}. Tracing is expensive: pass tensors instead of Python "
            f"values that change (ag.constant(n)), or give an input_signature with None "
            f"dimensions (or reduce_retracing=True) for tensors whose shapes change.",
            RetracingWarning, stacklevel=user_stacklevel())

    def _check_recursion(self, call_type: Any) -> None:
        """Raises when a call of `call_type`, made while this Function is being traced, can
        never finish tracing: a call of that type (or a more general one) is already being
        traced, so tracing it would repeat that trace, level after level, forever."""
        if not any(call_type.is_subtype_of(active) for active in self._tracing_types):
            return
        raise TracingRecursionError(
            f"ag.function {self._name!r} called itself while it was being traced, with "
            f"arguments of the type it is already being traced for "
            f"({call_type.describe()}), so its trace could never finish. A tensor argument "
            f"does not stop the recursion while tracing: its value is unknown until the "
            f"graph runs, so every level traces the next one. Write the recursion as a loop "
            f"instead: a `while` on tensors (which AutoGraph converts to a graph loop) or "
            f"ag.while_loop. Recursion on Python values (each level called with a different "
            f"value) is traced level by level.")

    def _signature_mismatch(self, args: tuple, kwargs: dict) -> str:
        return (f"ag.function {self._name!r} was called with arguments that do not match its "
                f"input_signature.\n  input_signature: {self.input_signature!r}\n"
                f"  Call:            {self._name}{describe_call(args, kwargs)}")

    # Public API -------------------------------------------------------------------------------
    @filter_traceback
    def get_concrete_function(self, *args: Any, **kwargs: Any) -> ConcreteFunction:
        """The concrete function for calls like `args` (values or `TensorSpec`s), traced if
        needed but not run. With an input_signature and no arguments, its one trace."""
        if self.input_signature is not None and not args and not kwargs:
            args = self.input_signature
        concrete, _ = self._concrete_for(args, kwargs)
        return concrete

    def experimental_get_tracing_count(self) -> int:
        """How many times this Function traced its Python function: its own traces, plus
        each run inlined into another graph being built (called while another Function
        traces, by recursion on Python values, or in a TensorFlow-1 graph), since each of
        those runs the Python function (and its side effects) again to record ops."""
        return self._tracing_count + self._inlined_count

    def pretty_printed_concrete_signatures(self, verbose: bool = True) -> str:
        """The signatures of the cached traces, oldest first, separated by blank lines."""
        return "\n\n".join(c.pretty_printed_signature(verbose) for c in self._cache.values())

    def __get__(self, instance: Any, owner: Any = None) -> Any:
        """As a method: one Function per instance, so each instance traces separately."""
        if instance is None:
            return self
        found = self._instances.get(id(instance))
        if found is None:
            found = Function(types.MethodType(self.python_function, instance), self._name,
                             self.input_signature, self._autograph, self._reduce_retracing,
                             self._cache.max_size, self._jit_compile, self._autograph_options)
            key = id(instance)
            self._instances[key] = found
            try:
                weakref.finalize(instance, self._instances.pop, key, None)
            except TypeError:  # not weakly referenceable: kept for the Function's life
                pass
        return found

    def __repr__(self) -> str:
        return f"<ag.Function {self._name} ({self.experimental_get_tracing_count()} traces)>"


def _takes_self_first(python_function: Callable) -> bool:
    """True for a function (not yet bound) whose first parameter is `self`: a method."""
    if isinstance(python_function, types.MethodType):
        return False
    # The Function's binder has read the signature already, so this cannot fail.
    first = next(iter(inspect.signature(python_function).parameters.values()), None)
    return first is not None and first.name == "self" and first.kind in (
        inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)


def _checked_cache_size(size: Any, name: str) -> int:
    if type(size) is not int or size < 1:
        raise ValueError(f"ag.function {name!r}: experimental_trace_cache_size must be a "
                         f"positive int (how many traces to keep), got {size!r}.")
    return size


def _check_signature(signature: tuple, name: str) -> None:
    for leaf in flatten(list(signature)):
        if not isinstance(leaf, (TensorSpec, TypeSpec)):
            raise TypeError(f"The input_signature of ag.function {name!r} must hold only "
                            f"ag.TensorSpec objects or other specs such as "
                            f"ag.SparseTensorSpec (possibly nested), got {leaf!r}.")
