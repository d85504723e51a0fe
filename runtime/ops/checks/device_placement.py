"""`set_log_device_placement`: prints where each op runs, as TensorFlow logs it.

An eager op logs each run to stderr ("Executing op Mul in device .../device:CPU:0"); an op of a
function's or a session's plan prints its placement to stdout the first time it runs
("mul: (Mul): .../device:CPU:0"). Off by default, and then nothing is paid.
"""

from __future__ import annotations

import sys

from autograph.runtime.graph.recording import OpRun, add_observer, remove_observer

__all__ = ["set_log_device_placement"]


class _PlacementLog:
    exact = False  # the ops that run, as planned

    def __init__(self) -> None:
        self.placed: set[tuple[str, str, str]] = set()

    def op_ran(self, run: OpRun) -> None:
        if not run.name:
            print(f"Executing op {run.op_type} in device {run.device}", file=sys.stderr)
            return
        key = (run.graph, run.name, run.device)
        if key not in self.placed:
            self.placed.add(key)
            print(f"{run.name}: ({run.op_type}): {run.device}")


_LOG = _PlacementLog()


def set_log_device_placement(enabled: bool) -> None:
    """Prints, while `enabled`, the device of every op that runs."""
    if enabled:
        remove_observer(_LOG)
        _LOG.placed.clear()
        add_observer(_LOG)
    else:
        remove_observer(_LOG)
