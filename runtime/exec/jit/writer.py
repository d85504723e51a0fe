"""Writes the numba source of one jit region: a scalar program or an elementwise loop.

A scalar region (every value a scalar; control flow allowed) becomes one function whose
statements mirror the plan's, with `If`/`Case`/`While` as Python `if`/`while`:

    def kernel(a0):
        _text, _used = np.empty(256, np.uint8), 0
        v0 = np.int32(a0 + np.int32(1))       # add = AddV2
        ...
        return (v0,), _text[:_used]

An elementwise region becomes one loop over the flattened arrays, writing every output that
later ops need (scalars enter as they are):

    def kernel(n, a0, o0):
        for i in range(n):
            x0 = a0[i]
            v0 = np.float32(x0 * np.float32(2.0))   # mul = Mul
            o0[i] = v0

Constants are written as literals of their dtype, so numba types every value as the plan does.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.exec.executor import function_ops
from autograph.runtime.exec.jit.ops import JIT_OPS, REDUCTIONS
from autograph.runtime.graph.graph import Operation, SymbolicTensor

_SUFFIXED = {"FloorDiv", "FloorMod", "Pow"}  # helpers that differ for floats and integers


class KernelSource:
    """A region's source, with the constants (text pieces) it reads as globals."""

    def __init__(self, source: str, constants: dict[str, Any]):
        self.source = source
        self.constants = constants


