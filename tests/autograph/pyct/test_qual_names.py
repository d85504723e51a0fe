"""Qualified names: construction, structure, identity, and annotating a tree with them."""

import ast
import copy
import pickle
import textwrap

import gast
import pytest

from autograph.pyct import anno, qual_names
from autograph.pyct.qual_names import QN, Literal


def _qn(node):
    return anno.getanno(node, anno.Basic.QN, None)


def _expr(src):
    node = gast.parse(src, mode="eval").body
    qual_names.resolve(node)
    return node


# Construction and text --------------------------------------------------------------------
def test_simple_name():
    qn = QN("a")
    assert str(qn) == "a" and qn.is_simple and not qn.is_composite


def test_attribute():
    qn = QN(QN("a"), attr="b")
    assert str(qn) == "a.b" and qn.attr == "b" and qn.subscript is None


def test_constant_subscripts_print_as_python():
    assert str(QN(QN("a"), subscript=Literal(0))) == "a[0]"
    assert str(QN(QN("a"), subscript=Literal("k"))) == "a['k']"


def test_named_subscript():
    qn = QN(QN("a"), subscript=QN("i"))
    assert str(qn) == "a[i]" and qn.subscript == QN("i") and qn.attr is None


def test_repr_is_distinct_from_a_string():
    assert repr(QN(QN("a"), attr="b")) == "<QN a.b>"


def test_dotted_text_is_not_a_simple_name():
    with pytest.raises(ValueError, match="from_str"):
        QN("a.b")


def test_a_composite_needs_exactly_one_of_attr_and_subscript():
    with pytest.raises(ValueError, match="exactly one"):
        QN(QN("a"))
    with pytest.raises(ValueError, match="exactly one"):
        QN(QN("a"), attr="b", subscript=Literal(0))


def test_a_string_base_takes_no_attr():
    with pytest.raises(ValueError, match="needs a QN as its base"):
        QN("a", attr="b")


def test_base_of_another_type_is_rejected():
    with pytest.raises(TypeError, match="not int"):
        QN(3)


# Structure --------------------------------------------------------------------------------
def test_parent_of_a_simple_name_is_none():
    assert QN("a").parent is None


def test_parent_of_a_chain():
    assert qual_names.from_str("a.b[i]").parent == qual_names.from_str("a.b")


def test_root_is_the_simple_name_at_the_base():
    assert qual_names.from_str("a.b[i].c").root == QN("a")


def test_owner_set_holds_every_containing_name():
    assert qual_names.from_str("a.b[c.d]").owner_set == {QN("a"), qual_names.from_str("a.b")}


def test_owner_set_of_a_simple_name_is_empty():
    assert QN("a").owner_set == frozenset()


def test_support_set_holds_the_simple_names_it_depends_on():
    assert qual_names.from_str("a.b[c.d]").support_set == {QN("a"), QN("c")}
    assert qual_names.from_str("a[0]").support_set == {QN("a")}


def test_dependencies_include_subscript_names_and_their_owners():
    deps = {str(q) for q in qual_names.from_str("a.b[c.d]").dependencies}
    assert deps == {"a", "a.b", "c", "c.d"}


# Identity ---------------------------------------------------------------------------------
def test_equal_names_are_equal_and_hash_alike():
    built = QN(QN("a"), attr="b")
    parsed = qual_names.from_str("a.b")
    assert built == parsed and hash(built) == hash(parsed) and len({built, parsed}) == 1


@pytest.mark.parametrize("left, right", [
    ("a.b", "a['b']"), ("a[i]", "a['i']"), ("a[1]", "a[True]"), ("a[1]", "a[1.0]"),
    ("a.b", "b.a"), ("a", "a.a")])
def test_different_names_differ(left, right):
    assert qual_names.from_str(left) != qual_names.from_str(right)


@pytest.mark.parametrize("copy_of", [copy.copy, copy.deepcopy,
                                     lambda qn: pickle.loads(pickle.dumps(qn))])
