"""The gradient of `While`: the forward loop records each iteration's inputs, and a loop
runs backwards through them.

1. The forward `While` op is extended in place (once, by the first gradient asking): it also
   pushes onto tensor lists each iteration's loop variables and the values its body computes
   from them that the body's gradient reads (a sigmoid's output, a product's factors: found
   by building that gradient once in a scratch graph), and counts its iterations. An eager
   `While` op (a function run op by op under nested tapes) has no graph to extend; its
   gradient runs the loop again, recording the loop variables.
2. A backward loop over the iterations in reverse: each replays its body's ops on the recorded
   inputs under a tape and differentiates them, turning the gradients of that iteration's
   outputs into those of its inputs. Where the gradient's ops read a value the forward loop
   recorded, they read the record instead, so the replayed ops that computed it are left
   unused and never run: the backward loop computes no forward value again (TensorFlow's
   `while_v2` keeps them the same way).

Loop variables carried unchanged (captured tensors, variable handles) collect the gradients of
every iteration. The backward loop is an ordinary `while_loop`: eagerly it runs in Python, in a
graph it is a `While` op, and its own gradient works the same way (second derivatives; a loop
in a loop). Integer loop variables (counters) get no gradient. A body drawing random numbers is
refused, as the values it computes from them may be computed again.
"""

from __future__ import annotations

import weakref
from typing import Any, Callable

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.gradients.backprop import differentiable
from autograph.runtime.gradients.control_flow_grad import (
    _check_no_random,
    variables_read,
    zeros_for_variable,
)
from autograph.runtime.gradients.list_grad import zeros_list
from autograph.runtime.gradients.registry import RegisterGradient
from autograph.runtime.gradients.replay import replay
from autograph.runtime.gradients.tape import GradientTape
from autograph.runtime.graph.func_graph import FuncGraph
from autograph.runtime.graph.graph import building_graph
from autograph.runtime.graph.operation import Operation, SymbolicTensor
from autograph.runtime.graph.tensor_conversion import into_graph
from autograph.runtime.ops.control_flow.while_loop import while_loop
from autograph.runtime.ops.creation.ops import constant, zeros, zeros_like
from autograph.runtime.ops.list.tensor_array import TensorArray
from autograph.runtime.ops.math.ops import add, greater, subtract

_get_item, _resize, _push_back, _empty_list, _add = (op_handle(n) for n in (
    "TensorListGetItem", "TensorListResize", "TensorListPushBack", "EmptyTensorList", "AddV2"))


@RegisterGradient("While")
def _while_grad(op: Any, *grads: Any) -> list:
    cond, body = op.get_attr("cond"), op.get_attr("body")
    _check_no_random(body)
    inputs = list(op.inputs)
    read = variables_read([body], loop=True)
    lists = _list_dtypes(body)
    lists.update(_lists_made_outside(inputs, lists))
    carried = _carried(body)
    wanted = [i for i, t in enumerate(inputs) if (
        i in read if t.dtype is dtypes.resource else
        i in lists if t.dtype is dtypes.variant else differentiable(t.dtype))]
    if not wanted:
        return [None] * len(inputs)
    recorded = [i for i in range(len(inputs)) if i not in carried]
    shapes: list[Any] = [TensorShape(s) for s in op.get_attr("output_shapes")]
    shapes = shapes or [None] * len(inputs)
    start = [_initial(grads[i], op.outputs[i], read.get(i), lists.get(i)) for i in wanted]
    accumulated = _ACCUMULATED.get(op) if isinstance(op, Operation) else None
    if accumulated is None and isinstance(op, Operation):
        needed = _gradient_reads(body, wanted, carried, start, op.graph)
        accumulated = _accumulate(op, recorded, shapes, needed)
    kept: dict[int, _Kept] = {}
    if accumulated is not None:
        read_at = accumulated.reader(recorded, shapes)
        count = accumulated.count
        kept = accumulated.kept_in(body)
    else:  # an eager While op (run op by op under nested tapes): run the loop again
        count, history = _forward(cond, body, inputs, recorded, shapes)
        position = {i: k for k, i in enumerate(recorded)}

        def read_at(i: int, n: Any) -> Any:
            return history[position[i]].read(n)
    zero = {i: (lambda old, i=i: zeros_list(old, lists[i]) if i in lists else zeros_like(old))
            for i in wanted}
    found = _backward(body, inputs, wanted, set(recorded), count, read_at, start, zero, kept)
    return found + [None] * (len(op.inputs) - len(found))  # the op may have been extended


