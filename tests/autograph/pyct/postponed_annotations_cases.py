"""A module with postponed annotations, whose converted functions keep them postponed."""

from __future__ import annotations


def annotations_of_a_nested_function():
    def inner(a: int) -> float:
        return a
    return inner.__annotations__
