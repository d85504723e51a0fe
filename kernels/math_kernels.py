"""Kernels of the elementwise math ops, written once against the array module `ctx.xp`.

Most ops are one NumPy/CuPy ufunc each and are registered from tables; the others are written
out. The ufunc-like kernels take `out=` as the ufuncs do (`takes_out`), so that a plan can
write a result into the buffer of an input whose value is dead. NumPy warns where TensorFlow is
silent (0 / 0, log(0), sqrt(-1)), so kernels that meet such values in ordinary use run under
`quiet` (CuPy never warns). AddV2, Sub and Mul are left unwrapped: they are the hottest kernels,
`np.errstate` costs more than the arithmetic itself (about 1.7 µs), and they warn only on
overflow or inf - inf, where NumPy's RuntimeWarning is a fair hint that something went wrong.
"""

import functools
import operator
import sys
from typing import Any

import numpy as np

from autograph.kernels.common import BOTH, NUMBERS_AND_BOOL, quiet
from autograph.runtime.core import thread_pools
from autograph.runtime.core.dtypes import NUMBER_TYPES, string
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.registry.kernel_registry import register_kernel

# Kernels the executor may write into plans as Python operators (NumPy and CuPy arrays and
# NumPy scalars give the same results through operators and ufuncs; scalars much faster).
INLINE = {"AddV2": "{0} + {1}", "Sub": "{0} - {1}", "Mul": "{0} * {1}", "Neg": "-{0}",
          "Less": "{0} < {1}", "LessEqual": "{0} <= {1}", "Greater": "{0} > {1}",
          "GreaterEqual": "{0} >= {1}", "LogicalAnd": "{0} & {1}", "LogicalOr": "{0} | {1}",
          "LogicalNot": "~{0}"}


def _ufunc_itself(ufunc: str):
    """A specializer giving the array module's ufunc itself, so that a settled eager call runs
    it without the kernel's frame and `out=None` (plans write such kernels inline)."""
    def specialize(ctx, attrs, types, shapes, values):
        return getattr(ctx.xp, ufunc)
    return specialize


@register_kernel("AddV2", device=BOTH, type_constraints={"T": NUMBER_TYPES},
                 inline=INLINE["AddV2"], takes_out=True, specialize=_ufunc_itself("add"))
def add(ctx, x, y, out=None):
    return ctx.xp.add(x, y, out=out)


@register_kernel("AddV2", device=BOTH, type_constraints={"T": [string]},
                 host_memory=("x", "y", "z"))
def add_strings(ctx, x, y):
    return np.asarray(np.add(x, y), dtype=object)  # two 0-d arrays add up to plain bytes


@register_kernel("Neg", device=BOTH, inline=INLINE["Neg"], takes_out=True,
                 specialize=_ufunc_itself("negative"))
def neg(ctx, x, out=None):
    return ctx.xp.negative(x, out=out)


def _ufunc_kernel(op_name: str, ufunc: str, warns: bool) -> None:
    """Registers `xp.<ufunc>(*inputs)` as the kernel of `op_name`, on both devices."""
    def kernel(ctx, *inputs, out=None):
        return getattr(ctx.xp, ufunc)(*inputs, out=out)
    kernel.__name__ = kernel.__qualname__ = ufunc
    arity = "{0}, {1}" if op_name in _BINARY else "{0}"
    inline = INLINE.get(op_name) or (None if warns else f"{{xp}}.{ufunc}({arity})")
    register_kernel(op_name, device=BOTH, inline=inline, takes_out=True,
                    specialize=None if warns else _ufunc_itself(ufunc))(
        quiet(kernel) if warns else kernel)


# op name -> (NumPy/CuPy function, whether NumPy may warn)
_BINARY = {"Sub", "Mul", "RealDiv", "Maximum", "Minimum", "Less", "LessEqual", "Greater",
           "GreaterEqual", "LogicalAnd", "LogicalOr", "BitwiseAnd", "BitwiseOr", "BitwiseXor"}
