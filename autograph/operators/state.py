"""The state a converted statement's functions pass along: names, items and attributes.

A converted `if`, `while` or `for` passes the plain names it changes through its body
functions' parameters and return values (`unpack_state` / `pack_state`). Items and attributes
(`d['a']`, `xs[0]`, `obj.total`) cannot be parameters, so the converter gives the statement a
pair of functions that read and write them all, named in `composites`:

    def get_state():
        return (d['a'], obj.total)

    def set_state(values):
        (d['a'], obj.total) = values
    ag__.if_stmt(x > 0, if_body, else_body, (), (),
                 composites=(get_state, set_state, ("d['a']", 'obj.total')))

On the Python path the bodies change the objects in place, exactly as plain Python does, and
the pair is never called. On the graph path the items and attributes are extra state: each
branch or iteration first writes the values it is given (so the else branch never sees the if
branch's tensors, nor an iteration the previous trace's), and returns what it leaves there;
the op's results are written back after it (`CompositeState`). An item or attribute that does
not exist before the statement is `Undefined`, as a variable would be: a graph `if` must
create it in both branches, a graph loop in its body (as a variable first assigned there).

The variables that closures share (see `converters.closure_cells`) travel the same way, by
name: `get_state` reads them and `set_state` declares them `nonlocal`.
"""

from __future__ import annotations

import ast
from typing import Any, Callable, Sequence

from autograph.operators.variables import Undefined


def unpack_state(result: Any, n: int, what: str) -> tuple:
    """The values a branch or body function returned, as a tuple of `n` values."""
    if n == 0:
        return ()
    if n == 1:
        return (result,)
    if not isinstance(result, tuple) or len(result) != n:
        raise ValueError(f"{what}: the function must return {n} values (a tuple), got "
                         f"{result!r}.")
    return result


def pack_state(values: Sequence[Any], n: int) -> Any:
    """The operator's result: None, the bare value, or a tuple, for 0, 1 or more variables."""
    if n == 0:
        return None
    return values[0] if n == 1 else tuple(values)


