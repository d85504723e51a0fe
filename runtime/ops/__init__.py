"""Op declarations (`*_defs.py`) and the user-facing functions over them (`*_ops.py`)."""

from runtime.ops import (array_ops, creation_ops, graph_ops, math_ops,  # noqa: F401
                         random_ops, string_ops)
