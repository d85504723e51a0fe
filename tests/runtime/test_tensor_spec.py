"""TensorSpec: construction, compatibility, subtyping, equality, placeholders and casting."""

import pickle

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.function.trace_type import PlaceholderContext, TraceType
from autograph.runtime.graph.func_graph import FuncGraph
from autograph.runtime.graph.tensor_spec import TensorSpec


def test_defaults_to_float32_and_no_name():
    spec = TensorSpec([None, 3])
    assert spec.dtype is ag.float32 and spec.name is None
    assert spec.shape == TensorShape([None, 3])


def test_accepts_dtype_names_and_tensor_shapes():
    spec = TensorSpec(TensorShape([2]), "int32", name="x")
    assert (spec.dtype, spec.shape.as_list(), spec.name) == (ag.int32, [2], "x")


def test_repr_follows_tensorflow_with_ag_prefix():
    assert repr(TensorSpec([None, 3], ag.float32)) == \
        "TensorSpec(shape=(None, 3), dtype=ag.float32, name=None)"
    assert repr(TensorSpec([], ag.string, name="a")) == \
        "TensorSpec(shape=(), dtype=ag.string, name='a')"
    assert repr(TensorSpec(None)) == "TensorSpec(shape=<unknown>, dtype=ag.float32, name=None)"


def test_describe_is_the_signature_text():
    assert TensorSpec([], ag.int32).describe() == "int32 Tensor, shape=()"
    assert TensorSpec(None).describe() == "float32 Tensor, shape=<unknown>"


def test_bad_dtype_is_a_type_error():
    with pytest.raises(TypeError, match="Cannot convert 'not_a_dtype' to a dtype"):
        TensorSpec([1], "not_a_dtype")


def test_bad_name_is_a_type_error():
    with pytest.raises(TypeError, match="name must be a str"):
        TensorSpec([1], name=3)


def test_equality_and_hash_include_shape_dtype_and_name():
    assert TensorSpec([1, None], ag.int32) == TensorSpec((1, None), "int32")
    assert hash(TensorSpec([1, None], ag.int32)) == hash(TensorSpec((1, None), "int32"))
    assert TensorSpec([1], ag.int32) != TensorSpec([1], ag.int64)
    assert TensorSpec([1]) != TensorSpec([None])
    assert TensorSpec([1], name="a") != TensorSpec([1])
    assert TensorSpec([1]) != "TensorSpec"


def test_from_eager_tensor():
    spec = TensorSpec.from_tensor(ag.constant([[1, 2]]))
    assert spec == TensorSpec([1, 2], ag.int32)


def test_from_tensor_names_a_symbolic_tensor_after_its_op():
    graph = ag.Graph()
    with graph.as_default():
        x = ag.placeholder(ag.float32, [None], name="x")
    assert TensorSpec.from_tensor(x) == TensorSpec([None], ag.float32, name="x")
    assert TensorSpec.from_tensor(x, name="y").name == "y"


def test_from_tensor_rejects_non_tensors():
    with pytest.raises(TypeError, match="expects a tensor"):
        TensorSpec.from_tensor([1, 2])


@pytest.mark.parametrize("other, compatible", [
    (TensorSpec([2, 3], ag.int32), True),
    (TensorSpec([None, 3], ag.int32), True),
    (TensorSpec(None, ag.int32), True),
    (TensorSpec([2, 4], ag.int32), False),
    (TensorSpec([2, 3], ag.float32), False),
    (TensorSpec([3], ag.int32), False),
])
def test_is_compatible_with_specs(other, compatible):
    assert TensorSpec([None, 3], ag.int32).is_compatible_with(other) is compatible


def test_is_compatible_with_tensors():
    spec = TensorSpec([None], ag.int32)
    assert spec.is_compatible_with(ag.constant([1, 2, 3]))
    assert not spec.is_compatible_with(ag.constant([1.0]))
    assert not spec.is_compatible_with([1, 2])


@pytest.mark.parametrize("sub, sup, expected", [
    ([1, 2], [None, None], True),
    ([1, 2], [1, None], True),
    ([1, None], [None, None], True),
    ([None, None], [1, None], False),
    ([1, 2], None, True),
    (None, [1, 2], False),
    ([1, 2], [1], False),
])
def test_known_dims_are_subtypes_of_unknown_ones(sub, sup, expected):
    assert TensorSpec(sub).is_subtype_of(TensorSpec(sup)) is expected


def test_subtyping_needs_the_same_dtype_and_ignores_names():
    assert not TensorSpec([1], ag.int32).is_subtype_of(TensorSpec([1], ag.float32))
    assert TensorSpec([1], name="a").is_subtype_of(TensorSpec([None], name="b"))
    assert not TensorSpec([1]).is_subtype_of("float32")


def test_common_supertype_relaxes_differing_dims():
    found = TensorSpec([2, 3]).most_specific_common_supertype([TensorSpec([4, 3])])
    assert found == TensorSpec([None, 3])


def test_common_supertype_of_different_ranks_is_unknown_rank():
    found = TensorSpec([2]).most_specific_common_supertype([TensorSpec([2, 3])])
    assert found == TensorSpec(None)


def test_common_supertype_needs_one_dtype():
    assert TensorSpec([2]).most_specific_common_supertype([TensorSpec([2], ag.int32)]) is None


def test_common_supertype_keeps_a_shared_name_only():
    a, b = TensorSpec([1], name="x"), TensorSpec([2], name="x")
    assert a.most_specific_common_supertype([b]).name == "x"
    assert a.most_specific_common_supertype([TensorSpec([2])]).name is None


def test_is_a_trace_type():
    assert isinstance(TensorSpec([1]), TraceType)


def test_placeholder_value_adds_a_graph_input_named_after_the_argument():
    graph = FuncGraph("f")
    x = TensorSpec([None, 2], ag.int32).placeholder_value(PlaceholderContext(graph, "x"))
    assert (x.name, x.dtype, x.shape.as_list()) == ("x:0", ag.int32, [None, 2])
    assert graph.inputs == [x]


def test_placeholder_value_prefers_the_spec_name():
    graph = FuncGraph("f")
    x = TensorSpec([], name="given").placeholder_value(PlaceholderContext(graph, "x"))
    assert x.name == "given:0"


def test_placeholder_value_without_a_graph_says_what_is_needed():
    with pytest.raises(ValueError, match="PlaceholderContext"):
        TensorSpec([]).placeholder_value(None)


def test_cast_converts_python_values_to_the_spec_dtype():
    t = TensorSpec([None], ag.int64).cast([1, 2])
    assert t.dtype is ag.int64
    np.testing.assert_array_equal(t.numpy(), [1, 2])


def test_cast_rejects_a_wrong_shape():
    with pytest.raises(TypeError, match=r"shape \(2, 2\) does not match"):
        TensorSpec([None], ag.int32).cast(ag.constant([[1, 2], [3, 4]]))


def test_cast_rejects_a_wrong_dtype_tensor():
    with pytest.raises(TypeError, match="float32 tensor"):
        TensorSpec([None], ag.int32).cast(ag.constant([1.0, 2.0]))


def test_cast_rejects_a_lossy_conversion():
    with pytest.raises(TypeError, match="Cannot convert"):
        TensorSpec([None], ag.int32).cast([1.5])


def test_pickles():
    spec = TensorSpec([None, 3], ag.int32, name="x")
    assert pickle.loads(pickle.dumps(spec)) == spec
