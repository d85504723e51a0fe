"""Function graphs: `FuncGraph`, nested structures, and tracing Python functions into graphs.

A `FuncGraph` is a `Graph` that stands for a function: its `inputs` are placeholders, its
`outputs` the tensors it returns. A tensor of an enclosing graph used inside is *captured*: the
first use makes a placeholder input for it, later uses share that placeholder, and
`captures` lists the (outer tensor, placeholder) pairs in order, so that the op calling the
function passes the outer tensors after its own inputs. A function graph nested in another one
captures through its parents, each level adding its own placeholder.

Structures (`flatten`, `pack_sequence_as`, `assert_same_structure`) follow TensorFlow's `nest`:
lists, tuples, namedtuples and dicts (by sorted key) nest; anything else is a leaf. Objects
with `_components()` / `_from_components(tensors)` (a `TensorArray`) are *composite* leaves,
which `expand_composites=True` replaces by their component tensors.

>>> from autograph.runtime.graph.graph import Graph
>>> from autograph.runtime.graph.tensor_conversion import convert_to_tensor
>>> g = Graph()
>>> with g.as_default():
...     y = convert_to_tensor(3.0)
...     f = func_graph_from_py_func("add_y", lambda x: {"sum": x + y}, [y])
>>> [t.name for t in f.inputs], [t.name for t in f.outputs], list(f.structured_outputs)
(['arg_0:0', 'Const:0'], ['add:0'], ['sum'])
>>> [(outer.name, inner.name) for outer, inner in f.captures]
[('Const:0', 'Const:0')]
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, Sequence

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import as_raw_shape
from autograph.runtime.graph.graph import Graph, Operation, SymbolicTensor, building_graph
from autograph.runtime.graph.source_lines import user_frame
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.graph.type_spec import TypeSpec
from autograph.runtime.registry.op_registry import op_registry


class FuncGraph(Graph):
    """A graph standing for a function (TensorFlow's `FuncGraph`).

    Attributes:
        name: the function's name, as printed (`cond_true`, `while_body`).
        outer_graph: the graph that was being built when this one was made (None eagerly).
        outputs: the flat output tensors.
        structured_outputs: what the Python function returned, tensors converted.
        control_flow: whether it is a branch or loop body (or a per-element function of a
            dataset), whose ops run as many times as the graph decides, rather than once
            each time its outer graph runs.
        caller_source: `file:line` of the user's line that made the graph (the call that
            traced the function), where ops made by library code with no user's frame in
            between are said to come from; they do not count towards an
            `UnrolledLoopWarning`.
    """

    building_function = True

    def __init__(self, name: str, outer_graph: Graph | None = None,
                 control_flow: bool = False):
        super().__init__()
        self.name = name
        self.outer_graph = outer_graph
        self.control_flow = control_flow
        self.caller_source = user_frame()
        self.outputs: list[SymbolicTensor] = []
        self.structured_outputs: Any = None
        self._args: list[SymbolicTensor] = []
        self._captures: dict[int, tuple[SymbolicTensor, SymbolicTensor]] = {}
        self._captured_from: dict[int, SymbolicTensor] = {}  # id(any outer tensor) -> inner
        if outer_graph is not None:
            self.seed = outer_graph.seed

    @property
    def inputs(self) -> list[SymbolicTensor]:
        """The placeholders: explicit arguments first, then one per captured tensor."""
        return self._args + [inner for _, inner in self._captures.values()]

    @property
    def captures(self) -> list[tuple[SymbolicTensor, SymbolicTensor]]:
        """(tensor of `outer_graph`, placeholder here) pairs, in capture order."""
        return list(self._captures.values())

    @property
    def external_captures(self) -> list[SymbolicTensor]:
        return [outer for outer, _ in self._captures.values()]

    def add_input(self, dtype: Any, shape: Any = None, name: str = "arg") -> SymbolicTensor:
        """Appends a placeholder argument of `dtype` and `shape` to `inputs`."""
        placeholder = self._placeholder(dtypes.as_dtype(dtype), as_raw_shape(shape), name)
        self._args.append(placeholder)
        return placeholder

    def _placeholder(self, dtype: dtypes.DType, shape: Any, name: str) -> SymbolicTensor:
        # Inputs hang on nothing: no control dependencies, no name scope of the moment (as
        # `control_dependencies(None)` and `name_scope(None)` would set, without their cost).
        saved = self._control_dependencies, self._name_stack
        self._control_dependencies, self._name_stack = [], ""
        try:
            # Made where the function is traced from (no walk of the stack for each).
            op = self.create_op("Placeholder", [], {"dtype": dtype, "shape": shape},
                                [(dtype, shape)], name=name,
                                op_def=op_registry().lookup_op_def("Placeholder"),
                                source=self.caller_source)
        finally:
            self._control_dependencies, self._name_stack = saved
        return op.outputs[0]

    def capture(self, tensor: SymbolicTensor) -> SymbolicTensor:
        """The placeholder standing for `tensor` of an enclosing graph (made on first use)."""
        if tensor.graph is self:
            return tensor
        inner = self._captured_from.get(id(tensor))
        if inner is not None:
            return inner
        if not self._encloses(tensor.graph):
            where = f" (created at {tensor.op.source})" if tensor.op.source else ""
            raise ValueError(
                f"Tensor {tensor.name}{where} cannot be used in function {self.name!r}: it "
                f"belongs to a graph that does not enclose it, such as a function that has "
                f"already returned. Return the tensor from that function and use the result, "
                f"or compute it here.")
        if tensor.op.type == "CheckDefined":
            return self._capture_checked(tensor)
        outer_graph: Any = self.outer_graph  # a graph that encloses this one, so not None
        outer = tensor if tensor.graph is outer_graph else outer_graph.capture(tensor)
        found = self._captures.get(id(outer))
        if found is None:
            name = outer.op.name.rsplit("/", 1)[-1]
            found = self._captures[id(outer)] = (outer, self._placeholder(
                outer.dtype, outer._shape, name))
        self._captured_from[id(tensor)] = self._captured_from[id(outer)] = found[1]
        return found[1]

    def _capture_checked(self, tensor: SymbolicTensor) -> SymbolicTensor:
        """A `CheckDefined` of an enclosing graph, made again here from its captured inputs:
        the variable it guards is checked where it is used, so a branch that does not use it
        (that assigns it) never fails on it."""
        value, defined = (self.capture(t) for t in tensor.op.inputs)
        op = tensor.op
        checked = self.create_op(op.type, [value, defined], dict(op.attrs),
                                 [(tensor.dtype, tensor._shape)],
                                 name=op.name.rsplit("/", 1)[-1], op_def=op.op_def).outputs[0]
        self._captured_from[id(tensor)] = checked
        return checked

    def order_captures(self, outer_tensors: Sequence[SymbolicTensor]) -> None:
        """Captures every one of `outer_tensors` (of `outer_graph`) and orders the captured
        inputs like them; other captures must not exist (they would be left unfed)."""
        for t in outer_tensors:
            self.capture(t)
        if len(self._captures) != len(outer_tensors):
            raise ValueError(f"Function {self.name!r} captures tensors that are not given.")
        self._captures = {id(t): self._captures[id(t)] for t in outer_tensors}

    def _encloses(self, graph: Graph) -> bool:
        outer = self.outer_graph
        while outer is not None:
            if outer is graph:
                return True
            outer = getattr(outer, "outer_graph", None)
        return False

    def __repr__(self) -> str:
        return f"<FuncGraph {self.name!r}: {len(self.inputs)} inputs, {len(self.outputs)} outputs>"


# Nested structures ---------------------------------------------------------------------------
def is_composite(value: Any) -> bool:
    """Whether `value` stands for several tensors (e.g. a TensorArray)."""
    return hasattr(value, "_components") and hasattr(value, "_from_components")


def _is_namedtuple(value: Any) -> bool:
    return isinstance(value, tuple) and hasattr(value, "_fields")


def sorted_keys(d: dict) -> list:
    """A dict's keys in the order structures use: sorted (insertion order if unsortable)."""
    try:
        return sorted(d)
    except TypeError:
        return list(d)


