"""Op declarations (`*_defs.py`) and the user-facing functions over them (`*_ops.py`)."""

from runtime.ops import (array_ops, creation_ops, math_ops, random_ops,  # noqa: F401
                         string_ops)
