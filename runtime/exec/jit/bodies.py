"""`jit_compile` inside control flow: the elementwise chains of a branch or loop body, compiled.

At the top level `JitPlan` splits a function's ops into regions; an `If`, `Case` or `While` whose
values are arrays has no compiled form and runs on a plan, which writes its branches and body
as Python statements (`control_flow_writers`). There, each run of two or more elementwise ops
(`regions.ELEMENTWISE`) becomes one `_CompiledRegion` op, which the plan writes as one call of
a `CompiledStage`: one numba loop over the arrays per iteration instead of one NumPy pass per
op.

    while True:                          while True:
        ...                                  ...
        v5 = v4 * c6  # mul = Mul      ->  v5, = r9(v4)  # _CompiledRegion: mul, Sqrt, sub
        v5 = k7(v5)   # Sqrt = Sqrt
        v5 = v5 - c8  # sub = Sub

A compiled stage that raises or that numba cannot compile runs its ops on an ordinary plan,
whose error (naming the user's line) the body raises as it is. Regions of one op stay as they
are: one NumPy call costs less than a stage's call.
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.core.errors import raise_as_is
from autograph.runtime.exec.jit.regions import ELEMENTWISE, Region, regions, stage_tensors
from autograph.runtime.exec.jit.stages import CompiledStage
from autograph.runtime.graph.graph import Operation

MIN_OPS = 2


def compile_bodies(ops: list[Operation], kept: set[int]) -> list[Operation] | None:
    """`ops` (a function graph's, in order) with each elementwise region of `MIN_OPS` or more
    replaced by a `_CompiledRegion` op where its last op was; None when there is none.
    `kept`: ids of the function's outputs."""
    chosen = [r for r in regions(ops) if r.kind == ELEMENTWISE and len(r.ops) >= MIN_OPS]
    if not chosen:
        return None
    position = {id(op): i for i, op in enumerate(ops)}
    replaced: dict[int, Operation | None] = {}  # id(op) -> its region's op at the last one
    for region in chosen:
        after = ops[position[id(region.ops[-1])] + 1:]
        for op in region.ops:
            replaced[id(op)] = None
        replaced[id(region.ops[-1])] = _region_op(region, after, kept)
    written: list[Operation] = []
    for op in ops:
        written_op = replaced.get(id(op), op)
        if written_op is not None:
            written.append(written_op)
    return written


def _region_op(region: Region, after: list[Operation], kept: set[int]) -> Operation:
    """The op running `region` compiled, reading its inputs other than constants and giving
    the values its outputs that `after` or the function's outputs read."""
    first = region.ops[0]
    inputs, outputs = stage_tensors(region, after, kept)
    stage = CompiledStage(first.graph, region, inputs, outputs)
    fed = [t for t in stage.inputs if id(t) not in stage.constants]
    op = Operation(first.graph, f"{first.name}/compiled", "_CompiledRegion", fed,
                   {"run": _RegionRun(stage, fed), "op_names": [o.name for o in region.ops]},
                   [], [], first.device, source=first.source)
    op.outputs = list(outputs)  # the region's own tensors: later ops read them by name
    return op


class _RegionRun:
    """Runs a compiled stage on the values of `fed`; returns its outputs' values."""

    def __init__(self, stage: CompiledStage, fed: list[Any]):
        self.stage = stage
        self.keys = [id(t) for t in fed]
        self.outputs = [id(t) for t in stage.outputs]

    def __call__(self, *args: Any) -> list[Any]:
        values = dict(zip(self.keys, args))
        try:
            self.stage.run(values)
        except Exception as e:  # the error of the plan the stage fell back to, placed there
            raise_as_is(e)
            raise
        return [values[key] for key in self.outputs]
