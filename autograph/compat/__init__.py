"""`ag.compat`: compatibility namespaces (`ag.compat.v1` for TensorFlow 1 programs)."""

from autograph.compat import v1  # noqa: F401
