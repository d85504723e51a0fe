"""ag.nn.embedding_lookup with ragged ids and ag.strings.join of ragged tensors; the expected
values are TensorFlow 2.21's."""

import numpy as np

import autograph as ag


def test_embedding_lookup_of_ragged_ids_gives_one_row_per_id():
    table = ag.reshape(ag.cos(ag.range(12, dtype=ag.float32)), [3, 4])
    result = ag.nn.embedding_lookup(table, ag.ragged.constant([[1], [], [2, 0]]))
    assert isinstance(result, ag.RaggedTensor)
    np.testing.assert_array_equal(result.row_splits.numpy(), [0, 1, 1, 3])
    np.testing.assert_allclose(result.flat_values.numpy(), [
        [-0.6536436, 0.28366217, 0.96017027, 0.75390226],
        [-0.14550003, -0.91113025, -0.8390715, 0.004425698],
        [1.0, 0.5403023, -0.4161468, -0.9899925]], rtol=1e-6)


def test_strings_join_of_ragged_tensors_joins_value_by_value():
    result = ag.strings.join([ag.ragged.constant([["a"], ["b", "c"]]),
                              ag.ragged.constant([["x"], ["y", "z"]])], separator="+")
    assert result.to_list() == [[b"a+x"], [b"b+y", b"c+z"]]


def test_strings_join_applies_a_scalar_to_each_ragged_value():
    result = ag.strings.join([ag.ragged.constant([["a"], ["b", "c"]]), "!"], separator="-")
    assert result.to_list() == [[b"a-!"], [b"b-!", b"c-!"]]
