"""Qualified names: `a`, `a.b`, `a[0]`, `a[i]` as hashable values the analyses can track.

A `QN` is a plain name, or an attribute or subscript of another `QN`. A subscript key is a
`QN` (`a[i]`) or a `Literal` constant (`a[0]`, `a['k']`). `resolve(tree)` annotates every
Name, Attribute and Subscript node that has such a name with its QN (`anno.Basic.QN`); an
expression like `f().b` or `a[i + 1]` has none.

>>> qn = from_str("a.b[i]")
>>> str(qn), str(qn.parent), str(qn.subscript), sorted(map(str, qn.owner_set))
('a.b[i]', 'a.b', 'i', ['a', 'a.b'])
>>> sorted(map(str, qn.support_set))
['a', 'i']
"""

from __future__ import annotations

from typing import Any, Hashable

import gast

from autograph.pyct import anno, traversal


class Literal:
    """A constant subscript key, as in `a[0]` or `a['k']`; printed as its `repr`."""

    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value

    def __eq__(self, other: object) -> bool:
        # `type` too: 1 == True in Python, but `a[1]` and `a[True]` are different names.
        return (isinstance(other, Literal) and type(other.value) is type(self.value)
                and other.value == self.value)

    def __hash__(self) -> int:
        return hash((type(self.value), self.value))

    def __str__(self) -> str:
        return repr(self.value)

    __repr__ = __str__


class QN:
    """A qualified name: `QN("a")`, `QN(QN("a"), attr="b")`, `QN(QN("a"), subscript=...)`.

    QNs are immutable, hashable and ordered by their text (so sorting them is deterministic).
    """

    __slots__ = ("_parent", "_name", "_attr", "_subscript", "_key", "_text", "_hash")

    def __init__(self, base: str | QN, attr: str | None = None,
                 subscript: QN | Literal | None = None):
        self._name: str | None = None
        self._parent: QN | None = None
        self._key: Hashable
        self._attr, self._subscript = attr, subscript
        if isinstance(base, str):
            if attr is not None or subscript is not None:
                raise ValueError("an attribute or subscript QN needs a QN as its base")
            if not base.isidentifier():
                raise ValueError(f"{base!r} is not an identifier; use qual_names.from_str "
                                 f"to turn text such as 'a.b' into a QN")
            self._name, self._key, self._text = base, base, base
        elif isinstance(base, QN):
            if (attr is None) == (subscript is None):
                raise ValueError("a QN built on another needs exactly one of attr, subscript")
            self._parent = base
            if attr is not None:
                self._key = (base._key, ".", attr)
                self._text = f"{base._text}.{attr}"
            else:
                sub_key = subscript._key if isinstance(subscript, QN) else subscript
                self._key = (base._key, "[]", sub_key)
                self._text = f"{base._text}[{subscript}]"
        else:
            raise TypeError(f"a QN's base is a str or a QN, not {type(base).__name__}")
        self._hash = hash(self._key)  # the analyses hash QNs often; a key nests tuples

    @property
    def is_simple(self) -> bool:
        """A plain name, like `a`."""
        return self._parent is None

    @property
    def is_composite(self) -> bool:
        """An attribute or subscript, like `a.b` or `a[0]`."""
        return self._parent is not None

    @property
    def parent(self) -> QN | None:
        """`a.b` for `a.b.c` and for `a.b[i]`; None for a simple name."""
        return self._parent

    @property
    def attr(self) -> str | None:
        return self._attr

    @property
    def subscript(self) -> QN | Literal | None:
        return self._subscript

    @property
    def root(self) -> QN:
        """The simple name at the base: `a` for `a.b[i]`."""
        return self if self._parent is None else self._parent.root

    @property
    def owner_set(self) -> frozenset[QN]:
        """The names whose objects contain this one: `{a, a.b}` for `a.b[c.d]`.

        Rebinding an owner changes what this name refers to.
        """
        if self._parent is None:
            return frozenset()
        return self._parent.owner_set | {self._parent}

    @property
    def dependencies(self) -> frozenset[QN]:
        """The names whose rebinding changes what this one denotes: its owners and the names
        in its subscripts, with theirs: `{a, a.b, i}` for `a.b[i]`."""
        if self._parent is None:
            return frozenset()
        found = self._parent.dependencies | {self._parent}
        if isinstance(self._subscript, QN):
            found |= self._subscript.dependencies | {self._subscript}
        return found

    @property
    def support_set(self) -> frozenset[QN]:
        """The simple names this name depends on: `{a, i}` for `a.b[i]`."""
        if self._parent is None:
            return frozenset({self})
        support = self._parent.support_set
        if isinstance(self._subscript, QN):
            support |= self._subscript.support_set
        return support

    def to_ast(self, ctx: Any = None) -> Any:
        """This name as a gast expression (`ctx` defaults to `gast.Load()`)."""
        ctx = ctx or gast.Load()
        if self._parent is None:
            return gast.Name(id=self._name, ctx=ctx, annotation=None, type_comment=None)
        if self._attr is not None:
            return gast.Attribute(value=self._parent.to_ast(), attr=self._attr, ctx=ctx)
        assert self._subscript is not None
        key = (self._subscript.to_ast() if isinstance(self._subscript, QN)
               else gast.Constant(value=self._subscript.value, kind=None))
        return gast.Subscript(value=self._parent.to_ast(), slice=key, ctx=ctx)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, QN) and other._key == self._key

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple:
        # Rebuilt, not restored: the cached hash of a str differs from one process to another.
        if self._parent is None:
            return QN, (self._name,)
        return QN, (self._parent, self._attr, self._subscript)

    def __lt__(self, other: QN) -> bool:
        return self._text < other._text

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"<QN {self._text}>"


