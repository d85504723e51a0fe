"""Declarations of the creation ops."""
