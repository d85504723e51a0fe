"""`ConcreteFunction`: one trace of a Python function, a `FuncGraph` run through a plan.

`trace(...)` runs a Python function once in a new `FuncGraph` with placeholder arguments made
from a call's trace type; what it returns is the *structured output*: each tensor in it gets an
`Identity` op whose output is one of the graph's outputs (as in TensorFlow); so does each
returned Python number, string or NumPy value, which comes back as a tensor, as TensorFlow
returns it. None, and other Python objects (where TensorFlow raises), are returned as they
were when traced, on every call. Calling the `ConcreteFunction` feeds the tensors of
the arguments to the placeholders and runs the graph with an executor `Plan` compiled once;
the results come back as eager tensors in the structure the Python function returned.

Ops with side effects that no output needs (`Variable.assign_add`, `ag.print`, asserts)
still run on every call, in program order: the plan fetches every stateful op of the graph
besides the outputs, and the executor runs the ops it keeps in creation order, which is the
order the Python function made them. (TensorFlow adds automatic control dependencies for the
same effect; fetching them is equivalent here because the plan never reorders ops.)

>>> from autograph.runtime.graph.tensor_spec import TensorSpec
>>> from autograph.runtime.function.function_type import ArgumentBinder
>>> def double(a):
...     return a + a
>>> binder = ArgumentBinder(double)
>>> ftype, _ = binder.bind((TensorSpec([], "int32"),), {})
>>> concrete = trace("double", double, binder, ftype, jit_compile=False)
>>> print(concrete)
ConcreteFunction double(a)
  Args:
    a: int32 Tensor, shape=()
  Returns:
    int32 Tensor, shape=()
>>> from autograph.runtime.graph.tensor_conversion import convert_to_tensor
>>> concrete(convert_to_tensor(21)).numpy()
np.int32(42)
"""

from __future__ import annotations

import inspect
from typing import Any, Callable, Sequence

import numpy as np

from autograph.runtime.core.devices import CPU
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.core.traceback_utils import filter_traceback
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.exec.executor import Plan
from autograph.runtime.function.trace_type import from_value
from autograph.runtime.graph.func_graph import FuncGraph, flatten, is_composite, pack_sequence_as
from autograph.runtime.graph.graph import Operation, SymbolicTensor, building_graph
from autograph.runtime.graph.init_scope import FunctionTrace, tracing
from autograph.runtime.graph.recording import tape_recorder
from autograph.runtime.graph.tensor import EagerTensor, Tensor, make_eager
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.graph.tensor_spec import TensorSpec
from autograph.runtime.ops.list.tensor_array import TensorArray

_identity = op_handle("Identity")

def trace(name: str, python_function: Callable, binder: Any, function_type: Any, *,
          jit_compile: bool, allow_variables: bool = False,
          variables: dict[int, Any] | None = None) -> ConcreteFunction:
    """Traces `python_function` for calls of `function_type` into a new `ConcreteFunction`.

    Args:
        name: the function's name (the graph's, and the one messages use).
        python_function: the (converted) function to run once.
        binder: the `ArgumentBinder` of the function, to bind later calls.
        function_type: the `FunctionType` of the calls it serves; its placeholders are the
            graph's inputs.
        jit_compile: whether calls run the graph through the jit (`jit_compile=True`).
        allow_variables: whether the trace may create variables (a Function's first trace).
        variables: the variables of the call traced, by alias id (`trace_type.variables_of`):
            the function runs with them, reading each through a placeholder of its graph.

    Returns:
        The concrete function; `.created_variables` lists the variables its trace made.
    """
    graph = FuncGraph(name, building_graph())
    record = FunctionTrace(name, graph, allow_variables)
    with tracing(record), graph.as_default():
        args, kwargs = function_type.placeholder_arguments(graph, variables)
        result = python_function(*args, **kwargs)
        structured, fetch_ops = _structured_outputs(graph, result)
    graph.returned_from = name
    return ConcreteFunction(graph, name, binder, function_type, (args, kwargs), structured,
                            fetch_ops, created_variables=record.created,
                            jit_compile=jit_compile)


# Returned Python values that become tensors; None and other objects come back as they are.
_CONVERTED_VALUES = (bool, int, float, complex, str, bytes, np.generic, np.ndarray)


