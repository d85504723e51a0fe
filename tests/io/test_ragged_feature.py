"""Tests of ag.io.RaggedFeature in parse_example and parse_single_example; the expected values
and errors are TensorFlow 2.21's."""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.ops.io import wire


def _strings(*values):  # Feature.bytes_list (field 1) of the values
    return wire.length_field(1, b"".join(wire.length_field(1, v) for v in values))


def _int64s(*values):  # Feature.int64_list (field 3); small numbers: one varint byte each
    return wire.length_field(3, wire.length_field(1, bytes(values)))


def _example(**features):
    entries = b"".join(wire.length_field(1, wire.length_field(1, key.encode())
                                         + wire.length_field(2, value))
                       for key, value in features.items())
    return wire.length_field(1, entries)


BATCH = [_example(colors=_strings(b"red", b"blue"), lengths=_int64s(7)),
         _example(colors=_strings(b"orange"), lengths=_int64s()),
         _example(colors=_strings())]


def test_a_batch_gives_one_ragged_row_per_example_with_int32_splits():
    parsed = ag.io.parse_example(BATCH, {"colors": ag.io.RaggedFeature(ag.string)})
    colors = parsed["colors"]
    assert isinstance(colors, ag.RaggedTensor)
    assert colors.to_list() == [[b"red", b"blue"], [b"orange"], []]
    assert colors.row_splits.dtype == ag.int32


def test_value_key_row_splits_dtype_and_a_missing_feature():
    parsed = ag.io.parse_example(BATCH, {
        "l": ag.io.RaggedFeature(ag.int64, value_key="lengths", row_splits_dtype=ag.int64),
        "f": ag.io.RaggedFeature(ag.float32)})
    assert parsed["l"].to_list() == [[7], [], []]
    assert parsed["l"].row_splits.dtype == ag.int64
    assert parsed["f"].to_list() == [[], [], []]
    assert parsed["f"].dtype == ag.float32


def test_one_example_gives_the_vector_of_its_values():
    features = {"colors": ag.io.RaggedFeature(ag.string),
                "l": ag.io.RaggedFeature(ag.int64, value_key="lengths")}
    for parsed in (ag.io.parse_single_example(BATCH[0], features),
                   ag.io.parse_example(BATCH[0], features)):
        np.testing.assert_array_equal(parsed["colors"].numpy(), [b"red", b"blue"])
        np.testing.assert_array_equal(parsed["l"].numpy(), [7])


def test_in_a_function_a_batch_parses_to_a_ragged_tensor():
    fn = ag.function(lambda x: ag.io.parse_example(x, {"colors": ag.io.RaggedFeature(ag.string)}),
                     input_signature=[ag.TensorSpec([None], ag.string)])
    assert fn(ag.constant(BATCH))["colors"].to_list() == [[b"red", b"blue"], [b"orange"], []]


def test_the_feature_shows_its_fields():
    feature = ag.io.RaggedFeature(ag.string)
    assert (feature.dtype, feature.value_key, feature.partitions, feature.row_splits_dtype,
            feature.validate) == (ag.string, None, (), ag.int32, False)


def test_a_dtype_an_example_cannot_hold_is_an_error():
    with pytest.raises(ValueError, match="Argument `dtype` must be int64, float32, or bytes"):
        ag.io.RaggedFeature(ag.int32)


def test_a_row_splits_dtype_other_than_int32_or_int64_is_an_error():
    with pytest.raises(ValueError, match="Argument `row_splits_dtype` must be int32 or int64"):
        ag.io.RaggedFeature(ag.string, row_splits_dtype=ag.float32)


def test_partitions_are_not_supported_yet():
    with pytest.raises(ValueError, match="supports no `partitions` yet"):
        ag.io.RaggedFeature(ag.int64, partitions=["splits"])


def test_values_of_another_type_are_an_error():
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match="Key: colors, Index: 0.  Data types don't match"):
        ag.io.parse_example(BATCH, {"colors": ag.io.RaggedFeature(ag.int64)})
