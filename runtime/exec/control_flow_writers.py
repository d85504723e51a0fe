"""How a plan writes `If`, `Case` and `While`: as Python `if` / `elif` / `while` statements
around their branches' and body's ops, so that only the branch taken runs and a loop iteration
costs little more than its kernels (see `executor.py`, whose writer `w` they are given).

    if v3:                      # an If
        v4 = k5(v1)             #   the then-branch's ops
        v6, = v4,
    else:
        ...

A `_CompiledRegion` (a run of ops that `jit_compile` compiled inside a branch or body) is
written as one call of its compiled form: `v7, = r12(v4, v5)  # _CompiledRegion: mul, add`.
"""

from __future__ import annotations

from typing import Any, Callable

from autograph.runtime.core.devices import CPU
from autograph.runtime.graph.graph import Operation


def _write_if(w: Any, op: Operation, indent: str) -> None:
    cond, *args = [w.at_home(t) for t in op.inputs]
    outs = [w.home_var(t) for t in op.outputs]
    w.lines.append(f"{indent}if {cond}:")
    _write_branch(w, op.attrs["then_branch"], args, outs, indent + "    ")
    w.lines.append(f"{indent}else:")
    _write_branch(w, op.attrs["else_branch"], args, outs, indent + "    ")


def _write_case(w: Any, op: Operation, indent: str) -> None:
    index, *args = [w.at_home(t) for t in op.inputs]
    outs = [w.home_var(t) for t in op.outputs]
    branches = op.attrs["branches"]
    for i, branch in enumerate(branches):
        if i == len(branches) - 1:  # the last branch is also the default, as in TensorFlow
            w.lines.append(f"{indent}else:" if i else f"{indent}if True:")
        else:
            w.lines.append(f"{indent}{'if' if i == 0 else 'elif'} {index} == {i}:")
        _write_branch(w, branch, args, outs, indent + "    ")


def _write_branch(w: Any, fn: Any, args: list[str], outs: list[str], indent: str) -> None:
    arg_names = [_named(w, a, indent) for a in args]
    results = w.write_function(fn, arg_names, indent)
    if outs:
        w.lines.append(f"{indent}{', '.join(outs)}, = {', '.join(results)},")
    else:
        w.lines.append(f"{indent}pass")


def _named(w: Any, expr: str, indent: str) -> str:
    """`expr` as a plain variable (a copy expression is evaluated into a fresh one)."""
    if expr.isidentifier():
        return expr
    name = f"a{w._counter}"
    w._counter += 1
    w.lines.append(f"{indent}{name} = {expr}")
    return name


def _write_while(w: Any, op: Operation, indent: str) -> None:
    loop_vars = [w.home_var(t) for t in op.outputs]
    inits = [w.at_home(t) for t in op.inputs]
    if loop_vars:
        w.lines.append(f"{indent}{', '.join(loop_vars)}, = {', '.join(inits)},")
    w.lines.append(f"{indent}while True:")
    inner = indent + "    "
    (keep_going,) = w.write_function(op.attrs["cond"], loop_vars, inner)
    w.lines.append(f"{inner}if not {keep_going}:")
    w.lines.append(f"{inner}    break")
    results = w.write_function(op.attrs["body"], loop_vars, inner)
    if loop_vars:
        w.lines.append(f"{inner}{', '.join(loop_vars)}, = {', '.join(results)},")


def _write_compiled_region(w: Any, op: Operation, indent: str) -> None:
    """A `_CompiledRegion` op (`jit.bodies`): a call of its `run` on the CPU, which gives the
    values of its outputs."""
    run = w.bind("r", op.attrs["run"])
    args = ", ".join(w.on_cpu(t) for t in op.inputs)
    outs = [w.var(t, CPU) for t in op.outputs]
    names = ", ".join(op.attrs["op_names"])
    w.lines.append(f"{indent}{', '.join(outs)}, = {run}({args})  # _CompiledRegion: {names}")


# The ops a plan writes as statements of its own rather than as a kernel's call.
CONTROL_FLOW: dict[str, Callable[[Any, Operation, str], None]] = {
    "If": _write_if, "Case": _write_case, "While": _write_while,
    "_CompiledRegion": _write_compiled_region,
}

