"""Root pytest configuration: doctests in the packages run with every kernel registered."""

import kernels  # noqa: F401
