"""Declarations of the random ops."""
