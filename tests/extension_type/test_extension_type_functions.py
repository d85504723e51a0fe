"""Extension types in `ag.function` (traced by spec, signatures, results), `ag.cond`,
`ag.while_loop` and converted `if`/`for`/`while`, as TensorFlow 2.21 runs them (recorded by
running each case there)."""

from typing import Mapping

import pytest
from numpy.testing import assert_allclose, assert_array_equal

import autograph as ag


class MaskedTensor(ag.experimental.ExtensionType):
    values: ag.Tensor
    mask: ag.Tensor

    def with_values(self, new_values):
        return MaskedTensor(new_values, self.mask)


class Named(ag.experimental.ExtensionType):
    v: ag.Tensor
    name: str


class Player(ag.experimental.ExtensionType):
    name: ag.Tensor
    attributes: Mapping[str, ag.Tensor]


class WithSparse(ag.experimental.ExtensionType):
    st: ag.SparseTensor
    w: ag.Tensor


def _counting(fn):
    """`ag.function(fn)` and a list whose length is its number of traces."""
    traces: list = []

    @ag.function
    def traced(*args):
        traces.append(None)
        return fn(*args)
    return traced, traces


# ag.function ---------------------------------------------------------------------------------
def test_values_with_same_shaped_tensors_share_a_trace():
    f, traces = _counting(lambda mt: mt.values * 2)
    assert_array_equal(f(MaskedTensor([1, 2], [True, False])).numpy(), [2, 4])
    assert_array_equal(f(MaskedTensor([3, 4], [True, True])).numpy(), [6, 8])
    assert len(traces) == 1
    f(MaskedTensor([1, 2, 3], [True, False, True]))
    assert len(traces) == 2


def test_a_python_field_is_part_of_the_trace_type():
    f, traces = _counting(lambda x: x.v + 1)
    f(Named(1, "a"))
    f(Named(2, "a"))
    assert len(traces) == 1
    f(Named(2, "b"))
    assert len(traces) == 2


def test_mapping_keys_are_part_of_the_trace_type():
    f, traces = _counting(lambda p: Player("<anonymous>", p.attributes))
    out = f(Player("Anne", {"height": 8.3, "speed": 28.1}))
    f(Player("Bart", {"height": 8.1, "speed": 25.3}))
    assert len(traces) == 1
    assert out.name.numpy() == b"<anonymous>"
    assert_allclose(out.attributes["speed"].numpy(), 28.1)
    f(Player("Chuck", {"height": 11.0, "jump": 5.3}))
    assert len(traces) == 2


def test_a_function_returns_an_extension_type_value():
    f, _ = _counting(lambda x: x)
    out = f(Named(1, "a"))
    assert type(out) is Named and out.name == "a" and out.v.numpy() == 1


def test_input_signature_takes_a_spec_with_unknown_dimensions():
    spec = MaskedTensor.Spec(ag.TensorSpec([None], ag.float32), ag.TensorSpec([None], ag.bool))

    @ag.function(input_signature=[spec])
    def double(mt):
        return mt.with_values(mt.values * 2)

    assert_array_equal(double(MaskedTensor([1.0, 2.0], [True, False])).values.numpy(), [2, 4])
    assert_array_equal(double(MaskedTensor([3.0], [True])).values.numpy(), [6])
    assert double.experimental_get_tracing_count() == 1


def test_a_value_not_matching_the_input_signature_is_a_type_error():
    # TensorFlow: "Binding inputs to tf.function failed due to `Can not cast
    # TensorSpec(shape=(2,), dtype=tf.int32, name=None) to TensorSpec(shape=(2,),
    # dtype=tf.float32, name=None)`..."; ours names the signature and the call.
    spec = MaskedTensor.Spec(ag.TensorSpec([2], ag.float32), ag.TensorSpec([2], ag.bool))
    f = ag.function(lambda mt: mt.values, input_signature=[spec])
    with pytest.raises(TypeError, match="do not match its input_signature"):
        f(MaskedTensor([1, 2], [True, False]))


def test_a_concrete_function_of_a_spec_takes_values():
    f = ag.function(lambda mt: mt.values + 1)
    cf = f.get_concrete_function(MaskedTensor.Spec(ag.TensorSpec([None], ag.int32),
                                                   ag.TensorSpec([None], ag.bool)))
    assert cf.structured_outputs.shape.as_list() == [None]
    assert_array_equal(cf(MaskedTensor([1, 2, 3], [True, True, False])).numpy(), [2, 3, 4])


def test_a_concrete_function_returns_a_value_of_its_spec():
    f = ag.function(lambda mt: mt)
    out = f.get_concrete_function(MaskedTensor.Spec(ag.TensorSpec([None], ag.int32),
                                                    ag.TensorSpec([None], ag.bool)))
    assert repr(out.structured_outputs) == (
        "MaskedTensor(values=<ag.Tensor 'Identity:0' shape=(None,) dtype=int32>, "
        "mask=<ag.Tensor 'Identity_1:0' shape=(None,) dtype=bool>)")


def test_a_sparse_field_travels_as_its_components():
    f, traces = _counting(lambda v: ag.sparse.reduce_sum(v.st) * v.w)
    assert f(WithSparse(ag.SparseTensor([[0, 1]], [2.0], [2, 3]), 1.0)).numpy() == 2.0
    assert f(WithSparse(ag.SparseTensor([[0, 1], [1, 1]], [2.0, 3.0], [2, 3]), 2.0)).numpy() \
        == 10.0
    assert len(traces) == 1


