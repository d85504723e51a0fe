"""`ag.debugging`: runtime checks."""

from runtime.ops.control_flow_ops import Assert  # noqa: F401
