"""Lowering `break`, `continue` and `return` in a block to assignments: what the
break_statements, continue_statements and return_statements converters share.

They run before control_flow, which makes branch and loop bodies functions, from which a
jump could not leave its loop or function. `Lowering(flag).block(body)` replaces each jump
with assignments (ending in `flag = True`, where a later test reads the flag) and keeps what the
jump skips from running, in the way that reads best:

- an `if` one of whose branches always jumps takes the statements that follow it into its
  other branch: `if c: continue` followed by `rest` becomes `if not c: rest`;
- after any other statement that may jump, the rest of the block runs under `if not flag:`.

Statements that follow a jump on every path (dead code) are dropped. A converter first
lowers on trial without a flag, and asks the namer for one only if a guard was needed.

>>> from autograph.pyct import loader
>>> class Continues(Lowering):
...     def is_jump(self, node):
...         return isinstance(node, gast.Continue)
>>> body = gast.parse("if x < 0:\\n    continue\\ntotal += x").body
>>> print(loader.unparse(gast.Module(body=Continues(None).block(body), type_ignores=[])))
if not x < 0:
    total += x
"""

from __future__ import annotations

import copy
from typing import Any

import gast

from autograph.pyct import anno, templates
from autograph.pyct.transformer import Base, EntityContext, copy_location

_SCOPES = (gast.FunctionDef, gast.AsyncFunctionDef, gast.ClassDef, gast.Lambda)
_LOOPS = (gast.For, gast.While, gast.AsyncFor)
TRY = (gast.Try, gast.TryStar) if hasattr(gast, "TryStar") else (gast.Try,)