def test_equality_in_a_function_is_a_bool_tensor():
    f = ag.function(lambda x, y: (x == y, x != y))
    a = MaskedTensor([1.0, 2.0], [True, False])
    equal, unequal = f(a, a.with_values([1.0, 3.0]))
    assert (bool(equal), bool(unequal)) == (False, True)


# cond and while_loop -----------------------------------------------------------------------------
A = ([1.0, 2.0, 3.0], [True, False, True])
B = ([22.0, 33.0, 108.0, 55.0], [True, True, True, False])


def test_cond_picks_between_values_of_different_shapes():
    @ag.function
    def pick(p):
        return ag.cond(p, lambda: MaskedTensor(*A), lambda: MaskedTensor(*B))

    assert_array_equal(pick(ag.constant(False)).values.numpy(), B[0])
    assert_array_equal(pick(ag.constant(True)).mask.numpy(), A[1])
    out = pick.get_concrete_function(ag.TensorSpec([], ag.bool)).structured_outputs
    assert out.values.shape.as_list() == [None]


def test_cond_refuses_branches_with_different_python_fields():
    # TensorFlow raises TypeError too ("true_fn and false_fn arguments to tf.cond must have
    # the same number, type, and overall structure of return values").
    f = ag.function(lambda p: ag.cond(p, lambda: Named(1, "a"), lambda: Named(2, "b")))
    with pytest.raises(TypeError, match=r"compatible types, but the output is Named.Spec\(v="
                                        r".*name='a'\) in true_fn and .*name='b'\) in false_fn"):
        f(ag.constant(True))


def test_while_loop_carries_an_extension_type():
    out = ag.while_loop(lambda i, _: i < 10, lambda i, mt: (i + 1, mt.with_values(
        mt.values + 3 / 7)), [0, MaskedTensor(*B)])[1]
    assert_allclose(out.values.numpy(), [26.285717, 37.285698, 112.285736, 59.285698],
                    rtol=1e-6)


@ag.function
def _masked_by_sign(x, b):
    if b:
        x = MaskedTensor(x, ag.less(x, 0))
    else:
        x = MaskedTensor(x, ag.greater(x, 0))
    for _ in ag.range(5 if b else 7):
        x = x.with_values(x.values + 1 / 2)
    return x


def test_converted_if_and_for_carry_an_extension_type():
    out = _masked_by_sign(ag.constant([1.0, -2, 3]), ag.constant(True))
    assert_allclose(out.values.numpy(), [3.5, 0.5, 5.5])
    assert_array_equal(out.mask.numpy(), [False, True, False])
    out = _masked_by_sign(ag.constant([1.0, -2, 3]), ag.constant(False))
    assert_allclose(out.values.numpy(), [4.5, 1.5, 6.5])
    assert_array_equal(out.mask.numpy(), [True, False, True])


@ag.function
def _pick_named(p):
    if p:
        x = Named(1, "a")
    else:
        x = Named(2, "b")
    return x


def test_converted_if_refuses_branches_with_different_python_fields():
    with pytest.raises(TypeError, match=r"'x' is a Named \(Named.Spec\(.*name='a'\)\) in the if "
                                        r"branch but a Named \(Named.Spec\(.*name='b'\)\) in the "
                                        r"else branch"):
        _pick_named(ag.constant(True))


@ag.function
def _rename_in_loop(n):
    x = Named(1, "a")
    for _ in ag.range(n):
        x = Named(x.v + 1, "b")
    return x


def test_converted_loop_refuses_a_python_field_that_changes():
    # TensorFlow: TypeError "'x' does not have the same nested structure after one iteration."
    with pytest.raises(TypeError, match=r"'x' is a Named \(Named.Spec\(.*name='a'\)\) before "
                                        r"the loop but a Named \(Named.Spec\(.*name='b'\)\) "
                                        r"after one iteration"):
        _rename_in_loop(ag.constant(3))


@ag.function
def _grow(mt):
    while ag.size(mt.values) < 5:
        mt = MaskedTensor(ag.concat([mt.values, [0.0]], 0), ag.concat([mt.mask, [False]], 0))
    return mt


def test_converted_while_refuses_components_that_change_shape():
    # TensorFlow: ValueError "Input tensor `mt:0` enters the loop with shape (1,), but has
    # shape (2,) after one iteration."
    with pytest.raises(ValueError, match=r"enters the loop with shape \(1,\) but has shape "
                                         r"\(2,\) after one iteration"):
        _grow(MaskedTensor([1.0], [True]))


@ag.function
def _double_n_times(mt, n):
    while n > 0:
        mt = mt.with_values(mt.values * 2)
        n -= 1
    return mt


def test_converted_while_over_a_tensor_condition():
    out = _double_n_times(MaskedTensor([1.0, 2.0], [True, False]), ag.constant(3))
    assert_allclose(out.values.numpy(), [8.0, 16.0])


def test_gradients_reach_a_variable_through_a_tensor_field():
    @ag.function
    def masked_square_sum(mt):
        return ag.reduce_sum(ag.where(mt.mask, mt.values * mt.values, 0.0))

    v = ag.Variable([1.0, 2.0, 3.0])
    with ag.GradientTape() as tape:
        y = masked_square_sum(MaskedTensor(v, [True, False, True]))
    assert_allclose(tape.gradient(y, v).numpy(), [2.0, 0.0, 6.0])
