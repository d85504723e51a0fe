"""Trace types: the rules of tracing (seed 004), call types, and the dispatch cache."""

import collections
import gc
import inspect

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.function.function_type import ArgumentBinder, FunctionType, signature_of
from autograph.runtime.function.trace_cache import TraceCache
from autograph.runtime.function.trace_type import (
    ListType,
    LiteralType,
    MappingType,
    NamedTupleType,
    PlaceholderContext,
    TraceType,
    TupleType,
    VariableType,
    WeakrefType,
    from_value,
    is_expired,
)
from autograph.runtime.graph.func_graph import FuncGraph
from autograph.runtime.graph.tensor_spec import TensorSpec

Point = collections.namedtuple("Point", "x y")
Pair = collections.namedtuple("Pair", "x y")


class Thing:
    """A plain object: matched by identity."""


class Key:
    """A hashable object equal to others with the same key."""

    def __init__(self, key):
        self.key = key

    def __eq__(self, other):
        return isinstance(other, Key) and other.key == self.key

    def __hash__(self):
        return hash(self.key)


class Unhashable:
    __hash__ = None


# Tensors ----------------------------------------------------------------------------------
def test_eager_tensor_type_is_its_spec():
    assert from_value(ag.constant([[1, 2, 3]])) == TensorSpec([1, 3], ag.int32)


def test_symbolic_tensor_type_is_its_spec():
    with ag.Graph().as_default():
        x = ag.placeholder(ag.float32, [None, 2])
    assert from_value(x) == TensorSpec([None, 2], ag.float32)


def test_numpy_array_type_is_the_spec_of_the_tensor_it_becomes():
    assert from_value(np.zeros((2, 3), np.float64)) == TensorSpec([2, 3], ag.float64)
    assert from_value(np.float32(1.5)) == TensorSpec([], ag.float32)


def test_tensors_of_one_dtype_and_shape_share_one_type():
    assert from_value(ag.constant([1, 2])) is from_value(ag.constant([3, 4]))


def test_tensor_types_differ_by_dtype_and_shape():
    assert from_value(ag.constant(1)) != from_value(ag.constant(1.0))
    assert from_value(ag.constant([1])) != from_value(ag.constant([1, 2]))


def test_a_spec_given_as_a_value_stands_for_itself():
    spec = TensorSpec([None], ag.string)
    assert from_value(spec) is spec


def test_any_trace_type_given_as_a_value_stands_for_itself():
    literal = LiteralType(3)
    assert from_value(literal) is literal


# Literals ---------------------------------------------------------------------------------
@pytest.mark.parametrize("value", [3, 2.5, True, "relu", b"x", None, Ellipsis, 1j, int])
def test_literals_match_an_equal_value(value):
    assert from_value(value) == from_value(value)
    assert hash(from_value(value)) == hash(from_value(value))


def test_literals_are_typed_by_value_not_by_python_type():
    assert from_value(3) != from_value(4)
    assert from_value("relu") != from_value("tanh")


def test_one_one_point_oh_and_true_are_different_types():
    assert len({from_value(1), from_value(1.0), from_value(True)}) == 3


def test_zero_and_minus_zero_are_different_literals():
    assert from_value(0.0) != from_value(-0.0)
    assert from_value(0j) != from_value(complex(-0.0, 0.0))
    assert from_value(0.0) == from_value(0.0)


def test_nan_literal_matches_itself():
    assert from_value(float("nan")) == from_value(float("nan"))


def test_complex_nans_with_different_parts_are_different_literals():
    @ag.function
    def imaginary(c):
        return ag.constant(c.imag)
    nan = float("nan")
    assert float(imaginary(complex(nan, 1))) == 1.0
    assert float(imaginary(complex(nan, 2))) == 2.0  # not the trace made for the first


def test_literal_placeholder_is_the_value():
    assert from_value("relu").placeholder_value(None) == "relu"


def test_literal_subtyping_is_equality():
    assert from_value(3).is_subtype_of(from_value(3))
    assert not from_value(3).is_subtype_of(from_value(4))
    assert from_value(3).most_specific_common_supertype([from_value(4)]) is None


# Containers -------------------------------------------------------------------------------
def test_list_order_matters():
    assert from_value([1, 2]) != from_value([2, 1])
    assert from_value([1, 2]) == from_value([1, 2])


def test_a_list_is_not_a_tuple():
    assert isinstance(from_value([1]), ListType) and isinstance(from_value((1,)), TupleType)
    assert from_value([1, 2]) != from_value((1, 2))
    assert not from_value([1, 2]).is_subtype_of(from_value((1, 2)))


def test_namedtuples_are_typed_by_class_and_fields():
    assert isinstance(from_value(Point(1, 2)), NamedTupleType)
    assert from_value(Point(1, 2)) == from_value(Point(1, 2))
    assert from_value(Point(1, 2)) != from_value(Pair(1, 2))
    assert from_value(Point(1, 2)) != from_value((1, 2))


