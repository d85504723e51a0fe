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
the op's results are written back after it (`CompositeState`). Before a graph `if`, an item
or attribute that does not exist is an error (as in TensorFlow); before a graph loop it is
`Undefined`, which the loop's first assignment defines, as a variable's.
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

    `spec` is the converter's `(get_state, set_state, names)`.

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

    def __init__(self, spec: tuple[Callable[[], tuple], Callable[[tuple], None],
                                   Sequence[str]]):
        self.get_state, self.set_state, names = spec
        self.names = tuple(names)

    def read(self, what: str, missing_ok: bool = False) -> tuple:
        """The current values; an item or attribute that does not exist is a clear error, or
        with `missing_ok` (before a loop, which may assign it first) `Undefined`."""
        try:
            return tuple(self.get_state())
        except (KeyError, IndexError, AttributeError) as error:
            if missing_ok:
                return tuple(self._read_one(name) for name in self.names)
            listed = ", ".join(self.names)
            article = "an" if what == "if" else "a"
            raise ValueError(
                f"{listed} is assigned in {article} `{what}` that becomes a graph op (its "
                f"condition is a tensor) but has no value before it ({type(error).__name__}: "
                f"{error}). Each item or attribute such a statement assigns needs a value "
                f"before it, as a variable does (TensorFlow requires the same): assign "
                f"{listed} before the `{what}`.") from None

    def _read_one(self, name: str) -> Any:
        """The value of one composite, read from `get_state`'s closure and globals, or
        `Undefined(name)` when it does not exist (the names are `a.b`, `a['k']`, `a[i]`)."""
        code = self.get_state.__code__
        scope = dict(self.get_state.__globals__)
        scope.update(zip(code.co_freevars,
                         (cell.cell_contents for cell in self.get_state.__closure__ or ())))

        def value(node: ast.AST) -> Any:
            if isinstance(node, ast.Name):
                return scope[node.id]
            if isinstance(node, ast.Constant):
                return node.value
            if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
                return -value(node.operand)
            if isinstance(node, ast.Attribute):
                return getattr(value(node.value), node.attr)
            if isinstance(node, ast.Subscript):
                return value(node.value)[value(node.slice)]
            raise ValueError(f"{name!r} is not an item or attribute name")
        try:
            return value(ast.parse(name, mode="eval").body)
        except (KeyError, IndexError, AttributeError, ValueError):
            return Undefined(name)

    def write(self, values: Sequence[Any]) -> None:
        self.set_state(tuple(values))

    def extend_body(self, fn: Callable, n: int, what: str, leading: int = 0) -> Callable:
        """`fn` over `leading` values (a loop's item) and `n` state values, as a function over
        those and the composites: it writes the composites' values, runs `fn`, and returns its
        state and the composites'."""
        def extended(*values: Any) -> Any:
            self.write(values[leading + n:])
            own = unpack_state(fn(*values[:leading + n]), n, what)
            return pack_state(own + self.read(what), n + len(self.names))
        return extended

    def extend_test(self, fn: Callable, n: int) -> Callable:
        """`fn` over `n` state values, run after writing the composites' values."""
        def extended(*values: Any) -> Any:
            self.write(values[n:])
            return fn(*values[:n])
        return extended
