"""Construct families of exceptions for the differential generator.

A mixin of `generator._Generator`: each `_kind` method returns the lines of one statement and
the scope after it, as the generator's own do, and draws only from the generator's seeded
`rng`. What it writes:

    def h(k):                        # raise_helper: defined first in f, called anywhere
        if k > 9:
            raise KeyError('h')
        return k
    try:                             # try_nested: up to three deep, raises in the body, in
        for i4 in range(b):          # loops of it and after them, two trys in a row
            x = h(x + i4) % 17
        if x > y:
            raise ValueError('r')
    except LookupError:              # matches KeyError only: a ValueError goes on outwards,
        y = (y + 1) % 17             # to an outer handler or out of f
    finally:
        x = (x * 2) % 17

`return_try` returns from a `try` body and its handlers, of values that may raise (`return
h(x), y`); `return_finally` returns from a `finally` block, which discards an exception in
flight (Python 3.11 allows it; the converter refuses it, PEP 765).
"""

from __future__ import annotations

import dataclasses

# One switch per construct family, as in generator.FAMILIES.
FAMILIES = (
    "try_nested",      # try/except/else/finally up to three deep, raise ValueError or KeyError
                       # in the body, in its loops and after them; handlers that match or not
    "raise_helper",    # def h(k) in f that raises past a bound (and h2 that handles some of
                       # it), called inside and outside trys
    "return_try",      # return in a try body and in its handlers, of values that may raise
    "return_finally",  # return in a finally block (refused by the converter: PEP 765)
)

_ERRORS = ("ValueError", "KeyError")
_CAUGHT = ("ValueError", "KeyError", "(ValueError, KeyError)", "Exception", "LookupError")


def _indent(lines: list) -> list:
    return ["    " + line for line in lines]


def _ends_in_jump(lines: list) -> bool:
    return bool(lines) and lines[-1].startswith(("return", "break", "continue", "raise"))


