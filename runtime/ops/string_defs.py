"""Declarations of the string ops."""
