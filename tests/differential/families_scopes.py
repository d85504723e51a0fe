"""Construct families of names, keys and attributes that exist in some runs and not others.

A mixin of `generator._Generator`: each `_kind` method returns the lines of one statement and
the scope after it, as the generator's own do, and draws only from the generator's seeded
`rng`. What it writes, for instance:

    g5 = lambda k: (k + x) % 17      # closure_loop: a closure sees the current value of x
    for i6 in range(b):
        x = (x + i6) % 17
        y = g5(i6)
    it7 = iter([3, 1, 4])            # shared_iter: the second loop goes on where the
    for e8 in it7:                   # first stopped
        if e8 > a:
            break
    x = (x + next(it7, 5)) % 17
    if x > y:                        # branch_keys / branch_attrs: a key or attribute that
        e["p"] = (a + 1) % 17        # only one branch makes, read only when it is there
    y = (y + e.get("p", 0)) % 17
    for i9 in range(a):              # branch_local: a name only one branch assigns, read
        if i9 > b:                   # after the loop; unguarded, so Python raises
            t10 = (i9 + 1) % 17      # UnboundLocalError in some runs, and so must we
    x = (t10 + 1) % 17
"""

from __future__ import annotations

import dataclasses
from typing import Callable

# One switch per construct family, as in generator.FAMILIES.
FAMILIES = (
    "closure_loop",  # lambda / def before, inside and after a loop, or before an if, reading
                     # what the loop or if assigns; called in the loop and after it
    "shared_iter",   # it = iter(...): a loop breaks out of it, then next(it, default) or a
                     # second loop goes on where the first stopped
    "branch_keys",   # e["p"] set in one or both branches (or in a loop), read with e.get,
                     # `in`, len, and sometimes unguarded (KeyError in some runs)
    "branch_attrs",  # q.extra set in one or both branches, read with getattr / hasattr,
                     # and sometimes unguarded (AttributeError in some runs)
    "branch_local",  # a name only one branch in a loop assigns, read after the loop:
                     # assigned before it too, or not (UnboundLocalError in some runs)
    "del_reassign",  # del of a name (in a branch or a loop too), then assigned again
    "with_jumps",    # with CM: holding break, continue, return or raise, and around loops
)


def _indent(lines: list) -> list:
    return ["    " + line for line in lines]