def test_container_subtyping_is_elementwise():
    small = from_value([ag.constant([1, 2]), 3])
    assert small.is_subtype_of(ListType(list, (TensorSpec([None], ag.int32), LiteralType(3))))
    assert not small.is_subtype_of(from_value([ag.constant([1, 2])]))


def test_container_supertype_relaxes_tensor_elements():
    a = from_value((ag.constant([1, 2]), "x"))
    b = from_value((ag.constant([1, 2, 3]), "x"))
    assert a.most_specific_common_supertype([b]) == \
        TupleType(tuple, (TensorSpec([None], ag.int32), LiteralType("x")))
    assert a.most_specific_common_supertype([from_value((ag.constant([1]), "y"))]) is None


def test_dict_key_order_does_not_matter():
    assert from_value({1: 2, 3: 4}) == from_value({3: 4, 1: 2})
    assert hash(from_value({1: 2, 3: 4})) == hash(from_value({3: 4, 1: 2}))


def test_dicts_differ_by_keys_and_value_types():
    assert from_value({1: 2}) != from_value({1: 3})
    assert from_value({1: 2}) != from_value({2: 2})


def test_dict_subtyping_is_per_key():
    wide = MappingType(dict, {"x": TensorSpec([None], ag.int32)})
    assert from_value({"x": ag.constant([1, 2])}).is_subtype_of(wide)
    assert not from_value({"y": ag.constant([1, 2])}).is_subtype_of(wide)


def test_other_mappings_keep_their_class():
    value = collections.OrderedDict(a=1)
    assert from_value(value) != from_value({"a": 1})
    assert type(from_value(value).placeholder_value(None)) is collections.OrderedDict


def test_nested_containers_make_named_placeholders():
    graph = FuncGraph("f")
    t = from_value({"pair": Point(ag.constant(1.0), [ag.constant([1, 2]), "s"])})
    built = t.placeholder_value(PlaceholderContext(graph, "x"))
    assert built["pair"].y[1] == "s"
    assert [p.name for p in graph.inputs] == ["x_pair_0:0", "x_pair_1_0:0"]


def test_child_placeholder_names_keep_letters_and_digits():
    context = PlaceholderContext(FuncGraph("f"), "x")
    assert context.child(0).name == "x_0"
    assert context.child("key-1").name == "x_key_1"
    assert context.child("X").name == "x_X"
    assert context.child("_").name == "x"  # nothing left of the suffix: the parent's name


def test_placeholder_context_names_placeholders_arg_by_default():
    graph = FuncGraph("f")
    TensorSpec([], ag.float32).placeholder_value(PlaceholderContext(graph))
    assert [p.name for p in graph.inputs] == ["arg:0"]


def test_to_tensors_follows_the_type_not_the_value_key_order():
    t = from_value({"a": ag.constant(1), "b": ag.constant(2.0)})
    flat = t.to_tensors({"b": ag.constant(5.0), "a": ag.constant(6)})
    np.testing.assert_array_equal([x.numpy() for x in flat], [6, 5.0])


# Generic objects ----------------------------------------------------------------------------
def test_plain_objects_match_by_identity():
    a, b = Thing(), Thing()
    assert isinstance(from_value(a), WeakrefType)
    assert from_value(a) == from_value(a)
    assert from_value(a) != from_value(b)


def test_hashable_objects_match_by_equality():
    assert from_value(Key(1)) == from_value(Key(1))
    assert from_value(Key(1)) != from_value(Key(2))


def test_unhashable_objects_match_by_identity():
    a = Unhashable()
    assert from_value(a) == from_value(a)
    assert from_value(a) != from_value(Unhashable())


def test_objects_that_refuse_weak_references_still_work():
    a = object()
    assert from_value(a) == from_value(a) and from_value(a).placeholder_value(None) is a
    assert from_value(a) != from_value(object())


def test_weakly_held_object_placeholder_is_the_object():
    a = Thing()
    assert from_value(a).placeholder_value(None) is a


def test_generic_type_does_not_keep_its_object_alive():
    a = Key(7)
    t = from_value(a)
    del a
    gc.collect()
    assert t.value is None and is_expired(t)


def test_expired_generic_type_matches_nothing():
    a = Key(7)
    t = from_value(a)
    del a
    gc.collect()
    assert t != from_value(Key(7))
    assert not from_value(Key(7)).is_subtype_of(t)
    with pytest.raises(ValueError) as raised:
        t.placeholder_value(None)
    assert str(raised.value) == "The object this trace type stood for has been garbage collected."
    assert t.describe() == "<object garbage collected>"


def test_an_unhashable_object_can_key_a_trace():
    a = Unhashable()
    calls = ag.function(lambda x, obj: x)
    calls(1.0, a)
    calls(2.0, a)
    assert calls.experimental_get_tracing_count() == 2  # once per float, the object the same


