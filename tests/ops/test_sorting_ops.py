"""`sort`, `argsort`, `unique`, `searchsorted` and `histogram_fixed_width`: values, dtypes,
errors and the gradient of `sort` as TensorFlow 2.21 gives them for the same calls."""

import numpy.testing as npt
import pytest

import autograph as ag

X = [[3, 1, 2, 1], [0, 5, 5, -1]]


@pytest.mark.parametrize("call, expected", [
    (lambda: ag.sort(X), [[1, 1, 2, 3], [-1, 0, 5, 5]]),
    (lambda: ag.sort(X, direction="DESCENDING"), [[3, 2, 1, 1], [5, 5, 0, -1]]),
    (lambda: ag.sort(X, axis=0), [[0, 1, 2, -1], [3, 5, 5, 1]]),
    (lambda: ag.argsort(X), [[1, 3, 2, 0], [3, 0, 1, 2]]),
    (lambda: ag.argsort(X, direction="DESCENDING"), [[0, 2, 1, 3], [1, 2, 0, 3]]),
    (lambda: ag.argsort(X, stable=True), [[1, 3, 2, 0], [3, 0, 1, 2]]),
    (lambda: ag.argsort(X, axis=0, direction="DESCENDING"), [[0, 1, 1, 0], [1, 0, 0, 1]]),
    (lambda: ag.sort([2.5, -1.0, 7.0]), [-1.0, 2.5, 7.0]),
    (lambda: ag.sort(ag.constant([3, 250, 0], ag.uint8), direction="DESCENDING"), [250, 3, 0]),
    (lambda: ag.searchsorted([[0, 3, 9, 10, 10], [1, 2, 3, 4, 5]], [[2, 4, 10], [0, 5, 6]]),
     [[1, 2, 3], [0, 4, 5]]),
    (lambda: ag.searchsorted([0, 3, 9, 10, 10], [2, 4, 10, 10], side="right"), [1, 2, 5, 5]),
    (lambda: ag.searchsorted([0.0, 3.0, 9.0], [2.0, 9.0]), [1, 2]),
    (lambda: ag.histogram_fixed_width([-1.0, 0.0, 1.5, 2.0, 5.0, 15], [0.0, 5.0], nbins=5),
     [2, 1, 1, 0, 2]),
])
def test_values_are_tensorflows(call, expected):
    npt.assert_array_equal(call().numpy(), expected)


def test_argsort_and_searchsorted_give_int32_unless_asked():
    assert ag.argsort(X).dtype == ag.int32
    assert ag.searchsorted([0, 3, 9], [2, 9]).dtype == ag.int32
    assert ag.searchsorted([0, 3, 9], [2, 9], out_type=ag.int64).dtype == ag.int64
    assert ag.histogram_fixed_width(ag.constant([1, 2, 3]), [0, 4], nbins=2,
                                    dtype=ag.int64).numpy().tolist() == [1, 2]


@pytest.mark.parametrize("values, y, idx", [
    ([1, 1, 2, 4, 4, 4, 7, 8, 8], [1, 2, 4, 7, 8], [0, 0, 1, 2, 2, 2, 3, 4, 4]),
    ([5, 3, 5, 1, 3], [5, 3, 1], [0, 1, 0, 2, 1]),
    (["b", "a", "b"], [b"b", b"a"], [0, 1, 0]),
])
def test_unique_keeps_the_order_of_first_appearance(values, y, idx):
    found_y, found_idx = ag.unique(values)
    assert found_y.numpy().tolist() == y and found_idx.numpy().tolist() == idx
    assert found_idx.dtype == ag.int32


def test_unique_in_a_function_has_an_unknown_length():
    @ag.function
    def distinct(x):
        y, _ = ag.unique(x)
        assert y.shape.as_list() == [None]
        return y
    assert distinct(ag.constant([2, 2, 7])).numpy().tolist() == [2, 7]


@pytest.mark.parametrize("call, error, message", [
    (lambda: ag.sort(X, direction="UP"), ValueError,
     r"Argument `direction` should be one of ASCENDING, DESCENDING. Received: direction=UP"),
    (lambda: ag.sort(3), ag.errors.InvalidArgumentError, r"sorting needs a tensor of rank >= 1"),
    (lambda: ag.unique([[1, 2]]), ag.errors.InvalidArgumentError, r"unique expects a 1D vector"),
    (lambda: ag.searchsorted([0, 3, 9], [2], side="middle"), ValueError,
     r"Argument `side` must be either 'right' or 'left'. Received: `side` = 'middle'."),
])
def test_bad_arguments_raise_tensorflows_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()


@pytest.mark.parametrize("direction, expected", [("ASCENDING", [3.0, 1.0, 2.0]),
                                                 ("DESCENDING", [1.0, 3.0, 2.0])])
def test_the_gradient_of_sort_goes_back_to_where_each_value_was(direction, expected):
    v = ag.Variable([3.0, 1.0, 2.0])
    with ag.GradientTape() as tape:
        loss = ag.reduce_sum(ag.sort(v, direction=direction) * [1.0, 2.0, 3.0])
    npt.assert_array_equal(tape.gradient(loss, v).numpy(), expected)  # TensorFlow's values