def _children(structure: Any) -> list[tuple[str, Any]]:
    """(path suffix, child) pairs of a list, tuple, namedtuple or dict."""
    if isinstance(structure, dict):
        return [(f"[{k!r}]", structure[k]) for k in sorted_keys(structure)]
    if _is_namedtuple(structure):
        return [(f".{f}", v) for f, v in zip(structure._fields, structure)]
    return [(f"[{i}]", v) for i, v in enumerate(structure)]


def is_nested(value: Any) -> bool:
    return isinstance(value, (list, tuple, dict))


def flatten_with_paths(structure: Any, expand_composites: bool = False,
                       path: str = "") -> list[tuple[str, Any]]:
    """The leaves of `structure` with their paths (`[0]`, `['h']`, `[1].state`)."""
    if is_nested(structure):
        return [item for suffix, child in _children(structure)
                for item in flatten_with_paths(child, expand_composites, path + suffix)]
    if expand_composites and is_composite(structure):
        return [(path, t) for t in structure._components()]
    return [(path, structure)]


def flatten(structure: Any, expand_composites: bool = False) -> list[Any]:
    """The leaves of `structure`, in order.

    >>> flatten({"b": [1, 2], "a": (3, None)})
    [3, None, 1, 2]
    """
    leaves: list[Any] = []
    _flatten_into(structure, expand_composites, leaves)
    return leaves