def test_a_generic_type_shows_the_objects_repr_up_to_60_characters():
    class Text:
        def __init__(self, text):
            self.text = text

        def __repr__(self):
            return self.text
    sixty, longer = Text("x" * 60), Text("y" * 61)
    assert from_value(sixty).describe() == "x" * 60
    assert from_value(longer).describe() == "y" * 57 + "..."
    assert repr(from_value(sixty)) == f"WeakrefType({'x' * 60})"


# Variables --------------------------------------------------------------------------------
def test_variables_of_one_dtype_and_shape_share_a_type():
    v, w = ag.Variable(1.0), ag.Variable(2.0)
    assert isinstance(from_value(v), VariableType)
    assert from_value(v) == from_value(w)


def test_variables_of_other_dtypes_shapes_or_trainability_differ():
    v = ag.Variable(1.0)
    assert from_value(v) != from_value(ag.Variable(1))
    assert from_value(v) != from_value(ag.Variable([1.0]))
    assert from_value(v) != from_value(ag.Variable(1.0, trainable=False))


def test_variable_type_holds_its_spec():
    assert from_value(ag.Variable([1, 2])).spec == TensorSpec([2], ag.int32)


def test_a_variable_met_twice_in_a_call_types_apart_from_two_variables():
    v, w = ag.Variable(1.0), ag.Variable(1.0)
    binder = ArgumentBinder(lambda a, b: a)
    twice, _ = binder.bind((v, v), {})
    two, _ = binder.bind((v, w), {})
    assert twice != two and two == binder.bind((w, v), {})[0]
    assert twice.types[1].repeated and twice.types[1].alias_id == 0


def test_variable_shapes_do_not_relax():
    assert from_value(ag.Variable([1, 2])).most_specific_common_supertype(
        [from_value(ag.Variable([1, 2, 3]))]) is None


def test_a_variable_feeds_its_handle_once():
    v = ag.Variable(1.0)
    binder = ArgumentBinder(lambda a, b: a)
    twice, values = binder.bind((v, v), {})
    assert twice.to_tensors(values) == [v.handle]


def test_variable_placeholder_is_the_variable_read_through_a_resource_placeholder():
    v = ag.Variable([1.0])
    graph = FuncGraph("f")
    with graph.as_default():
        found = from_value(v).placeholder_value(PlaceholderContext(graph, "v", {0: v}))
    assert found is v and v._handle_in(graph) is graph.inputs[0]
    assert graph.inputs[0].dtype.name == "resource"


# The tracing protocol (seed 004: "Use the tracing protocol") --------------------------------
class FruitTraceType(TraceType):
    def __init__(self, fruit):
        self.fruit_type = type(fruit)
        self.fruit_value = fruit

    def is_subtype_of(self, other):
        return type(other) is FruitTraceType and self.fruit_type is other.fruit_type

    def most_specific_common_supertype(self, others):
        return self if all(self == other for other in others) else None

    def placeholder_value(self, placeholder_context=None):
        return self.fruit_value

    def __eq__(self, other):
        return type(other) is FruitTraceType and self.fruit_type == other.fruit_type

    def __hash__(self):
        return hash(self.fruit_type)


class FruitWithTraceType:
    def __tf_tracing_type__(self, context):
        return FruitTraceType(self)


class AppleWithTraceType(FruitWithTraceType):
    flavor = [1, 2]


class MangoWithTraceType(FruitWithTraceType):
    flavor = [3, 4]


class Apple:
    flavor = [1, 2]


class Mango:
    flavor = [3, 4]


def _get_mixed_flavor(fruit_a, fruit_b):
    return fruit_a.flavor + fruit_b.flavor


def _traces(calls):
    """How many traces a cache needs for `calls` of get_mixed_flavor (each a zero-arg maker)."""
    binder, cache, traced = ArgumentBinder(_get_mixed_flavor), TraceCache(), 0
    for make in calls:
        call_type, _ = binder.bind(make(), {})
        if cache.lookup(call_type) is None:
            traced += 1
            cache.add(call_type, traced)
    return traced


def test_generic_objects_that_went_out_of_scope_trace_again():
    assert _traces([lambda: (Apple(), Mango())] * 2) == 2


def test_tracing_protocol_reuses_the_trace_for_the_same_subclasses():
    assert _traces([lambda: (AppleWithTraceType(), MangoWithTraceType())] * 2) == 1


def test_tracing_protocol_type_is_what_the_method_returns():
    apple = AppleWithTraceType()
    t = from_value(apple)
    assert isinstance(t, FruitTraceType) and t.placeholder_value() is apple


def test_tracing_protocol_must_return_a_trace_type():
    class Bad:
        def __tf_tracing_type__(self, context):
            return "fruit"

    with pytest.raises(TypeError) as raised:
        from_value(Bad())
    assert str(raised.value) == (
        "Bad.__tf_tracing_type__ returned str 'fruit'; it must return a TraceType.")


