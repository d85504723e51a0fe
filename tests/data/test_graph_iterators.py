"""Iterators over datasets inside `ag.function`: the end of the data, `next` with a default,
and loop variables whose shapes change in a dataset loop. Expected values: TensorFlow 2.21."""

import numpy as np
import pytest

import autograph as ag

D = ag.data.Dataset


def test_next_past_the_end_of_a_dataset_made_in_the_function_is_out_of_range():
    @ag.function
    def third():
        it = iter(D.range(2))
        next(it)
        next(it)
        return next(it)
    with pytest.raises(ag.errors.OutOfRangeError, match="End of sequence"):
        third()


def test_get_next_past_the_end_is_out_of_range():
    @ag.function
    def second(ds):
        it = iter(ds)
        it.get_next()
        return it.get_next()
    assert int(second(D.range(5))) == 1
    with pytest.raises(ag.errors.OutOfRangeError):
        second(D.range(1))


def test_next_with_a_default_gives_it_at_the_end():
    # Deliberately unlike TensorFlow 2.21, which ignores the default inside a function and
    # raises OutOfRangeError: Python's next(it, default) returns the default.
    @ag.function
    def three(ds):
        it = iter(ds)
        return next(it, -1), next(it, -1), next(it, -1)
    assert [int(v) for v in three(D.range(2))] == [0, 1, -1]


def test_next_default_takes_the_element_structure_and_dtypes():
    @ag.function
    def first(ds):
        return next(iter(ds), (0.0, 0))
    x, n = first(D.from_tensor_slices(([1.5], [2])).skip(1))
    assert (x.dtype, n.dtype, float(x), int(n)) == (ag.float32, ag.int32, 0.0, 0)


def test_next_default_of_another_structure_is_a_type_error():
    @ag.function
    def first(ds):
        return next(iter(ds), (1, 2))
    with pytest.raises(TypeError, match="does not match the iterator's elements"):
        first(D.range(3))


def test_a_dataset_loop_widens_a_variable_whose_shape_grows():
    # TensorFlow runs dataset loops through reduce, which relaxes shapes the same way.
    @ag.function
    def squares(ds):
        out = ag.zeros([0], ag.int64)
        for x in ds:
            out = ag.concat([out, [x * x]], 0)
        return out
    np.testing.assert_array_equal(squares(D.range(4)).numpy(), [0, 1, 4, 9])
    assert squares.get_concrete_function(D.range(4)).structured_outputs.shape.as_list() == [None]


def test_a_tensor_loop_still_asks_for_a_shape_invariant():
    @ag.function
    def squares(n):
        out = ag.zeros([0], ag.int32)
        for x in ag.range(n):
            out = ag.concat([out, [x * x]], 0)
        return out
    with pytest.raises(ValueError, match="shape_invariants"):
        squares(ag.constant(3))


def test_a_map_function_taking_from_a_python_iterator_of_the_function_is_refused():
    # The map function's graph runs once per element, so an item taken while tracing it would
    # stand for every element: Python takes 10, 20, 30 (total 102132). TensorFlow 2.21 traces
    # it once and gives 101112 without an error; we refuse instead of giving that number.
    @ag.function
    def total():
        items = iter([10, 20, 30])

        def add(x):
            return x + next(items)
        result = ag.constant(0, ag.int64)
        for value in D.range(3).map(add):
            result = result * 100 + value
        return result
    with pytest.raises(TypeError, match="must be eager values"):
        total()
