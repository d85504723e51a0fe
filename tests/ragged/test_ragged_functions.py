"""Ragged tensors through `ag.function` (arguments traced by spec, results, loop variables)
and under a gradient tape. Expected values are TensorFlow 2.21's for the same programs."""

import numpy as np
import pytest
from numpy.testing import assert_allclose, assert_array_equal

import autograph as ag


@pytest.fixture
def rt():
    return ag.ragged.constant([[1., 2.], [], [3., 4., 5.]])


def test_a_function_takes_and_returns_ragged_tensors(rt):
    @ag.function
    def f(x):
        return x * 2 + 1
    assert repr(f(rt)) == "<ag.RaggedTensor [[3.0, 5.0], [], [7.0, 9.0, 11.0]]>"
    assert repr(f(ag.ragged.constant([[1.]]))) == "<ag.RaggedTensor [[3.0]]>"


def test_rows_of_other_lengths_reuse_the_trace_of_their_spec():
    traces = []

    @ag.function(input_signature=[ag.RaggedTensorSpec([None, None], ag.float32)])
    def f(x):
        traces.append(1)
        return ag.reduce_mean(x, axis=1)
    assert_allclose(f(ag.ragged.constant([[1., 2.], [], [3., 4., 5.]])).numpy(),
                    [1.5, np.nan, 4.])
    assert_allclose(f(ag.ragged.constant([[1.], [2., 4.]])).numpy(), [1., 3.])
    assert len(traces) == 1


def test_accessors_reductions_and_indexing_run_in_a_graph(rt):
    @ag.function
    def f(x):
        return (ag.reduce_sum(x, axis=1), x.row_lengths(), x[0], x[:, :1], x.to_tensor(),
                x.bounding_shape())
    total, lengths, first, cut, dense, bounds = f(rt)
    assert_allclose(total.numpy(), [3., 0., 12.])
    assert_array_equal(lengths.numpy(), [2, 0, 3])
    assert_allclose(first.numpy(), [1., 2.])
    assert cut.to_list() == [[1.0], [], [3.0]]
    assert_allclose(dense.numpy(), [[1., 2., 0.], [0., 0., 0.], [3., 4., 5.]])
    assert_array_equal(bounds.numpy(), [3, 3])


def test_a_ragged_loop_variable_may_change_its_row_lengths(rt):
    @ag.function
    def f(x):
        for _ in ag.range(3):
            x = ag.concat([x, x + 10], axis=1)
        return x
    assert f(rt).to_list() == [
        [1., 2., 11., 12., 11., 12., 21., 22., 11., 12., 21., 22., 21., 22., 31., 32.], [],
        [3., 4., 5., 13., 14., 15., 13., 14., 15., 23., 24., 25., 13., 14., 15., 23., 24.,
         25., 23., 24., 25., 33., 34., 35.]]


def _gradient(loss):
    v = ag.constant([1., 2., 3.])
    with ag.GradientTape() as tape:
        tape.watch(v)
        y = loss(ag.RaggedTensor.from_row_splits(v, [0, 2, 3]))
    return tape.gradient(y, v).numpy()


def test_gradients_reach_the_values_through_elementwise_ops():
    assert_allclose(_gradient(lambda r: ag.reduce_sum(r * 2)), [2., 2., 2.])


def test_gradients_reach_the_values_through_row_reductions_and_to_tensor():
    assert_allclose(_gradient(lambda r: ag.reduce_sum(
        ag.reduce_max(r, axis=1) * ag.reduce_sum(r.to_tensor(), axis=1))), [2., 5., 6.])
    assert_allclose(_gradient(lambda r: ag.reduce_sum(
        ag.reduce_mean(ag.math.square(r), axis=1))), [1., 2., 6.])


def test_a_for_loop_over_a_ragged_tensor_runs_over_its_rows_in_a_graph(rt):
    @ag.function
    def total(x):
        s = ag.constant(0.)
        for row in x:
            s += ag.reduce_sum(row)
        return s

    @ag.function
    def lengths(x):
        out = ag.TensorArray(ag.int32, size=0, dynamic_size=True)
        i = 0
        for row in x:
            out = out.write(i, ag.size(row))
            i += 1
        return out.stack()
    assert_allclose(total(rt).numpy(), 15.0)
    assert_array_equal(lengths(rt).numpy(), [2, 0, 3])
    assert "While" in [op.type for op in total.get_concrete_function(rt).graph.get_operations()]