# Call types -------------------------------------------------------------------------------
def _f(x, n=2):
    return x


def test_call_type_applies_defaults():
    assert signature_of(_f, (1.0,), {}) == signature_of(_f, (1.0, 2), {})
    assert signature_of(_f, (1.0,), {}) != signature_of(_f, (1.0, 3), {})


def test_call_type_is_the_same_by_position_or_keyword():
    assert signature_of(_f, (1.0,), {"n": 3}) == signature_of(_f, (), {"x": 1.0, "n": 3})
    assert signature_of(_f, (1.0,), {"n": 3}) == signature_of(_f, (1.0, 3), {})


def test_var_positional_and_keyword_are_one_parameter_each():
    def g(a, *rest, scale=1.0, **options):
        return a

    t, values = ArgumentBinder(g).bind((1, 2, 3), {"mode": "x"})
    assert t.names == ("a", "rest", "scale", "options")
    assert values == (1, (2, 3), 1.0, {"mode": "x"})
    assert t.types[1] == from_value((2, 3)) and t.types[3] == from_value({"mode": "x"})


def test_bad_call_raises_type_error_naming_the_function():
    with pytest.raises(TypeError, match=r"Cannot call _f\(\): missing a required argument: 'x'"):
        signature_of(_f, (), {})
    with pytest.raises(TypeError, match="unexpected keyword"):
        signature_of(_f, (1,), {"m": 2})


def test_positional_only_parameter_given_by_keyword_is_rejected():
    def g(x, /, y=1):
        return x

    with pytest.raises(TypeError, match="positional.only"):
        signature_of(g, (), {"x": 1})


def test_keyword_for_an_argument_given_positionally_is_rejected():
    with pytest.raises(TypeError, match="multiple values"):
        signature_of(_f, (1,), {"x": 1})


def test_call_subtyping_is_per_parameter():
    narrow = signature_of(_f, (ag.constant([1, 2]),), {})
    wide = signature_of(_f, (TensorSpec([None], ag.int32),), {})
    assert narrow.is_subtype_of(wide) and not wide.is_subtype_of(narrow)
    assert not narrow.is_subtype_of(signature_of(_f, (TensorSpec([None], ag.int32), 3), {}))


def test_call_supertype_relaxes_each_parameter():
    a = signature_of(_f, (ag.constant([1, 2]),), {})
    b = signature_of(_f, (ag.constant([1, 2, 3]),), {})
    assert a.most_specific_common_supertype([b]) == \
        signature_of(_f, (TensorSpec([None], ag.int32),), {})


def test_differences_name_each_changed_argument():
    old = signature_of(_f, (ag.constant(1),), {"n": 3})
    new = signature_of(_f, (ag.constant(1),), {"n": 4})
    assert old.differences(new) == ["argument `n` changed from 3 to 4"]


def test_differences_reach_into_containers():
    old = signature_of(_f, ({"a": [1, ag.constant([1.0])]},), {})
    new = signature_of(_f, ({"a": [1, ag.constant([1.0, 2.0])]},), {})
    assert old.differences(new) == [
        "argument `x['a'][1]` changed from float32 Tensor, shape=(1,) "
        "to float32 Tensor, shape=(2,)"]


def test_describe_lists_every_parameter():
    assert signature_of(_f, (ag.constant(1),), {}).describe() == \
        "x: int32 Tensor, shape=(), n: 2"


def test_placeholder_arguments_rebuild_the_call():
    def g(a, *rest, k=1, **options):
        return a

    t, _ = ArgumentBinder(g).bind((ag.constant(1), ag.constant([1.0]), "s"), {"mode": 2})
    graph = FuncGraph("g")
    args, kwargs = t.placeholder_arguments(graph)
    assert [a.name for a in args[:2]] == ["a:0", "rest_0:0"] and args[2] == "s"
    assert kwargs == {"k": 1, "mode": 2}


def test_to_tensors_flattens_a_call_in_placeholder_order():
    def g(a, b):
        return a

    values = (ag.constant(1), [ag.constant(2), 5, (ag.constant(3),)])
    t, bound = ArgumentBinder(g).bind(values, {})
    assert [x.numpy() for x in t.to_tensors(bound)] == [1, 2, 3]


def test_call_type_kinds_come_from_the_signature():
    t = signature_of(_f, (1,), {})
    assert t.kinds == (inspect.Parameter.POSITIONAL_OR_KEYWORD,) * 2
    assert isinstance(t, FunctionType) and repr(t) == \
        "FunctionType(x=LiteralType(1), n=LiteralType(2))"


def test_methods_trace_per_instance_through_self():
    class Model:
        def call(self, x):
            return x

    a, b = Model(), Model()
    binder = ArgumentBinder(Model.call)
    assert binder.bind((a, 1), {})[0] == binder.bind((a, 1), {})[0]
    assert binder.bind((a, 1), {})[0] != binder.bind((b, 1), {})[0]


