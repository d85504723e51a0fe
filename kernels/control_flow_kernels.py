"""Kernels of `If`, `Case`, `While`, `Assert`, `CheckDefined` and `RaiseIf`.

The executor writes `If`, `Case` and `While` inline into its plans (the fast path); these
kernels are the interpreter fallback used when the ops run eagerly (`execute("If", ...)`).
They run the branch and body function graphs through cached executor plans. Plans take and
return host arrays, so values cross to the host and back around each function call; the
results are moved to the kernel's device. A function runs the ops its outputs need and every
op with side effects, as in the inline code (an `Assert` with no consumers still checks).
"""

from __future__ import annotations

import weakref
from typing import Any

import numpy as np

from autograph.kernels.common import BOTH
from autograph.runtime.core.devices import CPU
from autograph.runtime.core.errors import InvalidArgumentError, held_error
from autograph.runtime.exec.executor import Plan, function_ops
from autograph.runtime.registry.kernel_registry import register_kernel

_plans: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # function -> (version, plan)


def _plan(fn: Any) -> Plan:
    cached = _plans.get(fn)
    if cached is None or cached[0] != fn.version:
        inputs = {id(t.op) for t in fn.inputs}
        ops = [op for op in function_ops(fn) if id(op) not in inputs]
        cached = _plans[fn] = (fn.version, Plan(fn, fn.inputs, fn.outputs + ops))
    return cached[1]


def call_function(fn: Any, values: list) -> list:
    """Runs function graph `fn` on host arrays `values`; returns its outputs as host arrays."""
    return _plan(fn).run(values)[:len(fn.outputs)]


def _to_host(values: list) -> list:
    return [CPU.to_host(v) for v in values]


def _to_device(ctx, values: list) -> list:
    return [v if isinstance(v, np.ndarray) and v.dtype == object else ctx.import_array(v)
            for v in values]


@register_kernel("If", device=BOTH, host_memory=("cond",))
def if_(ctx, cond, inputs, Tout, then_branch, else_branch, output_shapes):
    branch = then_branch if bool(cond) else else_branch
    return _to_device(ctx, call_function(branch, _to_host(inputs)))


@register_kernel("Case", device=BOTH, host_memory=("branch_index",))
def case(ctx, branch_index, inputs, Tout, branches, output_shapes):
    index = int(branch_index)
    branch = branches[index] if 0 <= index < len(branches) else branches[-1]
    return _to_device(ctx, call_function(branch, _to_host(inputs)))


@register_kernel("While", device=BOTH)
def while_(ctx, inputs, cond, body, output_shapes, parallel_iterations):
    values = _to_host(inputs)
    while bool(call_function(cond, values)[0]):
        values = call_function(body, values)
    return _to_device(ctx, values)


@register_kernel("CheckDefined", device=BOTH, host_memory=("defined",))
def check_defined(ctx, value, defined, message):
    if not bool(defined):
        raise InvalidArgumentError(message)
    return value


@register_kernel("RaiseIf", device=BOTH, host_memory=("condition",))
def raise_if(ctx, condition, token, message):
    if bool(condition):
        raise held_error(token).with_traceback(None)  # not the traceback of an earlier run


@register_kernel("Assert", device=BOTH, host_memory=("condition", "data"))
def assert_(ctx, condition, data, summarize):
    if not bool(condition):
        shown = " ".join(f"[{_summary(np.asarray(d), summarize)}]" for d in data)
        raise InvalidArgumentError(f"assertion failed: {shown}".rstrip())


def _summary(value: np.ndarray, summarize: int) -> str:
    flat = value.reshape(-1)
    limit = flat.size if summarize < 0 else summarize
    items = [_item(x) for x in flat[:limit]]
    return " ".join(items) + (" ..." if flat.size > limit else "")


def _item(x: Any) -> str:
    if isinstance(x, bytes):
        return x.decode("utf-8", "replace")
    if isinstance(x, (bool, np.bool_)):
        return "1" if x else "0"
    return str(x)
