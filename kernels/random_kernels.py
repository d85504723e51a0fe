"""Kernels of the random ops."""
