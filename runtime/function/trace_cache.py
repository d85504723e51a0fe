"""`TraceCache`: traces by call type, found by subtyping, the most specific match first.

A `Function` keeps its `ConcreteFunction`s here, keyed by the `FunctionType` each was traced
for; a call reuses the most specific trace whose type its own is a subtype of, and with
`reduce_retracing` a new trace is made for the call type relaxed against the cached ones.

>>> from runtime.graph.tensor_spec import TensorSpec
>>> cache = TraceCache()
>>> cache.add(TensorSpec([None], "int32"), "any length")
>>> cache.lookup(TensorSpec([3], "int32")), cache.lookup(TensorSpec([3], "float32"))
('any length', None)
"""

from __future__ import annotations

from typing import Any

from runtime.function.trace_type import is_expired
from runtime.graph.tensor_spec import TensorSpec  # noqa: F401  (the doctests use it)

__all__ = ["TraceCache"]

_MISSING = object()
_MEMO_LIMIT = 1024


class TraceCache:
    """Traces by call type, looked up by subtyping: the most specific match wins.

    >>> cache = TraceCache()
    >>> wide, narrow = TensorSpec([None, None]), TensorSpec([1, None])
    >>> cache.add(wide, "wide"); cache.add(narrow, "narrow")
    >>> cache.lookup(TensorSpec([1, 2])), cache.lookup(TensorSpec([3, 2])), cache.lookup(
    ...     TensorSpec([3]))
    ('narrow', 'wide', None)
    """

    def __init__(self):
        self._entries: dict = {}  # type -> value, in the order added
        self._memo: dict = {}  # call type -> value (or None) found by a scan; reset on add

    def lookup(self, call_type: Any) -> Any:
        """The value of the most specific entry whose type `call_type` is a subtype of, or
        None. An equal entry is found by one dict lookup; other results are remembered until
        the cache changes."""
        value = self._entries.get(call_type)
        if value is not None:
            return value
        value = self._memo.get(call_type, _MISSING)
        if value is not _MISSING:
            return value
        key = self.lookup_key(call_type)
        value = None if key is None else self._entries[key]
        if len(self._memo) >= _MEMO_LIMIT:
            self._memo.clear()
        self._memo[call_type] = value
        return value

    def lookup_key(self, call_type: Any) -> Any:
        """The type of the entry `lookup` would choose (no memo), or None."""
        if call_type in self._entries:
            return call_type
        matches = [key for key in self._entries if call_type.is_subtype_of(key)]
        if len(matches) <= 1:
            return matches[0] if matches else None
        # Most specific: a subtype of every other match; if matches are not totally ordered,
        # the one below the most others (the earliest added on a tie).
        return max(matches, key=lambda key: sum(key.is_subtype_of(o) for o in matches))

    def add(self, trace_type: Any, value: Any) -> None:
        """Stores `value` under `trace_type` (replacing an equal entry); drops entries whose
        types hold objects that are gone."""
        if value is None:
            raise ValueError("TraceCache values must not be None (None means 'no match').")
        self.prune()
        self._entries[trace_type] = value
        self._memo.clear()

    def prune(self) -> list:
        """Removes entries whose types stand for garbage-collected objects; returns their
        values."""
        gone = [key for key in self._entries if is_expired(key)]
        if gone:
            self._memo.clear()
        return [self._entries.pop(key) for key in gone]

    def generalize(self, trace_type: Any) -> Any:
        """`trace_type` relaxed against every cached type it has a common supertype with
        (`reduce_retracing`): tensor dims that differ become `None`, ranks that differ unknown.

        >>> cache = TraceCache()
        >>> cache.add(TensorSpec([2, 3], "int32"), "first")
        >>> cache.generalize(TensorSpec([4, 3], "int32"))
        TensorSpec(shape=(None, 3), dtype=ag.int32, name=None)
        """
        relaxed = trace_type
        for key in self._entries:
            found = relaxed.most_specific_common_supertype([key])
            if found is not None:
                relaxed = found
        return relaxed

    def keys(self) -> list:
        return list(self._entries)

    def values(self) -> list:
        return list(self._entries.values())

    def items(self) -> list:
        return list(self._entries.items())

    def clear(self) -> None:
        self._entries.clear()
        self._memo.clear()

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, trace_type: Any) -> bool:
        return trace_type in self._entries