def _structured_outputs(graph: FuncGraph, result: Any) -> tuple[Any, list[Operation]]:
    """The returned structure with each tensor behind an `Identity` op of `graph`; returned
    operations (which must run) are replaced by None and listed.

    A returned TensorArray comes back stacked, as one tensor: it is what a Python list that a
    loop over tensors appends to becomes, and the caller gets its values (TensorFlow cannot
    return such a list, and returns a TensorArray object the caller must stack).
    """
    ops: list[Operation] = []

    def output(leaf: Any) -> Any:
        if isinstance(leaf, TensorArray):
            leaf = leaf.stack()
        if is_composite(leaf):  # a PerReplica: its values become outputs
            return leaf._from_components([output(part) for part in leaf._components()])
        if isinstance(leaf, Tensor) or hasattr(type(leaf), "__tf_tensor__"):
            return _identity.run([convert_to_tensor(leaf)])
        if isinstance(leaf, Operation):
            ops.append(leaf)
            return None
        if isinstance(leaf, _CONVERTED_VALUES):  # as TensorFlow returns them: tensors
            return _identity.run([convert_to_tensor(leaf)])
        return leaf
    return pack_sequence_as(result, [output(leaf) for leaf in flatten(result)]), ops


class ConcreteFunction:
    """A traced function: a graph, its input signature, and how to call it.

    Attributes:
        graph: the `FuncGraph`.
        function_type: the trace type of the calls it serves.
        structured_outputs: what the Python function returned, tensors symbolic.
        created_variables: the variables the trace made (only a Function's first trace may).
        jit_compile: whether calls run the graph through the jit.
    """

    def __init__(self, graph: FuncGraph, name: str, binder: Any, function_type: Any,
                 placeholder_arguments: tuple[tuple, dict], structured_outputs: Any,
                 fetch_ops: Sequence[Operation], *, created_variables: list[Any],
                 jit_compile: bool):
        self.graph = graph
        self.name = name
        self.function_type = function_type
        self.structured_outputs = structured_outputs
        self._symbolic_outputs = structured_outputs  # `structured_outputs` may be shown as specs
        self.created_variables = created_variables
        self.jit_compile = jit_compile
        self._binder = binder
        self._placeholder_arguments = placeholder_arguments
        leaves = flatten(structured_outputs, expand_composites=True)
        self._outputs = [t for t in leaves if isinstance(t, SymbolicTensor)]
        graph.outputs = list(self._outputs)
        graph.structured_outputs = structured_outputs
        stateful = [op for op in graph.get_operations()
                    if op.op_def is not None and op.op_def.is_stateful]
        self._fetches = self._outputs + stateful + list(fetch_ops)
        self._plan: Plan | None = None
        self._pack = _packer(structured_outputs, self._outputs)
        self._fixed_values = _fixed_python_arguments(function_type, placeholder_arguments)
        # Parameters by position (None where not fixed), then keyword-only ones.
        self._fixed = [n if n in self._fixed_values else None for n in function_type.names]

    # Properties -------------------------------------------------------------------------------
    @property
    def inputs(self) -> list[SymbolicTensor]:
        """The graph's placeholders: the arguments' tensors, then captured tensors."""
        return self.graph.inputs

    @property
    def outputs(self) -> list[SymbolicTensor]:
        """The graph's flat output tensors."""
        return list(self._outputs)

    @property
    def structured_input_signature(self) -> tuple[tuple, dict]:
        """`(args, kwargs)` as traced: a `TensorSpec` (named after its placeholder) for each
        tensor, Python values as they are."""
        args, kwargs = self._placeholder_arguments
        return (_as_specs(tuple(args)), _as_specs(dict(kwargs)))

    # Calling ----------------------------------------------------------------------------------
    @filter_traceback
    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """Runs the graph on `args`, which must match the signature it was traced for.

        Raises:
            TypeError: the arguments do not bind to the parameters, or a Python value cannot
                become its tensor parameter's dtype (the message shows signature and call).
            InvalidArgumentError: a tensor of another dtype or shape than traced.
        """
        function_type, values = self._bind_checked(args, kwargs)
        return self.call_flat(function_type.to_tensors(values))

    def _bind_checked(self, args: tuple, kwargs: dict) -> tuple[Any, tuple]:
        """The call's bound values, checked against the signature. Python arguments fixed by
        the trace may be left out; positional arguments then fill the other parameters in
        order (as TensorFlow: `evaluate_no_bias(x)` for `evaluate(model, x)`)."""
        found = self._bind(args, kwargs)
        if found is None and args and self._fixed_values:
            free = [n for n in self.function_type.names
                    if n not in self._fixed_values and n not in kwargs]
            if len(args) <= len(free):
                found = self._bind((), {**kwargs, **dict(zip(free, args))})
        if found is None:
            raise self._mismatch(args, kwargs)
        return self.function_type, found

    def _mismatch(self, args: tuple, kwargs: dict) -> Exception:
        """The error for a call that does not match: TypeError when the arguments do not bind
        (as TensorFlow's "Binding inputs ... failed"), InvalidArgumentError naming the first
        tensor input of another dtype or shape."""
        texts = (f"\n  Signature: {self.name}{self._signature_text()}\n"
                 f"  Call:      {self.name}{describe_call(args, kwargs)}")
        bound = self._bind_loosely(args, kwargs)
        if isinstance(bound, TypeError):
            reason = str(bound).split(": ", 1)[-1]
            return TypeError(f"Binding inputs to {self._header()} failed due to `{reason}`."
                             + texts)
        call_type, values = bound
        names = self.function_type.names
        index = 0
        for name, want, have, value in zip(names, self.function_type.types, call_type.types,
                                           values):
            index, problem = _first_problem(want, have, value, name, index)
            if problem is not None:
                return problem(f"{self._header()} cannot be computed: {problem.text}.{texts}")
        return TypeError(f"{self._header()} was called with arguments that do not match its "
                         f"signature.{texts}")

    def _bind_loosely(self, args: tuple, kwargs: dict) -> tuple | TypeError:
        """The call bound as `_bind_checked` would, without matching types: `(type, values)`,
        or the binding's TypeError."""
        filled = {**{n: self._fixed_values[n] for n in self._fixed[len(args):]
                     if n is not None and n not in kwargs}, **kwargs}
        try:
            return self._binder.bind(args, filled)
        except TypeError as e:
            first = e
        free = [n for n in self.function_type.names
                if n not in self._fixed_values and n not in kwargs]
        if args and self._fixed_values and len(args) <= len(free):
            try:
                return self._binder.bind((), {**self._fixed_values, **kwargs,
                                              **dict(zip(free, args))})
            except TypeError:
                pass
        return first

    def _bind(self, args: tuple, kwargs: dict) -> tuple | None:
        """The bound values of a call that matches the signature (after converting Python
        values for tensor parameters), else None."""
        missing = [n for n in self._fixed[len(args):] if n is not None and n not in kwargs]
        if missing:
            kwargs = {**kwargs, **{name: self._fixed_values[name] for name in missing}}
        try:
            call_type, values = self._binder.bind(args, kwargs)
        except TypeError:
            return None
        if call_type.is_subtype_of(self.function_type):
            return values
        return convert_for(self.function_type, call_type, values)

    def call_flat(self, tensors: Sequence[Any]) -> Any:
        """Runs the graph with `tensors` fed to the argument placeholders, in order."""
        if tape_recorder[0] is not None:  # a tape records: the gradients layer runs the call
            return recorded_call[0](self, [convert_to_tensor(t) for t in tensors])
        return self._pack(self._run([_host_value(t) for t in tensors]))

    def call_positional(self, args: tuple, positions: tuple[int, ...]) -> Any:
        """The fast call: the eager tensors `args[i]` for `i` in `positions` feed the
        placeholders (the caller checked that they match)."""
        if tape_recorder[0] is not None:  # a tape records: the gradients layer runs the call
            return recorded_call[0](self, [args[i] for i in positions])
        feeds = []
        for i in positions:
            t = args[i]
            feeds.append(t._value if t._device is CPU else t._device.to_host(t._value))
        return self._pack(self._run(feeds))

    def _run(self, feeds: list[Any]) -> list[Any]:
        plan = self._plan
        if plan is None:
            self.check_no_captures()
            if self.jit_compile:
                from autograph.runtime.exec.jit import jit_plan as planner  # first use only
            else:
                planner = Plan
            plan = self._plan = planner(self.graph, self.graph.inputs, self._fetches)
        return plan.run(feeds)

    def check_no_captures(self) -> None:
        """Raises when the graph captures tensors of another graph (it cannot run alone)."""
        if self.graph.captures:
            raise ValueError(
                f"{self._header()} captures tensors of the graph it was traced in "
                f"({', '.join(t.name for t in self.graph.external_captures)}); call it "
                f"while that graph is built, or trace it eagerly.")

    def structured(self, values: dict[int, Any]) -> Any:
        """The structured output, each output tensor replaced by `values[id(tensor)]`."""
        return _replace(self._symbolic_outputs, lambda t: values[id(t)])

    # Text -------------------------------------------------------------------------------------
    def pretty_printed_signature(self, verbose: bool = True) -> str:
        """`name(params)`, then with `verbose` the tensor arguments and the returned value:

            double(a)
              Args:
                a: int32 Tensor, shape=()
              Returns:
                int32 Tensor, shape=()
        """
        args, kwargs = self._placeholder_arguments
        params = self.function_type.names
        values = list(args) + [kwargs[k] for k in kwargs]
        names = list(params[:len(args)]) + list(kwargs)
        header, lines = [], []
        for name, value in zip(names, values):
            if _holds_tensors(value):
                header.append(name)
                lines.append(f"    {name}: {describe(value)}")
            else:
                header.append(f"{name}={value!r}")
        text = f"{self.name}({', '.join(header)})"
        if not verbose:
            return text
        if lines:
            text += "\n  Args:\n" + "\n".join(lines)
        return text + f"\n  Returns:\n    {describe(self.structured_outputs)}"

    def _signature_text(self) -> str:
        args, kwargs = self._placeholder_arguments
        names = list(self.function_type.names[:len(args)]) + list(kwargs)
        values = list(args) + list(kwargs.values())
        return "(" + ", ".join(f"{n}: {describe(v)}" if _holds_tensors(v) else f"{n}={v!r}"
                               for n, v in zip(names, values)) + ")"

    def _header(self) -> str:
        return f"ConcreteFunction {self.pretty_printed_signature(verbose=False)}"

    def __str__(self) -> str:
        return f"ConcreteFunction {self.pretty_printed_signature()}"

    def __repr__(self) -> str:
        return f"<ConcreteFunction {self.pretty_printed_signature(verbose=False)}>"