_UFUNCS = {
    "Sub": ("subtract", False), "Mul": ("multiply", False), "RealDiv": ("true_divide", True),
    "Maximum": ("maximum", False), "Minimum": ("minimum", False),
    "Less": ("less", False), "LessEqual": ("less_equal", False),
    "Greater": ("greater", False), "GreaterEqual": ("greater_equal", False),
    "LogicalAnd": ("logical_and", False), "LogicalOr": ("logical_or", False),
    "LogicalNot": ("logical_not", False),
    "BitwiseAnd": ("bitwise_and", False), "BitwiseOr": ("bitwise_or", False),
    "BitwiseXor": ("bitwise_xor", False), "Invert": ("invert", False),
    "Abs": ("absolute", False), "Sign": ("sign", False), "Square": ("square", True),
    "Sqrt": ("sqrt", True), "Exp": ("exp", True), "Log": ("log", True),
    "Log1p": ("log1p", True), "Sin": ("sin", True), "Cos": ("cos", True),
    "Tanh": ("tanh", False), "Floor": ("floor", False), "Ceil": ("ceil", False),
    "IsNan": ("isnan", False), "IsFinite": ("isfinite", False),
}
for _op, (_ufunc, _warns) in _UFUNCS.items():
    _ufunc_kernel(_op, _ufunc, _warns)


def _check_integer_divisor(y) -> None:
    if y.dtype.kind in "iu" and bool((y == 0).any()):
        raise InvalidArgumentError("Integer division by zero")


@register_kernel("FloorDiv", device=BOTH)
@quiet
def floor_div(ctx, x, y):
    if x.dtype.kind == "f":
        return ctx.xp.floor(x / y)  # TensorFlow's definition; NumPy's floor_divide differs
    _check_integer_divisor(y)
    return ctx.xp.floor_divide(x, y)


def _specialize_floor_mod(ctx, attrs, types, shapes, values):
    """Integer FloorMod without `np.errstate` (a non-zero integer divisor never warns) and, for
    a constant divisor with no zero in it, without the zero test: `x % y` as it is."""
    if types[0].np_dtype.kind not in "iu":
        return None
    divisor = values[1]
    if divisor is not None and divisor.all():
        return operator.mod
    if shapes[1] == ():
        return _scalar_int_floor_mod
    return functools.partial(_int_floor_mod, ctx.xp)


def _scalar_int_floor_mod(x, y):
    if not y:
        raise InvalidArgumentError("Integer division by zero")
    return x % y


def _int_floor_mod(xp, x, y):
    _check_integer_divisor(y)
    return xp.remainder(x, y)


@register_kernel("FloorMod", device=BOTH, specialize=_specialize_floor_mod)
@quiet
def floor_mod(ctx, x, y):
    xp = ctx.xp
    if x.dtype.kind == "f":
        r = xp.fmod(x, y)
        return xp.where((r != 0) & ((y < 0) != (r < 0)), r + y, r)
    _check_integer_divisor(y)
    return xp.remainder(x, y)


@register_kernel("Pow", device=BOTH, takes_out=True)
@quiet
def power(ctx, x, y, out=None):
    if y.dtype.kind in "iu" and bool((y < 0).any()):
        raise InvalidArgumentError("Integers to negative integer powers are not allowed")
    return ctx.xp.power(x, y, out=out)


def _equality(xp, ufunc: str, x, y, incompatible_shape_error: bool):
    if not incompatible_shape_error and not _broadcastable(x.shape, y.shape):
        return xp.asarray(ufunc == "not_equal")
    return getattr(xp, ufunc)(x, y)


def _broadcastable(a: tuple, b: tuple) -> bool:
    return all(m == n or m == 1 or n == 1 for m, n in zip(a[::-1], b[::-1]))


