"""Buffer reuse in plans: the dead input an elementwise op may write its result into.

Each op of a chain of elementwise ops would allocate an array of its own; instead, an op whose
kernel takes `out=` (`KernelDef.takes_out`, as NumPy's and CuPy's ufuncs) writes into the
buffer of an input whose value dies there, so the chain's memory beyond its input is its output:

    v1 = v0 * c1                     # y = Mul(x, 2)
    v2 = k3(v1, c2, out=v1)          # z = AddV2(y, 1)

Op `op` writes into its input `t` only when all of these hold:
  * `t` was made by this run of this (sub)graph, by a kernel taking `out=`, on `op`'s device:
    a new array that nothing else holds. Feeds, constants, variables' values and values that
    come into a branch or loop body are never written to.
  * Every op that reads `t` takes `out=` too, so none of them keeps `t` or returns a view of
    it (Identity, Reshape, slicing, control flow, assignments and tensor lists all may).
  * `op` is `t`'s last reader, and `t` is not kept: not a fetch, not a function's output (a
    loop variable carried to the next iteration, a branch result).
  * `t`'s static shape is fully known, equals the output's and holds at least `MIN_BYTES`;
    its dtype is the output's. Tiny arrays are not worth it: NumPy allocates them fast.
    Writing into an input cannot give a wrong shape silently: the result broadcasts its
    inputs, so it is `t`'s shape or larger, and NumPy refuses a larger one.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from runtime.graph.graph import Operation, SymbolicTensor

MIN_BYTES = 1 << 16

Placed = tuple[Any, Any]  # (Device, KernelDef) of an op


def donors(ops: list[Operation], placed: dict[int, Placed],
           kept: set[int] | frozenset[int]) -> dict[int, SymbolicTensor]:
    """id(op) -> the input of `op` whose buffer it writes its output into.

    Args:
        ops: the ops of one (sub)graph run, in the order they run.
        placed: id(op) -> (device, kernel) for each op that runs a kernel.
        kept: ids of tensors whose values must survive the run.
    """
    readers: dict[int, list[Operation]] = {}
    last_read: dict[int, int] = {}
    for position, op in enumerate(ops):
        for t in op.inputs:
            readers.setdefault(id(t), []).append(op)
            last_read[id(t)] = position
    made: dict[int, Any] = {}  # id(tensor) -> device, for new arrays made by out= kernels
    found: dict[int, SymbolicTensor] = {}
    for position, op in enumerate(ops):
        device, kernel = placed.get(id(op), (None, None))
        if kernel is None or not kernel.takes_out or len(op.outputs) != 1:
            continue
        (output,) = op.outputs
        for t in op.inputs:
            if (made.get(id(t)) is device and last_read[id(t)] == position
                    and id(t) not in kept and _same_buffer_size(t, output)
                    and all(_takes_out(placed, reader) for reader in readers[id(t)])):
                found[id(op)] = t
                break
        made[id(output)] = device
    return found


def _takes_out(placed: dict[int, Placed], op: Operation) -> bool:
    kernel = placed.get(id(op), (None, None))[1]
    return kernel is not None and kernel.takes_out


def _same_buffer_size(t: SymbolicTensor, output: SymbolicTensor) -> bool:
    shape = t._shape
    if t.dtype != output.dtype or shape is None or shape != output._shape:
        return False
    if any(d is None for d in shape):
        return False
    itemsize = np.dtype(t.dtype.as_numpy_dtype).itemsize
    return math.prod(shape) * itemsize >= MIN_BYTES
