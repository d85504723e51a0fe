"""The examples of TensorFlow's extension type guide (site/en/guide/extension_type.ipynb) that
need no API dispatch, batching, Keras, SavedModel or datasets, with TensorFlow 2.21's outputs."""

from typing import Mapping

import pytest
from numpy.testing import assert_allclose, assert_array_equal

import autograph as ag


def masked_tensor_str(values, mask):
    if isinstance(values, ag.Tensor):
        if hasattr(values, "numpy") and hasattr(mask, "numpy"):
            return f"<MaskedTensor {masked_tensor_str(values.numpy(), mask.numpy())}>"
        else:
            return f"MaskedTensor(values={values}, mask={mask})"
    if len(values.shape) == 1:
        items = [repr(v) if m else "_" for (v, m) in zip(values, mask)]
    else:
        items = [masked_tensor_str(v, m) for (v, m) in zip(values, mask)]
    return "[%s]" % ", ".join(items)


class MaskedTensor(ag.experimental.ExtensionType):
    values: ag.Tensor
    mask: ag.Tensor

    shape = property(lambda self: self.values.shape)
    dtype = property(lambda self: self.values.dtype)

    def __repr__(self):
        return masked_tensor_str(self.values, self.mask)

    def with_default(self, default):
        return ag.where(self.mask, self.values, default)

    def with_values(self, new_values):
        return MaskedTensor(new_values, self.mask)

    @staticmethod
    def from_tensor_and_value_to_mask(values, value_to_mask):
        return MaskedTensor(values, values != value_to_mask)

    class Spec:
        def __init__(self, shape, dtype=ag.float32):
            self.values = ag.TensorSpec(shape, dtype)
            self.mask = ag.TensorSpec(shape, ag.bool)

        def __repr__(self):
            return f"MaskedTensor.Spec(shape={self.shape}, dtype={self.dtype})"

        shape = property(lambda self: self.values.shape)
        dtype = property(lambda self: self.values.dtype)


def test_overridden_repr():
    mt = MaskedTensor(values=[[1, 2, 3], [4, 5, 6]],
                      mask=[[True, True, False], [True, False, True]])
    assert str(mt) == ("<MaskedTensor [[np.int32(1), np.int32(2), _], "
                       "[np.int32(4), _, np.int32(6)]]>")


def test_methods_static_methods_and_properties():
    assert_array_equal(MaskedTensor([1, 2, 3], [True, False, True]).with_default(0).numpy(),
                       [1, 0, 3])
    x = ag.constant([[1, 0, 2], [3, 0, 0]])
    assert str(MaskedTensor.from_tensor_and_value_to_mask(x, 0)) == (
        "<MaskedTensor [[np.int32(1), _, np.int32(2)], [np.int32(3), _, _]]>")
    assert MaskedTensor([1, 2, 3], [True, False, True]).dtype is ag.int32


def test_a_custom_spec_class_keeps_its_constructor_and_members():
    spec = MaskedTensor.Spec([None, 2], ag.int32)
    assert repr(spec) == "MaskedTensor.Spec(shape=(None, 2), dtype=<dtype: 'int32'>)"
    x = MaskedTensor([[1, 2]], [[True, False]])
    assert repr(x._type_spec) == "MaskedTensor.Spec(shape=(1, 2), dtype=<dtype: 'int32'>)"
    assert (spec.is_compatible_with(x), x._type_spec.is_subtype_of(spec),
            spec.is_subtype_of(x._type_spec)) == (True, True, False)


def test_a_custom_spec_may_not_shadow_a_field():
    with pytest.raises(ValueError, match=r"^TypeSpec .*<locals>.Bad.Spec defines a variable "
                                         r"'values' which shadows a field in .*<locals>.Bad$"):
        class Bad(ag.experimental.ExtensionType):
            values: ag.Tensor

            class Spec:
                values = None


class Toy(ag.experimental.ExtensionType):
    name: str
    price: ag.Tensor

    def __init__(self, name, price, discount=0):
        self.name = name
        self.price = price * (1 - discount)


def test_overridden_constructor():
    assert repr(Toy("ball", 5.0, discount=0.2)) == (
        "Toy(name='ball', price=<ag.Tensor: shape=(), dtype=float32, numpy=4.0>)")
    with pytest.raises(TypeError, match="^name: expected 'str', got 'int'$"):
        Toy(3, 5.0)


class MaskedEq(ag.experimental.ExtensionType):
    values: ag.Tensor
    mask: ag.Tensor

    def __eq__(self, other):
        result = ag.math.equal(self.values, other.values)
        result = result | ~(self.mask & other.mask)
        return ag.reduce_all(result)