def _specialize_equality(compare):
    """`compare` (`operator.eq` or `.ne`: the ufunc, through the operator) where shapes must
    broadcast, or are known to: no shape test per call."""
    def specialize(ctx, attrs, types, shapes, values):
        a, b = shapes
        known = a is not None and b is not None and None not in a and None not in b
        if attrs["incompatible_shape_error"] or (known and _broadcastable(a, b)):
            return compare
        return None
    return specialize


def _equality_kernels(op_name: str, ufunc: str) -> None:
    compare = operator.eq if ufunc == "equal" else operator.ne

    @register_kernel(op_name, device=BOTH, type_constraints={"T": NUMBERS_AND_BOOL},
                     specialize=_specialize_equality(compare))
    def numbers(ctx, x, y, incompatible_shape_error):
        return _equality(ctx.xp, ufunc, x, y, incompatible_shape_error)

    @register_kernel(op_name, device=BOTH, type_constraints={"T": [string]},
                     host_memory=("x", "y", "z"))
    def strings(ctx, x, y, incompatible_shape_error):
        return _equality(np, ufunc, x, y, incompatible_shape_error)


_equality_kernels("Equal", "equal")
_equality_kernels("NotEqual", "not_equal")


@register_kernel("Rsqrt", device=BOTH, takes_out=True)
@quiet
def rsqrt(ctx, x, out=None):
    return ctx.xp.reciprocal(ctx.xp.sqrt(x), out=out)


@register_kernel("Sigmoid", device=BOTH)
def sigmoid(ctx, x):
    """1 / (1 + e) for x >= 0 and e / (1 + e) below, with e = exp(-|x|) in (0, 1]: no overflow
    for any x. The numerator, 1 or e, is max(e, x >= 0) rather than a `where` of the two
    quotients, whose mask is random for most inputs (35 against 18.5 µs on 64x128 float32)."""
    xp = ctx.xp
    if x.dtype.kind == "c":  # complex values have no sign to keep exp from overflowing
        return 1 / (1 + xp.exp(-x))
    e = xp.abs(x, out=xp.empty_like(x))  # an array even for a 0-d x
    xp.negative(e, out=e)
    xp.exp(e, out=e)
    denominator = e + 1
    xp.maximum(e, x >= 0, out=e)
    return xp.divide(e, denominator, out=e)


@register_kernel("SigmoidGrad", device=BOTH)
def sigmoid_grad(ctx, y, dy):
    """dy * (y * (1 - y)), in TensorFlow's order: one new array for three steps."""
    xp = ctx.xp
    z = xp.subtract(y.dtype.type(1), y, out=xp.empty_like(y))  # an array even for a 0-d y
    xp.multiply(y, z, out=z)
    return xp.multiply(dy, z, out=z)


@register_kernel("TanhGrad", device=BOTH)
def tanh_grad(ctx, y, dy):
    """dy * (1 - y * y), in TensorFlow's order: one new array for three steps."""
    xp = ctx.xp
    z = xp.multiply(y, y, out=xp.empty_like(y))
    xp.subtract(y.dtype.type(1), z, out=z)
    return xp.multiply(dy, z, out=z)


@register_kernel("Relu", device=BOTH, takes_out=True)
def relu(ctx, x, out=None):
    return ctx.xp.maximum(x, x.dtype.type(0), out=out)


@register_kernel("ReluGrad", device=BOTH, takes_out=True)
def relu_grad(ctx, gradients, features, out=None):
    return ctx.xp.multiply(gradients, features > 0, out=out)


@register_kernel("Round", device=BOTH)
def round_half_to_even(ctx, x):
    return ctx.xp.rint(x) if x.dtype.kind == "f" else x.copy()


@register_kernel("ClipByValue", device=BOTH)
def clip_by_value(ctx, t, clip_value_min, clip_value_max):
    xp = ctx.xp
    return xp.maximum(xp.minimum(t, clip_value_max), clip_value_min)


@register_kernel("AddN", device=BOTH, type_constraints={"T": NUMBER_TYPES})
@quiet
def add_n(ctx, inputs):
    if len(inputs) == 1:
        return inputs[0]  # as TensorFlow forwards its one input
    total = inputs[0] + inputs[1]
    for x in inputs[2:]:
        total += x  # in place on the new sum, never on an input
    return total


