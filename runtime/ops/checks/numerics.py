"""`check_numerics`, and `enable_check_numerics`: finding where a NaN or an infinity is made.

`check_numerics(x, message)` is one op that passes `x` on or raises. `enable_check_numerics()`
checks the floating-point outputs of every op that runs from then on, eagerly and in every
function's plan (whenever it was traced), until `disable_check_numerics()`: the first op that
makes a NaN or an infinity raises InvalidArgumentError naming the op, its graph and the user's
line that made it, as TensorFlow's message does. Plans then run each op as the user's graph has
it (the graph passes off, so that no fused op hides which one it was); while it is off, nothing
is checked and nothing is paid.

>>> from autograph.runtime.graph.tensor_conversion import convert_to_tensor
>>> check_numerics(convert_to_tensor([1.0, float("nan")]), "loss")
Traceback (most recent call last):
...
autograph.runtime.core.errors.InvalidArgumentError: loss : Tensor had NaN values [Op:CheckNumerics]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.recording import OpRun, add_observer, observers, remove_observer
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.ops.checks import defs as check_defs  # noqa: F401  (declares the op)

__all__ = ["check_numerics", "enable_check_numerics", "disable_check_numerics",
           "assert_all_finite"]

_check_numerics = op_handle("CheckNumerics")


def check_numerics(tensor: Any, message: str, name: str | None = None) -> Tensor:
    """`tensor`, or InvalidArgumentError ("`message` : Tensor had NaN values") where it holds a
    NaN or an infinity: at once eagerly, when the op runs in a graph."""
    return _check_numerics.run([tensor], {"message": message}, name)


def assert_all_finite(x: Any, message: str, name: str | None = None) -> Tensor:
    """`check_numerics` under TensorFlow's other name."""
    return check_numerics(x, message, name)


class _NumericsChecker:
    """Raises at the first op output holding a NaN or an infinity."""

    exact = True  # each op as the user made it

    def op_ran(self, run: OpRun) -> None:
        for index, value in enumerate(run.outputs):
            if getattr(value, "dtype", None) is None or value.dtype.kind != "f":
                continue
            if np.isfinite(value).all():
                continue
            raise InvalidArgumentError(_report(run, index, value))


_CHECKER = _NumericsChecker()


def enable_check_numerics(stack_height_limit: int = 30, path_length_limit: int = 50) -> None:
    """Checks the output of every op that runs from now on for NaNs and infinities (the two
    limits are TensorFlow's, for its stack traces; here the error names the user's line)."""
    if _CHECKER not in observers:
        add_observer(_CHECKER)


def disable_check_numerics() -> None:
    """Stops what `enable_check_numerics` started (nothing when it was not enabled)."""
    remove_observer(_CHECKER)


def _report(run: OpRun, index: int, value: Any) -> str:
    """TensorFlow's words for a non-finite output, with the user's line that made the op."""
    value = value.get() if hasattr(value, "get") else value  # a GPU array: to the host
    where = f'graph op "{run.op_type}"' if run.name else f'eagerly-executing op "{run.op_type}"'
    lines = [f"!!! Detected Infinity or NaN in output {index} of {where} (# of outputs: "
             f"{len(run.outputs)}) !!!",
             f"  dtype: {dtypes.as_dtype(value.dtype)!r}",
             f"  shape: {tuple(value.shape)}"]
    counts = {"-Inf": np.isneginf(value), "+Inf": np.isposinf(value), "NaN": np.isnan(value)}
    found = []
    for label, mask in counts.items():
        count = int(mask.sum())
        if count:
            lines.append(f"  # of {label} elements: {count}")
            found.append(label)
    lines.append("")
    if run.inputs:
        shown = [repr(t) for t in run.inputs]
        if len(shown) == 1:
            lines.append(f"  Input tensor: {shown[0]}")
        else:
            lines.append(f"  Input tensors ({len(shown)}):")
            lines += [f"         {i}: {text}" for i, text in enumerate(shown)]
    if run.name:
        lines.append(f'  Op name: "{run.name}"')
    if run.graph:
        lines.append(f'  Graph name: "{run.graph}"')
    if run.source:
        lines.append(f"  Made at: {run.source}")
    lines += ["", f" : Tensor had {' and '.join(found)} values"]
    return "\n".join(lines)