class Lowering:
    """Lowers the jumps of one kind in blocks; subclasses say which jumps and what they become.

    `guarded` records whether a guard `if not flag:` was written, `loops` how many loops
    held jumps (for `return`): a caller runs a trial lowering without committing to a flag
    and asks for one only when either is set.
    """

    crosses_loops = False  # whether jumps inside nested loops leave them (`return` does)

    def __init__(self, flag: str | None):
        self.flag = flag
        self.guarded = False
        self.loops = 0
        self._always: dict[tuple, bool] = {}

    # What a subclass says --------------------------------------------------------------------
    def is_jump(self, node: Any) -> bool:
        raise NotImplementedError

    def replacement(self, node: Any) -> list:
        """The statements a jump becomes, before `flag = True`."""
        return []

    def opaque(self, node: Any) -> tuple[str, ...]:
        """The blocks (field names) of compound statement `node` whose jumps do not leave it:
        they are left as they are."""
        return ()

    def loop(self, node: Any) -> Any:
        """A loop holding jumps: in its `else` only, unless `crosses_loops`."""
        new = copy.copy(node)
        new.orelse = self.block(node.orelse)
        return new

    # Analysis --------------------------------------------------------------------------------
    def contains(self, node: Any) -> bool:
        """Whether `node` is or holds a jump of this kind that leaves it."""
        if self.is_jump(node):
            return True
        if isinstance(node, _SCOPES):
            return False
        return any(self.contains(s) for block in self._blocks(node) for s in block)

    def always(self, statements: list) -> bool:
        """Whether every path through `statements`, once lowered, ends in a jump."""
        key = tuple(map(id, statements))
        if key not in self._always:
            self._always[key] = self._ends_in_jump(statements)
        return self._always[key]

    def _ends_in_jump(self, statements: list) -> bool:
        for i, stmt in enumerate(statements):
            if not self.contains(stmt):
                continue
            rest = statements[i + 1:]
            if self.is_jump(stmt):
                return True
            # A block that does not always jump, followed by `rest`, always jumps just when
            # `rest` does: so a branch that always jumps counts only if the other does too.
            if isinstance(stmt, gast.If):
                if self.always(stmt.body) and self.always(stmt.orelse):
                    return True
            elif isinstance(stmt, gast.With) and self.always(stmt.body):
                return True
            elif isinstance(stmt, TRY) and (self.always(stmt.finalbody) or self.always(
                    stmt.body) and all(self.always(h.body) for h in stmt.handlers)):
                return True  # what the body raises, a clause takes or the function raises
            return self.always(rest)  # the rest runs under a guard
        return False

    # Lowering --------------------------------------------------------------------------------
    def block(self, statements: list, tail: bool = False) -> list:
        """`statements` with the jumps lowered. `tail`: nothing that could read the flag runs
        after them (the flag need not be set there)."""
        out = []
        for i, stmt in enumerate(statements):
            if not self.contains(stmt):
                out.append(stmt)
                continue
            rest = statements[i + 1:]
            if self.is_jump(stmt):
                return out + self._jump(stmt, tail)
            if isinstance(stmt, gast.If):
                return out + self._if(stmt, rest, tail)
            if not rest or isinstance(stmt, gast.With) and self.always(stmt.body):
                return out + [self._compound(stmt, tail)]
            return out + [self._compound(stmt, False)] + self.guard(rest, tail)
        return out

    def guard(self, statements: list, tail: bool) -> list:
        """`if not flag: statements`, lowered."""
        self.guarded = True
        body = self.block(statements, tail)
        if not body:
            return []
        return generated("if not flag:\n    body", statements[0], flag=self.flag or "_",
                         body=body)

    def _jump(self, node: Any, tail: bool) -> list:
        # The flag is set after the replacement: a `return g()` whose `g` raises has not
        # returned, and an `except` around it must find the flag as it was.
        flag = generated("flag = True", node, flag=self.flag) if self.flag and not tail else []
        return self.replacement(node) + flag

    def _if(self, node: Any, rest: list, tail: bool) -> list:
        body_jumps, orelse_jumps = self.always(node.body), self.always(node.orelse)
        body, orelse = node.body, node.orelse
        if body_jumps and not orelse_jumps:
            orelse, rest = orelse + rest, []
        elif orelse_jumps and not body_jumps:
            body, rest = body + rest, []
        if not rest or body_jumps and orelse_jumps:
            return [_if(node, self.block(body, tail), self.block(orelse, tail))]
        return [_if(node, self.block(body), self.block(orelse))] + self.guard(rest, tail)

    def _compound(self, node: Any, tail: bool) -> Any:
        """A loop (see `loop`), `with` or `try` with its blocks lowered."""
        if isinstance(node, _LOOPS):
            return self.loop(node)
        new = copy.copy(node)
        opaque = self.opaque(node)
        # The `else` of a `try` runs only if its body did not jump: it is guarded.
        guarded_else = isinstance(node, TRY) and node.orelse and "body" not in opaque and any(
            self.contains(s) for s in node.body)
        for field in ("body", "finalbody") + (() if guarded_else else ("orelse",)):
            if getattr(node, field, None) and field not in opaque:
                inner_tail = tail and not (guarded_else and field == "body")
                setattr(new, field, self.block(getattr(node, field), inner_tail) or pass_at(node))
        if getattr(node, "handlers", None):  # (`match` is refused before: see unsupported)
            new.handlers = [self._with_body(x, tail) for x in node.handlers]
        if guarded_else:
            new.orelse = self.guard(node.orelse, tail) or pass_at(node)
        return new

    def _with_body(self, node: Any, tail: bool) -> Any:
        new = copy.copy(node)
        new.body = self.block(node.body, tail) or pass_at(node)
        return new

    def _blocks(self, node: Any) -> list[list]:
        if isinstance(node, _LOOPS) and not self.crosses_loops:
            return [node.orelse]
        opaque = self.opaque(node)
        if not opaque:
            return statement_lists(node)
        return [block for block in statement_lists(node)
                if not any(block is getattr(node, field, None) for field in opaque)]