FUSED_BLOCK = 65_536
"""Elements per block of a fused chain on the CPU: a block's buffers stay in the L2 cache
between steps (16 384 and 262 144 were slower on the 8-op chain of benchmarks/graph_passes.py;
the ufunc calls' own cost grows as blocks shrink)."""

FUSED_PER_THREAD = 4
"""Blocks a thread takes at least when a fused chain is split across threads: below that,
handing a part to another thread costs more than it saves."""


def _fused_in_reused_output(ctx, attrs, types, shapes, values):
    """A plan line's fused chain on the CPU, writing into the array it returned on its previous
    call when nothing else holds that array any more (`sys.getrefcount`, a CPython detail, as
    the jit's stages do): a new output comes from the OS and faults in page by page on first
    write, which cost as much as the chain on 1e7 float32 values (benchmarks/threads.py)."""
    if ctx.xp is not np:
        return None
    steps = _fused_steps(tuple(attrs["program"]))
    given: list = [None]  # the array the last call returned

    def fused(inputs):
        with np.errstate(all="ignore"):
            shape = _one_shape(inputs)
            if shape is None:
                return fused_elementwise(ctx, inputs, attrs["program"])
            dtype = np.result_type(*inputs)
            out = given[0]
            # 3: `given`, the local `out` and getrefcount's argument; a caller holding the
            # array, or a view of it, or an input being it, adds one.
            if out is None or out.shape != shape or out.dtype != dtype or (
                    sys.getrefcount(out) != 3):
                out = given[0] = np.empty(shape, dtype)
            return _fused_blocks(steps, inputs, shape, out)
    return fused


@register_kernel("_FusedElementwise", device=BOTH, specialize=_fused_in_reused_output)
def fused_elementwise(ctx, inputs, program):
    steps = _fused_steps(tuple(program))
    with np.errstate(all="ignore"):  # TensorFlow is silent on 0 / 0, sqrt(-1), overflow
        shape = _one_shape(inputs) if ctx.xp is np else None
        if shape is not None:
            return _fused_blocks(steps, inputs, shape, np.empty(shape, np.result_type(*inputs)))
        results: list = []  # other broadcasting, other devices: step by step, whole arrays
        for name, operands in steps:
            results.append(getattr(ctx.xp, name)(
                *[inputs[k] if kind == "i" else results[k] for kind, k in operands]))
        return results[-1]


def _one_shape(inputs: list) -> tuple | None:
    """The shape of the array inputs when they all have it (the others being scalars), which
    the blocks take; None for any other broadcasting."""
    shape = np.broadcast_shapes(*(np.shape(v) for v in inputs))
    return shape if all(np.shape(v) in ((), shape) for v in inputs) else None


@functools.lru_cache(maxsize=256)
def _fused_steps(program: tuple) -> tuple:
    """`("multiply i0 i1", "add s0 i2")` as `(("multiply", (("i", 0), ("i", 1))), ...)`."""
    steps = []
    for step in program:
        name, *operands = step.split()
        if not operands or not callable(getattr(np, name, None)) or any(
                o[0] not in "is" or not o[1:].isdigit() for o in operands):
            raise InvalidArgumentError(f"_FusedElementwise: bad step {step!r}")
        steps.append((name, tuple((o[0], int(o[1:])) for o in operands)))
    return tuple(steps)


@functools.lru_cache(maxsize=256)
def _fused_buffers(steps: tuple) -> tuple[tuple[int, ...], int]:
    """The block buffer each step writes (0: the output's block), reusing a buffer once the
    value in it has been read for the last time (a ufunc may write over its own input); and
    how many buffers there are. A straight chain runs in the output's block alone."""
    last_read = {k: j for j, (_, operands) in enumerate(steps) for kind, k in operands
                 if kind == "s"}
    holds: dict[int, int] = {}  # buffer -> the step whose value it holds
    targets = []
    for j in range(len(steps)):
        free = [b for b, k in holds.items() if last_read.get(k, -1) <= j]
        if j == len(steps) - 1 or 0 not in holds or 0 in free:
            target = 0
        else:
            target = free[0] if free else len(holds)
        holds[target] = j
        targets.append(target)
    return tuple(targets), max(targets) + 1


