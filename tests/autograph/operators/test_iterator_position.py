"""An iterator keeps its position across loops: a `break` takes no element it does not use.

`it = iter(x)`, `for e in it: ... break`, then `next(it)` or another `for e in it` continue
with the element after the one the `break` saw: for datasets in `ag.function` (one `While`
op that takes the next element only once the `break` flag says go on) and for Python
iterators on the Python path (`ag.to_graph`, or `ag.function` over Python values).

Expected values are TensorFlow 2.21's answers to the same programs (`tf.` for `ag.`).
"""

import numpy.testing as npt

import autograph as ag


def values(result):
    return [t.numpy() for t in result] if isinstance(result, tuple) else result.numpy()


# Datasets in a graph ---------------------------------------------------------------------------
def next_after_a_tensor_break():
    it = iter(ag.data.Dataset.range(6))
    for e in it:
        if e >= 2:
            break
    return next(it)


def test_next_after_a_break_on_a_tensor_condition_gives_the_following_element():
    # Recorded from TensorFlow 2.21: 3.
    npt.assert_equal(values(ag.function(next_after_a_tensor_break)()), 3)


def test_next_after_a_break_in_a_python_function_gives_the_following_element():
    npt.assert_equal(values(ag.to_graph(next_after_a_tensor_break)()), 3)


def test_next_after_an_unconditional_break_gives_the_second_element():
    @ag.function
    def f():
        it = iter(ag.data.Dataset.range(5))
        s = ag.constant(-1, ag.int64)
        for e in it:
            s = e
            break
        return s, next(it)
    # Recorded from TensorFlow 2.21: (0, 1).
    npt.assert_equal(values(f()), [0, 1])


def test_a_second_loop_over_the_iterator_continues_after_the_break():
    @ag.function
    def f():
        it = iter(ag.data.Dataset.range(6))
        a = ag.constant(0, ag.int64)
        for e in it:
            a = a * 10 + e
            if e >= 1:
                break
        b = ag.constant(0, ag.int64)
        for e in it:
            b = b * 10 + e
            if e >= 3:
                break
        return a, b, next(it)
    # Recorded from TensorFlow 2.21: (1, 23, 4).
    npt.assert_equal(values(f()), [1, 23, 4])


def test_a_break_on_a_tensor_argument_leaves_the_next_element():
    @ag.function
    def f(n):
        it = iter(ag.data.Dataset.range(10))
        for e in it:
            if e >= n:
                break
        return next(it)
    # Recorded from TensorFlow 2.21: 4 for n = 3.
    npt.assert_equal(values(f(ag.constant(3, ag.int64))), 4)


def test_a_break_over_tuple_elements_leaves_the_next_tuple():
    @ag.function
    def f():
        it = iter(ag.data.Dataset.from_tensor_slices(([1, 2, 3, 4], [10.0, 20.0, 30.0, 40.0])))
        for a, _b in it:
            if a >= 2:
                break
        return next(it)
    # Recorded from TensorFlow 2.21: (3, 30.0).
    npt.assert_equal(values(f()), [3, 30.0])


def test_a_break_at_the_last_element_leaves_an_empty_iterator():
    @ag.function
    def f():
        it = iter(ag.data.Dataset.range(3))
        n = ag.constant(0, ag.int64)
        for e in it:
            n += 1
            if e >= 2:
                break
        m = ag.constant(0, ag.int64)
        for _e in it:
            m += 1
        return n, m
    # Recorded from TensorFlow 2.21: (3, 0).
    npt.assert_equal(values(f()), [3, 0])


def test_two_nexts_after_a_break_give_the_two_following_elements():
    @ag.function
    def f():
        it = iter(ag.data.Dataset.range(5))
        for e in it:
            if e >= 1:
                break
        return next(it), next(it)
    # Recorded from TensorFlow 2.21: (2, 3).
    npt.assert_equal(values(f()), [2, 3])


def test_an_iterator_argument_continues_after_the_break_inside_and_outside_the_function():
    @ag.function
    def f(it):
        for e in it:
            if e >= 1:
                break
        return next(it)
    it = iter(ag.data.Dataset.range(10))
    # Recorded from TensorFlow 2.21: 2, then 3 eagerly, then 5 from a second call.
    npt.assert_equal(f(it).numpy(), 2)
    npt.assert_equal(next(it).numpy(), 3)
    npt.assert_equal(f(it).numpy(), 5)


# Python iterators -------------------------------------------------------------------------------
def next_of_a_list_iterator_after_a_break():
    it = iter([1, 2, 3, 4, 5])
    for e in it:
        if e >= 2:
            break
    return next(it)


def test_next_of_a_python_list_iterator_after_a_break():
    # Recorded from TensorFlow 2.21: 3.
    assert ag.to_graph(next_of_a_list_iterator_after_a_break)() == 3
    npt.assert_equal(values(ag.function(next_of_a_list_iterator_after_a_break)()), 3)


def test_a_second_loop_over_a_range_iterator_continues_after_the_break():
    def f():
        it = iter(range(6))
        s = 0
        for e in it:
            if e >= 1:
                break
        for e in it:
            s = s * 10 + e
        return s
    # Recorded from TensorFlow 2.21: 2345.
    assert ag.to_graph(f)() == 2345
    npt.assert_equal(values(ag.function(f)()), 2345)