def _flatten_into(structure: Any, expand: bool, leaves: list[Any]) -> None:
    # `flatten_with_paths` without the paths: structures are flattened many times a trace.
    kind = type(structure)
    if kind is list or kind is tuple:
        for child in structure:
            if type(child) in _PLAIN_LEAVES:
                leaves.append(child)
            else:
                _flatten_into(child, expand, leaves)
    elif isinstance(structure, dict):
        for key in sorted_keys(structure):
            _flatten_into(structure[key], expand, leaves)
    elif isinstance(structure, (list, tuple)):  # subclasses, namedtuples among them
        for child in structure:
            _flatten_into(child, expand, leaves)
    elif expand and is_composite(structure):
        leaves.extend(structure._components())
    else:
        leaves.append(structure)


# Leaves no structure is made of: taken without a call.
_PLAIN_LEAVES = frozenset({SymbolicTensor, int, float, bool, str, type(None)})


def pack_sequence_as(structure: Any, flat: Sequence[Any], expand_composites: bool = False) -> Any:
    """`structure` with its leaves replaced, in order, by the items of `flat`.

    >>> pack_sequence_as({"b": [0, 0], "a": 0}, [1, 2, 3])  # dict leaves go by sorted key
    {'b': [2, 3], 'a': 1}
    """
    items = iter(flat)
    packed = _pack(structure, items, expand_composites)
    if next(items, _END) is not _END:
        raise ValueError(f"pack_sequence_as: more values than the {len(flatten(structure))} "
                         f"leaves of the structure.")
    return packed


_END = object()


def _pack(structure: Any, items: Iterator[Any], expand: bool) -> Any:
    if is_nested(structure):
        if isinstance(structure, dict):
            keys = sorted_keys(structure)
            packed = dict(zip(keys, [_pack(structure[k], items, expand) for k in keys]))
            return type(structure)((k, packed[k]) for k in structure)
        values = [_pack(child, items, expand) for child in structure]
        if _is_namedtuple(structure):
            return type(structure)(*values)
        return type(structure)(values)
    try:
        if expand and is_composite(structure):
            return structure._from_components([next(items) for _ in structure._components()])
        return next(items)
    except StopIteration:
        raise ValueError("pack_sequence_as: fewer values than leaves of the structure.") \
            from None


def assert_same_structure(a: Any, b: Any, check_types: bool = True, path: str = "") -> None:
    """Raises ValueError (naming the first place they differ) unless `a` and `b` nest alike.

    With `check_types=False`, lists and tuples count as the same kind of sequence.

    >>> assert_same_structure([1, (2, 3)], [1, [2, 3]], check_types=False)
    >>> assert_same_structure({"a": 1}, {"a": 1, "b": 2})
    Traceback (most recent call last):
    ...
    ValueError: The structures differ at the top level: keys ['a'] vs ['a', 'b'].
    """
    where = path or "the top level"
    if is_nested(a) != is_nested(b):
        nested, leaf = (a, b) if is_nested(a) else (b, a)
        raise ValueError(f"The structures differ at {where}: a {type(nested).__name__} there "
                         f"on one side, a leaf ({_short(leaf)}) on the other.")
    if not is_nested(a):
        return
    kind_a, kind_b = _kind(a, check_types), _kind(b, check_types)
    if kind_a != kind_b:
        raise ValueError(f"The structures differ at {where}: {type(a).__name__} vs "
                         f"{type(b).__name__}.")
    ca, cb = _children(a), _children(b)
    if [k for k, _ in ca] != [k for k, _ in cb]:
        what = "keys" if isinstance(a, dict) else "lengths"
        raise ValueError(f"The structures differ at {where}: {what} "
                         f"{_describe(a)} vs {_describe(b)}.")
    for (suffix, x), (_, y) in zip(ca, cb):
        assert_same_structure(x, y, check_types, path + suffix)


def _kind(x: Any, check_types: bool) -> Any:
    if isinstance(x, dict):
        return dict
    if _is_namedtuple(x):
        return type(x)
    return type(x) if check_types else "sequence"


def _describe(x: Any) -> str:
    return str(sorted_keys(x)) if isinstance(x, dict) else str(len(x))


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 50 else text[:47] + "..."


# Tracing -----------------------------------------------------------------------------------
def _is_spec(value: Any) -> bool:
    return (not isinstance(value, Tensor) and hasattr(value, "dtype") and hasattr(value, "shape")
            and not hasattr(value, "__array__"))