class _Accumulated:
    """A forward `While` op extended to record its loop variables and the values its body's
    gradient reads: `lists[k]` holds, per iteration, the value that recorded position
    `recorded[k]` had entering it, then come the lists of `kept` (per kept value: the body
    tensors that compute it, in the body as written and in the extended body, and its list);
    `count` is the number of iterations. The op's loop variables are the original
    `n_original`, then the lists, then the iteration counter."""

    def __init__(self, n_original: int, recorded: list[int], element_shapes: list,
                 element_dtypes: list, lists: list, count: Any, kept: list[_Kept]):
        self.n_original, self.recorded = n_original, recorded
        self.element_shapes, self.element_dtypes = element_shapes, element_dtypes
        self.lists, self.count, self.kept = lists, count, kept

    def kept_in(self, body: Any) -> dict[int, _Kept]:
        """The kept values by id of the tensor computing them in `body`: the body as written
        or the extended one (the op's body from then on)."""
        return {id(k.written if k.written.graph is body else k.extended): k for k in self.kept}

    def reader(self, recorded: list[int], shapes: list) -> Callable[[int, Any], Any]:
        """Position i's value entering iteration n (a tensor)."""
        index = {i: k for k, i in enumerate(self.recorded)}
        first, last = self.n_original, self.n_original + len(self.recorded)

        def read_at(i: int, n: Any) -> Any:
            if i in index:
                k = index[i]
                return _get_item.run([self.lists[k], n, self.element_shapes[k]],
                                     {"element_dtype": self.element_dtypes[k]})
            if first <= i < last:  # a list itself: its first n elements
                return _resize.run([self.lists[i - first], n])
            if last <= i < last + len(self.kept):
                return _resize.run([self.kept[i - last].list, n])
            if i == last + len(self.kept):  # the iteration counter
                return n
            raise AssertionError(f"While gradient: loop variable {i} was not recorded")
        return read_at


# Forward While ops already extended, and how (a second gradient reuses the extension).
_ACCUMULATED: weakref.WeakKeyDictionary[Operation, _Accumulated] = weakref.WeakKeyDictionary()


class _Kept:
    """A value of a loop body recorded per iteration for its gradient: the tensor computing it
    in the body as written and in the extended body, and the list of its values."""

    def __init__(self, written: SymbolicTensor, extended: SymbolicTensor, shape: np.ndarray):
        self.written, self.extended, self.shape = written, extended, shape
        self.list: Any = None

    def read(self, n: Any) -> Any:
        return _get_item.run([self.list, n, self.shape], {"element_dtype": self.written.dtype})


def _accumulate(op: Operation, recorded: list[int], shapes: list,
                needed: list[SymbolicTensor]) -> _Accumulated | None:
    """Extends the forward `op` in place so that it also records, per iteration, the loop
    variables at `recorded` positions and the body's `needed` values; None where it cannot
    (its body would capture)."""
    graph, body, cond = op.graph, op.attrs["body"], op.attrs["cond"]
    n = len(op.inputs)
    element_dtypes = [op.inputs[i].dtype for i in recorded] + [t.dtype for t in needed]
    element_shapes = ([_shape_vector(shapes[i]) for i in recorded]
                      + [_shape_vector(t.shape) for t in needed])
    new_body = FuncGraph(f"{body.name}_accumulating", graph)
    with new_body.as_default():
        args = [new_body.add_input(p.dtype, p._shape, "loop_var") for p in body.inputs]
        lists = [new_body.add_input(dtypes.variant, (), "accumulator") for _ in element_dtypes]
        counter = new_body.add_input(dtypes.int32, (), "iteration")
        values = replay(body, args)
        kept = [_Kept(t, values[id(t)], shape)
                for t, shape in zip(needed, element_shapes[len(recorded):])]
        pushed = [_push_back.run([acc, value], {"element_dtype": dt}) for acc, value, dt in zip(
            lists, [args[i] for i in recorded] + [k.extended for k in kept], element_dtypes)]
        new_body.outputs = ([values[id(o)] for o in body.outputs] + pushed +
                            [_add.run([counter, np.int32(1)])])
    new_cond = FuncGraph(f"{cond.name}_accumulating", graph)
    with new_cond.as_default():
        args = [new_cond.add_input(p.dtype, p._shape, "loop_var") for p in cond.inputs]
        for _ in range(len(element_dtypes) + 1):
            new_cond.add_input(dtypes.variant if _ < len(element_dtypes) else dtypes.int32, ())
        new_cond.outputs = [replay(cond, args)[id(cond.outputs[0])]]
    if new_body.captures or new_cond.captures:
        return None
    new_body.structured_outputs, new_cond.structured_outputs = new_body.outputs, new_cond.outputs
    made = len(graph.get_operations())
    with graph.as_default(), graph.control_dependencies(None):
        inits = [_empty_list.run([shape, np.int32(-1)], {"element_dtype": dt})
                 for shape, dt in zip(element_shapes, element_dtypes)]
        inits.append(constant(np.int32(0)))
    graph.move_before(graph.get_operations()[made:], op)
    op.inputs.extend(inits)
    op.input_arg_lengths = (len(op.inputs),)
    op.attrs.update(body=new_body, cond=new_cond, T=tuple(t.dtype for t in op.inputs))
    if op.attrs.get("output_shapes"):
        op.attrs["output_shapes"] = tuple(op.attrs["output_shapes"]) + ((),) * len(inits)
    for t in inits:
        op.outputs.append(SymbolicTensor(op, len(op.outputs), t.dtype, ()))
    op.output_arg_lengths = (len(op.outputs),)
    graph.version += 1  # plans made before see the op as it was
    for k, list_ in zip(kept, op.outputs[n + len(recorded):-1]):
        k.list = list_
    found = _ACCUMULATED[op] = _Accumulated(n, recorded, element_shapes, element_dtypes,
                                            op.outputs[n:n + len(recorded)], op.outputs[-1], kept)
    return found


