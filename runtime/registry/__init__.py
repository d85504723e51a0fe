"""What ops and kernels exist: op definitions and their builder (`register_op`), the op and
kernel registries, and shape inference.

Imports only `core`.
"""