def test_copies_and_pickles_are_equal_and_hash_alike(copy_of):
    qn = qual_names.from_str("a.b[i][0]")
    twin = copy_of(qn)
    assert twin == qn and hash(twin) == hash(qn) and str(twin) == "a.b[i][0]"


def test_a_qn_never_equals_its_text():
    assert QN("a") != "a"


def test_sorting_is_by_text():
    names = [qual_names.from_str(t) for t in ("b", "a.c", "a")]
    assert [str(q) for q in sorted(names)] == ["a", "a.c", "b"]


def test_literals_compare_by_type_and_value():
    assert Literal(1) == Literal(1) and Literal(1) != Literal(True)
    assert len({Literal("k"), Literal("k")}) == 1


# from_str and to_ast ----------------------------------------------------------------------
@pytest.mark.parametrize("text", ["x", "x.y", "x.y.z", "x[0]", "x['k']", "x[i]", "x[i].y",
                                  "x[i.j][0]", "x[-1]"])
def test_to_ast_gives_back_the_expression(text):
    node = qual_names.from_str(text).to_ast()
    assert ast.unparse(gast.gast_to_ast(node)) == text


def test_to_ast_uses_the_given_context():
    node = qual_names.from_str("a.b").to_ast(gast.Store())
    assert isinstance(node.ctx, gast.Store) and isinstance(node.value.ctx, gast.Load)


@pytest.mark.parametrize("text", ["f()", "a[1:2]", "a[i + 1]", "a[i, j]", "a[...]", "1",
                                  "f().b"])
def test_from_str_rejects_expressions_without_a_name(text):
    with pytest.raises(ValueError, match="is not a qualified name"):
        qual_names.from_str(text)


# resolve ----------------------------------------------------------------------------------
def test_resolve_annotates_names_attributes_and_subscripts():
    node = _expr("a.b[i]")
    assert str(_qn(node)) == "a.b[i]"
    assert str(_qn(node.value)) == "a.b" and str(_qn(node.value.value)) == "a"
    assert str(_qn(node.slice)) == "i"


def test_resolve_leaves_an_attribute_of_a_call_without_name():
    node = _expr("f(x).b")
    assert _qn(node) is None and str(_qn(node.value.args[0])) == "x"


def test_resolve_leaves_a_computed_subscript_without_name():
    node = _expr("a[i + 1]")
    assert _qn(node) is None
    assert str(_qn(node.value)) == "a" and str(_qn(node.slice.left)) == "i"


def test_resolve_leaves_slices_without_name():
    assert _qn(_expr("a[1:n]")) is None
    assert _qn(_expr("a[...]")) is None


def test_resolve_annotates_parameters_and_their_annotations():
    fn = gast.parse("def f(x: T, *args, k=1, **kw): pass").body[0]
    qual_names.resolve(fn)
    params = fn.args.args + [fn.args.vararg] + fn.args.kwonlyargs + [fn.args.kwarg]
    assert [str(_qn(p)) for p in params] == ["x", "args", "k", "kw"]
    assert str(_qn(fn.args.args[0].annotation)) == "T"


def test_resolve_annotates_the_extra_loop_test():
    loop = gast.parse("for i in xs:\n    pass").body[0]
    test = gast.parse("not done", mode="eval").body
    anno.setanno(loop, anno.Basic.EXTRA_LOOP_TEST, test)
    qual_names.resolve(loop)
    assert str(_qn(test.operand)) == "done"


def test_resolving_again_refreshes_renamed_nodes():
    node = _expr("a.b")
    node.value.id = "c"
    qual_names.resolve(node)
    assert str(_qn(node)) == "c.b"


def test_resolving_again_drops_a_name_that_no_longer_applies():
    node = _expr("a.b")
    node.value = gast.Call(func=gast.Name(id="f", ctx=gast.Load(), annotation=None,
                                          type_comment=None), args=[], keywords=[])
    qual_names.resolve(node)
    assert _qn(node) is None


def test_resolve_returns_the_tree():
    tree = gast.parse(textwrap.dedent("""
        x = a.b
    """))
    assert qual_names.resolve(tree) is tree
