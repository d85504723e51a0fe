"""`Dataset.reduce` in graphs: one `While` op over the elements, the function converted by
AutoGraph; each expected value is what TensorFlow 2.21 answered for the same program."""

import numpy as np
import pytest

import autograph as ag

D = ag.data.Dataset


def test_reduce_of_a_dataset_argument():
    @ag.function
    def total(ds):
        return ds.reduce(np.int64(0), lambda s, x: s + x)
    assert int(total(D.range(5))) == 10
    assert int(total(D.range(101))) == 5050  # the same trace: a dataset traces by element spec
    assert total.experimental_get_tracing_count() == 1


def test_reduce_is_one_while_op_whatever_the_size():
    @ag.function
    def total(ds):
        return ds.reduce(np.int64(0), lambda s, x: s + x)
    graph = total.get_concrete_function(D.range(3)).graph
    assert [op.type for op in graph.get_operations()].count("While") == 1


def test_reduce_of_a_dataset_built_in_the_function():
    @ag.function
    def doubled_total():
        return D.range(5).map(lambda x: x * 2).reduce(np.int64(0), lambda s, x: s + x)
    assert int(doubled_total()) == 20


def test_reduce_with_a_tuple_state():
    @ag.function
    def sum_and_product(ds):
        return ds.reduce((np.int64(0), np.int64(1)), lambda s, x: (s[0] + x, s[1] * (x + 1)))
    total, product = sum_and_product(D.range(1, 4))
    assert (int(total), int(product)) == (6, 24)


def test_reduce_function_with_a_tensor_if_is_converted():
    @ag.function
    def count_over_two(ds):
        return ds.reduce(np.int64(0), lambda s, x: s + ag.cast(x > 1, ag.int64) if x > 2 else s)
    assert int(count_over_two(D.range(5))) == 2


def test_reduce_with_a_dict_state_and_tuple_elements():
    @ag.function
    def stats(ds):
        return ds.reduce({"n": np.int64(0), "s": 0.0},
                         lambda s, e: {"n": s["n"] + 1, "s": s["s"] + e[1]})
    out = stats(D.from_tensor_slices(([1, 2, 3], [0.5, 1.5, 2.0])))
    assert int(out["n"]) == 3
    np.testing.assert_allclose(out["s"].numpy(), 4.0)
    assert out["s"].dtype == ag.float32


def test_reduce_over_batches_of_unknown_size():
    @ag.function
    def total(ds):
        return ds.reduce(np.int64(0), lambda s, b: s + ag.reduce_sum(b))
    assert int(total(D.range(10).batch(3))) == 45


def test_reduce_of_an_empty_dataset_is_the_initial_state():
    @ag.function
    def total(ds):
        return ds.reduce(np.int64(7), lambda s, x: s + x)
    assert int(total(D.range(0))) == 7


def test_growing_state_gets_an_unknown_dimension():
    @ag.function
    def squares(ds):
        return ds.reduce(ag.zeros([0], ag.int64), lambda s, x: ag.concat([s, [x * x]], 0))
    np.testing.assert_array_equal(squares(D.range(4)).numpy(), [0, 1, 4, 9])
    out = squares.get_concrete_function(D.range(4)).structured_outputs
    assert out.shape.as_list() == [None]  # TensorFlow: shape=(None,)


def test_reduce_that_changes_the_state_dtype_is_a_type_error():
    # TensorFlow: TypeError "The element types for the new state must match the initial state."
    @ag.function
    def bad(ds):
        return ds.reduce(np.int64(0), lambda s, x: ag.cast(s + x, ag.float32))
    with pytest.raises(TypeError) as raised:
        bad(D.range(3))
    assert "Dataset.reduce: reduce_func changed the state's dtypes from ['int64'] to " \
        "['float32']; give initial_state the dtypes the function returns." in str(raised.value)


def test_reduce_that_changes_the_state_structure_is_a_type_error():
    with pytest.raises(TypeError) as raised:
        D.range(3).reduce((np.int64(0), np.int64(1)), lambda s, x: s[0] + x)
    assert str(raised.value) == (
        "Dataset.reduce: reduce_func returned <ag.Tensor: shape=(), dtype=int64, numpy=0>, "
        "which does not have the structure of the initial state (<ag.Tensor: shape=(), "
        "dtype=int64, numpy=0>, <ag.Tensor: shape=(), dtype=int64, numpy=1>).")


def test_reduce_in_a_tensorflow_1_graph_runs_in_a_session():
    with ag.Graph().as_default():
        total = D.range(5).reduce(np.int64(0), lambda s, x: s + x)
        with ag.compat.v1.Session() as sess:
            assert (sess.run(total), sess.run(total)) == (10, 10)


def test_a_dataset_made_from_a_functions_tensor_says_to_pass_the_dataset_in():
    # TensorFlow builds such a dataset in the graph; here a dataset holds eager values only.
    @ag.function
    def total(x):
        return D.from_tensor_slices(x).reduce(0.0, lambda s, v: s + v)
    with pytest.raises(TypeError, match="Make the dataset outside the function"):
        total(ag.constant([1.0, 2.0]))