class Statements:
    """The statements of the exception families (mixed into the generator)."""

    helpers: tuple = ()

    def exception_kinds(self, scope) -> list:
        nested = scope.depth < self.config.max_depth
        return [
            ("try_nested", nested and self.on("try_nested")),
            ("call_helper", bool(self.helpers)),
            ("return_try", nested and not scope.in_finally and self.on("return_try")),
            ("return_finally", nested and not scope.in_finally and self.on("return_finally")),
        ]

    def exception_setup(self) -> list:
        """`def h(k)` (and `def h2(k)`) at the start of f when raise_helper is on."""
        if not self.on("raise_helper"):
            return []
        # Values are below 17: past 6 to 12, one call in three or so raises.
        error, limit = self.rng.choice(_ERRORS), self.rng.randint(6, 12)
        lines = ["def h(k):", f"    if k > {limit}:", f"        raise {error}('h')",
                 "    return k"]
        self.helpers = ("h",)
        if self.rng.random() < 0.5:  # a helper that handles some of what h raises
            lines += ["def h2(k):", "    try:", "        return h(k + 1)",
                      f"    except {self.rng.choice(_CAUGHT)}:",
                      f"        return {self.rng.randint(0, 3)}"]
            self.helpers += ("h2",)
        return lines

    # Pieces ---------------------------------------------------------------------------

    def raise_statement(self, scope, last: bool = False) -> list:
        """`raise` of ValueError or KeyError, under a condition unless it ends a block."""
        error = f"raise {self.rng.choice(_ERRORS)}('r')"
        if last and self.rng.random() < 0.25:
            return [error]
        return [f"if {self.condition(scope)}:", f"    {error}"]

    def helper_call(self, scope) -> str:
        helper = self.rng.choice(self.helpers)
        return f"{self.rng.choice(self.targets)} = {helper}({self.expr(scope)}) % {self.modulus}"

    def _call_helper(self, scope):
        return [self.helper_call(scope)], scope

    def raising_loop(self, scope) -> list:
        """A loop whose body may raise (a raise or a helper call) before or after its work."""
        counter = self.fresh("w") if self.rng.random() < 0.3 else None
        variable = counter or self.fresh("i")
        inner = dataclasses.replace(scope.with_names(variable), depth=scope.depth + 1,
                                    in_loop=True)
        body = self.block(inner)
        risky = ([self.helper_call(inner)] if self.helpers and self.rng.random() < 0.4
                 else self.raise_statement(inner))
        at = 0 if _ends_in_jump(body) else self.rng.choice([0, len(body)])
        body[at:at] = risky
        if counter:
            return ([f"{counter} = 0", f"while {counter} < {self.bound(scope)}:",
                     f"    {counter} += 1"] + _indent(body))
        return [f"for {variable} in range({self.bound(scope)}):"] + _indent(body)

    def try_body(self, scope) -> list:
        """One to three pieces: raises, raising loops, helper calls, nested trys, blocks."""
        compound = scope.depth < self.config.max_depth
        pieces = ["raise", "block"] + (["call"] if self.helpers else [])
        if compound:
            pieces += ["loop"] + (["try", "two_trys"] if self.on("try_nested") else [])
        lines = []
        for _ in range(self.rng.randint(1, 3)):
            piece = self.rng.choice(pieces)
            if piece == "raise":
                lines += self.raise_statement(scope)
            elif piece == "call":
                lines.append(self.helper_call(scope))
            elif piece == "loop":
                lines += self.raising_loop(scope)
            elif piece == "try":
                lines += self._try_nested(scope)[0]
            elif piece == "two_trys":
                lines += self._try_nested(scope)[0] + self._try_nested(scope)[0]
            else:
                lines += self.block(scope)
            if _ends_in_jump(lines):
                break
        return lines

    def handlers(self, scope, minimum: int = 0) -> list:
        """`except` clauses, matching what the body raises or not, sometimes re-raising."""
        lines = []
        for _ in range(self.rng.randint(minimum, 2)):
            caught = self.rng.choice(_CAUGHT)
            lines.append(f"except {caught}:")
            body = self.nested(scope)
            if self.rng.random() < 0.1:
                body = [f"    if {self.condition(scope)}:", "        raise"] + body
            lines += body
        return lines

    # Statements -----------------------------------------------------------------------

    def _try_nested(self, scope):
        inner = dataclasses.replace(scope, depth=scope.depth + 1)
        lines = ["try:"] + _indent(self.try_body(inner))
        handlers = self.handlers(scope)
        lines += handlers
        if handlers and self.rng.random() < 0.3:
            lines += ["else:"] + self.nested(scope)
        if not handlers or self.rng.random() < 0.4:
            lines += ["finally:"] + self.nested(scope, in_loop=False, in_finally=True)
        return lines, scope

    def return_statement(self, scope) -> list:
        """A return of the state, one item of it sometimes through a helper that may raise."""
        values = list(self.state)
        if self.helpers and self.rng.random() < 0.6:
            at = self.rng.randrange(len(values))
            values[at] = f"{self.rng.choice(self.helpers)}({values[at]})"
        line = f"return {', '.join(values)}"
        if self.rng.random() < 0.4:
            return [f"if {self.condition(scope)}:", f"    {line}"]
        return [line]

    def _return_try(self, scope):
        inner = dataclasses.replace(scope, depth=scope.depth + 1)
        where = self.rng.choice(["body", "handler", "both"])
        body = self.try_body(inner) if self.rng.random() < 0.6 else []
        if where != "handler" and not _ends_in_jump(body):
            body += self.return_statement(inner)
        lines = ["try:"] + _indent(body or ["pass"])
        caught = self.rng.choice(_CAUGHT)
        handler = self.block(inner) if self.rng.random() < 0.5 else []
        if where != "body" and not _ends_in_jump(handler):
            handler += self.return_statement(inner)
        lines += [f"except {caught}:"] + _indent(handler or ["pass"])
        if self.rng.random() < 0.3:
            lines += ["finally:"] + self.nested(scope, in_loop=False, in_finally=True)
        return lines, scope

    def _return_finally(self, scope):
        inner = dataclasses.replace(scope, depth=scope.depth + 1)
        lines = ["try:"] + _indent(self.try_body(inner)) + self.handlers(scope)
        final = self.block(dataclasses.replace(inner, in_loop=False, in_finally=True))
        if _ends_in_jump(final):
            final = final[:-1] or ["pass"]
        final += self.return_statement(inner)
        return lines + ["finally:"] + _indent(final), scope