class LoopFlags(Base):
    """A converter of loops that may need a flag each (`break_`, `continue_`): one name per
    depth of loops that have one, so an inner loop's flag never shadows its outer loop's.

    Subclasses set `FLAG` and write `_loop(node)`, visiting inner loops `with
    self.inside(flag)`.
    """

    FLAG = "flag_"

    def __init__(self, ctx: EntityContext):
        super().__init__(ctx)
        self._flags: list[str] = []
        self._depth = 0

    def visit_While(self, node: Any) -> Any:
        return self._loop(node)

    def visit_For(self, node: Any) -> Any:
        return self._loop(node)

    def _flag(self) -> str:
        if len(self._flags) == self._depth:
            self._flags.append(self.ctx.namer.new(self.FLAG))
        return self._flags[self._depth]

    def inside(self, flag: str | None) -> Any:
        """A context for visiting a loop's body: loops in it take the next depth's flag."""
        return _Depth(self, 1 if flag is not None else 0)


class _Depth:
    def __init__(self, owner: LoopFlags, step: int):
        self.owner, self.step = owner, step

    def __enter__(self) -> None:
        self.owner._depth += self.step

    def __exit__(self, *exc: Any) -> None:
        self.owner._depth -= self.step


def generated(template: str, at: Any, **replacements: Any) -> list:
    """`templates.replace(template, **replacements)`, its own statements placed on `at`'s
    line (the user's statement they stand for), its own expressions left without a place.

    The template's nodes would otherwise keep the template's line numbers (1, 2, ...);
    expressions without a place take their statement's when the code is unparsed.
    """
    given = {id(n) for value in replacements.values()
             for item in (value if isinstance(value, list) else [value])
             if isinstance(item, gast.AST) for n in gast.walk(item)}
    new = templates.replace(template, **replacements)
    for stmt in new:
        for n in gast.walk(stmt):
            if id(n) in given or "lineno" not in n._attributes:
                continue
            for attr in n._attributes:
                n.__dict__.pop(attr, None)
            if isinstance(n, gast.stmt):
                n.lineno, n.col_offset = at.lineno, at.col_offset
    return new


def pass_at(at: Any) -> list:
    """`[pass]` on `at`'s line: what an emptied block holds (a later lowering may place code
    on its first statement's line)."""
    return [gast.copy_location(gast.Pass(), at)]


def stop_when(loop: Any, flag: str) -> None:
    """Makes `loop` stop before its next iteration once `flag` is set: `while not flag and
    test:`, or `not flag` in a `for` loop's EXTRA_LOOP_TEST annotation (which control_flow
    passes to `ag__.for_stmt` as `extra_test`). The flag comes first: as in Python, the test
    is not evaluated again after a jump."""
    check = generated("not flag", loop, flag=flag)[0].value
    if isinstance(loop, gast.While):
        loop.test = _and(check, loop.test)
    else:
        extra = anno.getanno(loop, anno.Basic.EXTRA_LOOP_TEST, None)
        anno.setanno(loop, anno.Basic.EXTRA_LOOP_TEST,
                     check if extra is None else _and(check, extra))


def _and(check: Any, test: Any) -> Any:
    """`check and test`, one flat `and` (`while True:` becomes `while check:`)."""
    if isinstance(test, gast.Constant) and test.value is True:
        return check
    if isinstance(test, gast.BoolOp) and isinstance(test.op, gast.And):
        return copy_location(gast.BoolOp(op=gast.And(), values=[check] + test.values), test)
    return copy_location(gast.BoolOp(op=gast.And(), values=[check, test]), test)


def _if(node: Any, body: list, orelse: list) -> Any:
    """A copy of the `if` with new blocks; inverted when only its `else` has statements."""
    new = copy.copy(node)
    if not body and orelse:
        body, orelse = orelse, []
        new.test = _negated(node.test)
    new.body, new.orelse = body or pass_at(node), orelse
    return new


def _negated(test: Any) -> Any:
    if isinstance(test, gast.UnaryOp) and isinstance(test.op, gast.Not):
        return test.operand  # in a test, `not not x` is `x`
    return copy_location(gast.UnaryOp(op=gast.Not(), operand=test), test)


def statement_lists(node: Any) -> list[list]:
    """The blocks of a compound statement, its handlers' and its match cases' bodies."""
    found = [getattr(node, f) for f in ("body", "orelse", "finalbody") if getattr(node, f, None)]
    found += [h.body for h in getattr(node, "handlers", ())]
    found += [c.body for c in getattr(node, "cases", ())]
    return found
