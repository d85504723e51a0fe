"""`scatter_nd`, `tensor_scatter_nd_*` and `meshgrid`: values, errors and gradients as
TensorFlow 2.21 gives them for the same calls (recorded in a separate venv)."""

import numpy.testing as npt
import pytest

import autograph as ag

T = [1, 2, 3, 4, 5, 6, 7, 8]


@pytest.mark.parametrize("call, expected", [
    (lambda: ag.scatter_nd([[4], [3], [1], [7]], [9, 10, 11, 12], [8]),
     [0, 11, 0, 10, 9, 0, 0, 12]),
    (lambda: ag.scatter_nd([[1], [1]], [1.5, 2.0], [3]), [0.0, 3.5, 0.0]),
    (lambda: ag.scatter_nd([[0], [2]], [[5, 5], [6, 6]], [3, 2]), [[5, 5], [0, 0], [6, 6]]),
    (lambda: ag.tensor_scatter_nd_update(ag.constant(T), [[4], [3], [1], [7]], [9, 10, 11, 12]),
     [1, 11, 3, 10, 9, 6, 7, 12]),
    (lambda: ag.tensor_scatter_nd_update(ag.constant(T), [[1], [1]], [9, 10]),
     [1, 10, 3, 4, 5, 6, 7, 8]),
    (lambda: ag.tensor_scatter_nd_add(ag.constant(T), [[4], [3], [1], [7]], [9, 10, 11, 12]),
     [1, 13, 3, 14, 14, 6, 7, 20]),
    (lambda: ag.tensor_scatter_nd_add(ag.constant(T), [[1], [1]], [9, 10]),
     [1, 21, 3, 4, 5, 6, 7, 8]),
    (lambda: ag.tensor_scatter_nd_sub(ag.constant(T), [[4], [3]], [9, 10]),
     [1, 2, 3, -6, -4, 6, 7, 8]),
    (lambda: ag.tensor_scatter_nd_min(ag.constant(T), [[4], [3], [3]], [1, 10, 2]),
     [1, 2, 3, 2, 1, 6, 7, 8]),
    (lambda: ag.tensor_scatter_nd_max(ag.constant(T), [[4], [3], [3]], [1, 10, 2]),
     [1, 2, 3, 10, 5, 6, 7, 8]),
    (lambda: ag.tensor_scatter_nd_update(ag.zeros([2, 3]), [[0, 1], [1, 2]], [5.0, 6.0]),
     [[0.0, 5.0, 0.0], [0.0, 0.0, 6.0]]),
    (lambda: ag.tensor_scatter_nd_update(ag.zeros([2, 3]), [[1]], [[5.0, 6.0, 7.0]]),
     [[0.0, 0.0, 0.0], [5.0, 6.0, 7.0]]),
    (lambda: ag.tensor_scatter_nd_update(ag.zeros([2]), [[1]], [5]), [0.0, 5.0]),
])
def test_scatters_give_tensorflows_values(call, expected):
    npt.assert_array_equal(call().numpy(), expected)


@pytest.mark.parametrize("call, message", [
    (lambda: ag.scatter_nd([[5]], [1], [3]), r"indices\[0\] = \[5\] does not index into shape "
                                             r"\[3\]"),
    (lambda: ag.scatter_nd([[-1]], [1], [3]), r"indices\[0\] = \[-1\] does not index into "
                                              r"shape \[3\]"),
    (lambda: ag.tensor_scatter_nd_update(ag.constant(T), [[8]], [1]),
     r"indices\[0\] = \[8\] does not index into shape \[8\]"),
    (lambda: ag.scatter_nd([[0], [1]], [1, 2, 3], [3]), r"updates must have shape"),
])
def test_bad_coordinates_and_update_shapes_are_invalid_arguments(call, message):
    with pytest.raises(ag.errors.InvalidArgumentError, match=message):
        call()


def test_a_scatter_in_a_function_keeps_its_static_shape_and_values():
    @ag.function
    def scatter(indices, updates):
        out = ag.scatter_nd(indices, updates, [4, 2])
        assert out.shape == (4, 2)
        return out
    npt.assert_array_equal(scatter(ag.constant([[3]]), ag.constant([[1.0, 2.0]])).numpy(),
                           [[0, 0], [0, 0], [0, 0], [1, 2]])


def test_gradients_are_tensorflows():
    x = ag.Variable([1.0, 2.0, 3.0, 4.0])
    weights = ag.constant([1.0, 2.0, 3.0, 4.0])
    with ag.GradientTape(persistent=True) as tape:
        u = ag.constant([10.0, 20.0])
        m = ag.constant([2.0, 0.5, 0.5])
        tape.watch([u, m])
        updated = ag.tensor_scatter_nd_update(x, [[1], [3]], u * 2.0)
        smallest = ag.reduce_sum(ag.tensor_scatter_nd_min(x, [[1], [3], [3]], m) * weights)
        largest = ag.reduce_sum(ag.tensor_scatter_nd_max(x, [[1], [3]], [2.0, 4.0]) * weights)
        scattered = ag.reduce_sum(ag.scatter_nd([[1], [1]], u, [3]) * [1.0, 2.0, 3.0])
        less = ag.reduce_sum(ag.tensor_scatter_nd_sub(x, [[1], [3]], u) * weights)
        more = ag.reduce_sum(ag.tensor_scatter_nd_add(x, [[1], [1]], u) * weights)
    expected = [  # what TensorFlow 2.21's tape gives
        (updated, [x, u], [[1, 0, 1, 0], [2, 2]]),
        (smallest, [x, m], [[1, 1, 3, 0], [1, 2, 2]]),  # ties share the gradient
        (largest, [x], [[1, 1, 3, 2]]),
        (scattered, [u], [[2, 2]]),
        (less, [x, u], [[1, 2, 3, 4], [-2, -4]]),
        (more, [x, u], [[1, 2, 3, 4], [2, 2]]),
    ]
    for target, sources, wanted in expected:
        found = tape.gradient(target, sources)
        for g, w in zip(found, wanted):
            npt.assert_allclose(g.numpy(), w)


def test_meshgrid_in_cartesian_and_matrix_indexing():
    xy = ag.meshgrid([1, 2, 3], [4, 5])
    ij = ag.meshgrid([1, 2, 3], [4, 5], indexing="ij")
    assert [g.numpy().tolist() for g in xy] == [[[1, 2, 3], [1, 2, 3]], [[4, 4, 4], [5, 5, 5]]]
    assert [g.numpy().tolist() for g in ij] == [[[1, 1], [2, 2], [3, 3]], [[4, 5], [4, 5],
                                                                            [4, 5]]]
    assert [g.shape.as_list() for g in ag.meshgrid([1, 2, 3], [4, 5], [6, 7, 8, 9])] == \
        [[2, 3, 4]] * 3
    assert [g.numpy().tolist() for g in ag.meshgrid(1, [3, 4])] == [[[1], [1]], [[3], [4]]]


def test_meshgrid_refuses_other_indexing():
    with pytest.raises(ValueError, match="must be either 'xy' or 'ij', got 'xz'"):
        ag.meshgrid([1, 2], [3], indexing="xz")