# Dispatch ---------------------------------------------------------------------------------
def _cache_of(*specs):
    cache = TraceCache()
    for shape in specs:
        cache.add(TensorSpec(shape), str(shape))
    return cache


def test_exact_match_wins():
    assert _cache_of([1, 2], [None, None]).lookup(TensorSpec([1, 2])) == "[1, 2]"


def test_most_specific_matching_trace_wins():
    cache = _cache_of([None, None], [1, None])
    assert cache.lookup(TensorSpec([1, 2])) == "[1, None]"
    assert cache.lookup(TensorSpec([2, 2])) == "[None, None]"


def test_most_specific_wins_whatever_the_order_added():
    assert _cache_of([1, None], [None, None]).lookup(TensorSpec([1, 2])) == "[1, None]"


def test_no_match_is_none():
    assert _cache_of([None, None]).lookup(TensorSpec([1])) is None


def test_incomparable_matches_choose_the_earliest_added():
    cache = _cache_of([1, None], [None, 2])
    assert cache.lookup(TensorSpec([1, 2])) == "[1, None]"


def test_a_later_more_specific_trace_replaces_a_remembered_lookup():
    cache = _cache_of([None, None])
    assert cache.lookup(TensorSpec([1, 2])) == "[None, None]"
    cache.add(TensorSpec([1, None]), "[1, None]")
    assert cache.lookup(TensorSpec([1, 2])) == "[1, None]"


def test_a_remembered_miss_is_forgotten_when_a_trace_is_added():
    cache = TraceCache()
    assert cache.lookup(TensorSpec([1])) is None
    cache.add(TensorSpec([None]), "any")
    assert cache.lookup(TensorSpec([1])) == "any"


def test_lookup_key_names_the_chosen_type():
    cache = _cache_of([None, None], [1, None])
    assert cache.lookup_key(TensorSpec([1, 5])) == TensorSpec([1, None])


def test_call_types_dispatch_to_the_most_specific_trace():
    cache = TraceCache()
    cache.add(signature_of(_f, (TensorSpec([None], ag.int32),), {}), "any length")
    cache.add(signature_of(_f, (TensorSpec([3], ag.int32),), {}), "three")
    assert cache.lookup(signature_of(_f, (ag.constant([1, 2, 3]),), {})) == "three"
    assert cache.lookup(signature_of(_f, (ag.constant([1, 2]),), {})) == "any length"
    assert cache.lookup(signature_of(_f, (ag.constant([1, 2]), 3), {})) is None


def test_generalize_relaxes_shapes_against_cached_types():
    cache = TraceCache()
    cache.add(signature_of(_f, (ag.constant([1, 2]),), {}), "first")
    relaxed = cache.generalize(signature_of(_f, (ag.constant([1, 2, 3]),), {}))
    assert relaxed == signature_of(_f, (TensorSpec([None], ag.int32),), {})


def test_generalize_keeps_a_type_with_no_common_supertype():
    cache = TraceCache()
    cache.add(signature_of(_f, (ag.constant([1, 2]), 3), {}), "first")
    call = signature_of(_f, (ag.constant([1, 2, 3]), 4), {})
    assert cache.generalize(call) == call


def test_entries_for_collected_objects_are_dropped_on_add():
    cache = TraceCache()
    gone = Thing()
    cache.add(signature_of(_f, (gone,), {}), "gone")
    del gone
    gc.collect()
    cache.add(signature_of(_f, (1,), {}), "one")
    assert cache.values() == ["one"]


def test_prune_returns_the_dropped_values():
    cache = TraceCache()
    gone = Thing()
    cache.add(from_value([gone]), "gone")
    del gone
    gc.collect()
    assert cache.prune() == ["gone"] and len(cache) == 0


def test_none_is_not_a_cacheable_value():
    with pytest.raises(ValueError, match="must not be None"):
        TraceCache().add(TensorSpec([1]), None)


def test_clear_empties_the_cache():
    cache = _cache_of([1])
    cache.clear()
    assert len(cache) == 0 and cache.lookup(TensorSpec([1])) is None


# Casting a call to a signature --------------------------------------------------------------
_SIG = signature_of(_f, ([TensorSpec([None], ag.int32), "mode"], 2), {})


def test_cast_converts_python_values_for_tensor_specs():
    (x, mode), n = _SIG.cast(([[1, 2, 3], "mode"], 2))
    np.testing.assert_array_equal(x.numpy(), [1, 2, 3])
    assert x.dtype is ag.int32 and (mode, n) == ("mode", 2)


def test_cast_names_a_fixed_python_argument_that_differs():
    with pytest.raises(TypeError, match=r"argument `n`: expected 2, got 3"):
        _SIG.cast(([[1], "mode"], 3))


