"""Declarations of the array ops."""
