"""Tests of ag.sparse.concat; the expected entries and errors are TensorFlow 2.21's."""

import numpy as np
import pytest

import autograph as ag


def _a():
    return ag.sparse.SparseTensor([[0, 2], [1, 0], [1, 1]], [1, 2, 3], [2, 3])


def _b():
    return ag.sparse.SparseTensor([[0, 1], [1, 0]], [4, 5], [2, 2])


def _c():
    return ag.sparse.SparseTensor([[0, 0], [2, 1]], [8, 9], [3, 2])


def _assert_sparse(st, indices, values, dense_shape):
    np.testing.assert_array_equal(st.indices.numpy(), indices)
    np.testing.assert_array_equal(st.values.numpy(), values)
    np.testing.assert_array_equal(st.dense_shape.numpy(), dense_shape)


def test_concat_along_columns_moves_the_later_coordinates_and_sorts_row_major():
    _assert_sparse(ag.sparse.concat(1, [_a(), _b()]),
                   [[0, 2], [0, 4], [1, 0], [1, 1], [1, 3]], [1, 4, 2, 3, 5], [2, 5])


def test_a_negative_axis_counts_from_the_last():
    _assert_sparse(ag.sparse.concat(-1, [_a(), _b()]),
                   [[0, 2], [0, 4], [1, 0], [1, 1], [1, 3]], [1, 4, 2, 3, 5], [2, 5])


def test_concat_along_rows():
    other = ag.sparse.SparseTensor([[0, 0], [1, 2]], [6, 7], [3, 3])
    _assert_sparse(ag.sparse.concat(0, [_a(), other]),
                   [[0, 2], [1, 0], [1, 1], [2, 0], [3, 2]], [1, 2, 3, 6, 7], [5, 3])


def test_expand_nonconcat_dims_grows_the_other_dimensions_to_the_largest():
    _assert_sparse(ag.sparse.concat(1, [_a(), _c()], expand_nonconcat_dims=True),
                   [[0, 2], [0, 3], [1, 0], [1, 1], [2, 4]], [1, 8, 2, 3, 9], [3, 5])


def test_inputs_out_of_order_give_a_result_in_row_major_order():
    unordered = ag.sparse.SparseTensor([[1, 0], [0, 1]], [1, 2], [2, 2])
    _assert_sparse(ag.sparse.concat(1, [unordered, _b()]),
                   [[0, 1], [0, 3], [1, 0], [1, 2]], [2, 4, 1, 5], [2, 4])


def test_one_input_comes_back_as_it_is():
    _assert_sparse(ag.sparse.concat(1, [_a()]), [[0, 2], [1, 0], [1, 1]], [1, 2, 3], [2, 3])


def test_strings_concat_and_densify_as_in_the_ragged_guide():
    x = ag.ragged.constant([["John"], ["a", "big", "dog"], ["my", "cat"]]).to_sparse()
    y = ag.ragged.constant([["fell", "asleep"], ["barked"], ["is", "fuzzy"]]).to_sparse()
    dense = ag.sparse.to_dense(ag.sparse.concat(sp_inputs=[x, y], axis=1), "")
    assert dense.numpy().tolist() == [[b"John", b"", b"", b"fell", b"asleep"],
                                      [b"a", b"big", b"dog", b"barked", b""],
                                      [b"my", b"cat", b"", b"is", b"fuzzy"]]


def test_in_a_function_the_result_is_the_same():
    fn = ag.function(lambda x, y: ag.sparse.concat(1, [x, y]))
    _assert_sparse(fn(_a(), _b()), [[0, 2], [0, 4], [1, 0], [1, 1], [1, 3]], [1, 4, 2, 3, 5],
                   [2, 5])


def test_other_dimensions_that_differ_are_an_error():
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match="Input shapes must match: expected 2 for dimension 0 but got 3 "
                             "at position 1"):
        ag.sparse.concat(1, [_a(), _c()])


def test_other_dimensions_known_only_when_a_graph_runs_are_checked_then():
    spec = ag.SparseTensorSpec([None, None], ag.int32)
    fn = ag.function(lambda x, y: ag.sparse.concat(1, [x, y]), input_signature=[spec, spec])
    with pytest.raises(ag.errors.InvalidArgumentError, match="Input shapes must match"):
        fn(_a(), _c())


def test_an_axis_out_of_range_is_an_error():
    for axis in (2, -3):
        with pytest.raises(ag.errors.InvalidArgumentError,
                           match=f"Concat dimension must be in range \\[-2, 2\\), got {axis}"):
            ag.sparse.concat(axis, [_a(), _b()])


def test_ranks_that_differ_are_an_error():
    cube = ag.sparse.SparseTensor([[0, 0, 0]], [1], [1, 1, 1])
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match="Ranks of all input tensors must match: expected 2 but got 3 at "
                             "position 1"):
        ag.sparse.concat(1, [_a(), cube])


def test_dtypes_that_differ_are_an_error():
    floats = ag.sparse.SparseTensor([[0, 0]], [1.0], [2, 2])
    with pytest.raises(ag.errors.InvalidArgumentError, match="input 1 holds float32 values"):
        ag.sparse.concat(1, [_a(), floats])


def test_a_dense_input_is_a_type_error():
    with pytest.raises(TypeError, match="Input must be a SparseTensor."):
        ag.sparse.concat(1, [_a(), ag.constant([[1]])])


def test_no_inputs_is_an_error():
    with pytest.raises(ag.errors.InvalidArgumentError, match="at least one SparseTensor"):
        ag.sparse.concat(1, [])