# While a tape records, an eager call runs through this hook, which the gradients layer
# installs when imported: it runs the call so that the tapes record it. Only that layer sets
# a recorder, so the hook is in place whenever one records.
recorded_call: list[Callable[[ConcreteFunction, list], Any]] = []


def _fixed_python_arguments(function_type: Any, arguments: tuple[tuple, dict]) -> dict:
    """Parameter name -> traced value, for the named parameters traced with Python values."""
    args, kwargs = arguments
    fixed = {}
    for i, (name, kind) in enumerate(zip(function_type.names, function_type.kinds)):
        if kind is inspect.Parameter.POSITIONAL_OR_KEYWORD and not _holds_tensors(args[i]):
            fixed[name] = args[i]
    for name, value in kwargs.items():
        if not _holds_tensors(value) and name in function_type.names:
            fixed[name] = value
    return fixed


def _host_value(value: Any) -> Any:
    if isinstance(value, EagerTensor):
        return value._value if value._device is CPU else value._device.to_host(value._value)
    return convert_to_tensor(value).numpy()


def _packer(structure: Any, outputs: list[SymbolicTensor]) -> Callable[[list[Any]], Any]:
    """A function from the plan's results to the structured output of eager tensors."""
    dtypes_ = [t.dtype for t in outputs]
    if isinstance(structure, SymbolicTensor):  # the common case: one tensor
        dtype = structure.dtype
        return lambda results: make_eager(results[0], dtype, CPU)
    if not outputs:
        return lambda results: structure
    positions = {id(t): i for i, t in enumerate(outputs)}

    def pack(results: list[Any]) -> Any:
        eager = [make_eager(results[i], dtype, CPU) for i, dtype in enumerate(dtypes_)]
        return _replace(structure, lambda t: eager[positions[id(t)]])
    return pack