class Statements:
    """The statements of the scope families (mixed into the generator)."""

    def scope_kinds(self, scope) -> list:
        nested = scope.depth < self.config.max_depth
        loops_ok = nested and (not scope.in_loop or self.on("nested_loops"))
        return [
            ("closure_loop", loops_ok and self.on("closure_loop")),
            ("shared_iter", loops_ok and self.on("shared_iter")),
            ("branch_keys", nested and self.on("branch_keys")),
            ("branch_attrs", nested and self.on("branch_attrs")),
            ("branch_local", loops_ok and self.on("branch_local")),
            ("del_reassign", nested and self.on("del_reassign")),
            ("with_jumps", loops_ok and self.on("with_jumps")),
        ]

    def scope_setup(self) -> tuple:
        """Lines at the start of f, and what they add to the returned state."""
        lines, state = [], []
        if self.on("branch_keys"):
            lines.append("e = {}")
            state += ["len(e)", 'e.get("p", 0)']
        if self.on("branch_attrs"):
            lines.append("q = Box()")
            state.append('getattr(q, "extra", 0)')
        return lines, state

    # Helpers --------------------------------------------------------------------------

    def loop_head(self, scope) -> tuple:
        """The header lines of a bounded loop (for over range or a list, or a counted
        while), and the name its body may read."""
        roll = self.rng.random()
        if roll < 0.3:
            counter = self.fresh("w")
            return [f"{counter} = 0", f"while {counter} < {self.bound(scope)}:",
                    f"    {counter} += 1"], counter
        variable = self.fresh("i")
        if roll < 0.8:
            return [f"for {variable} in range({self.bound(scope)}):"], variable
        items = ", ".join(str(self.rng.randint(0, 5)) for _ in range(self.rng.randint(0, 3)))
        return [f"for {variable} in [{items}]:"], variable

    def loop(self, scope, body_lines: Callable) -> list:
        """A loop whose body is `body_lines(inner scope)`, sometimes after or before a
        generated block."""
        head, variable = self.loop_head(scope)
        inner = dataclasses.replace(scope.with_names(variable), depth=scope.depth + 1,
                                    in_loop=True)
        body = body_lines(inner)
        if self.rng.random() < 0.4:
            extra = self.block(inner)
            body = extra + body if not extra[-1].startswith(("break", "continue", "return")) \
                else body + extra
        return head + _indent(body)

    def assign(self, scope, target: str | None = None) -> str:
        return f"{target or self.rng.choice(self.targets)} = {self.bounded(scope)}"

    def names(self) -> list:
        """The plain names among the targets (what a closure, `del` or loop may rebind)."""
        return [target for target in self.targets if target.isidentifier()]

    # Statements -----------------------------------------------------------------------

    def _closure_loop(self, scope):
        name, captured = self.fresh("g"), self.rng.choice(self.targets)
        where = self.rng.choice(["before", "inside", "after", "before_if"])
        loop_variable = []

        def definition(reads: str) -> list:
            roll = self.rng.random()
            if roll < 0.4:
                return [f"{name} = lambda k: (k + {reads}) % {self.modulus}"]
            if roll < 0.55:  # a default argument is read once, when the lambda is made
                return [f"{name} = lambda k, v={reads}: (k + v) % {self.modulus}"]
            return [f"def {name}(k):", f"    return (k * 2 + {reads}) % {self.modulus}"]

        def call(call_scope) -> str:
            return f"{self.rng.choice(self.targets)} = {name}({self.expr(call_scope)})"

        def body(inner) -> list:
            loop_variable.append(inner.names[-1])
            lines = [self.assign(inner, captured)]
            if where == "inside":
                reads = f"{captured} + {inner.names[-1]}" if self.rng.random() < 0.5 \
                    else captured
                lines[self.rng.choice([0, 1]):0] = definition(reads)
            if where != "after" and self.rng.random() < 0.8:
                lines.append(call(inner))
            return lines

        if where == "before_if":
            lines = definition(captured) + [f"if {self.condition(scope)}:",
                                            "    " + self.assign(scope, captured)]
            if self.rng.random() < 0.6:
                lines += ["else:", "    " + self.assign(scope, captured)]
            return lines + [call(scope)], scope
        lines = definition(captured) if where == "before" else []
        if where == "inside" and self.rng.random() < 0.4:
            lines = [f"{name} = lambda k: k"]  # so a call after an empty loop has a name
        lines += self.loop(scope, body)
        if where == "after":
            reads = captured if self.rng.random() < 0.7 else f"{captured} + {loop_variable[0]}"
            lines += definition(reads)
        if self.rng.random() < 0.8 or where == "after":
            lines.append(call(scope))
        return lines, scope

    def _shared_iter(self, scope):
        it, first = self.fresh("it"), self.fresh("e")
        if self.rng.random() < 0.5:
            items = ", ".join(str(self.rng.randint(0, 5)) for _ in range(self.rng.randint(0, 4)))
            source = f"iter([{items}])"
        else:
            source = f"iter(range({self.bound(scope)}))"
        inner = dataclasses.replace(scope.with_names(first), depth=scope.depth + 1,
                                    in_loop=True)
        target = self.rng.choice(self.targets)
        lines = [f"{it} = {source}", f"for {first} in {it}:",
                 f"    {target} = ({target} + {first}) % {self.modulus}",
                 f"    if {self.condition(inner)}:", "        break"]
        then = self.rng.choice(["next", "next", "next_no_default", "loop", "loop", "last"])
        target = self.rng.choice(self.targets)
        if then == "next":
            lines.append(f"{target} = ({target} + next({it}, {self.rng.randint(0, 5)})) "
                         f"% {self.modulus}")
        elif then == "next_no_default":  # StopIteration when the first loop used it all
            lines.append(f"{target} = next({it}) % {self.modulus}")
        elif then == "last":  # the first loop's variable: NameError when it ran no time
            lines.append(f"{target} = ({first} + 1) % {self.modulus}")
        else:
            second = self.fresh("e")
            inner = dataclasses.replace(inner, names=scope.names + (second,))
            lines += [f"for {second} in {it}:"] + self.nested(inner)
        return lines, scope

    def _branch_keys(self, scope):
        return self.branch_made(scope, 'e["{}"]', '"{}" in e', 'e.get("{}", 0)'), scope

    def _branch_attrs(self, scope):
        return self.branch_made(scope, "q.{}", 'hasattr(q, "{}")', 'getattr(q, "{}", 0)'), scope

    def branch_made(self, scope, item: str, present: str, read: str) -> list:
        """A key or attribute made in one or both branches (or in a loop), then read."""
        key = self.rng.choice(["p", "r"]) if "[" in item else "extra"
        item, present, read = item.format(key), present.format(key), read.format(key)
        shape = self.rng.choice(["both", "one", "one", "loop"])
        if shape == "loop":
            lines = self.loop(scope, lambda inner: [f"if {self.condition(inner)}:",
                                                    "    " + self.assign(inner, item)])
        else:
            lines = [f"if {self.condition(scope)}:", "    " + self.assign(scope, item)]
            if shape == "both":
                lines += ["else:", "    " + self.assign(scope, item)]
        target = self.rng.choice(self.targets)
        how = self.rng.choice(["default", "default", "present", "unguarded", "delete"])
        if how == "default":
            lines.append(f"{target} = ({target} + {read}) % {self.modulus}")
        elif how == "present":
            lines += [f"if {present}:", f"    {target} = ({item} + 1) % {self.modulus}"]
        elif how == "unguarded":
            lines.append(f"{target} = ({item} + 1) % {self.modulus}")
        else:
            lines += [f"if {present} and {self.condition(scope)}:", f"    del {item}"]
        return lines

    def _branch_local(self, scope):
        name = self.fresh("t")
        guarded = self.rng.random() < 0.5
        lines = [self.assign(scope, name)] if guarded else []

        def body(inner) -> list:
            made = [f"if {self.condition(inner)}:", "    " + self.assign(inner, name)]
            if self.rng.random() < 0.4:
                made += ["else:", "    " + self.assign(inner)]
            if self.rng.random() < 0.3:  # read in the loop too
                made.append(f"{self.rng.choice(self.targets)} = ({name} + 1) % {self.modulus}")
            return made

        lines += self.loop(scope, body)
        lines.append(f"{self.rng.choice(self.targets)} = ({name} + {self.atom(scope)}) "
                     f"% {self.modulus}")
        return lines, scope

    def _del_reassign(self, scope):
        shape = self.rng.choice(["temporary", "temporary", "state", "loop", "branch"])
        target = self.rng.choice(self.targets)
        if shape == "state":  # del a name the program returns, then give it a value again
            name = self.rng.choice(self.names())
            without = dataclasses.replace(scope, names=tuple(n for n in scope.names
                                                             if n != name) or ("a",))
            lines = [f"del {name}"]
            if self.rng.random() < 0.5:
                return lines + [self.assign(without, name)], scope
            lines += [f"if {self.condition(without)}:", "    " + self.assign(without, name),
                      "else:", "    " + self.assign(without, name)]
            return lines, scope
        name = self.fresh("t")
        use = f"{target} = ({name} + {self.atom(scope)}) % {self.modulus}"
        if shape == "loop":  # deleted in each iteration; read after the loop: always raises
            lines = self.loop(scope, lambda inner: [self.assign(inner, name), use,
                                                    f"del {name}"])
            again = self.rng.random() < 0.7
            return lines + ([self.assign(scope, name)] if again else []) + [use], scope
        lines = [self.assign(scope, name), use]
        if shape == "branch":  # deleted in some runs: the read after raises in those
            lines += [f"if {self.condition(scope)}:", f"    del {name}"]
        else:
            lines += [f"del {name}"]
            if self.rng.random() < 0.5:
                lines += [f"if {self.condition(scope)}:", "    " + self.assign(scope, name),
                          "else:", "    " + self.assign(scope, name)]
            else:
                lines.append(self.assign(scope, name))
        return lines + [use], scope

    def _with_jumps(self, scope):
        shape = self.rng.choice(["in_loop", "in_loop", "around_loop", "return", "raise"])
        if shape == "return" and scope.in_finally:
            shape = "in_loop"
        inner = dataclasses.replace(scope, depth=scope.depth + 1)
        if shape == "in_loop":  # break or continue leaves the with inside a loop
            def body(loop_scope) -> list:
                jump = self.rng.choice(["break", "continue"])
                return ["with CM:", "    " + self.assign(loop_scope),
                        f"    if {self.condition(loop_scope)}:", f"        {jump}",
                        "    " + self.assign(loop_scope)]
            return self.loop(scope, body), scope
        if shape == "around_loop":  # a loop that breaks, inside the with
            loop = self.loop(inner, lambda loop_scope: [
                self.assign(loop_scope), f"if {self.condition(loop_scope)}:", "    break"])
            return ["with CM:"] + _indent(loop + [self.assign(inner)]), scope
        if shape == "return":
            returned = f"return {', '.join(self.state)}"
            return ["with CM:", "    " + self.assign(inner),
                    f"    if {self.condition(inner)}:", f"        {returned}"], scope
        caught = self.rng.choice(["ValueError", "KeyError"])
        return ["try:", "    with CM:", "        " + self.assign(inner),
                f"        if {self.condition(inner)}:", "            raise ValueError('c')",
                "        " + self.assign(inner), f"except {caught}:",
                "    " + self.assign(scope)], scope