def _gradient_reads(body: Any, wanted: list[int], carried: set[int], start: list,
                    graph: Any) -> list[SymbolicTensor]:
    """The tensors of `body` that the gradient of its outputs at `wanted` (with respect to its
    inputs there) reads, found by building that gradient once in a scratch graph: those
    computed from the loop variables the body changes, less constants and handles."""
    varying = {id(p) for i, p in enumerate(body.inputs) if i not in carried}
    for op in body.get_operations():  # in creation order: inputs first
        if any(id(t) in varying for t in op.inputs):
            varying.update(id(t) for t in op.outputs)
    scratch = FuncGraph(f"{body.name}_gradient_reads", graph)
    with scratch.as_default():
        args = [scratch.add_input(p.dtype, p._shape, "loop_var") for p in body.inputs]
        seeds = [scratch.add_input(s.dtype, s.shape, "gradient") for s in start]
        sources = [args[i] for i in wanted]
        with GradientTape(watch_accessed_variables=False) as tape:
            tape.watch(sources)
            computed = replay(body, args, fetches=[body.outputs[i] for i in wanted])
        made = len(scratch.get_operations())
        tape.gradient([computed[id(body.outputs[i])] for i in wanted], sources,
                      output_gradients=seeds)
        read = {id(t) for op in scratch.get_operations()[made:] for t in op.inputs}
    return [t for op in body.get_operations() if op.type not in _NOT_KEPT
            for t in op.outputs if id(t) in varying and t.dtype not in _HANDLES
            and id(t) in computed and id(computed[id(t)]) in read]


_NOT_KEPT = frozenset({"Const", "Placeholder"})
_HANDLES = (dtypes.variant, dtypes.resource)  # lists and variables: their ops read them again


def _shape_vector(shape: Any) -> np.ndarray:
    """A shape as a tensor-list element shape (-1 for unknown dims, a scalar -1 for none)."""
    if shape is None or shape.rank is None:
        return np.int32(-1)
    return np.array([-1 if d is None else d for d in shape.as_list()], np.int32)


def _list_dtypes(body: Any) -> dict[int, dtypes.DType]:
    """Per tensor-list loop variable, the dtype of its elements (from the ops using it)."""
    found: dict[int, dtypes.DType] = {}
    positions = {id(p): i for i, p in enumerate(body.inputs)}
    positions.update({id(o): i for i, o in enumerate(body.outputs)})
    for op in body.get_operations():
        dtype = op.attrs.get("element_dtype")
        if dtype is None:
            continue
        for t in list(op.inputs) + list(op.outputs):
            if t.dtype is dtypes.variant and id(t) in positions:
                found.setdefault(positions[id(t)], dtype)
    return found


