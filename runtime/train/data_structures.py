"""`ListWrapper` and `DictWrapper`: the list or dict given to a `Checkpoint` attribute, as
TensorFlow wraps them (`ckpt.listed = []` then `print(ckpt.listed)` shows `ListWrapper([])`).

Each wraps the very list or dict it was given, so that items added later, through the wrapper
or through the original, are saved and restored; the checkpoint protocol walks the items
(`trackable.children_of`) as it walks a list or a dict.

>>> wrapped = ListWrapper([1])
>>> wrapped.append(2)
>>> wrapped, wrapped == [1, 2]
(ListWrapper([1, 2]), True)
"""

from __future__ import annotations

from collections.abc import MutableMapping, MutableSequence
from typing import Any, Iterator

__all__ = ["ListWrapper", "DictWrapper", "wrap", "unwrap"]


class ListWrapper(MutableSequence):
    """A list held by a checkpoint (TensorFlow's `ListWrapper`)."""

    def __init__(self, storage: list):
        self._storage = storage

    def __getitem__(self, index: Any) -> Any:
        return self._storage[index]

    def __setitem__(self, index: Any, value: Any) -> None:
        self._storage[index] = value

    def __delitem__(self, index: Any) -> None:
        del self._storage[index]

    def __len__(self) -> int:
        return len(self._storage)

    def insert(self, index: int, value: Any) -> None:
        self._storage.insert(index, value)

    def __eq__(self, other: Any) -> bool:
        return self._storage == unwrap(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"ListWrapper({self._storage!r})"


class DictWrapper(MutableMapping):
    """A dict held by a checkpoint (TensorFlow's `_DictWrapper`, shown as `DictWrapper`)."""

    def __init__(self, storage: dict):
        self._storage = storage

    def __getitem__(self, key: Any) -> Any:
        return self._storage[key]

    def __setitem__(self, key: Any, value: Any) -> None:
        self._storage[key] = value

    def __delitem__(self, key: Any) -> None:
        del self._storage[key]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._storage)

    def __len__(self) -> int:
        return len(self._storage)

    def __eq__(self, other: Any) -> bool:
        return self._storage == unwrap(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"DictWrapper({self._storage!r})"


def wrap(value: Any) -> Any:
    """`value` wrapped when it is a list or a dict, else itself."""
    if type(value) is list:
        return ListWrapper(value)
    if type(value) is dict:
        return DictWrapper(value)
    return value


def unwrap(value: Any) -> Any:
    """The list or dict a wrapper holds, else `value` itself."""
    return value._storage if isinstance(value, (ListWrapper, DictWrapper)) else value
