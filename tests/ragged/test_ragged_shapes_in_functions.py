"""`DynamicRaggedShape` and uniform row lengths inside functions; expected values are what
TensorFlow 2.21 gives for the same code under `tf.function`."""

import numpy as np

import autograph as ag


def test_the_shape_in_a_function_knows_its_rows_and_not_their_lengths():
    seen = []

    @ag.function
    def f(rt):
        s = ag.shape(rt)
        seen.append(s.static_lengths())
        return s[0]

    n = f(ag.ragged.constant([[1], [2, 3]]))
    assert seen == [[2, None]]
    assert n.dtype == ag.int32
    np.testing.assert_equal(n.numpy(), 2)


def test_zeros_of_a_ragged_shape_in_a_function_is_ragged():
    @ag.function
    def f(rt):
        return ag.zeros(ag.shape(rt))

    result = f(ag.ragged.constant([[1], [2, 3, 4], [], [5, 6]]))
    assert result.to_list() == [[0.0], [0.0, 0.0, 0.0], [], [0.0, 0.0]]


def test_reshape_to_a_ragged_shape_in_a_function():
    @ag.function
    def f(x, rt):
        return ag.reshape(x, ag.shape(rt))

    result = f(ag.range(6), ag.ragged.constant([[1], [2, 3, 4], [], [5, 6]]))
    assert result.to_list() == [[0], [1, 2, 3], [], [4, 5]]


def test_a_uniform_row_length_is_static_in_a_graph():
    @ag.function
    def f(x):
        rt = ag.RaggedTensor.from_uniform_row_length(x, 2)
        assert rt.shape[1] == 2
        return rt + 1

    assert f(ag.constant([1, 2, 3, 4])).to_list() == [[2, 3], [4, 5]]


def test_a_uniform_row_length_does_not_cross_a_function_boundary():
    # TensorFlow's result has shape (2, 2): its spec carries the uniform length. Ours carries
    # the row splits only, so the dimension comes back ragged, its rows the same.
    @ag.function
    def f(x):
        return ag.RaggedTensor.from_uniform_row_length(x, 2)

    result = f(ag.constant([1, 2, 3, 4]))
    assert result.shape.as_list() == [2, None]
    assert result.to_list() == [[1, 2], [3, 4]]
