"""Directives to the converter (`ag.autograph.experimental`, as `tf.autograph.experimental`).

`set_loop_options(...)`, called in the body of a loop that the converter turns into a
`while_stmt` or `for_stmt`, is taken out of the body and its arguments become the loop's
options (see `converters/directives.py`). Called anywhere else, it does nothing, as in
TensorFlow.

>>> set_loop_options(maximum_iterations=3)  # outside a converted loop: nothing happens
"""

from __future__ import annotations

from typing import Any


def set_loop_options(parallel_iterations: int | None = None, swap_memory: bool | None = None,
                     maximum_iterations: Any = None, shape_invariants: Any = None) -> None:
    """Options of the graph loop whose body calls this (a no-op outside converted loops).

    Args:
        parallel_iterations: accepted for compatibility (iterations run in order).
        swap_memory: accepted for compatibility.
        maximum_iterations: the loop stops after this many iterations at most.
        shape_invariants: `(variable, shape)` pairs: shapes the loop's variables may take
            as they change from one iteration to the next (`None` for an unknown dimension).

    The arguments are evaluated once, before the loop starts.
    """
    del parallel_iterations, swap_memory, maximum_iterations, shape_invariants
