"""Node annotations: set, get, defaults, copies of nodes, and the key enums."""

import copy

import gast
import pytest

from autograph.pyct import anno


def _statement(src="x = a + 1"):
    return gast.parse(src).body[0]


def test_set_then_get_returns_the_value():
    node = _statement()
    anno.setanno(node, anno.Basic.DIRECTIVES, {"maximum_iterations": 3})
    assert anno.getanno(node, anno.Basic.DIRECTIVES) == {"maximum_iterations": 3}


def test_set_replaces_the_previous_value():
    node = _statement()
    anno.setanno(node, anno.Basic.DIRECTIVES, "old")
    anno.setanno(node, anno.Basic.DIRECTIVES, "new")
    assert anno.getanno(node, anno.Basic.DIRECTIVES) == "new"


def test_get_without_annotation_raises_naming_the_key():
    with pytest.raises(KeyError, match=r"Assign node at line 1 has no annotation Static\.SCOPE"):
        anno.getanno(_statement(), anno.Static.SCOPE)


def test_get_without_annotation_returns_the_default():
    assert anno.getanno(_statement(), anno.Static.SCOPE, None) is None
    assert anno.getanno(_statement(), anno.Static.SCOPE, default=0) == 0


def test_hasanno_tells_whether_a_key_is_set():
    node = _statement()
    anno.setanno(node, anno.Basic.CALLED_IN_PLACE, True)
    assert anno.hasanno(node, anno.Basic.CALLED_IN_PLACE)
    assert not anno.hasanno(node, anno.Basic.DIRECTIVES)


def test_annotations_are_per_node():
    node = _statement()
    anno.setanno(node, anno.Basic.DIRECTIVES, "here")
    assert not anno.hasanno(node.value, anno.Basic.DIRECTIVES)


def test_any_hashable_key_works():
    node = _statement()
    anno.setanno(node, "my_key", 1)
    assert anno.getanno(node, "my_key") == 1


def test_delanno_removes_the_annotation():
    node = _statement()
    anno.setanno(node, anno.Basic.DIRECTIVES, "here")
    anno.delanno(node, anno.Basic.DIRECTIVES)
    assert not anno.hasanno(node, anno.Basic.DIRECTIVES)


def test_delanno_of_a_missing_key_does_nothing():
    node = _statement()
    anno.delanno(node, anno.Basic.DIRECTIVES)
    assert anno.keys(node) == frozenset()


def test_keys_lists_every_annotation():
    node = _statement()
    anno.setanno(node, anno.Basic.DIRECTIVES, 1)
    anno.setanno(node, anno.Static.SCOPE, 2)
    assert anno.keys(node) == {anno.Basic.DIRECTIVES, anno.Static.SCOPE}


def test_annotating_a_shallow_copy_leaves_the_original_alone():
    node = _statement()
    anno.setanno(node, anno.Basic.DIRECTIVES, "original")
    twin = copy.copy(node)
    anno.setanno(twin, anno.Basic.DIRECTIVES, "copy")
    anno.delanno(twin, anno.Basic.DIRECTIVES)
    assert anno.getanno(node, anno.Basic.DIRECTIVES) == "original"


def test_deep_copy_keeps_the_same_values_in_its_own_dict():
    node = _statement()
    value = {"shared": True}
    anno.setanno(node, anno.Basic.DIRECTIVES, value)
    twin = copy.deepcopy(node)
    assert anno.getanno(twin, anno.Basic.DIRECTIVES) is value
    anno.setanno(twin, anno.Basic.CALLED_IN_PLACE, True)
    assert not anno.hasanno(node, anno.Basic.CALLED_IN_PLACE)


def test_annotations_are_not_ast_fields():
    node = _statement()
    anno.setanno(node, anno.Basic.DIRECTIVES, 1)
    assert "_pyct_anno" not in node._fields
    assert "DIRECTIVES" not in gast.dump(node)


@pytest.mark.parametrize("name", ["QN", "DIRECTIVES", "EXTRA_LOOP_TEST",
                                  "CALLED_IN_PLACE"])
def test_basic_has_the_key(name):
    assert getattr(anno.Basic, name).name == name


@pytest.mark.parametrize("name", [
    "SCOPE", "BODY_SCOPE", "ORELSE_SCOPE",
    "LIVE_VARS_IN", "LIVE_VARS_OUT", "DEFINED_VARS_IN", "MAYBE_DEFINED_VARS_IN"])
def test_static_has_the_key(name):
    assert getattr(anno.Static, name).name == name


def test_keys_are_distinct_members():
    # Enum members with equal values would silently be aliases of each other.
    assert len(list(anno.Basic)) == len(anno.Basic.__members__)
    assert len(list(anno.Static)) == len(anno.Static.__members__)


def test_keys_print_with_their_enum():
    assert repr(anno.Static.LIVE_VARS_OUT) == "Static.LIVE_VARS_OUT"
