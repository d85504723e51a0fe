"""Annotations: facts that analyses and converters attach to AST nodes.

An annotation is a value stored on a node under a key, usually a member of `Basic` (set by
parsing and converters) or `Static` (set by the static analyses):

>>> import gast
>>> node = gast.parse("x = 1").body[0]
>>> setanno(node, Basic.DIRECTIVES, {"maximum_iterations": 3})
>>> getanno(node, Basic.DIRECTIVES), hasanno(node, Basic.CALLED_IN_PLACE)
({'maximum_iterations': 3}, False)
>>> getanno(node, Basic.CALLED_IN_PLACE, default=None) is None
True

Annotations live in a dict attribute of the node. A copy of a node (`copy.copy` or
`copy.deepcopy`) gets its own dict holding the same values, so annotating the copy leaves the
original as it was, and a deep copy does not duplicate the scopes and sets hung on the tree.
"""

from __future__ import annotations

import enum
from typing import Any, Hashable

_FIELD = "_pyct_anno"
_NO_DEFAULT = object()
_NO_ANNOTATIONS: dict = {}  # those of a node that has none; never modified


class _Annotations(dict):
    def __deepcopy__(self, memo: dict) -> _Annotations:
        return _Annotations(self)


class _Key(enum.Enum):
    # Members are singletons compared by identity: the identity hash is right, and it is
    # computed in C, several times faster than Enum's (every annotation lookup hashes a key).
    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class Basic(_Key):
    """Keys set when parsing and by converters. The value of each member says what it holds."""

    QN = "the qualified name (qual_names.QN) of a Name, Attribute or Subscript node"
    DIRECTIVES = "a dict of directives (e.g. loop options) given for the node"
    EXTRA_LOOP_TEST = "on a For: an expression tested before each iteration (a lowered break)"
    STATE_RETURN = ("True on a `return` that ends a branch or loop body's function early with "
                    "its state (a `finally` that returns, see control_flow_nodes)")
    DELETION = ("True on `x = ag__.Undefined('x')` written for `del x` in a body "
                "(control_flow_nodes): as a read, deleting raises if `x` has no value")
    BOUND_THROUGH_TRY = ("on a Try: the plain names bound on every path into it and deleted "
                         "nowhere in it (try_statements): its handlers may read them")
    CALLED_IN_PLACE = ("True on a lambda the code calls before its statement ends (the operand "
                       "lambdas of ag__.if_exp, and_, or_): it does not outlive the statement")


class Static(_Key):
    """Keys set by the static analyses (`activity`, `liveness`, `reaching_definitions`)."""

    SCOPE = "the activity.Scope of a statement, or of an expression that is a CFG node"
    BODY_SCOPE = "the Scope of an if/while/for body, match case, or function/class body"
    ORELSE_SCOPE = "the Scope of the else block of an if, while or for"
    LIVE_VARS_IN = "frozenset of QNs whose values may be read after entering the statement"
    LIVE_VARS_OUT = "frozenset of QNs whose values may be read after the statement completes"
    DEFINED_VARS_IN = "frozenset of QNs bound on every path that reaches the statement"
    MAYBE_DEFINED_VARS_IN = "frozenset of QNs bound on at least one path reaching the statement"


def getanno(node: Any, key: Hashable, default: Any = _NO_DEFAULT) -> Any:
    """The annotation `key` of `node`; `default` if it has none.

    Raises:
        KeyError: the node has no such annotation and no default was given.
    """
    value = node.__dict__.get(_FIELD, _NO_ANNOTATIONS).get(key, default)
    if value is _NO_DEFAULT:
        line = getattr(node, "lineno", None)
        where = f" at line {line}" if line else ""
        raise KeyError(f"the {type(node).__name__} node{where} has no annotation {key!r}; "
                       f"run the analysis that sets it first")
    return value


def hasanno(node: Any, key: Hashable) -> bool:
    """Whether `node` has the annotation `key`."""
    return key in node.__dict__.get(_FIELD, _NO_ANNOTATIONS)


def setanno(node: Any, key: Hashable, value: Any) -> None:
    """Sets (or replaces) the annotation `key` of `node`."""
    # A new dict on every write: copies of a node share its dict until one of them changes.
    annotations = _Annotations(node.__dict__.get(_FIELD, _NO_ANNOTATIONS))
    annotations[key] = value
    node.__dict__[_FIELD] = annotations


def delanno(node: Any, key: Hashable) -> None:
    """Removes the annotation `key` of `node`; does nothing if it has none."""
    if hasanno(node, key):
        annotations = _Annotations(node.__dict__[_FIELD])
        del annotations[key]
        node.__dict__[_FIELD] = annotations


def keys(node: Any) -> frozenset:
    """The keys of every annotation of `node`."""
    return frozenset(node.__dict__.get(_FIELD, _NO_ANNOTATIONS))
