"""The ops a jit region may hold, each as a scalar expression that numba compiles.

An entry maps an op type to a template over its inputs' scalar values (`{0}`, `{1}`, ...) and
the dtype kinds its inputs may have (NumPy kinds: `f` float, `i`/`u` integers, `b` bool). The
writer wraps each numeric result in its dtype (`np.float32(...)`), since numba widens small
integers to 64 bits and would otherwise let a loop variable change type; the wrap also makes
integer overflow wrap around as NumPy's does. Helpers named `_jit_*` live in `support`.

Only float16-free real dtypes qualify. Integer division, modulo and negative integer powers
raise inside the kernel where the plan's kernel raises; the caller then reruns the region on
the plan, which raises the plan's own error.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from autograph.runtime.graph.graph import Operation

FLOAT, INT, BOOL = "f", "iu", "b"
NUMBER = FLOAT + INT
_DTYPES = {np.dtype(t) for t in ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16",
                                 "uint32", "uint64", "float32", "float64")}


class JitOp(NamedTuple):
    template: str
    kinds: str  # the dtype kinds every input may have


def _binary(operator: str, kinds: str = NUMBER) -> JitOp:
    return JitOp(f"{{0}} {operator} {{1}}", kinds)


def _call(function: str, kinds: str = FLOAT) -> JitOp:
    return JitOp(f"{function}({{0}})", kinds)


JIT_OPS: dict[str, JitOp] = {
    "Identity": JitOp("{0}", NUMBER + BOOL),
    "AddV2": _binary("+"), "Sub": _binary("-"), "Mul": _binary("*"),
    "RealDiv": _binary("/", FLOAT), "Neg": JitOp("-{0}", NUMBER),
    "FloorDiv": JitOp("_jit_floordiv({0}, {1})", NUMBER),
    "FloorMod": JitOp("_jit_floormod({0}, {1})", NUMBER),
    "Pow": JitOp("_jit_pow({0}, {1})", NUMBER),
    "Maximum": JitOp("_jit_maximum({0}, {1})", NUMBER),
    "Minimum": JitOp("_jit_minimum({0}, {1})", NUMBER),
    "Less": _binary("<"), "LessEqual": _binary("<="), "Greater": _binary(">"),
    "GreaterEqual": _binary(">="),
    "Equal": _binary("==", NUMBER + BOOL), "NotEqual": _binary("!=", NUMBER + BOOL),
    "LogicalAnd": _binary("&", BOOL), "LogicalOr": _binary("|", BOOL),
    "LogicalNot": JitOp("not {0}", BOOL),
    "BitwiseAnd": _binary("&", INT), "BitwiseOr": _binary("|", INT),
    "BitwiseXor": _binary("^", INT), "Invert": JitOp("~{0}", INT),
    "Abs": JitOp("abs({0})", NUMBER), "Square": JitOp("{0} * {0}", NUMBER),
    "Sign": JitOp("np.sign({0})", NUMBER),
    "Sqrt": _call("np.sqrt"), "Rsqrt": JitOp("1.0 / np.sqrt({0})", FLOAT),
    "Exp": _call("np.exp"), "Log": _call("np.log"), "Log1p": _call("np.log1p"),
    "Sin": _call("np.sin"), "Cos": _call("np.cos"), "Tanh": _call("np.tanh"),
    "Floor": _call("np.floor"), "Ceil": _call("np.ceil"), "Round": _call("np.rint"),
    "Sigmoid": _call("_jit_sigmoid"), "Relu": JitOp("_jit_maximum({0}, 0)", NUMBER),
    "IsNan": _call("np.isnan"), "IsFinite": _call("np.isfinite"),
    "SelectV2": JitOp("{1} if {0} else {2}", NUMBER + BOOL),
    "Cast": JitOp("{0}", NUMBER + BOOL),
}


class Reduction(NamedTuple):
    init: str  # the accumulator's first value (`{lowest}`, `{highest}`: of the dtype)
    step: str  # the next accumulator from `{acc}` and the element `{x}`


# Reductions of every element (an elementwise loop's tail). float32 sums and means accumulate
# in float64: NumPy's pairwise float32 sum and a float64 running sum agree to float32 rounding,
# where a float32 running sum over 1e7 values would not; float64 ones stay on the plan.
REDUCTIONS: dict[str, Reduction] = {
    "Sum": Reduction("0", "{acc} + {x}"), "Mean": Reduction("0", "{acc} + {x}"),
    "Prod": Reduction("1", "{acc} * {x}"),
    "Max": Reduction("{lowest}", "_jit_maximum({acc}, {x})"),
    "Min": Reduction("{highest}", "_jit_minimum({acc}, {x})"),
}


def why_not_reduction(op: Operation) -> str | None:
    """None when `op`, an op of REDUCTIONS whose output is a scalar (so every dimension of its
    input is reduced), is one that numba computes exactly as the plan; else why not."""
    x, axes = op.inputs
    shape = x._shape
    if shape is None or not shape or op.attrs["keep_dims"] or axes.op.type != "Const":
        return f"{op.type} of part of a tensor"
    dtype = np.dtype(x.dtype.as_numpy_dtype)
    if dtype.kind not in NUMBER or dtype not in _DTYPES:
        return f"{op.type} of dtype {x.dtype.name}"
    if op.type in ("Sum", "Mean", "Prod") and dtype.kind == "f" and dtype != np.float32:
        return f"{op.type} of dtype {x.dtype.name}"
    if op.type in ("Mean", "Prod") and dtype.kind != "f":
        return f"{op.type} of dtype {x.dtype.name}"
    return None


def why_not_elementwise(op: Operation) -> str | None:
    """None when `op` is in the table with dtypes it accepts; else why it is not."""
    entry = JIT_OPS.get(op.type)
    if entry is None:
        return f"{op.type} has no compiled form"
    for t in list(op.inputs) + list(op.outputs):
        if not has_jit_dtype(t):
            return f"{op.type} of dtype {t.dtype.name}"
    for t in op.inputs:  # (SelectV2's condition is a bool, which its entry takes)
        if _kind(t) not in entry.kinds:
            return f"{op.type} of dtype {t.dtype.name}"
    if op.type == "Cast" and _kind(op.inputs[0]) == "f" and _kind(op.outputs[0]) != "f":
        return "Cast of a float to an integer or bool"  # NaN and overflow differ from NumPy
    if op.type in ("Equal", "NotEqual") and not op.attrs.get("incompatible_shape_error", True):
        if not (op.inputs[0]._shape == () or op.inputs[1]._shape == ()):
            return f"{op.type} with incompatible_shape_error=False"
    return None


def has_jit_dtype(t: Any) -> bool:
    return np.dtype(t.dtype.as_numpy_dtype) in _DTYPES if not t.dtype.is_host_only else False


def _kind(t: Any) -> str:
    return np.dtype(t.dtype.as_numpy_dtype).kind