def _replace(structure: Any, fn: Callable[[SymbolicTensor], Any]) -> Any:
    def leaf(value: Any) -> Any:
        if isinstance(value, SymbolicTensor):
            return fn(value)
        if is_composite(value):
            return value._from_components([fn(t) for t in value._components()])
        return value
    return pack_sequence_as(structure, [leaf(v) for v in flatten(structure)])


def _as_specs(structure: Any) -> Any:
    def spec(value: Any) -> Any:
        if isinstance(value, SymbolicTensor):
            return TensorSpec(value.shape, value.dtype, name=value.op.name)
        return value
    return pack_sequence_as(structure, [spec(v) for v in flatten(structure)])


def _holds_tensors(value: Any) -> bool:
    return any(isinstance(v, Tensor) or is_composite(v) or hasattr(type(v), "__tf_tensor__")
               for v in flatten(value))


def describe(value: Any) -> str:
    """A short text for a value in signatures: `int32 Tensor, shape=(None,)`, containers with
    their items described, other values by `repr`."""
    if isinstance(value, (Tensor, TensorSpec)):
        return f"{value.dtype.name} Tensor, shape={value.shape}"
    if hasattr(type(value), "__tf_tensor__"):  # a variable
        return f"{value.dtype.name} Variable, shape={value.shape}"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k!r}: {describe(v)}" for k, v in value.items()) + "}"
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        items = ", ".join(f"{f}={describe(v)}" for f, v in zip(value._fields, value))
        return f"{type(value).__name__}({items})"
    if isinstance(value, (list, tuple)):
        parts = [describe(v) for v in value]
        if isinstance(value, list):
            return "[" + ", ".join(parts) + "]"
        return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"
    return repr(value)


