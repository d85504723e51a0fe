"""Sets as ints, for the dataflow analyses (`liveness`, `reaching_definitions`).

A `Universe` gives each element a bit; a set of its elements is the int of their bits. Union,
intersection and difference are then one integer operation each, and telling whether a
fixed-point iteration changed anything is comparing two ints.

>>> names = Universe()
>>> ab = names.mask(["a", "b"])
>>> sorted(names.frozenset(ab & ~names.mask(["a"])))
['b']
"""

from __future__ import annotations

import itertools
from typing import Any, Hashable, Iterable

from autograph.pyct.qual_names import QN

_DIGIT_VALUES = bytes.maketrans(b"01", b"\x00\x01")


class Universe:
    """Numbers elements in the order they are first seen; turns masks back into sets.

    Attributes:
        bit: each element's bit (a power of two).
        elements: the elements, by bit number.
    """

    def __init__(self):
        self.bit: dict[Hashable, int] = {}
        self.elements: list[Any] = []
        self._sets: dict[int, frozenset] = {0: frozenset()}

    def add(self, element: Hashable) -> int:
        """The bit of `element`, numbered now if it is new."""
        bit = self.bit.get(element)
        if bit is None:
            bit = self.bit[element] = 1 << len(self.elements)
            self.elements.append(element)
        return bit

    def mask(self, elements: Iterable[Hashable]) -> int:
        """The set of `elements` as an int (numbering the new ones)."""
        mask = 0
        for element in elements:
            mask |= self.add(element)
        return mask

    def frozenset(self, mask: int) -> frozenset:
        """The elements of `mask`; equal masks give the same frozenset object."""
        found = self._sets.get(mask)
        if found is None:
            # The mask's binary digits, lowest first, as the bytes 0 and 1: picked in C.
            digits = bin(mask)[:1:-1].encode().translate(_DIGIT_VALUES)
            found = self._sets[mask] = frozenset(itertools.compress(self.elements, digits))
        return found


def stale_after_binding(universe: Universe) -> dict[QN, int]:
    """For each name, the mask of the names of `universe` (QNs) that binding it makes stale.

    A name is stale after binding itself or one of its dependencies: binding `a` or `i`
    changes what `a.b[i]` denotes.
    """
    stale: dict[QN, int] = {}
    qn: Any
    for qn, bit in universe.bit.items():
        stale[qn] = stale.get(qn, 0) | bit
        for owner in qn.dependencies:
            stale[owner] = stale.get(owner, 0) | bit
    return stale