def _fused_blocks(steps: tuple, inputs: list, shape: tuple, out: np.ndarray) -> np.ndarray:
    """The chain run block by block into `out` (no input is it): every step of a block before
    the next block; a chain of `FUSED_PER_THREAD` blocks or more per thread splits them across
    the intra-op threads (each element is computed alone, so the bits do not depend on the
    split)."""
    dtype = out.dtype
    flat_out = out.reshape(-1)
    size = flat_out.size
    _, count = _fused_buffers(steps)
    flat = [np.ravel(v) if np.shape(v) == shape else v for v in inputs]
    loop = _block_loop(steps, tuple(np.ndim(v) > 0 for v in flat))

    def run(begin: int, end: int) -> None:
        temps = [np.empty(min(FUSED_BLOCK, end - begin), dtype) for _ in range(count - 1)]
        loop(begin, end, flat_out, flat, temps)

    threads = min(thread_pools.intra_op_threads(), size // (FUSED_BLOCK * FUSED_PER_THREAD))
    if threads > 1:  # np.errstate is per thread: each part sets its own
        thread_pools.split(_quietly(run), size, threads, align=FUSED_BLOCK)
    else:
        run(0, size)
    return out


@functools.lru_cache(maxsize=256)
def _block_loop(steps: tuple, sliced: tuple[bool, ...]) -> Any:
    """The block loop of a chain, written out and compiled once per chain and operand kinds:
    one ufunc call a step, with its blocks as plain names. A loop that looked each step's
    operands up in lists held the GIL long enough that the 8-op chain on two threads took
    0.70x NumPy's time instead of 0.48x (benchmarks/threads.py, x86_64 with 2 cores). The
    ufunc calls are the same either way, and so are the bits. For the steps `multiply i0 i1`,
    `add s0 i2` over an array `i0` and scalars `i1`, `i2`, it writes:

        def run(begin, end, out, inputs, temps):
            i0, i1, i2, = inputs
            for start in range(begin, end, BLOCK):
                stop = min(start + BLOCK, end)
                b0 = out[start:stop]
                x0 = i0[start:stop]
                f0(x0, i1, out=b0)
                f1(b0, i2, out=b0)
    """
    targets, count = _fused_buffers(steps)
    lines = ["def run(begin, end, out, inputs, temps):",
             f"    {''.join(f'i{k}, ' for k in range(len(sliced)))}= inputs",
             "    for start in range(begin, end, BLOCK):",
             "        stop = min(start + BLOCK, end)",
             "        b0 = out[start:stop]"]
    lines += [f"        b{b} = temps[{b - 1}][:stop - start]" for b in range(1, count)]
    lines += [f"        x{k} = i{k}[start:stop]" for k, s in enumerate(sliced) if s]
    for j, ((_, operands), target) in enumerate(zip(steps, targets)):
        args = [(f"x{k}" if sliced[k] else f"i{k}") if kind == "i" else f"b{targets[k]}"
                for kind, k in operands]
        lines.append(f"        f{j}({', '.join(args)}, out=b{target})")
    namespace: dict[str, Any] = {"BLOCK": FUSED_BLOCK, "min": min, "range": range}
    namespace.update((f"f{j}", getattr(np, name)) for j, (name, _) in enumerate(steps))
    exec(compile("\n".join(lines), "<fused elementwise chain>", "exec"), namespace)
    return namespace["run"]


def _quietly(fn):
    def quiet_fn(*args):
        with np.errstate(all="ignore"):
            return fn(*args)
    return quiet_fn