def test_cast_names_a_nested_tensor_that_does_not_fit():
    with pytest.raises(TypeError, match=r"argument `x\[0\]`: float32 tensor of shape \(1,\)"):
        _SIG.cast(([ag.constant([1.0]), "mode"], 2))


def test_cast_rejects_a_different_structure():
    with pytest.raises(TypeError, match=r"argument `x`: expected \[int32 Tensor"):
        _SIG.cast((([1], "mode"), 2))
    with pytest.raises(TypeError, match="argument `x`: expected"):
        _SIG.cast(([[1]], 2))


def test_cast_checks_mapping_keys_and_values():
    sig = signature_of(_f, ({"a": TensorSpec([], ag.float32)},), {})
    (cast, _) = sig.cast(({"a": 2.0}, 2))
    assert cast["a"].dtype is ag.float32
    with pytest.raises(TypeError, match="argument `x`: expected {'a'"):
        sig.cast(({"b": 2.0}, 2))


def test_cast_accepts_the_same_object_for_a_generic_type():
    thing = Thing()
    sig = signature_of(_f, (thing,), {})
    assert sig.cast((thing, 2))[0] is thing
    with pytest.raises(TypeError, match="argument `x`: expected"):
        sig.cast((Thing(), 2))


def test_cast_uses_subtyping_for_user_trace_types():
    apple = AppleWithTraceType()
    assert from_value(apple).cast(AppleWithTraceType()) is not apple
    with pytest.raises(TypeError, match="expected"):
        from_value(apple).cast(MangoWithTraceType())


def test_tracing_protocol_type_must_be_hashable():
    class NoHash(FruitTraceType):
        __hash__ = None

    class Fruit:
        def __tf_tracing_type__(self, context):
            return NoHash(self)

    with pytest.raises(TypeError) as raised:
        from_value(Fruit())
    assert str(raised.value) == ("NoHash (from Fruit.__tf_tracing_type__) must be hashable: "
                                 "define __hash__ along with __eq__.")


_TRACE_TYPE_METHODS = ["is_subtype_of", "most_specific_common_supertype", "placeholder_value",
                       "__eq__", "__hash__"]


# Not __hash__: a class that defines __eq__ gets __hash__ = None, which is not abstract.
@pytest.mark.parametrize("missing", _TRACE_TYPE_METHODS[:-1])
def test_a_trace_type_must_define_each_abstract_method(missing):
    methods = {name: (lambda self, *args: None) for name in _TRACE_TYPE_METHODS
               if name != missing}
    incomplete = type("Incomplete", (TraceType,), methods)
    with pytest.raises(TypeError, match=f"abstract method.*{missing}"):
        incomplete()


def test_a_literal_cast_error_names_no_argument_when_cast_directly():
    with pytest.raises(TypeError) as raised:
        LiteralType(1).cast(2)
    assert str(raised.value) == "expected 1, got 2"


def test_tracing_type_protocol_gets_a_tracing_context_without_one_given():
    from autograph.runtime.function.trace_type import TracingContext

    seen = []

    class Tagged:
        def __tf_tracing_type__(self, context):
            seen.append(context)
            return LiteralType("tagged")
    assert from_value(Tagged()) == LiteralType("tagged")
    assert isinstance(seen[0], TracingContext)


class _Items(list):
    """A list subclass: matched only by calls with the same class."""


class _Row(tuple):
    """A tuple subclass that is not a namedtuple."""


@pytest.mark.parametrize("value, text", [
    ([1, 2], "[1, 2]"), ([], "[]"), (_Items([1]), "[1]"), ((1,), "(1,)"), ((1, 2), "(1, 2)"),
    ((), "()"), (Point(1, 2), "Point(x=1, y=2)"),
])
def test_sequence_types_describe_themselves_as_python_writes_them(value, text):
    assert from_value(value).describe() == text


@pytest.mark.parametrize("first, second", [([1], _Items([1])), ((1,), _Row((1,)))])
def test_sequences_of_different_classes_have_no_common_supertype(first, second):
    assert from_value(first).most_specific_common_supertype([from_value(second)]) is None


def _named(a, b):
    return a


def _renamed(c, d):
    return c


def test_a_call_type_is_a_subtype_of_itself():
    t = signature_of(_f, (ag.constant([1, 2]),), {})
    assert t.is_subtype_of(t)


def test_call_types_with_other_parameter_names_do_not_match():
    ours = signature_of(_named, (1, 2), {})
    theirs = signature_of(_renamed, (1, 2), {})
    assert not ours.is_subtype_of(theirs)
    assert ours.most_specific_common_supertype([theirs]) is None


def test_a_call_types_placeholder_value_uses_the_contexts_graph_and_variables():
    v = ag.Variable([1.0])
    graph = FuncGraph("g")
    t = signature_of(_named, (ag.constant(1), v), {})
    with graph.as_default():
        args, kwargs = t.placeholder_value(PlaceholderContext(graph, "arg", {0: v}))
    assert [p.name for p in graph.inputs] == ["a:0", "b:0"] and kwargs == {}
    assert args[1] is v and v._handle_in(graph) is graph.inputs[1]


