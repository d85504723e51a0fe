"""Seeded generator of small Python functions that mix control flow with state.

`generate(seed, config)` returns the source of one function `def f(a, b):` over two small
integer arguments, built only from the construct families switched on in `config` (see
`FAMILIES`). Every program ends in `return` of a tuple of its state (plain names, dict items,
list items, an attribute of a `Box`), loops are bounded by construction (`while` loops carry a
counter) and arithmetic stays small (`%` bounds every assigned value; products only by small
constants), so a program never hangs and its values fit in int32. The same seed and config
always give the same source.

The families of exceptions (nested `try`s, helpers that raise, `return` in `try`) live in
`families_exceptions`, those of names, keys and attributes that exist in some runs only
(closures over loop state, shared iterators, `del`, jumps out of `with`) in `families_scopes`.
"""

from __future__ import annotations

import dataclasses
import random

from tests.differential import families_exceptions, families_scopes

# One switch per construct family; the comment says what switching it on adds.
FAMILIES = (
    "if",            # if / else
    "elif",          # elif chains
    "while",         # while loops (with a counter, so they end)
    "for_range",     # for over range(...)
    "for_ag_range",  # for over ag.range(...)
    "for_list",      # for over a list literal
    "nested_loops",  # a loop inside a loop
    "break",         # break under a condition
    "continue",      # continue under a condition
    "early_return",  # return before the end: in branches and loop bodies
    "for_else",      # for ... else
    "dict_state",    # state in d["a"]
    "nested_dict",   # state in d["b"]["c"] (with dict_state or dict_rebuild)
    "list_state",    # state in xs[0], xs[1]
    "attr_state",    # state in o.total (a Box made in the function)
    "dict_rebuild",  # d = {"a": d["a"] + ..., ...} rebuilt in place of an update
    "list_rebuild",  # xs = [xs[0] + ..., xs[1]] rebuilt in place of an update
    "with_counter",  # with CM: (a user context manager counting entries and exits)
    "name_scope",    # with ag.name_scope("s"):
    "try",           # try / except / finally, with control flow inside
    "raise",         # raise ValueError under a condition, inside try
    "closure",       # lambda / def reading loop variables, then called
    "walrus",        # (z := ...) in conditions
    "del",           # del of a temporary name
    "comprehension",  # list comprehensions over range / ag.range
    "loop_local",    # names first assigned inside a loop body
    "loop_local_after",  # ... and read after the loop
    "augassign",     # x += ..., x -= ...
    "bool_ops",      # and / or / not in conditions
) + families_exceptions.FAMILIES + families_scopes.FAMILIES

_MODULUS = 17  # every assigned value is taken % this, so values stay small


@dataclasses.dataclass(frozen=True)
class Config:
    """Which families a program may use, and how big it may grow."""

    enabled: frozenset = frozenset(FAMILIES)
    max_depth: int = 3
    max_statements: int = 3

    def __post_init__(self):
        unknown = set(self.enabled) - set(FAMILIES)
        if unknown:
            raise ValueError(f"unknown construct families {sorted(unknown)}; "
                             f"known: {', '.join(FAMILIES)}")

    @classmethod
    def only(cls, *families: str) -> Config:
        return cls(enabled=frozenset(families))

    def without(self, *families: str) -> Config:
        unknown = set(families) - set(FAMILIES)
        if unknown:
            raise ValueError(f"unknown construct families {sorted(unknown)}")
        return dataclasses.replace(self, enabled=self.enabled - set(families))

    def on(self, family: str) -> bool:
        return family in self.enabled


@dataclasses.dataclass
class _Scope:
    """What a statement being generated may read, and where it sits."""

    names: tuple  # readable int names (arguments, state, loop variables, loop locals)
    in_loop: bool = False
    depth: int = 0
    in_finally: bool = False  # no jump may leave a `finally` block (PEP 765; refused)

    def with_names(self, *more: str) -> _Scope:
        return dataclasses.replace(self, names=self.names + more)


