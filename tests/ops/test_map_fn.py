"""`ag.map_fn`: eagerly, in functions (one graph loop), over ragged rows and into ragged
results, with TensorFlow 2.21's values for the same calls."""

import pytest
from numpy.testing import assert_array_equal

import autograph as ag


def test_each_slice_is_mapped_and_the_results_stacked():
    assert_array_equal(ag.map_fn(lambda x: x * x, ag.constant([1, 2, 3])).numpy(), [1, 4, 9])


def test_rows_of_a_matrix_are_mapped_to_rows():
    doubled = ag.map_fn(lambda x: x * 2, ag.constant([[1, 2], [3, 4]]), dtype=ag.int32)
    assert_array_equal(doubled.numpy(), [[2, 4], [6, 8]])


def test_the_output_signature_gives_the_results_dtype():
    result = ag.map_fn(lambda x: ag.cast(x, ag.float32), ag.constant([1, 2]),
                       fn_output_signature=ag.float32)
    assert result.dtype == ag.float32 and result.numpy().tolist() == [1.0, 2.0]


def test_a_result_of_another_dtype_than_the_signature_is_an_error():
    # TensorFlow: InvalidArgumentError "TensorArray dtype is int32 but Op is trying to write
    # dtype float32"; ours names both and what to give.
    with pytest.raises(TypeError, match="give fn_output_signature=ag.float32"):
        ag.map_fn(lambda x: ag.cast(x, ag.float32), ag.constant([1, 2]))


def test_a_tuple_of_elems_is_sliced_together():
    summed = ag.map_fn(lambda x: x[0] + x[1], (ag.constant([1, 2]), ag.constant([10, 20])),
                       fn_output_signature=ag.int32)
    assert summed.numpy().tolist() == [11, 22]


def test_several_results_follow_the_signatures_structure():
    same, negated = ag.map_fn(lambda x: (x, -x), ag.constant([1, 2]),
                              fn_output_signature=(ag.int32, ag.int32))
    assert same.numpy().tolist() == [1, 2] and negated.numpy().tolist() == [-1, -2]


def test_a_result_of_another_structure_is_an_error():
    with pytest.raises(ValueError, match="does not have the structure of fn_output_signature"):
        ag.map_fn(lambda x: (x, -x), ag.constant([1, 2]))


def test_scalar_elems_are_refused_as_tensorflow_does():
    with pytest.raises(ValueError, match="Elements in elems must be 1\\+ dimensional Tensors"):
        ag.map_fn(lambda x: x, ag.constant(3))


def test_no_slices_give_an_empty_vector_as_tensorflow_does():
    # The results' shape is unknown without a slice to call fn on.
    assert ag.map_fn(lambda x: x, ag.zeros([0, 2])).shape == (0,)


def test_rows_of_a_ragged_tensor_map_to_a_ragged_tensor():
    squared = ag.map_fn(ag.math.square, ag.ragged.constant([[3, 1], [], [5]]))
    assert squared.to_list() == [[9, 1], [], [25]]


def test_rows_of_a_ragged_tensor_map_to_scalars_with_a_dtype():
    sums = ag.map_fn(ag.reduce_sum, ag.ragged.constant([[3, 1], [], [5]]),
                     fn_output_signature=ag.int32)
    assert sums.numpy().tolist() == [4, 0, 5]


def test_results_of_several_lengths_stack_into_a_ragged_tensor():
    ranges = ag.map_fn(lambda x: ag.range(x), ag.constant([1, 3]),
                       fn_output_signature=ag.RaggedTensorSpec(shape=[None], dtype=ag.int32))
    assert ranges.to_list() == [[0], [0, 1, 2]]


def test_in_a_function_it_is_one_graph_loop():
    @ag.function
    def doubled_sums(x):
        return ag.map_fn(lambda r: ag.reduce_sum(r) * 2, x)

    assert doubled_sums(ag.constant([[1, 2], [0, 1], [5, 5]])).numpy().tolist() == [6, 2, 20]
    graph = doubled_sums.get_concrete_function(ag.TensorSpec([None, 2], ag.int32)).graph
    assert "While" in {op.type for op in graph.get_operations()}


def test_in_a_function_over_ragged_rows():
    @ag.function
    def squared(rt):
        return ag.map_fn(ag.math.square, rt)

    assert squared(ag.ragged.constant([[3, 1], [], [5]])).to_list() == [[9, 1], [], [25]]


def test_in_a_function_into_a_ragged_result():
    @ag.function
    def ranges(x):
        return ag.map_fn(lambda r: ag.range(r), x,
                         fn_output_signature=ag.RaggedTensorSpec(shape=[None], dtype=ag.int32))

    assert ranges(ag.constant([2, 0, 3])).to_list() == [[0, 1], [], [0, 1, 2]]


def test_the_gradient_flows_through_the_mapped_function():
    x = ag.Variable([1.0, 2.0, 3.0])

    @ag.function
    def loss():
        return ag.reduce_sum(ag.map_fn(lambda v: v * v, x))

    with ag.GradientTape() as tape:
        value = loss()
    assert float(value) == 14.0
    assert_array_equal(tape.gradient(value, x).numpy(), [2.0, 4.0, 6.0])