def _lists_made_outside(inputs: list, found: dict[int, dtypes.DType]
                        ) -> dict[int, dtypes.DType]:
    """The element dtypes of list loop variables that no op of the body names (the body passes
    them on, or only through nested loops), from the op that made the list before the loop
    (for a loop nested in another's gradient, the read of the outer loop's accumulator)."""
    made: dict[int, dtypes.DType] = {}
    for i, t in enumerate(inputs):
        if t.dtype is dtypes.variant and i not in found:
            producer = getattr(t, "op", None)  # None for an eager tensor
            while producer is not None and producer.type == "While":  # passed through it
                t = producer.inputs[t.value_index]
                producer = getattr(t, "op", None)
            dtype = producer.attrs.get("element_dtype") if producer is not None else None
            if dtype is not None:
                made[i] = dtype
    return made


def _carried(body: Any) -> set[int]:
    """The positions the body returns unchanged (captured tensors, handles)."""
    return {i for i, (p, o) in enumerate(zip(body.inputs, body.outputs)) if p is o}


def _initial(grad: Any, output: Any, variable: tuple | None,
             element_dtype: dtypes.DType | None) -> Any:
    if grad is not None and output.dtype is not dtypes.resource:
        return grad
    if variable is not None:
        return zeros_for_variable(output, variable)
    if element_dtype is not None:
        return zeros_list(output, element_dtype)
    return zeros_like(output)


def _forward(cond: Any, body: Any, inputs: list, recorded: list[int], shapes: list
             ) -> tuple[Any, list]:
    """The loop again, writing the loop variables at `recorded` positions per iteration."""
    arrays = [TensorArray(inputs[i].dtype, size=0, dynamic_size=True,
                          element_shape=shapes[i]) for i in recorded]

    def loop_cond(n: Any, values: list, arrays: list) -> Any:
        return _run(cond, values, cond.outputs)[0]

    def loop_body(n: Any, values: list, arrays: list) -> tuple:
        arrays = [a.write(n, values[i]) for a, i in zip(arrays, recorded)]
        return add(n, 1), _run(body, values, body.outputs), arrays
    invariants = None
    if all(s is not None for s in shapes):
        invariants = (TensorShape([]), shapes, [a.element_shape for a in arrays])
    n, _, arrays = while_loop(loop_cond, loop_body, (zeros([], dtypes.int32), inputs, arrays),
                              shape_invariants=invariants)
    return n, arrays


def _backward(body: Any, inputs: list, wanted: list[int], recorded: set[int], count: Any,
              read_at: Callable[[int, Any], Any], start: list, zero: dict,
              kept: dict[int, _Kept]) -> list:
    def loop_cond(n: Any, gradients: list) -> Any:
        return greater(n, 0)

    def loop_body(n: Any, gradients: list) -> tuple:
        n = subtract(n, 1)
        graph = building_graph()
        values = [read_at(i, n) if i in recorded else
                  (into_graph(graph, t) if graph is not None else t)
                  for i, t in enumerate(inputs)]
        # Read before the replay, so that creation order stays an order of inputs first.
        records = {key: k.read(n) for key, k in kept.items()} if graph is not None else {}
        sources = [values[i] for i in wanted]
        with GradientTape(watch_accessed_variables=False) as tape:
            tape.watch(sources)
            computed = replay(body, values, fetches=[body.outputs[i] for i in wanted])
        targets = [computed[id(body.outputs[i])] for i in wanted]
        made = len(graph.get_operations()) if graph is not None else 0
        found = tape.gradient(targets, sources, output_gradients=list(gradients))
        if graph is not None and records:
            found = _read_records(graph.get_operations()[made:], found, {
                id(computed[key]): record for key, record in records.items() if key in computed})
        return n, [g if g is not None else zero[i](old)
                   for i, g, old in zip(wanted, found, gradients)]
    _, final = while_loop(loop_cond, loop_body, (count, start))
    out: list[Any] = [None] * len(inputs)
    for i, g in zip(wanted, final):
        out[i] = g
    return out


def _read_records(gradient_ops: list[Operation], found: list, records: dict[int, Any]) -> list:
    """Has `gradient_ops` (and the gradients `found`) read the forward loop's records in
    place of the replayed tensors computing the same values: id(replayed) -> record."""
    for op in gradient_ops:
        inputs = op.inputs
        for position, t in enumerate(inputs):
            record = records.get(id(t))
            if record is not None:
                inputs[position] = record
    return [records.get(id(g), g) for g in found]


def _run(graph: Any, values: list, fetches: list) -> list:
    computed = replay(graph, values, fetches=fetches)
    return [computed[id(t)] for t in fetches]
