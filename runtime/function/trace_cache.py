"""`TraceCache`: traces by call type, found by subtyping, the most specific match first; bounded,
the least recently used trace dropped first.

A `Function` keeps its `ConcreteFunction`s here, keyed by the `FunctionType` each was traced
for; a call reuses the most specific trace whose type its own is a subtype of, and with
`reduce_retracing` a new trace is made for the call type relaxed against the cached ones.

A call of a type already cached is one dict lookup, and so is a call of a type whose match was
found by scanning before (remembered until the cache changes). Only a call of a new type scans
the entries, at most `max_size` of them. Adding a trace past `max_size` drops the least
recently used one (TensorFlow's cache has no limit; traces of a function called with ever new
Python values would otherwise pile up, 8.6 KiB each for a one-op function, and make every new
trace slower). Types that hold objects weakly are checked for expiry on each add; the others
never expire and are not looked at.

>>> from autograph.runtime.graph.tensor_spec import TensorSpec
>>> cache = TraceCache()
>>> cache.add(TensorSpec([None], "int32"), "any length")
>>> cache.lookup(TensorSpec([3], "int32")), cache.lookup(TensorSpec([3], "float32"))
('any length', None)
"""

from __future__ import annotations

import collections
from typing import Any

from autograph.runtime.function.trace_type import is_expired, may_expire
from autograph.runtime.graph.tensor_spec import TensorSpec  # noqa: F401  (the doctests use it)

__all__ = ["TraceCache", "DEFAULT_MAX_SIZE"]

DEFAULT_MAX_SIZE = 128
"""How many traces a cache keeps unless told otherwise."""

_MISSING = object()
_MEMO_LIMIT = 1024


class TraceCache:
    """Traces by call type, looked up by subtyping: the most specific match wins.

    Args:
        max_size: the most entries kept; adding one more drops the least recently used.

    >>> cache = TraceCache()
    >>> wide, narrow = TensorSpec([None, None]), TensorSpec([1, None])
    >>> cache.add(wide, "wide"); cache.add(narrow, "narrow")
    >>> cache.lookup(TensorSpec([1, 2])), cache.lookup(TensorSpec([3, 2])), cache.lookup(
    ...     TensorSpec([3]))
    ('narrow', 'wide', None)
    """

    def __init__(self, max_size: int = DEFAULT_MAX_SIZE):
        if type(max_size) is not int or max_size < 1:
            raise ValueError(f"A trace cache holds at least one trace: max_size must be a "
                             f"positive int, got {max_size!r}.")
        self.max_size = max_size
        self._entries: dict = {}  # type -> value, in the order added
        self._recency: collections.OrderedDict = collections.OrderedDict()  # keys, LRU first
        self._mortal: set = set()  # the keys that may expire (they hold objects weakly)
        self._memo: dict = {}  # call type -> key (or None) found by a scan; reset on add

    def lookup(self, call_type: Any) -> Any:
        """The value of the most specific entry whose type `call_type` is a subtype of, or
        None; that entry becomes the most recently used. An equal entry is found by one dict
        lookup; other results are remembered until the cache changes."""
        entries = self._entries
        value = entries.get(call_type)
        if value is not None:
            self._recency.move_to_end(call_type)
            return value
        key = self._memo.get(call_type, _MISSING)
        if key is _MISSING:
            key = self.lookup_key(call_type)
            if len(self._memo) >= _MEMO_LIMIT:
                self._memo.clear()
            self._memo[call_type] = key
        if key is None:
            return None
        self._recency.move_to_end(key)
        return entries[key]

    def lookup_key(self, call_type: Any) -> Any:
        """The type of the entry `lookup` would choose (no memo, no change of order), or
        None."""
        if call_type in self._entries:
            return call_type
        matches = [key for key in self._entries if call_type.is_subtype_of(key)]
        if len(matches) <= 1:
            return matches[0] if matches else None
        # Most specific: a subtype of every other match; if matches are not totally ordered,
        # the one below the most others (the earliest added on a tie).
        return max(matches, key=lambda key: sum(key.is_subtype_of(o) for o in matches))

    def add(self, trace_type: Any, value: Any) -> None:
        """Stores `value` under `trace_type` (replacing an equal entry) as the most recently
        used; drops entries whose types hold objects that are gone, then the least recently
        used ones beyond `max_size`."""
        if value is None:
            raise ValueError("TraceCache values must not be None (None means 'no match').")
        self.prune()
        self._entries[trace_type] = value
        self._recency[trace_type] = None
        self._recency.move_to_end(trace_type)
        if may_expire(trace_type):
            self._mortal.add(trace_type)
        while len(self._entries) > self.max_size:
            dropped, _ = self._recency.popitem(last=False)
            del self._entries[dropped]
            self._mortal.discard(dropped)
        self._memo.clear()

    def prune(self) -> list:
        """Removes entries whose types stand for garbage-collected objects; returns their
        values."""
        gone = [key for key in self._mortal if is_expired(key)]
        if gone:
            self._memo.clear()
            self._mortal.difference_update(gone)
        for key in gone:
            del self._recency[key]
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
        self._recency.clear()
        self._mortal.clear()
        self._memo.clear()

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, trace_type: Any) -> bool:
        return trace_type in self._entries
