"""Running one op: dispatch (placement, kernel choice, eager execution, or adding the op to the
graph being built) and `op_function`, a Python function for a registered op.

Imports `core`, `registry` and `graph`.
"""
