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
the op's results are written back after it (`CompositeState`).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence


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

    def read(self, what: str) -> tuple:
        """The current values; an item or attribute that does not exist is a clear error."""
        try:
            return tuple(self.get_state())
        except (KeyError, IndexError, AttributeError) as error:
            listed = ", ".join(self.names)
            article = "an" if what == "if" else "a"
            raise ValueError(
                f"{listed} is assigned in {article} `{what}` that becomes a graph op (its "
                f"condition is a tensor) but has no value before it ({type(error).__name__}: "
                f"{error}). Each item or attribute such a statement assigns needs a value "
                f"before it, as a variable does (TensorFlow requires the same): assign "
                f"{listed} before the `{what}`.") from None

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