class CompositeState:
    """The items and attributes a statement assigns, as extra state of its graph op.

    `spec` is the converter's `(get_state, set_state, names)`, for a loop followed by the
    names of those whose owner the function reads as a whole, if any.

    >>> d = {"a": 1}
    >>> def get_state():
    ...     return (d["a"],)
    >>> def set_state(values):
    ...     (d["a"],) = values
    >>> c = CompositeState((get_state, set_state, ("d['a']",)))
    >>> body = c.extend_body(lambda s: s + d["a"], 1, "while")
    >>> body(10, 5)  # s = 10, d['a'] = 5: the body sees 5, returns (s, d['a'])
    (15, 5)
    """

    def __init__(self, spec: tuple[Any, ...]):
        self.get_state, self.set_state, names = spec[:3]
        self.names = tuple(names)
        # Those whose owner the function also reads as a whole (`len(d)`, `d.get`, ...)
        self.owner_read: frozenset[str] = frozenset(spec[3] if len(spec) > 3 else ())
        self.left_missing: set[str] = set()  # names that a traced body left without a value

    def read(self) -> tuple:
        """The current values; `Undefined` for an item or attribute that does not exist (a
        statement may create it, as it may a variable)."""
        try:
            return tuple(self.get_state())
        except (KeyError, IndexError, AttributeError, NameError):
            return tuple(self._read_one(name) for name in self.names)

    def _read_one(self, name: str) -> Any:
        """The value of one composite, or `Undefined(name)` when it does not exist."""
        try:
            return self._evaluate(ast.parse(name, mode="eval").body)
        except (KeyError, IndexError, AttributeError, NameError, ValueError):
            return Undefined(name)

    def _evaluate(self, node: ast.AST) -> Any:
        """A composite's name (`a.b`, `a['k']`, `a[i]`, or a plain name) evaluated where
        `get_state` reads it: in its closure, then its globals."""
        if isinstance(node, ast.Name):
            code = self.get_state.__code__
            if node.id in code.co_freevars:
                cell = (self.get_state.__closure__ or ())[code.co_freevars.index(node.id)]
                return cell.cell_contents  # ValueError when the variable has no value
            return self.get_state.__globals__[node.id]
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -self._evaluate(node.operand)
        if isinstance(node, ast.Attribute):
            return getattr(self._evaluate(node.value), node.attr)
        if isinstance(node, ast.Subscript):
            return self._evaluate(node.value)[self._evaluate(node.slice)]
        raise ValueError(f"{ast.unparse(node)!r} is not an item or attribute name")

    def write(self, values: Sequence[Any]) -> None:
        """Writes `values`; an item or attribute given `Undefined` is removed, so that code
        that looks for it (`'k' in d`, `hasattr`) finds it missing, as before the statement."""
        self.set_state(tuple(values))
        for name, value in zip(self.names, values):
            if isinstance(value, Undefined) and not name.isidentifier():
                node = ast.parse(name, mode="eval").body
                if isinstance(node, ast.Attribute):
                    delattr(self._evaluate(node.value), node.attr)
                elif isinstance(node, ast.Subscript):
                    del self._evaluate(node.value)[self._evaluate(node.slice)]

    def extend_body(self, fn: Callable, n: int, what: str, leading: int = 0) -> Callable:
        """`fn` over `leading` values (a loop's item) and `n` state values, as a function over
        those and the composites: it writes the composites' values, runs `fn`, and returns its
        state and the composites'."""
        def extended(*values: Any) -> Any:
            self.write(values[leading + n:])
            own = unpack_state(fn(*values[:leading + n]), n, what)
            after = self.read()
            self.left_missing.update(name for name, value in zip(self.names, after)
                                     if isinstance(value, Undefined))
            return pack_state(own + after, n + len(self.names))
        return extended

    def check_created(self, before: Sequence[Any], values: Sequence[Any], what: str) -> None:
        """Raises if an item or attribute exists after a graph statement only on some paths
        (one branch created or deleted it; `before`: the values before the statement):
        whether it exists is not a value a graph can carry."""
        for name, old, value in zip(self.names, before, values):
            if (name in self.left_missing and not isinstance(value, Undefined)
                    and not name.isidentifier()):
                if isinstance(old, Undefined):
                    fact, change = "does not exist", "creates"
                    advice = f"Create {name} before the `{what}`, or in both branches."
                else:
                    fact, change = "exists", "deletes"
                    advice = f"Delete {name} in both branches, or in neither."
                raise ValueError(
                    f"{name} {fact} before an `{what}` whose condition is a tensor, and only "
                    f"one of its branches {change} it, so whether it exists after the "
                    f"`{what}` would depend on a value known only when the graph runs. {advice}")

    def check_not_created(self, values: Sequence[Any], what: str) -> None:
        """Raises if a graph loop would create an item or attribute (`Undefined` in
        `values`) of an object the function also reads as a whole: the loop's body is traced
        once, with the item present, so `len(d)` or `d.get(k)` would see it in the first
        iteration too, and after a loop that ran zero times."""
        for name, value in zip(self.names, values):
            if name in self.owner_read and isinstance(value, Undefined):
                item = ast.parse(name, mode="eval").body
                assert isinstance(item, (ast.Subscript, ast.Attribute))  # a composite's name
                owner = ast.unparse(item.value)
                raise ValueError(
                    f"{name} does not exist before a `{what}` loop over tensors that creates "
                    f"it, and the function reads {owner} as a whole (as `len`, `in`, "
                    f"`.get`, `getattr` or a variable key do): the graph traces the loop's "
                    f"body once, with {name} present, so those would see it before the loop "
                    f"creates it where Python does not. Create {name} before the loop.")

    def extend_test(self, fn: Callable, n: int) -> Callable:
        """`fn` over `n` state values, run after writing the composites' values."""
        def extended(*values: Any) -> Any:
            self.write(values[n:])
            return fn(*values[:n])
        return extended
