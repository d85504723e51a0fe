"""`ag.experimental.BatchableExtensionType` in datasets: batched, unbatched and sliced as
TensorFlow 2.21 does it (specs and values recorded there), also inside functions; a plain
`ExtensionType` is refused."""

import pytest
from numpy.testing import assert_array_equal

import autograph as ag


class MaskedTensor(ag.experimental.BatchableExtensionType):
    values: ag.Tensor
    mask: ag.Tensor
    name: str = "m"


class Nested(ag.experimental.BatchableExtensionType):
    inner: MaskedTensor
    weight: ag.Tensor


class Plain(ag.experimental.ExtensionType):
    values: ag.Tensor


def _three():
    return ag.data.Dataset.from_tensors(MaskedTensor([1, 2], [True, False])).repeat(3)


def test_a_batch_stacks_tensor_fields_and_keeps_python_fields():
    batched = _three().batch(2)
    assert batched.element_spec == MaskedTensor.Spec(
        values=ag.TensorSpec([None, 2], ag.int32), mask=ag.TensorSpec([None, 2], ag.bool),
        name="m")
    first, last = list(batched)
    assert isinstance(first, MaskedTensor) and first.name == "m"
    assert_array_equal(first.values.numpy(), [[1, 2], [1, 2]])
    assert_array_equal(last.mask.numpy(), [[True, False]])


def test_unbatch_gives_the_values_back():
    rows = list(_three().batch(2).unbatch())
    assert len(rows) == 3
    assert all(r.values.numpy().tolist() == [1, 2] and r.name == "m" for r in rows)


def test_slices_of_a_value_are_values_of_its_rows():
    ds = ag.data.Dataset.from_tensor_slices(MaskedTensor([[1, 2], [3, 4], [5, 6]],
                                                         [[True, False]] * 3))
    assert ds.element_spec == MaskedTensor.Spec(
        values=ag.TensorSpec([2], ag.int32), mask=ag.TensorSpec([2], ag.bool), name="m")
    assert [r.values.numpy().tolist() for r in ds] == [[1, 2], [3, 4], [5, 6]]


def test_nested_fields_batch_by_their_own_spec():
    ds = ag.data.Dataset.from_tensors(Nested(MaskedTensor([1], [True]), 2.0)).repeat(2)
    batched = ds.batch(2)
    assert batched.element_spec.inner.values == ag.TensorSpec([None, 1], ag.int32)
    assert batched.element_spec.weight == ag.TensorSpec([None], ag.float32)
    (value,) = list(batched)
    assert_array_equal(value.inner.values.numpy(), [[1], [1]])
    assert [float(r.weight) for r in batched.unbatch()] == [2.0, 2.0]


def test_fields_of_different_shapes_in_one_batch_are_an_error():
    class Row(ag.experimental.BatchableExtensionType):
        v: ag.Tensor

    ds = ag.data.Dataset.range(3).map(lambda i: Row(ag.range(i)))
    # TensorFlow: InvalidArgumentError "Cannot add tensor to the batch: number of elements
    # does not match"; ours names the shapes.
    with pytest.raises(ag.errors.InvalidArgumentError, match=r"shapes \[\(0,\), \(1,\)\]"):
        list(ds.batch(2))


def test_a_plain_extension_type_is_refused_by_batch_with_what_to_do():
    # TensorFlow 2.21 raises AttributeError "'Plain.Spec' object has no attribute '_batch'".
    with pytest.raises(TypeError, match="derives from ag.experimental.BatchableExtensionType"):
        ag.data.Dataset.from_tensors(Plain([1])).batch(2)


def test_a_plain_extension_type_is_refused_by_from_tensor_slices():
    with pytest.raises(TypeError, match="cannot slice a Plain"):
        ag.data.Dataset.from_tensor_slices(Plain([1, 2]))


def test_slicing_a_value_with_a_scalar_field_is_an_error():
    with pytest.raises(ValueError, match="a tensor field is a scalar"):
        ag.data.Dataset.from_tensor_slices(MaskedTensor(1, True))


def test_a_function_loops_over_a_dataset_of_extension_type_values():
    ds = ag.data.Dataset.from_tensor_slices(MaskedTensor(
        [[1, 2], [3, 4], [5, 6]], [[True, False], [False, True], [True, True]]))

    @ag.function
    def masked_sum(ds):
        t = ag.constant(0)
        for x in ds:
            t += ag.reduce_sum(ag.boolean_mask(x.values, x.mask))
        return t

    assert int(masked_sum(ds)) == 16