def test_overridden_equality_and_the_default_inequality_that_negates_it():
    x = MaskedEq([1, 2, 3, 4], [True, True, False, True])
    y = MaskedEq([5, 2, 0, 4], [False, True, False, True])
    assert bool(x == y) is True and bool(x != y) is False


class TensorGraph(ag.experimental.ExtensionType):
    num_nodes: ag.Tensor
    edge_src: ag.Tensor  # edge_src[e] = index of src node for edge e.
    edge_dst: ag.Tensor  # edge_dst[e] = index of dst node for edge e.


class TensorGraphWithNodeFeature(TensorGraph):
    node_features: ag.Tensor  # node_features[n] = feature value for node n.

    def propagate_features(self, weight=1.0) -> "TensorGraphWithNodeFeature":
        updates = ag.gather(self.node_features, self.edge_src) * weight
        new_node_features = ag.tensor_scatter_nd_add(
            self.node_features, ag.expand_dims(self.edge_dst, 1), updates)
        return TensorGraphWithNodeFeature(
            self.num_nodes, self.edge_src, self.edge_dst, new_node_features)


def test_a_subclass_adds_fields_after_its_bases():
    g = TensorGraphWithNodeFeature(  # Edges: 0->1, 4->3, 2->2, 2->1
        num_nodes=5, edge_src=[0, 4, 2, 2], edge_dst=[1, 3, 2, 1],
        node_features=[10.0, 0.0, 2.0, 5.0, -1.0, 0.0])
    assert_allclose(g.propagate_features().node_features.numpy(), [10, 12, 4, 4, -1, 0])
    assert [f.name for f in TensorGraphWithNodeFeature._tf_extension_type_fields()] == [
        "num_nodes", "edge_src", "edge_dst", "node_features"]


class Player(ag.experimental.ExtensionType):
    name: ag.Tensor
    attributes: Mapping[str, ag.Tensor]


def test_a_spec_records_dtypes_shapes_and_mapping_keys():
    anne = Player("Anne", {"height": 8.3, "speed": 28.1})
    anne_spec = ag.type_spec_from_value(anne)
    assert repr(anne_spec.name) == "TensorSpec(shape=(), dtype=ag.string, name=None)"
    assert repr(anne_spec.attributes) == (
        "ImmutableDict({'height': TensorSpec(shape=(), dtype=ag.float32, name=None), "
        "'speed': TensorSpec(shape=(), dtype=ag.float32, name=None)})")
    spec1 = Player.Spec(name=ag.TensorSpec([], ag.float32), attributes={})
    assert repr(spec1) == ("Player.Spec(name=TensorSpec(shape=(), dtype=ag.float32, "
                           "name=None), attributes={})")


def test_a_tensor_field_cannot_be_changed_in_place():
    mt = MaskedTensor([1, 2, 3], [True, False, True])
    # TensorFlow names the class 'tensorflow.python.framework.ops.EagerTensor'.
    with pytest.raises(TypeError, match="^'EagerTensor' object does not support item "
                                        "assignment$"):
        mt.mask[0] = False


class Pastry(ag.experimental.ExtensionType):
    sweetness: ag.Tensor  # 2d embedding that encodes sweetness
    chewiness: ag.Tensor  # 2d embedding that encodes chewiness


@ag.function
def combine_pastry_features(x: Pastry):
    return (x.sweetness + x.chewiness) / 2


COOKIE = Pastry(sweetness=[1.2, 0.4], chewiness=[0.8, 0.2])
PASTRY_SPEC = Pastry.Spec(ag.TensorSpec([2]), ag.TensorSpec(2))


def test_a_function_of_an_extension_type():
    assert_allclose(combine_pastry_features(COOKIE).numpy(), [1.0, 0.3])
    assert repr(PASTRY_SPEC) == (
        "Pastry.Spec(sweetness=TensorSpec(shape=(2,), dtype=ag.float32, name=None), "
        "chewiness=TensorSpec(shape=(2,), dtype=ag.float32, name=None))")


def test_input_signature_and_concrete_function_of_a_spec():
    @ag.function(input_signature=[PASTRY_SPEC])
    def increase_sweetness(x: Pastry, delta=1.0):
        return Pastry(x.sweetness + delta, x.chewiness)

    out = increase_sweetness(COOKIE)
    assert_allclose(out.sweetness.numpy(), [2.2, 1.4])
    assert_allclose(out.chewiness.numpy(), [0.8, 0.2])
    cf = combine_pastry_features.get_concrete_function(PASTRY_SPEC)
    assert_allclose(cf(COOKIE).numpy(), [1.0, 0.3])