class _Writer:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.constants: dict[str, Any] = {}
        self.names: dict[int, str] = {}
        self.formats: dict[int, list[tuple[str, str]]] = {}  # StringFormat output -> pieces
        self.reductions: list[tuple[str, Operation]] = []  # accumulators, in an elementwise loop
        self.counter = 0

    def fresh(self, t: SymbolicTensor) -> str:
        name = f"v{self.counter}"
        self.counter += 1
        self.names[id(t)] = name
        return name

    def ref(self, t: SymbolicTensor) -> str:
        name = self.names.get(id(t))
        if name is None:  # a constant of the enclosing graph
            return literal(t.op.attrs["value"])
        return name

    def text(self, data: bytes) -> str:
        name = f"_t{len(self.constants)}"
        self.constants[name] = np.frombuffer(data, np.uint8).copy()
        return name

    # Ops --------------------------------------------------------------------------------------
    def write_ops(self, ops: list[Operation], indent: str) -> None:
        for op in ops:
            if op.type == "Const":
                self.names[id(op.outputs[0])] = literal(op.attrs["value"])
            elif op.type == "If":
                self.write_if(op, indent)
            elif op.type == "Case":
                self.write_case(op, indent)
            elif op.type == "While":
                self.write_while(op, indent)
            elif op.type == "StringFormat":
                self.write_format(op)
            elif op.type == "PrintV2":
                self.write_print(op, indent)
            elif op.type in REDUCTIONS:
                self.write_reduction(op, indent)
            else:
                self.write_elementwise(op, indent)

    def write_elementwise(self, op: Operation, indent: str) -> None:
        (out,) = op.outputs
        template = JIT_OPS[op.type].template
        if op.type in _SUFFIXED:
            kind = "f" if np.dtype(out.dtype.as_numpy_dtype).kind == "f" else "i"
            template = template.replace("(", f"_{kind}(", 1)
        expr = template.format(*[self.ref(t) for t in op.inputs])
        dtype = np.dtype(out.dtype.as_numpy_dtype)
        if dtype.kind == "b":
            expr = f"{expr} != 0" if op.type == "Cast" else expr
        else:
            expr = f"np.{dtype.name}({expr})"
        self.lines.append(f"{indent}{self.fresh(out)} = {expr}  # {op.name} = {op.type}")

    def write_reduction(self, op: Operation, indent: str) -> None:
        """One step of a reduction's accumulator; `name_reduced_values` names its result."""
        name = f"r{len(self.reductions)}"
        self.reductions.append((name, op))
        step = REDUCTIONS[op.type].step.format(acc=name, x=self.ref(op.inputs[0]))
        self.lines.append(f"{indent}{name} = {_accumulator(op)}({step})  # {op.name} = {op.type}")

    def reduction_starts(self, indent: str) -> list[str]:
        lines = []
        for name, op in self.reductions:
            dtype = np.dtype(op.outputs[0].dtype.as_numpy_dtype)
            limits = np.finfo(dtype) if dtype.kind == "f" else np.iinfo(dtype)
            lowest, highest = ("-np.inf", "np.inf") if dtype.kind == "f" else (
                limits.min, limits.max)
            init = REDUCTIONS[op.type].init.format(lowest=lowest, highest=highest)
            lines.append(f"{indent}{name} = {_accumulator(op)}({init})")
        return lines

    def name_reduced_values(self) -> None:
        """Names each reduction's result (after the loop) by the expression that gives it."""
        for name, op in self.reductions:
            dtype = np.dtype(op.outputs[0].dtype.as_numpy_dtype)
            value = f"{name} / n" if op.type == "Mean" else name
            self.names[id(op.outputs[0])] = f"np.{dtype.name}({value})"

    def write_format(self, op: Operation) -> None:
        pieces = op.attrs["template"].split(op.attrs["placeholder"])
        parts = [("text", pieces[0])]
        for t, piece in zip(op.inputs, pieces[1:]):
            parts += [("int", self.ref(t)), ("text", piece)]
        self.formats[id(op.outputs[0])] = parts

    def write_print(self, op: Operation, indent: str) -> None:
        parts: list[tuple[str, str]] = []
        for kind, value in self.formats[id(op.inputs[0])] + [("text", op.attrs["end"])]:
            if kind == "text" and parts and parts[-1][0] == "text":
                parts[-1] = ("text", parts[-1][1] + value)  # one append for adjacent text
            else:
                parts.append((kind, value))
        for kind, value in parts:
            if kind == "int":
                self.lines.append(f"{indent}_text, _used = _jit_int(_text, _used, {value})")
            elif value:
                name = self.text(value.encode("utf-8"))
                self.lines.append(f"{indent}_text, _used = _jit_text(_text, _used, {name})")
        self.lines[-1] += f"  # {op.name} = PrintV2"

    # Control flow -----------------------------------------------------------------------------
    def write_function(self, fn: Any, args: list[str], indent: str) -> list[str]:
        for placeholder, name in zip(fn.inputs, args):
            self.names[id(placeholder)] = name
        inputs = {id(t.op) for t in fn.inputs}
        self.write_ops([op for op in function_ops(fn) if id(op) not in inputs], indent)
        return [self.ref(t) for t in fn.outputs]

    def write_branch(self, fn: Any, args: list[str], outs: list[str], indent: str) -> None:
        results = self.write_function(fn, args, indent)
        if outs:
            self.lines.append(f"{indent}{', '.join(outs)}, = {', '.join(results)},")
        else:
            self.lines.append(f"{indent}pass")

    def write_if(self, op: Operation, indent: str) -> None:
        cond, *args = [self.ref(t) for t in op.inputs]
        outs = [self.fresh(t) for t in op.outputs]
        self.lines.append(f"{indent}if {cond}:  # {op.name} = {op.type}")
        self.write_branch(op.attrs["then_branch"], args, outs, indent + "    ")
        self.lines.append(f"{indent}else:")
        self.write_branch(op.attrs["else_branch"], args, outs, indent + "    ")

    def write_case(self, op: Operation, indent: str) -> None:
        index, *args = [self.ref(t) for t in op.inputs]
        outs = [self.fresh(t) for t in op.outputs]
        branches = op.attrs["branches"]
        for i, branch in enumerate(branches):
            if i == len(branches) - 1:  # the last branch is also the default
                self.lines.append(f"{indent}else:" if i else f"{indent}if True:")
            else:
                self.lines.append(f"{indent}{'if' if i == 0 else 'elif'} {index} == {i}:")
            self.write_branch(branch, args, outs, indent + "    ")

    def write_while(self, op: Operation, indent: str) -> None:
        inits = [self.ref(t) for t in op.inputs]
        loop_vars = [self.fresh(t) for t in op.outputs]
        if loop_vars:
            self.lines.append(f"{indent}{', '.join(loop_vars)}, = {', '.join(inits)},"
                              f"  # {op.name} = {op.type}")
        self.lines.append(f"{indent}while True:")
        inner = indent + "    "
        (keep_going,) = self.write_function(op.attrs["cond"], loop_vars, inner)
        self.lines += [f"{inner}if not {keep_going}:", f"{inner}    break"]
        results = self.write_function(op.attrs["body"], loop_vars, inner)
        if loop_vars:
            self.lines.append(f"{inner}{', '.join(loop_vars)}, = {', '.join(results)},")


