"""Kernels of the creation ops."""