def test_describe_marks_star_parameters():
    def g(a, *rest, **options):
        return a
    t, _ = ArgumentBinder(g).bind((1, 2), {"mode": 3})
    assert t.describe() == "a: 1, *rest: (2,), **options: {'mode': 3}"


def test_differences_of_a_dict_that_became_a_list_name_the_argument():
    old = signature_of(_f, ({"a": 1},), {})
    new = signature_of(_f, ([1],), {})
    assert old.differences(new) == ["argument `x` changed from {'a': 1} to [1]"]


def _none():
    return 0


def _one(a):
    return a


def _defaulted(a, b=2):
    return a


def _two_defaults(a, b, c=3, d=4):
    return a


def _star(a, *rest):
    return a


def _only_star(*rest):
    return rest


def _keyword_only(a, *, k=1):
    return a


def _star_star(a, b=2, **options):
    return a


def _positional_only(a, /, b=1):
    return a


_BINDER_FUNCTIONS = [_none, _one, _defaulted, _two_defaults, _star, _only_star, _keyword_only,
                     _star_star, _positional_only]
_BINDER_CALLS = [((), {}), ((1,), {}), ((1, 2), {}), ((1, 2, 3), {}), ((1, 2, 3, 4, 5), {}),
                 ((1,), {"b": 5}), ((), {"a": 1}), ((1,), {"k": 3}), ((1,), {"z": 1}),
                 ((1, 2), {"c": 9}), ((), {"a": 1, "b": 2}), ((1,), {"b": 5, "z": 1})]


@pytest.mark.parametrize("fn", _BINDER_FUNCTIONS, ids=lambda fn: fn.__name__)
def test_the_binder_binds_every_call_as_python_does(fn):
    binder = ArgumentBinder(fn)
    signature = inspect.signature(fn)
    for args, kwargs in _BINDER_CALLS:
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError as e:
            with pytest.raises(TypeError) as raised:
                binder.bind_values(args, kwargs)
            assert str(raised.value) == f"Cannot call {fn.__name__}(): {e}"
            continue
        bound.apply_defaults()
        expected = tuple(bound.arguments[name] for name in signature.parameters)
        assert binder.bind_values(args, kwargs) == expected, (args, kwargs)


def test_a_callable_without_readable_parameters_is_named_in_the_error():
    with pytest.raises(TypeError) as raised:
        ArgumentBinder(max)
    assert str(raised.value).startswith(
        f"Cannot read the parameters of {max!r}: ")



def test_a_trace_cache_keeps_128_traces_by_default():
    assert TraceCache().max_size == 128 == ag.function(_one)._cache.max_size


@pytest.mark.parametrize("size", [0, -1, 1.5, True])
def test_a_trace_cache_size_must_be_a_positive_int(size):
    with pytest.raises(ValueError) as raised:
        TraceCache(size)
    assert str(raised.value) == ("A trace cache holds at least one trace: max_size must be a "
                                 f"positive int, got {size!r}.")


def test_a_trace_cache_refuses_none_as_a_value():
    with pytest.raises(ValueError) as raised:
        TraceCache().add(TensorSpec([None]), None)
    assert str(raised.value) == "TraceCache values must not be None (None means 'no match')."


def test_a_remembered_lookup_finds_the_same_entry_again():
    cache = TraceCache()
    cache.add(TensorSpec([None]), "wide")
    assert [cache.lookup(TensorSpec([2])) for _ in range(2)] == ["wide", "wide"]


def test_a_trace_cache_contains_its_keys_only():
    cache = TraceCache()
    cache.add(TensorSpec([None]), "wide")
    assert TensorSpec([None]) in cache and TensorSpec([2]) not in cache


def test_mappings_relax_each_value_to_a_common_supertype():
    narrow = from_value({"a": ag.constant([1, 2]), "b": 1})
    other = from_value({"a": ag.constant([1, 2, 3]), "b": 1})
    relaxed = narrow.most_specific_common_supertype([other])
    assert relaxed == MappingType(dict, {"a": TensorSpec([None], ag.int32), "b": from_value(1)})


@pytest.mark.parametrize("other", [
    {"a": 1, "c": 2},  # other keys
    collections.OrderedDict(a=1, b=2),  # another mapping class
    [1, 2],  # not a mapping
    {"a": 1, "b": 3},  # a value with no common supertype
])
def test_mappings_without_a_common_supertype(other):
    assert from_value({"a": 1, "b": 2}).most_specific_common_supertype(
        [from_value(other)]) is None


def test_a_mapping_type_describes_and_shows_itself():
    t = from_value({"a": 1, "b": "s"})
    assert t.describe() == "{'a': 1, 'b': 's'}"
    assert repr(t) == "MappingType(dict, {'a': LiteralType(1), 'b': LiteralType('s')})"


