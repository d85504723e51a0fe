"""Kernels of the array ops."""