def func_graph_from_py_func(name: str, python_func: Callable, args: Sequence[Any] = (),
                            kwargs: dict | None = None,
                            op_return_value: Any = None,
                            control_flow: bool = False) -> FuncGraph:
    """Traces `python_func(*args, **kwargs)` into a new `FuncGraph`.

    Tensor leaves of `args`/`kwargs` (and spec-like leaves with a `dtype` and `shape`) become
    placeholder inputs of their dtype and static shape; composite leaves (TensorArrays) and
    composites' `TypeSpec`s one placeholder per component; other leaves are passed as they
    are. Returned Python values become constants, returned outer tensors captures, None stays
    None.

    Args:
        name: the function's name.
        python_func: the function to trace; it runs once.
        args: positional arguments, possibly nested.
        kwargs: keyword arguments, possibly nested.
        op_return_value: what a returned operation stands for: its place in the outputs
            takes this tensor, computed after the operation. Without it, returning an
            operation is a TypeError.
        control_flow: the function is a branch or loop body (`FuncGraph.control_flow`).

    Returns:
        The `FuncGraph`, with `inputs`, `outputs` and `structured_outputs` set.
    """
    graph = FuncGraph(name, building_graph(), control_flow)
    kwargs = kwargs or {}
    with graph.as_default():
        traced_args, traced_kwargs = [_trace_arg(graph, a, f"[{i}]") for i, a in
                                      enumerate(args)], {}
        for key, value in kwargs.items():
            traced_kwargs[key] = _trace_arg(graph, value, key)
        set_outputs(graph, python_func(*traced_args, **traced_kwargs), op_return_value)
    return graph


def _trace_arg(graph: FuncGraph, value: Any, path: str) -> Any:
    leaves = flatten_with_paths(value, path=path)
    made = []
    for where, leaf in leaves:
        if isinstance(leaf, TypeSpec):  # a composite's spec: one input per component
            parts = [graph.add_input(s.dtype, s.shape, _arg_name(where))
                     for s in leaf._component_specs]
            made.append(leaf._from_components(parts))
        elif isinstance(leaf, Tensor) or _is_spec(leaf):
            made.append(graph.add_input(leaf.dtype, leaf.shape, _arg_name(where)))
        elif is_composite(leaf):
            parts = [graph.add_input(t.dtype, t.shape, _arg_name(where))
                     for t in leaf._components()]
            made.append(leaf._from_components(parts))
        else:
            made.append(leaf)
    return pack_sequence_as(value, made)


def _arg_name(path: str) -> str:
    cleaned = "".join(ch if ch.isalnum() else "_" for ch in path).strip("_")
    return f"arg_{cleaned}" if cleaned else "arg"


def set_outputs(graph: FuncGraph, outputs: Any, op_return_value: Any = None) -> None:
    """Sets `graph`'s structured and flat outputs from what its Python function returned.

    Must run with `graph` as the default graph: Python values become constants there.
    """
    def convert(leaf: Any) -> Any:
        if isinstance(getattr(leaf, "_type_spec", None), TypeSpec):
            # Components made outside this graph (a value returned unchanged) are captured.
            return leaf._from_components([convert_to_tensor(t) for t in leaf._components()])
        if leaf is None or is_composite(leaf):
            return leaf
        if isinstance(leaf, Operation):
            if op_return_value is None:
                raise TypeError(f"Function {graph.name!r} returned the operation {leaf.name!r}; "
                                f"it must return tensors (or None).")
            value: Any = convert_to_tensor(op_return_value)  # symbolic: the graph is building
            with graph.control_dependencies([leaf]):
                return graph.create_op("Identity", [value], {"T": value.dtype},
                                       [(value.dtype, value._shape)], name="Identity",
                                       op_def=op_registry().lookup_op_def("Identity")).outputs[0]
        return convert_to_tensor(leaf)
    leaves = [convert(leaf) for leaf in flatten(outputs)]
    graph.structured_outputs = pack_sequence_as(outputs, leaves)
    graph.outputs = output_tensors(graph.structured_outputs)


def output_tensors(structure: Any) -> list[SymbolicTensor]:
    """The tensors of a converted output structure: composites expanded, None left out."""
    return [t for t in flatten(structure, expand_composites=True) if t is not None]


def pack_outputs(structure: Any, tensors: Sequence[Any]) -> Any:
    """`structure` (a function's structured outputs) with its tensors replaced by `tensors`;
    None stays None."""
    items = iter(tensors)

    def rebuild(leaf: Any) -> Any:
        if leaf is None:
            return None
        if is_composite(leaf):
            return leaf._from_components([next(items) for _ in leaf._components()])
        return next(items)
    return pack_sequence_as(structure, [rebuild(leaf) for leaf in flatten(structure)])
