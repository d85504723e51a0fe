"""Sets as ints: numbering elements, masks and back, and what a binding makes stale."""

from autograph.pyct import qual_names
from autograph.pyct.static_analysis import bitsets


def _qns(*texts):
    return [qual_names.from_str(t) for t in texts]


def test_elements_are_numbered_once_in_the_order_first_seen():
    universe = bitsets.Universe()
    assert universe.mask(["b", "a", "b"]) == 0b11
    assert universe.add("a") == 0b10 and universe.elements == ["b", "a"]


def test_a_mask_turns_back_into_its_elements():
    universe = bitsets.Universe()
    both = universe.mask(["a", "b", "c"]) & ~universe.mask(["b"])
    assert universe.frozenset(both) == {"a", "c"} and universe.frozenset(0) == frozenset()


def test_equal_masks_give_the_same_frozenset():
    universe = bitsets.Universe()
    universe.mask(["a", "b"])
    assert universe.frozenset(0b11) is universe.frozenset(0b01 | 0b10)


def test_binding_a_name_makes_it_and_what_depends_on_it_stale():
    universe = bitsets.Universe()
    a, ab, xa, i = _qns("a", "a.b", "x[a]", "i")
    universe.mask([a, ab, xa, i])
    stale = bitsets.stale_after_binding(universe)
    assert universe.frozenset(stale[a]) == {a, ab, xa}
    assert universe.frozenset(stale[qual_names.from_str("x")]) == {xa}
    assert universe.frozenset(stale[i]) == {i}


def test_masks_wider_than_a_machine_word_turn_back_into_their_elements():
    universe = bitsets.Universe()
    universe.mask(range(200))
    odd = sum(universe.bit[n] for n in range(1, 200, 2))
    assert universe.frozenset(odd) == frozenset(range(1, 200, 2))
    assert universe.frozenset(universe.bit[199]) == {199}