class _Generator(families_exceptions.Statements, families_scopes.Statements):
    modulus = _MODULUS

    def __init__(self, seed: int, config: Config):
        self.rng = random.Random(seed)
        self.config = config
        self.counter = 0
        self.has_dict = config.on("dict_state") or config.on("dict_rebuild")
        self.targets = ["x", "y"]  # what assignments write
        if config.on("dict_state"):
            self.targets.append('d["a"]')
        if config.on("nested_dict") and self.has_dict:
            self.targets.append('d["b"]["c"]')
        if config.on("list_state"):
            self.targets += ["xs[0]", "xs[1]"]
        if config.on("attr_state"):
            self.targets.append("o.total")
        self.has_list = config.on("list_state") or config.on("list_rebuild")
        # What the program reads and returns: the targets, and d["a"] or xs[0] when they are
        # only rebuilt.
        self.state = self.targets + (['d["a"]'] if self.has_dict and not config.on(
            "dict_state") else []) + (["xs[0]"] if self.has_list and not config.on(
                "list_state") else [])
        self.setup, more_state = self.scope_setup()
        self.state += more_state
        self.setup += self.exception_setup()

    def fresh(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def on(self, family: str) -> bool:
        return self.config.on(family)

    # Expressions ----------------------------------------------------------------------

    def atom(self, scope: _Scope) -> str:
        if self.rng.random() < 0.2:
            return str(self.rng.randint(0, 5))
        return self.rng.choice(scope.names)

    def expr(self, scope: _Scope, depth: int = 0) -> str:
        roll = self.rng.random()
        if depth >= 2 or roll < 0.4:
            return self.atom(scope)
        if roll < 0.55:
            return f"{self.atom(scope)} * {self.rng.randint(2, 3)}"
        op = self.rng.choice(["+", "-", "+"])
        return f"{self.expr(scope, depth + 1)} {op} {self.expr(scope, depth + 1)}"

    def bounded(self, scope: _Scope) -> str:
        return f"({self.expr(scope)}) % {self.rng.randint(2, _MODULUS)}"

    def comparison(self, scope: _Scope) -> str:
        kind = self.rng.random()
        if kind < 0.4:
            return f"{self.expr(scope)} % 2 == {self.rng.randint(0, 1)}"
        op = self.rng.choice(["<", "<=", ">", ">=", "!=", "=="])
        return f"{self.expr(scope)} {op} {self.atom(scope)}"

    def condition(self, scope: _Scope) -> str:
        if self.on("bool_ops") and self.rng.random() < 0.25:
            roll = self.rng.random()
            if roll < 0.3:
                return f"not {self.comparison(scope)}"
            op = "and" if roll < 0.65 else "or"
            return f"{self.comparison(scope)} {op} {self.comparison(scope)}"
        return self.comparison(scope)

    def bound(self, scope: _Scope) -> str:
        return self.rng.choice(["a", "b", "a % 3 + 1", "b % 4", str(self.rng.randint(0, 4)),
                                f"{self.rng.choice(scope.names)} % 3"])

    # Statements -----------------------------------------------------------------------

    def block(self, scope: _Scope, minimum: int = 1) -> list:
        lines = []
        for _ in range(self.rng.randint(minimum, self.config.max_statements)):
            new_lines, scope = self.statement(scope)
            lines += new_lines
            if new_lines and new_lines[-1].startswith(("return", "break", "continue")):
                break  # nothing after a jump would run
        return lines or ["pass"]

    def kinds(self, scope: _Scope) -> list:
        simple = ["assign", "assign"]
        nested = scope.depth < self.config.max_depth
        loops_ok = nested and (not scope.in_loop or self.on("nested_loops"))
        table = [
            ("augassign", self.on("augassign")),
            ("if", nested and self.on("if")),
            ("while", loops_ok and self.on("while")),
            ("for", loops_ok and any(self.on(f) for f in
                                     ("for_range", "for_ag_range", "for_list"))),
            ("break", scope.in_loop and self.on("break")),
            ("continue", scope.in_loop and self.on("continue")),
            ("return", self.on("early_return") and scope.depth > 0 and not scope.in_finally),
            ("dict_rebuild", self.on("dict_rebuild")),
            ("list_rebuild", self.on("list_rebuild")),
            ("with_counter", nested and self.on("with_counter")),
            ("name_scope", nested and self.on("name_scope")),
            ("try", nested and self.on("try")),
            ("closure", self.on("closure")),
            ("walrus", nested and self.on("walrus")),
            ("del", self.on("del")),
            ("comprehension", self.on("comprehension")),
            ("loop_local", scope.in_loop and self.on("loop_local")),
        ] + self.exception_kinds(scope) + self.scope_kinds(scope)
        return simple + [kind for kind, ok in table if ok]

    def statement(self, scope: _Scope) -> tuple:
        kind = self.rng.choice(self.kinds(scope))
        return getattr(self, "_" + kind)(scope)

    def _assign(self, scope):
        return [f"{self.rng.choice(self.targets)} = {self.bounded(scope)}"], scope

    def _augassign(self, scope):
        op = self.rng.choice(["+=", "-=", "+="])
        value = f"({self.expr(scope)}) % {self.rng.randint(2, 7)}"
        return [f"{self.rng.choice(self.targets)} {op} {value}"], scope

    def nested(self, scope: _Scope, **changes) -> list:
        inner = dataclasses.replace(scope, depth=scope.depth + 1, **changes)
        return ["    " + line for line in self.block(inner)]

    def _if(self, scope):
        lines = [f"if {self.condition(scope)}:"] + self.nested(scope)
        while self.on("elif") and self.rng.random() < 0.35:
            lines += [f"elif {self.condition(scope)}:"] + self.nested(scope)
        if self.rng.random() < 0.5:
            lines += ["else:"] + self.nested(scope)
        return lines, scope

    def _while(self, scope):
        counter = self.fresh("w")
        head = f"{counter} < {self.bound(scope)}"
        if self.on("bool_ops") and self.rng.random() < 0.3:
            head += f" and {self.comparison(scope)}"
        # The counter moves first, so that `continue` cannot skip it.
        body = self.nested(scope.with_names(counter), in_loop=True)
        return [f"{counter} = 0", f"while {head}:", f"    {counter} += 1"] + body, scope

    def _for(self, scope):
        variable = self.fresh("i")
        kinds = [k for k in ("for_range", "for_ag_range", "for_list") if self.on(k)]
        kind = self.rng.choice(kinds)
        if kind == "for_range":
            iterable = f"range({self.bound(scope)})"
        elif kind == "for_ag_range":
            iterable = f"ag.range({self.bound(scope)})"
        else:
            items = [str(self.rng.randint(0, 5)) for _ in range(self.rng.randint(0, 3))]
            iterable = f"[{', '.join(items)}]"
        lines = [f"for {variable} in {iterable}:"]
        lines += self.nested(scope.with_names(variable), in_loop=True)
        if self.on("for_else") and self.rng.random() < 0.3:
            lines += ["else:"] + self.nested(scope)
        if self.on("loop_local") and self.on("loop_local_after") and self.rng.random() < 0.2:
            local = self.fresh("t")
            lines.insert(1, f"    {local} = {self.bounded(scope)}")
            lines.append(f"{self.rng.choice(self.targets)} = ({local} + 1) % {_MODULUS}")
        return lines, scope

    def _break(self, scope):
        return self._jump(scope, "break")

    def _continue(self, scope):
        return self._jump(scope, "continue")

    def _jump(self, scope, jump):
        if self.rng.random() < 0.7:
            return [f"if {self.condition(scope)}:", f"    {jump}"], scope
        return [jump], scope

    def _return(self, scope):
        if self.rng.random() < 0.6:
            return [f"if {self.condition(scope)}:", f"    {self.return_line()}"], scope
        return [self.return_line()], scope

    def return_line(self) -> str:
        return f"return {', '.join(self.state)}"

    def _list_rebuild(self, scope):
        return [f"xs = [{self.bounded(scope)}, xs[1]]"], scope

    def _dict_rebuild(self, scope):
        items = [f'"a": {self.bounded(scope)}']
        if self.on("nested_dict"):
            items.append('"b": d["b"]')
        return ["d = {" + ", ".join(items) + "}"], scope

    def _with_counter(self, scope):
        return ["with CM:"] + self.nested(scope), scope

    def _name_scope(self, scope):
        return [f'with ag.name_scope("s{self.counter}"):'] + self.nested(scope), scope

    def _try(self, scope):
        body = self.nested(scope)
        if self.on("raise") and self.rng.random() < 0.4:
            at = self.rng.choice([0, len(body)])  # not between a header and its body
            body[at:at] = [f"    if {self.condition(scope)}:", "        raise ValueError('v')"]
        lines = ["try:"] + body
        handler = self.rng.random()
        if handler < 0.7:
            lines += ["except ValueError:"] + self.nested(scope)
        if handler >= 0.4:
            lines += ["finally:"] + self.nested(scope, in_loop=False, in_finally=True)
        return lines, scope

    def _closure(self, scope):
        name = self.fresh("g")
        captured = self.rng.choice(scope.names)
        if self.rng.random() < 0.5:
            lines = [f"{name} = lambda k: (k + {captured}) % {_MODULUS}"]
        else:
            lines = [f"def {name}(k):", f"    return (k * 2 + {captured}) % {_MODULUS}"]
        lines.append(f"{self.rng.choice(self.targets)} = {name}({self.expr(scope)})")
        return lines, scope

    def _walrus(self, scope):
        name = self.fresh("z")
        head = f"if ({name} := {self.bounded(scope)}) % 2 == {self.rng.randint(0, 1)}:"
        lines = [head] + self.nested(scope.with_names(name))
        if self.rng.random() < 0.4:
            lines += ["else:"] + self.nested(scope.with_names(name))
        return lines, scope

    def _del(self, scope):
        name = self.fresh("t")
        target = self.rng.choice(self.targets)
        return [f"{name} = {self.bounded(scope)}",
                f"{target} = ({name} + {self.atom(scope)}) % {_MODULUS}",
                f"del {name}"], scope

    def _comprehension(self, scope):
        variable = self.fresh("j")
        source = self.rng.choice(["range", "ag.range"])
        element = self.bounded(scope.with_names(variable))
        values = f"[{element} for {variable} in {source}({self.bound(scope)})]"
        target = self.rng.choice(self.targets)
        reduce = self.rng.choice(["sum", "len"])
        return [f"{target} = {reduce}({values}) % {_MODULUS}"], scope

    def _loop_local(self, scope):
        name = self.fresh("t")
        return [f"{name} = {self.bounded(scope)}"], scope.with_names(name)

    # The program ----------------------------------------------------------------------

    def program(self) -> str:
        lines = ["x = a % 5", "y = b"]
        if self.has_dict:
            lines.append('d = {"a": 0, "b": {"c": 1}}' if self.on("nested_dict")
                         else 'd = {"a": 0}')
        if self.has_list:
            lines.append("xs = [0, 1]")
        if self.on("attr_state"):
            lines.append("o = Box()")
        lines += self.setup
        scope = _Scope(names=("a", "b") + tuple(self.state))
        lines += self.block(scope, minimum=2)
        if not lines[-1].startswith("return"):
            lines.append(self.return_line())
        return "def f(a, b):\n" + "".join(f"    {line}\n" for line in lines)


def generate(seed: int, config: Config = Config()) -> str:
    """The source of one program `def f(a, b): ...` for `seed`, using `config`'s families."""
    return _Generator(seed, config).program()


def arguments(seed: int) -> tuple:
    """The (a, b) the program of `seed` is run on: small, and sometimes zero."""
    rng = random.Random(seed * 7919 + 1)
    return rng.randint(0, 5), rng.randint(0, 4)