def describe_call(args: tuple, kwargs: dict) -> str:
    """`(int32 Tensor, shape=(), b=3)`: a call's arguments described."""
    parts = [describe(a) for a in args] + [f"{k}={describe(v)}" for k, v in kwargs.items()]
    return f"({', '.join(parts)})"


class _Problem:
    """What `_first_problem` found: the error class and its text."""

    def __init__(self, error: type, text: str):
        self.error, self.text = error, text

    def __call__(self, message: str) -> Exception:
        return self.error(message)


def _first_problem(want: Any, have: Any, value: Any, path: str,
                   index: int) -> tuple[int, _Problem | None]:
    """Walks a parameter's declared type `want` and the call's `have` together; returns the
    flat input index after it, or the first tensor of another dtype or shape (with its
    index)."""
    if type(want) is TensorSpec:
        where = f"input #{index}(zero-based) `{path}`"
        if not isinstance(value, Tensor):
            try:
                value = convert_to_tensor(value, dtype=want.dtype)
            except (TypeError, ValueError) as e:
                return index, _Problem(TypeError, f"{where} cannot be converted to a "
                                           f"{want.dtype.name} tensor ({e})")
        if value.dtype != want.dtype:
            return index, _Problem(InvalidArgumentError, (
                f"{where} was expected to be a {want.dtype.name} tensor but is a "
                f"{value.dtype.name} tensor"))
        if not want.shape.is_compatible_with(value.shape):
            # TensorFlow runs the graph on the new shape; ours is planned for the traced
            # shapes, so another shape needs its own trace.
            return index, _Problem(InvalidArgumentError, (
                f"{where} was expected to have shape {want.shape} but has shape "
                f"{value.shape}; trace the function for that shape (or a shape with None "
                f"dimensions) with get_concrete_function"))
        return index + 1, None
    components = getattr(want, "components", None)
    if (components is not None and type(have) is type(want)
            and len(have.components) == len(components)):
        for i, (w, h, v) in enumerate(zip(components, have.components, value)):
            index, problem = _first_problem(w, h, v, f"{path}[{i}]", index)
            if problem is not None:
                return index, problem
        return index, None
    try:
        return index + len(want.to_tensors(value)), None
    except (TypeError, ValueError, AttributeError):  # another structure: no tensors counted
        return index, None


def convert_for(declared: Any, actual: Any, values: tuple) -> tuple | None:
    """`values` (bound, in parameter order, of trace type `actual`) made to match `declared`:
    Python and NumPy values are converted to tensors where `declared` has a `TensorSpec`.
    None when some value does not match."""
    converted = []
    for want, have, value in zip(declared.types, actual.types, values):
        if not have.is_subtype_of(want):
            if not isinstance(want, TensorSpec) or isinstance(value, Tensor):
                return None
            try:
                value = convert_to_tensor(value, dtype=want.dtype)
            except (TypeError, ValueError):
                return None
            spec: Any = want  # a TensorSpec, which is a TraceType by registration
            if not from_value(value).is_subtype_of(spec):
                return None
        converted.append(value)
    return tuple(converted)