def _accumulator(op: Operation) -> str:
    dtype = np.dtype(op.inputs[0].dtype.as_numpy_dtype)
    return "np.float64" if dtype == np.float32 and op.type in ("Sum", "Mean") else (
        f"np.{dtype.name}")


def literal(value: Any) -> str:
    """A scalar constant as numba source of its dtype: `np.float32(0.5)`, `True`."""
    value = np.asarray(value)
    if value.dtype.kind == "b":
        return repr(bool(value))
    return f"np.{value.dtype.name}({value.item()!r})"


def scalar_kernel(ops: list[Operation], inputs: list[SymbolicTensor],
                  outputs: list[SymbolicTensor]) -> KernelSource:
    """A scalar region's kernel: takes `inputs`, returns (outputs tuple, printed bytes)."""
    w = _Writer()
    args = [f"a{i}" for i in range(len(inputs))]
    for t, name in zip(inputs, args):
        w.names[id(t)] = name
    w.lines += [f"def kernel({', '.join(args)}):",
                "    _text, _used = np.empty(256, np.uint8), 0"]
    w.write_ops(ops, "    ")
    results = "".join(f"{w.ref(t)}, " for t in outputs)
    w.lines.append(f"    return ({results}), _text[:_used]")
    return KernelSource("\n".join(w.lines) + "\n", w.constants)


def elementwise_kernel(ops: list[Operation], inputs: list[SymbolicTensor],
                       arrays: list[bool], outputs: list[SymbolicTensor]) -> KernelSource:
    """An elementwise region's loop: `kernel(n, *inputs, *outputs)`, where an input is a flat
    array when `arrays` says so (else a scalar) and the outputs are flat arrays to fill, but
    for scalar outputs (reductions of all elements), which it returns as a tuple."""
    w = _Writer()
    params = [f"a{i}" for i in range(len(inputs))]
    filled = [t for t in outputs if t._shape != ()]
    outs = [f"o{i}" for i in range(len(filled))]
    w.lines.append(f"def kernel(n, {', '.join(params + outs)}):")
    starts = len(w.lines)
    w.lines.append("    for i in range(n):")
    for t, name, is_array in zip(inputs, params, arrays):
        if is_array:
            w.lines.append(f"        x{name[1:]} = {name}[i]")
            w.names[id(t)] = f"x{name[1:]}"
        else:
            w.names[id(t)] = name
    w.write_ops(ops, "        ")
    w.lines += [f"        {o}[i] = {w.ref(t)}" for o, t in zip(outs, filled)]
    w.lines[starts:starts] = w.reduction_starts("    ")
    w.name_reduced_values()
    scalars = "".join(f"{w.ref(t)}, " for t in outputs if t._shape == ())
    w.lines.append(f"    return ({scalars})")
    return KernelSource("\n".join(w.lines) + "\n", w.constants)