def test_both_branches_of_a_tensor_if_may_give_ragged_tensors(rt):
    @ag.function
    def pick(x, flag):
        if flag:
            y = x * 2.
        else:
            y = x + 1.
        return y
    assert repr(pick(rt, ag.constant(True))) == (
        "<ag.RaggedTensor [[2.0, 4.0], [], [6.0, 8.0, 10.0]]>")
    assert repr(pick(rt, ag.constant(False))) == (
        "<ag.RaggedTensor [[2.0, 3.0], [], [4.0, 5.0, 6.0]]>")


def test_ragged_tensors_made_and_merged_inside_a_function():
    @ag.function
    def make(n):
        return ag.ragged.range(n)

    @ag.function
    def total(x):
        return ag.reduce_sum(x.merge_dims(0, 1))

    @ag.function
    def words(s):
        return ag.strings.split(s).to_tensor(default_value="?")
    assert repr(make(ag.constant([2, 0, 1]))) == "<ag.RaggedTensor [[0, 1], [], [0]]>"
    assert int(total(ag.ragged.constant([[[1, 2], [3]], [[4]]]))) == 10
    assert words(ag.constant(["a b c", "d"])).numpy().tolist() == [[b"a", b"b", b"c"],
                                                                  [b"d", b"?", b"?"]]


def test_an_op_that_takes_no_ragged_tensors_says_what_to_do(rt):
    with pytest.raises(ValueError, match=r"does not take ragged tensors: make it dense with "
                                         r"\.to_tensor\(\), or apply the op to its values"):
        ag.matmul(rt, rt)


@pytest.mark.parametrize("splits", [[0, 2, 1], [1, 2, 3], [0, 2]],
                         ids=["decreasing", "not-from-zero", "short"])
def test_a_function_checks_row_splits_when_it_runs(splits):
    @ag.function
    def make(v, s):
        return ag.RaggedTensor.from_row_splits(v, s)
    assert make(ag.constant([1, 2, 3]), ag.constant([0, 2, 3], ag.int64)).to_list() == [
        [1, 2], [3]]
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match="Arguments to from_row_splits do not form a valid RaggedTensor"):
        make(ag.constant([1, 2, 3]), ag.constant(splits, ag.int64))


def test_a_signature_of_uniform_inner_dimensions_traces_ragged_rank_one():
    @ag.function(input_signature=[ag.RaggedTensorSpec([None, None, 2], ag.float32,
                                                      ragged_rank=1)])
    def f(x):
        return ag.reduce_sum(x, axis=1), x * 2
    total, doubled = f(ag.ragged.constant([[[1., 2.], [3., 4.]], [[5., 6.]]], ragged_rank=1))
    assert_allclose(total.numpy(), [[4., 6.], [5., 6.]])
    assert repr(doubled) == "<ag.RaggedTensor [[[2.0, 4.0],\n  [6.0, 8.0]], [[10.0, 12.0]]]>"


def test_two_ragged_dimensions_are_cut_and_reduced_in_a_graph():
    @ag.function
    def g(x):
        return x[:, :1], ag.reduce_sum(x, axis=2), x.row_lengths(axis=2)
    cut, sums, lengths = g(ag.ragged.constant([[[1, 2], [3]], [[4]], []]))
    assert repr(cut) == "<ag.RaggedTensor [[[1, 2]], [[4]], []]>"
    assert repr(sums) == "<ag.RaggedTensor [[3, 3], [4], []]>"
    assert repr(lengths) == "<ag.RaggedTensor [[2, 1], [1], []]>"


def test_a_function_checks_ragged_operands_share_their_partition_when_it_runs():
    @ag.function
    def add(a, b):
        return a + b
    x = ag.ragged.constant([[1, 2], [3]])
    assert add(x, x * 10).to_list() == [[11, 22], [33]]
    for other in ([[1], [2, 3]], [[1, 2, 3]]):
        with pytest.raises(ag.errors.InvalidArgumentError,
                           match="Condition x == y did not hold: the ragged operands' row "
                                 "splits differ"):
            add(x, ag.ragged.constant(other))
