"""The hook through which gradient tapes see the ops that run or are built.

While no tape records, `recorder[0]` is None and each op pays one check for the feature. The
gradients layer installs its recorder (`set_recorder`) while a tape records; it is called as
`recorder(op_type, inputs, outputs, attrs, op)` after an eager op ran (`op` None, the inputs
and outputs flat lists of eager tensors) and after an op was added to a graph (`op` the
`Operation`, whose inputs and outputs are passed too).
"""

from __future__ import annotations

from typing import Any, Callable

Recorder = Callable[[str, list, list, dict, Any], None]

recorder: list[Recorder | None] = [None]


def set_recorder(fn: Recorder | None) -> None:
    """Installs `fn` as the recorder of every op (None: no op is recorded)."""
    recorder[0] = fn
