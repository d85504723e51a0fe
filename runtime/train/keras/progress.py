"""What `fit`, `evaluate` and `predict` print: the progress bar (Keras's `Progbar` layout),
drawn by the `ProgbarLogger` callback.

`verbose=1` prints `Epoch 1/3` and, per epoch, one line such as
`4/4 ━━━━━━━━━━━━━━━━━━━━ 0s 3ms/step - accuracy: 0.9000 - loss: 0.2400`; on a terminal the
line is redrawn after every batch (`\\r`), elsewhere (a pipe, a log file) it is written once
when the epoch ends, so logs hold one line per epoch. `verbose=2` writes
`4/4 - 0s - 3ms/step - accuracy: ...` per epoch; `verbose=0` writes nothing. Values are shown
as Keras shows them: 4 decimals, or scientific notation from 1e-3 down (zero included).
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

__all__ = ["Progbar", "format_logs"]

BAR_WIDTH = 20


def format_value(value: float, verbose: int = 1) -> str:
    """4 decimals above 1e-3, else scientific notation (zero too), as Keras; its one-line
    layout (`verbose=2`) compares the value itself, so negative values are scientific there."""
    above = abs(value) > 1e-3 if verbose == 1 else value > 1e-3
    return f"{value:.4f}" if above else f"{value:.4e}"


def format_logs(logs: dict[str, float], verbose: int = 1) -> str:
    """` - name: value` for each entry, in the given order."""
    return "".join(f" - {name}: {format_value(value, verbose)}" for name, value in logs.items())


def _time_per_step(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.0f}s/step"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.0f}ms/step"
    return f"{seconds * 1e6:.0f}us/step"


class Progbar:
    """A progress line for `target` steps.

    Args:
        target: the number of steps (None: unknown, until set).
        verbose: 1 (a bar), 2 (one line at the end) or 0 (nothing).
        stream: where to write (default: `sys.stdout` at the time of the call).
    """

    def __init__(self, target: int | None, verbose: int = 1, stream: TextIO | None = None):
        self.target = target
        self.verbose = verbose
        self.stream = stream or sys.stdout
        self.start = time.perf_counter()
        self.interactive = bool(getattr(self.stream, "isatty", lambda: False)())

    def update(self, current: int, logs: dict[str, float] | None = None,
               finalize: bool = False) -> None:
        """Shows step `current` with `logs`; `finalize` ends the line."""
        if self.verbose == 0 or not (finalize or (self.verbose == 1 and self.interactive)):
            return
        elapsed = time.perf_counter() - self.start
        per_step = _time_per_step(elapsed / max(current, 1))
        values = format_logs(logs or {}, self.verbose)
        if self.verbose == 2:
            line = f"{current}/{self.target} - {elapsed:.0f}s - {per_step}{values}"
        elif self.target is None:
            line = f"{current}/Unknown {elapsed:.0f}s {per_step}{values}"
        else:
            done = BAR_WIDTH if current >= self.target else BAR_WIDTH * current // self.target
            bar = "━" * done + "─" * (BAR_WIDTH - done)
            line = f"{current}/{self.target} {bar} {elapsed:.0f}s {per_step}{values}"
        if self.interactive and self.verbose == 1:
            self.stream.write("\r\x1b[K" + line + ("\n" if finalize else ""))
        else:
            self.stream.write(line + "\n")
        self.stream.flush()
