"""Fresh names for generated code: deterministic and readable (`if_body`, `if_body_1`, ...).

A `Namer` knows every name the function already uses, so a generated name never shadows one.

>>> namer = Namer({"if_body"})
>>> namer.new("if_body"), namer.new("if_body"), namer.new("loop_body")
('if_body_1', 'if_body_2', 'loop_body')
"""

from __future__ import annotations

import types
from typing import Iterable


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


def names_in(code: types.CodeType) -> set[str]:
    """Every identifier a compiled function (and the code nested in it) mentions: variables,
    globals, attributes, nested functions. Names that only appear in code the compiler
    dropped (an unevaluated annotation, an `if False:` body) are missing, which is harmless:
    that code never runs."""
    found = {*code.co_varnames, *code.co_names, *code.co_cellvars, *code.co_freevars}
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            found |= names_in(const)
    return found
