"""Fresh names for generated code: deterministic and readable (`if_body`, `if_body_1`, ...).

A `Namer` knows every name the function already uses, so a generated name never shadows one.

>>> namer = Namer({"if_body"})
>>> namer.new("if_body"), namer.new("if_body"), namer.new("loop_body")
('if_body_1', 'if_body_2', 'loop_body')
"""

from __future__ import annotations

from typing import Any, Iterable

import gast


class Namer:
    def __init__(self, taken: Iterable[str] = ()):
        self.taken = set(taken)

    def new(self, base: str) -> str:
        """`base`, or `base_1`, `base_2`, ... : the first not yet used."""
        name, n = base, 0
        while name in self.taken:
            n += 1
            name = f"{base}_{n}"
        self.taken.add(name)
        return name


def names_in(node: Any) -> set[str]:
    """Every identifier a tree mentions: names, parameters, function and class names."""
    found = set()
    for n in gast.walk(node):
        if isinstance(n, gast.Name):
            found.add(n.id)
        elif isinstance(n, (gast.FunctionDef, gast.AsyncFunctionDef, gast.ClassDef)):
            found.add(n.name)
        elif isinstance(n, gast.alias):
            found.add((n.asname or n.name).split(".")[0])
    return found
