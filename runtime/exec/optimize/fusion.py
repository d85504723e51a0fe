"""Elementwise fusion (TensorFlow's `remapping` option): a chain of elementwise ops over one
large shape becomes one `_FusedElementwise` op, whose CPU kernel runs the whole chain block by
block, so each block stays in cache between steps and no full-size intermediate is made.

    a = Mul(x, c); b = AddV2(a, d); y = Sqrt(b)
        ->   y = _FusedElementwise(x, c, d) {program=[multiply i0 i1, add s0 i2, sqrt s1]}

It pays for large arrays only (benchmarks/graph_passes.py, issue 17's 8-op chain on 10^7
float32, as a ratio to NumPy computing it op by op into one preallocated buffer): 1.12x fused
against 3.4x op by op in a plan that makes a new array per op, and 1.06-1.09x against
1.14-1.18x in a plan that reuses dead buffers (`out=`); the fused op also makes no full-size
intermediate. Below `MIN_ELEMENTS` the block loop costs more than it saves: while the arrays fit
in a core's L2 cache, op by op runs in the cache too. The 8-op chain fused, as a ratio to op by
op writing into the first op's new array (CPU time, x86_64 with 2 MiB of L2 a core):

    elements   65 536  131 072  262 144  393 216  524 288  786 432  1 048 576  2 097 152
    fused/op     1.78     1.65     1.56     1.18     0.60     0.52       0.52       0.54

Fused: ops of `FUSIBLE` (exactly rounded IEEE operations, so the results are the same bits
op by op or block by block), float32 or float64, placed on the CPU, whose output shape is fully
known and at least `MIN_ELEMENTS` elements, whose inputs have that shape or are scalars (no
other broadcasting), and that `Rewrite.frozen` leaves free (a fetched op stays as it is). An op
joins the chain of an input's op when it is that value's only reader. NumPy's warnings
(overflow, 0 / 0) are silenced inside a fused chain, as TensorFlow never warns.
"""

from __future__ import annotations

import collections
import functools
import math
from typing import Any

from autograph.runtime.core import devices, dtypes
from autograph.runtime.eager.placement import place
from autograph.runtime.exec.optimize.rewrite import Rewrite
from autograph.runtime.graph.operation import Operation
from autograph.runtime.registry.op_registry import op_registry

FUSIBLE = {"AddV2": "add", "Sub": "subtract", "Mul": "multiply", "RealDiv": "true_divide",
           "Maximum": "maximum", "Minimum": "minimum", "Neg": "negative", "Abs": "absolute",
           "Sqrt": "sqrt", "Square": "square"}
MIN_ELEMENTS = 1 << 19


def run(rewrite: Rewrite) -> int:
    """Fuses the chains; returns the number of ops fused away."""
    chains = _chains(rewrite)
    if not chains:
        return 0
    ends = {id(chain[-1]): chain for chain in chains}
    inside = {id(op) for chain in chains for op in chain[:-1]}
    for op in rewrite.walk():
        if id(op) in inside:
            rewrite.replace(op, [])  # read only by the chain, which the fused op computes
        elif id(op) in ends:
            rewrite.replace(op, _fused(rewrite, ends[id(op)]).outputs)
    return sum(len(chain) - 1 for chain in chains)


def _chains(rewrite: Rewrite) -> list[list[Operation]]:
    """The chains to fuse, each in a topological order, ending with the op whose output the
    rest of the graph reads."""
    fusible = [op for op in rewrite.ops if _fusible(rewrite, op)]
    if len(fusible) < 2:
        return []
    uses: collections.Counter = collections.Counter(id(t) for op in rewrite.ops
                                                    for t in op.inputs)
    chains: dict[int, list[Operation]] = {}  # id(last op) -> its chain, while growing
    for op in fusible:
        chain: list[Operation] = []
        for t in {id(t): t for t in op.inputs}.values():
            joined = chains.get(id(t.op))
            if (joined is not None and t.op.device == op.device
                    and uses[id(t)] == sum(u is t for u in op.inputs)):
                chain += chains.pop(id(t.op))
        chains[id(op)] = chain + [op]
    return [chain for chain in chains.values() if len(chain) > 1]


def _fusible(rewrite: Rewrite, op: Operation) -> bool:
    if op.type not in FUSIBLE or rewrite.frozen(op):
        return False
    (out,) = op.outputs
    shape = out._shape
    if out.dtype not in (dtypes.float32, dtypes.float64) or shape is None or None in shape:
        return False
    if math.prod(shape) < MIN_ELEMENTS:
        return False
    if any(t._shape != () and t._shape != shape for t in op.inputs):
        return False
    return _on_cpu(op)


def _on_cpu(op: Operation) -> bool:
    try:
        spec = devices.parse_device_name(op.device) if op.device else None
        device, _ = place(op.type, {"T": op.outputs[0].dtype}, spec)
    except Exception:  # no kernel there: the plan reports it
        return False
    return device is devices.CPU


def _fused(rewrite: Rewrite, chain: list[Operation]) -> Operation:
    inputs: dict[int, tuple[int, Any]] = {}  # id(tensor) -> (index, tensor): the chain's inputs
    made = {id(op.outputs[0]): j for j, op in enumerate(chain)}
    program = []
    for op in chain:
        operands = []
        for t in op.inputs:
            if id(t) in made:
                operands.append(f"s{made[id(t)]}")
            else:
                operands.append(f"i{inputs.setdefault(id(t), (len(inputs), t))[0]}")
        program.append(" ".join([FUSIBLE[op.type], *operands]))
    end = chain[-1].outputs[0]
    return rewrite.insert(chain[-1], "_FusedElementwise",
                          {"T": end.dtype, "N": len(inputs), "program": tuple(program)},
                          [t for _, t in inputs.values()], [(end.dtype, end._shape)], _fused_def(),
                          input_arg_lengths=(len(inputs),))


@functools.cache
def _fused_def() -> Any:
    return op_registry().lookup("_FusedElementwise").op_def
