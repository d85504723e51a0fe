"""The time loop of the recurrent layers: a Python `for` over the time steps, which AutoGraph
turns into one `While` op when the layer runs in a traced function (`ag.function`, `fit`).

`time_loop` is written as plain Python. `run_time_loop` runs it converted by the converter that
the `autograph` package installs (`runtime.function.function.set_conversion_hook`; `runtime`
never imports the converter itself): the number of steps is a tensor, so in a trace the `for`
becomes a `While` op whose gradient is `While`'s own (a backward loop over the recorded
iterations), and the `outputs` list the body appends to becomes a TensorArray. Run eagerly,
the same converted loop runs step by step in Python. `ag.to_code(time_loop)` shows the code
the converter made of it.
"""

from __future__ import annotations

from typing import Any, Callable

from autograph.runtime.function.function import _hook as _conversion_hook
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.ops.array.ops import stack
from autograph.runtime.ops.list.tensor_array import TensorArray

__all__ = ["time_loop", "run_time_loop"]


def time_loop(step: Callable, steps: Any, output: Any, states: list,
              keep_all: bool) -> tuple[Any, Any, list]:
    """`output, states = step(t, output, states)` for each time step `t`: the last output,
    every step's output (when `keep_all`) and the last states."""
    outputs = []
    for t in range(steps):
        output, states = step(t, output, states)
        if keep_all:
            outputs.append(output)
    return output, outputs, states


_converted: list[Callable] = []


def run_time_loop(step: Callable, steps: Tensor, output: Tensor, states: list,
                  keep_all: bool) -> tuple[Tensor, Tensor | None, list]:
    """`time_loop` converted by AutoGraph, with its outputs stacked (`[time, batch, ...]`,
    None unless `keep_all`). (The `autograph` package installs the converter when imported,
    which importing any part of it does.)"""
    if not _converted:
        _converted.append(_conversion_hook[0](time_loop))  # type: ignore[misc]
    output, outputs, states = _converted[0](step, steps, output, states, keep_all)
    if not keep_all:
        return output, None, states
    stacked = outputs.stack() if isinstance(outputs, TensorArray) else stack(outputs)
    return output, stacked, states
