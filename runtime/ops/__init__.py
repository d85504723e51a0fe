"""Op declarations (`*_defs.py`) and the user-facing functions over them (`*_ops.py`).

Importing the package declares every built-in op and registers them as one group, ahead of any
op a user declared before, so that a user's op is a registration of its own: a malformed or
duplicate one is reported to that user and cannot keep the built-in ops from registering. It
also installs the Python operators of `Tensor` (`operators`) and the stacking of lists of
tensors (`array_ops`).

Imports `core`, `registry`, `graph` and `eager`.
"""

from autograph.runtime.registry.op_registry import op_registry

with op_registry().group():  # the built-in ops: one group, ahead of ops declared earlier
    from autograph.runtime.ops import (  # noqa: F401
        array_defs,
        array_ops,
        complex_defs,
        control_flow_defs,
        creation_defs,
        creation_ops,
        graph_defs,
        graph_ops,
        iterator_defs,
        linalg_defs,
        list_defs,
        logging_defs,
        math_defs,
        math_ops,
        nn_defs,
        operators,
        random_defs,
        random_ops,
        reduction_defs,
        script_defs,
        state_defs,
        string_defs,
        string_ops,
    )