def from_str(text: str) -> QN:
    """The QN of an expression written as text, such as `'a.b[0]'`.

    >>> from_str("x['k']") == QN(QN("x"), subscript=Literal("k"))
    True

    Raises:
        ValueError: the expression has no qualified name (a call, an operation, ...).
    """
    node = gast.parse(text.strip(), mode="eval").body
    resolve(node)
    if not anno.hasanno(node, anno.Basic.QN):
        raise ValueError(f"{text!r} is not a qualified name (a name, or attributes and "
                         f"constant or named subscripts of one)")
    return anno.getanno(node, anno.Basic.QN)


def resolve(tree: Any) -> Any:
    """Annotates the Name, Attribute and Subscript nodes of `tree` with their QN; returns it.

    Subscripts get a QN when their key is a constant or itself has a QN; slices, tuples and
    other expressions as keys leave the subscript without one (it is still an expression
    the analyses read through). Running it again refreshes names after a transformation.
    """
    _resolve(tree, {})
    return tree


def _resolve(node: Any, simple: dict[str, QN]) -> QN | None:
    """Annotates `node` and the nodes under it; returns the QN of `node`, if it has one.

    `simple` holds the simple QNs made so far, each name's QN made once per tree.
    """
    kind = type(node)
    if kind is gast.Name:
        qn = simple.get(node.id)
        if qn is None:
            qn = simple[node.id] = QN(node.id)
        anno.setanno(node, anno.Basic.QN, qn)
        annotation = getattr(node, "annotation", None)  # of a parameter; built nodes may lack it
        if annotation is not None:
            _resolve(annotation, simple)
        return qn
    if kind is gast.Attribute:
        base = _resolve(node.value, simple)
        return _set(node, QN(base, attr=node.attr) if base is not None else None)
    if kind is gast.Subscript:
        base = _resolve(node.value, simple)
        key = _subscript_key(node.slice, _resolve(node.slice, simple))
        return _set(node, QN(base, subscript=key) if base is not None and key is not None
                    else None)
    if kind is gast.Constant:  # nothing under it
        return None
    for child in traversal.children(node):
        _resolve(child, simple)
    if kind is gast.For or kind is gast.AsyncFor:
        extra_test = anno.getanno(node, anno.Basic.EXTRA_LOOP_TEST, None)
        if extra_test is not None:
            _resolve(extra_test, simple)
    return None


def _subscript_key(key: Any, key_qn: QN | None) -> QN | Literal | None:
    """What a subscript with the key expression `key` (whose QN is `key_qn`) is keyed by."""
    if (isinstance(key, gast.UnaryOp) and isinstance(key.op, gast.USub)
            and isinstance(key.operand, gast.Constant)
            and isinstance(key.operand.value, (int, float))):
        return Literal(-key.operand.value)  # `a[-1]`
    if isinstance(key, gast.Constant) and key.value is not Ellipsis:
        return Literal(key.value)
    return key_qn


def _set(node: Any, qn: QN | None) -> QN | None:
    if qn is None:
        anno.delanno(node, anno.Basic.QN)  # a stale name from before a transformation
    else:
        anno.setanno(node, anno.Basic.QN, qn)
    return qn
