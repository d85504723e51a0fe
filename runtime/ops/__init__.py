"""Op declarations (`*_defs.py`) and the user-facing functions over them (`*_ops.py`).

Importing the package declares every built-in op, then registers them as one group, so that
what a user registers later is a registration of its own: a malformed or duplicate user op is
reported to that user and cannot keep the built-in ops from registering. It also installs the
Python operators of `Tensor` (`operators`) and the stacking of lists of tensors (`array_ops`).

Imports `core`, `registry`, `graph` and `eager`.
"""

from runtime.registry.op_registry import op_registry
from runtime.ops import (array_defs, complex_defs, control_flow_defs, creation_defs,  # noqa: F401
                         graph_defs, linalg_defs, list_defs, logging_defs, math_defs,
                         random_defs, reduction_defs, state_defs, string_defs)
from runtime.ops import (array_ops, creation_ops, graph_ops, math_ops,  # noqa: F401
                         operators, random_ops, string_ops)

op_registry().process_registrations()
