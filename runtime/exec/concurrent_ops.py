"""Independent large ops run side by side: with inter-op threads > 1 (`ag.config.threading.
set_inter_op_parallelism_threads`), a plan starts an op on the inter-op pool and runs another,
independent of it, on its own thread, then waits for the first:

    v3 = k2(v0, v1)          # a = MatMul(x, w1)
    v4 = k3(v0, v2)          # b = MatMul(x, w2)
        ->
    _f0 = _start(k3, v0, v2)  # b = MatMul(x, w2), beside the next line
    v3 = k2(v0, v1)          # a = MatMul(x, w1)
    v4 = _f0.result()        # b = MatMul(x, w2)

An op runs beside others only when it pays: a kernel that spends its time in NumPy loops or
BLAS, which release the GIL (`KERNEL_COSTS`), on the CPU, with static shapes whose estimated
time is at least `MIN_MICROSECONDS`. To bring two such ops together, the ops the second needs
that come after the first move before it. Nothing moves over an op with side effects (a
stateful op, control flow): an assert still runs before the ops after it, whose errors it may
guard, and stateful ops keep their order. Each op computes what it did alone, so the
results are the same bits. Ops side by side never write into their inputs (`buffers`), and
the values they read are deleted only after both end.
"""

from __future__ import annotations

import math
from typing import Any, Callable

from autograph.runtime.graph.graph import Operation

MIN_MICROSECONDS = 200.0
"""The least estimated time of an op run beside another: handing an op to a pool thread and
waiting for it costs some 20-50 µs."""

WINDOW = 64
"""How many ops ahead of a large op a partner for it is looked for."""


def _matmul_cost(op: Operation) -> float | None:
    a, b = (t._shape for t in op.inputs[:2])
    out = op.outputs[0]._shape
    if a is None or b is None or out is None or None in out or len(a) < 2 or None in a[-2:]:
        return None
    inner = a[-2] if op.attrs.get("transpose_a") or op.attrs.get("adj_x") else a[-1]
    return 2.0 * math.prod(out) * inner / 20_000.0  # about 20 GFLOP/s on one core


def _elementwise_cost(per_element_ns: float) -> Callable[[Operation], float | None]:
    def cost(op: Operation) -> float | None:
        sizes = [t._shape for t in [*op.inputs, *op.outputs]]
        if any(s is None or None in s for s in sizes):
            return None
        steps = len(op.attrs.get("program", ())) or 1
        return max(math.prod(s) for s in sizes) * steps * per_element_ns / 1000.0
    return cost


_ELEMENTWISE = _elementwise_cost(1.0)
KERNEL_COSTS: dict[str, Callable[[Operation], float | None]] = {
    "MatMul": _matmul_cost, "BatchMatMulV2": _matmul_cost, "BatchMatMulV3": _matmul_cost,
    "_FusedElementwise": _ELEMENTWISE,
    **{name: _ELEMENTWISE for name in (
        "AddV2", "Sub", "Mul", "RealDiv", "Maximum", "Minimum", "Neg", "Abs", "Sqrt", "Square",
        "Exp", "Log", "Tanh", "Sigmoid", "Relu", "Sum", "Mean", "Max", "Min")},
}
"""Op type -> its estimated time in µs from its static shapes (None: unknown)."""


def schedule(ops: list[Operation], on_cpu: Callable[[Operation], bool], width: int,
             pinned: Callable[[Operation], bool]) -> tuple[list[Operation], list[list[Operation]]]:
    """`ops` reordered so that groups of up to `width` large independent ops lie together,
    and those groups (each in its new order).

    Args:
        ops: the ops of one (sub)graph run, in a topological order.
        on_cpu: whether an op runs on the CPU.
        width: the most ops a group holds (the inter-op threads).
        pinned: ops nothing moves over (stateful ones, control flow).
    """
    large = {id(op) for op in ops if _large(op, on_cpu)} if width > 1 else set()
    if len(large) < 2:
        return ops, []
    position = {id(op): i for i, op in enumerate(ops)}
    order: list[Operation] = []
    groups: list[list[Operation]] = []
    done: set[int] = set()
    for i, op in enumerate(ops):
        if id(op) in done:
            continue
        group, moved = [op], {}
        if id(op) in large:
            for candidate in ops[i + 1:i + 1 + WINDOW]:
                if len(group) == width or pinned(candidate):
                    break  # nothing moves over a side effect
                if id(candidate) not in large or id(candidate) in done:
                    continue
                needs = _needs_after(candidate, i, position, done)
                if any(id(member) in needs for member in group):
                    continue  # it depends on the group
                moved.update(needs)
                group.append(candidate)
        for o in sorted(moved.values(), key=lambda o: position[id(o)]):
            order.append(o)
            done.add(id(o))
        order += group
        done.update(id(member) for member in group)
        if len(group) > 1:
            groups.append(group)
    return order, groups


def _large(op: Operation, on_cpu: Callable[[Operation], bool]) -> bool:
    cost = KERNEL_COSTS.get(op.type)
    if cost is None:
        return False
    estimate = cost(op)
    return estimate is not None and estimate >= MIN_MICROSECONDS and on_cpu(op)


def _needs_after(op: Operation, start: int, position: dict[int, int],
                 done: set[int]) -> dict[int, Operation]:
    """The ops `op` needs (through data or control edges) from position `start` on that are
    not written yet (the op at `start` among them when `op` depends on it)."""
    needs: dict[int, Operation] = {}
    stack = [op]
    while stack:
        current = stack.pop()
        for before in [*(t.op for t in current.inputs), *current.control_inputs]:
            key = id(before)
            if key in needs or key in done or position.get(key, -1) < start:
                continue
            needs[key] = before
            stack.append(before)
    return needs



def write_beside(w: Any, op: Operation, others: list[Operation], indent: str,
                 placed: dict[int, Any]) -> None:
    """Writes, with the plan writer `w`, `op` with `others` started on the inter-op pool
    before it and waited for after it (none of them writing into an input)."""
    futures = []
    for other in others:
        w.written.append(other)
        at = len(w.written) - 1
        device, kernel = placed[id(other)]
        call = [w.bind("k", w.kernel_function(other, device, kernel)),
                *w.arguments(other, device, kernel.host_memory)]
        w.op_lines[len(w.lines)] = at
        w.lines.append(f"{indent}_f{at} = _start({', '.join(call)})"
                       f"  # {other.name} = {other.type}, beside the next line")
        futures.append((other, at))
    w.write_op(op, indent, placed[id(op)], None)
    for other, at in futures:
        device, kernel = placed[id(other)]
        w.op_lines[len(w.lines)] = at
        w.lines.append(f"{indent}{w.outputs(other, device, kernel.host_memory)} = "
                       f"_f{at}.result()  # {other.name} = {other.type}")
