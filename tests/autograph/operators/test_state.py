"""`unpack_state` and `CompositeState`: the values a statement's functions pass around."""

import pytest

from autograph.operators.state import CompositeState, unpack_state
from autograph.operators.variables import Undefined


def test_unpack_state_refuses_a_list_for_several_values():
    with pytest.raises(ValueError, match=r"^if: the function must return 2 values \(a tuple\), "
                                         r"got \[1, 2\]\.$"):
        unpack_state([1, 2], 2, "if")


def test_unpack_state_refuses_a_tuple_of_another_length():
    with pytest.raises(ValueError, match="must return 2 values"):
        unpack_state((1, 2, 3), 2, "while")


def test_a_missing_item_reads_as_undefined_and_the_others_by_their_names():
    d = {"a": 1}
    xs = [4, 5, 6]

    def get_state():
        return (d["gone"], d["a"], xs[-1])

    def set_state(values):
        d["gone"], d["a"], xs[-1] = values
    state = CompositeState((get_state, set_state, ("d['gone']", "d['a']", "xs[-1]")))
    gone, a, last = state.read()
    assert isinstance(gone, Undefined) and (a, last) == (1, 6)
