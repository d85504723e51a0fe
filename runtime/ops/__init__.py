"""Op declarations (`*_defs.py`) and the user-facing functions over them (`*_ops.py`)."""
