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
  * `t`'s dtype and static shape are the output's, and it holds at least `MIN_BYTES`: at
    64 KiB writing into a buffer saves about 0.5 µs, what calling the kernel instead of an
    inline operator costs; below, NumPy's allocator is fast enough. Where some of its dimensions are
    unknown (a batch of any size), every other input has a fully known shape that cannot
    widen `t`'s when broadcast against it, and the plan checks the size when it runs:

        v2 = k3(v1, c2, out=v1 if v1.size >= 16384 else None)

Writing into an input cannot give a wrong shape silently: the result broadcasts its inputs,
so it has `t`'s shape or a larger one, which NumPy refuses to write into `t`.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from autograph.runtime.core.devices import Device
from autograph.runtime.graph.graph import Operation, SymbolicTensor
from autograph.runtime.registry.kernel_registry import KernelDef

MIN_BYTES = 1 << 16

Placed = tuple[Device, KernelDef]  # where an op runs, and its kernel


class Donor(NamedTuple):
    """The input whose buffer an op writes into, and the least size (in elements) it must
    have when the plan runs, or 0 where its static shape is known to be large enough."""

    tensor: SymbolicTensor
    min_size: int


def donors(ops: list[Operation], placed: dict[int, Placed],
           kept: set[int] | frozenset[int]) -> dict[int, Donor]:
    """id(op) -> the input of `op` whose buffer it writes its output into.

    Args:
        ops: the ops of one (sub)graph run, in the order they run.
        placed: id(op) -> (device, kernel) for each op that runs a kernel.
        kept: ids of tensors whose values must survive the run.
    """
    # id(tensor) -> the position of its last reader taking out= (its other readers keep it)
    last_read: dict[int, int] = {}
    kept_by_readers: set[int] = set()  # tensors read by an op not taking out=: it may keep them
    writers: list[tuple[int, Operation, Device]] = []  # ops taking out=, with one output
    for position, op in enumerate(ops):
        where = placed.get(id(op))
        if where is not None and where[1].takes_out:
            for t in op.inputs:
                last_read[id(t)] = position
            if len(op.outputs) == 1:
                writers.append((position, op, where[0]))
        else:
            kept_by_readers.update(map(id, op.inputs))
    made: dict[int, Device] = {}  # id(tensor) -> device, of new arrays made by out= kernels
    found: dict[int, Donor] = {}
    for position, op, device in writers:
        (output,) = op.outputs
        for t in op.inputs:
            if (made.get(id(t)) is device and last_read[id(t)] == position
                    and id(t) not in kept and id(t) not in kept_by_readers):
                min_size = _min_size(t, output, op.inputs)
                if min_size is not None:
                    found[id(op)] = Donor(t, min_size)
                    break
        made[id(output)] = device
    return found


def _min_size(t: SymbolicTensor, output: SymbolicTensor,
              inputs: list[SymbolicTensor]) -> int | None:
    """The `Donor.min_size` for writing `output` into `t`, or None where it may not."""
    shape = t._shape
    if shape is None or shape != output._shape or t._dtype is not output._dtype:
        return None  # (dtypes are unique objects)
    least = -(-MIN_BYTES // t._dtype.np_dtype.itemsize)
    if None not in shape:
        return 0 if math.prod(shape) >= least else None
    for other in inputs:
        if other is not t and not _cannot_widen(other._shape, shape):
            return None
    return least


def _cannot_widen(other: tuple | None, shape: tuple) -> bool:
    """Whether an operand of fully known shape `other` broadcasts into `shape` unchanged."""
    return (other is not None and None not in other and len(other) <= len(shape)
            and all(d == 1 or d == s for d, s in zip(reversed(other), reversed(shape))))