def test_a_jit_compiled_functions_traces_run_through_the_jit():
    concrete = ag.function(_one, jit_compile=True).get_concrete_function(ag.constant(1.0))
    assert concrete.jit_compile is True
    assert ag.function(_one).get_concrete_function(ag.constant(1.0)).jit_compile is False


def test_variable_types_describe_trainability_and_repetition():
    from autograph.runtime.function.trace_type import TracingContext

    context = TracingContext()
    frozen = ag.Variable([1.0, 2.0], trainable=False)
    first, again = from_value(frozen, context), from_value(frozen, context)
    assert first.describe() == "Variable float32, shape=(2,), not trainable"
    assert again.describe() == ("Variable float32, shape=(2,), not trainable, the same as "
                                "variable #0")
    assert from_value(ag.Variable(1)).describe() == "Variable int32, shape=()"
    spec = "TensorSpec(shape=(2,), dtype=ag.float32, name=None)"
    assert repr(first) == f"VariableType({spec}, trainable=False, alias_id=0)"
    assert repr(again) == f"VariableType({spec}, trainable=False, alias_id=0, repeated)"


@pytest.mark.parametrize("context", [None, PlaceholderContext(None, "v", {0: "unused"}),
                                     PlaceholderContext(FuncGraph("f"), "v", {})])
def test_a_variable_placeholder_needs_the_graph_and_the_calls_variables(context):
    t = from_value(ag.Variable(1.0))
    with pytest.raises(ValueError) as raised:
        t.placeholder_value(context)
    assert str(raised.value) == (
        f"{t!r}.placeholder_value needs a PlaceholderContext with the graph being traced and "
        "the call's variables.")


def test_a_container_of_a_live_object_and_a_literal_has_not_expired():
    a = Thing()
    assert not is_expired(from_value((a, 1))) and not is_expired(from_value({"a": a, "n": 1}))


@pytest.mark.parametrize("typed, value, message", [
    ([ag.constant(1.0), {"a": 1}], [ag.constant(1.0), {"b": 1}],
     "argument `[1]`: expected {'a': 1}, got {'b': 1}"),
    ([1, 2], (1, 2), "expected [1, 2], got (1, 2)"),
    ({"a": ag.constant(1.0)}, {"a": ag.constant(1)},
     "argument `['a']`: int32 tensor of shape () does not match "
     "TensorSpec(shape=(), dtype=ag.float32, name=None)."),
    ({"a": 1}, {"a": 2}, "argument `['a']`: expected 1, got 2"),
    ([1], ["x" * 60], "argument `[0]`: expected 1, got '" + "x" * 56 + "..."),
    ([1], ["x" * 58], "argument `[0]`: expected 1, got '" + "x" * 58 + "'"),
    ([1], ["x" * 59], "argument `[0]`: expected 1, got '" + "x" * 56 + "..."),
])
def test_a_cast_error_names_where_the_value_does_not_fit(typed, value, message):
    with pytest.raises(TypeError) as raised:
        from_value(typed).cast(value)
    assert str(raised.value) == message


def test_a_cast_keeps_the_mapping_class_and_converts_values_for_tensors():
    cast = from_value(collections.OrderedDict(a=ag.constant(1.0))).cast(
        collections.OrderedDict(a=2.0))
    assert type(cast) is collections.OrderedDict and cast["a"].dtype == ag.float32


def test_a_call_cast_error_names_the_parameter():
    with pytest.raises(TypeError) as raised:
        signature_of(_f, ({"a": 1},), {}).cast(({"a": 2}, 2))
    assert str(raised.value) == "argument `x['a']`: expected 1, got 2"


def test_a_mapping_of_another_class_is_not_a_subtype():
    ordered = from_value(collections.OrderedDict(a=1))
    assert not ordered.is_subtype_of(from_value({"a": 1}))
    assert not from_value({"a": 1}).is_subtype_of(ordered)


def test_a_generic_type_is_its_own_supertype_and_no_other_objects():
    a = Thing()
    assert from_value(a).most_specific_common_supertype([from_value(a)]) == from_value(a)
    assert from_value(a).most_specific_common_supertype([from_value(Thing())]) is None


def test_a_generic_type_equals_no_type_of_another_kind():
    assert from_value(Thing()) != from_value(1)


class _RaisingEquality:
    def __eq__(self, other):
        raise ValueError("no comparison")

    def __hash__(self):
        return 1


def test_objects_whose_comparison_raises_do_not_match():
    assert from_value(_RaisingEquality()) != from_value(_RaisingEquality())


def test_a_binding_error_of_a_callable_without_a_name_calls_it_function():
    import functools

    with pytest.raises(TypeError) as raised:
        ArgumentBinder(functools.partial(_one)).bind_values((1, 2), {})
    assert str(raised.value) == "Cannot call function(): too many positional arguments"
