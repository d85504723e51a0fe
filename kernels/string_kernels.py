"""Kernels of the string ops."""
