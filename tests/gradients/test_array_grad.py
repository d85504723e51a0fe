"""Gradients of the array, indexing and product ops against TensorFlow 2.21's answers
(recorded in grad_expected.json from the cases in grad_cases.py): eagerly under a tape, in a
graph whose sources have an unknown first dim, and twice under nested tapes."""

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag
from autograph.runtime.eager.dispatch import op_handle
from tests.gradients import grad_cases
from tests.gradients.grad_cases import check, expected

ORDINARY = sorted({**grad_cases.ARRAY, **grad_cases.PRODUCTS, **grad_cases.NONLINEAR})


def graph_gradients(name: str) -> list:
    """The case's gradients from `ag.gradients` in a graph, its sources fed to placeholders
    with an unknown first dim."""
    case = grad_cases.CASES[name]
    with ag.Graph().as_default() as graph:
        sources = [ag.placeholder(ag.as_dtype(v.dtype), [None] + list(v.shape[1:]))
                   for v in case.sources]
        y = case.fn(ag, *sources)
        w = grad_cases.weights(ag.Session(graph=graph).run(ag.shape(y), dict(zip(
            sources, case.sources))), y.dtype.np_dtype)
        grads = ag.gradients(y, sources, grad_ys=ag.constant(w))
    return ag.Session(graph=graph).run(grads, dict(zip(sources, case.sources)))


@pytest.mark.parametrize("name", ORDINARY)
def test_gradient_under_a_tape_matches_tensorflow(name):
    case = grad_cases.CASES[name]
    sources = [ag.constant(v) for v in case.sources]
    check(grad_cases.first_gradients(ag, case, ag.GradientTape, sources), expected(name))


@pytest.mark.parametrize("name", [n for n in grad_cases.BATCHED if n in ORDINARY])
def test_gradient_in_a_graph_with_an_unknown_batch_dim_matches_tensorflow(name):
    check(graph_gradients(name), expected(name))


@pytest.mark.parametrize("name", [n for n in grad_cases.SECOND_ORDER if n in ORDINARY])
def test_second_derivative_under_nested_tapes_matches_tensorflow(name):
    case = grad_cases.CASES[name]
    sources = [ag.constant(v) for v in case.sources]
    check(grad_cases.second_gradients(ag, case, ag.GradientTape, sources),
          expected(name, "second"), rtol=1e-4)


def test_pad_constant_values_get_their_true_gradient_unlike_tensorflow():
    # TensorFlow answers None for constant_values; its gradient is the output gradient summed
    # over the padding.
    x, c = ag.constant([[1.0, 2.0]]), ag.constant(0.5)
    with ag.GradientTape() as tape:
        tape.watch([x, c])
        y = ag.pad(x, [[1, 0], [0, 1]], constant_values=c)
    gx, gc = tape.gradient(y, [x, c], output_gradients=ag.constant([[1.0, 2.0, 3.0],
                                                                     [4.0, 5.0, 6.0]]))
    npt.assert_allclose(gx.numpy(), [[4.0, 5.0]])
    assert float(gc) == 12.0


def test_check_defined_passes_the_gradient_to_its_value():
    x = ag.constant([1.0, 2.0])
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = op_handle("CheckDefined").run([x * 3.0, True], {"message": "x is undefined"})
    npt.assert_allclose(tape.gradient(y, x).numpy(), [3.0, 3.0])


def test_tape_inside_a_function_traced_with_an_unknown_batch_size():
    @ag.function(input_signature=[ag.TensorSpec([None, 3], ag.float32)])
    def grad_of_gather_and_slice(x):
        with ag.GradientTape() as tape:
            tape.watch(x)
            y = ag.reduce_sum(ag.gather(x, [2, 0, 2], axis=1)[1:] * ag.tile(x, [1, 2])[1:, 1:4])
        return tape.gradient(y, x)

    x = np.arange(9, dtype=np.float32).reshape(3, 3)
    g = grad_of_gather_and_slice(ag.constant(x)).numpy()
    # TensorFlow 2.21: the same function.
    npt.assert_allclose(g, [[0.0, 0.0, 0.0], [10.0, 5.0, 10.0], [16.0, 8.0, 19.0]])


def test_indexing_by_a_position_known_only_at_run_time():
    with ag.Graph().as_default() as graph:
        x = ag.placeholder(ag.float32, [None, 3])
        i = ag.placeholder(ag.int32, [])
        (g,) = ag.gradients(x[i] * x[i - 1, ::-1], [x])
    value = ag.Session(graph=graph).run(g, {x: np.arange(12, dtype=np.float32).reshape(4, 3),
                                            i: 2})
    # TensorFlow 2.21, eagerly with i = ag.constant(2).
    npt.assert_allclose(value, [[0, 0, 0], [8, 7, 6], [5, 4, 3], [0, 0, 0]])


def test_transpose_by_a_permutation_known_only_at_run_time():
    with ag.Graph().as_default() as graph:
        x = ag.placeholder(ag.float32, [2, 3, 4])
        perm = ag.placeholder(ag.int32, [3])
        weights = np.arange(24.0, dtype=np.float32).reshape(3, 4, 2)
        (g,) = ag.gradients(ag.reduce_sum(ag.transpose(x, perm) * weights), [x])
    value = ag.Session(graph=graph).run(g, {x: np.zeros((2, 3, 4), np.float32), perm: [1, 2, 0]})
    npt.assert_allclose(value, np.transpose(weights, [2, 0, 1]))


@pytest.mark.parametrize("axis_known, shapes, axis_dtype", [
    (False, ([2, 3], [2, 2]), ag.int32), (False, ([2, 3], [2, 2]), ag.int64),
    (True, (None, None), None)])
def test_concat_along_a_negative_axis_or_of_inputs_of_unknown_rank(axis_known, shapes,
                                                                   axis_dtype):
    weights = np.arange(10, dtype=np.float32).reshape(2, 5)
    with ag.Graph().as_default() as graph:
        a, b = (ag.placeholder(ag.float32, shape) for shape in shapes)
        axis = -1 if axis_known else ag.placeholder(axis_dtype, [])
        y = ag.concat([a, b], axis)
        grads = ag.gradients(y, [a, b], grad_ys=ag.constant(weights))
    feed = {a: np.zeros((2, 3), np.float32), b: np.zeros((2, 2), np.float32)}
    if not axis_known:
        feed[axis] = -1
    ga, gb = ag.Session(graph=graph).run(grads, feed)
    npt.assert_array_equal(ga, weights[:, :3])
    npt.assert_array_equal(gb, weights[:, 3:])


def test_the_tile_gradient_of_an_input_of_unknown_rank_is_a_clear_error():
    with ag.Graph().as_default():
        x = ag.placeholder(ag.float32, None)
        y = ag.tile(x, [2])
        with pytest.raises(NotImplementedError) as info:
            ag.gradients(y, [x])
    assert str(info.value) == ("The gradient of Tile needs its input's rank known when the "
                               "gradient is built; got input shape <unknown>.")


def test_pad_with_paddings_known_only_at_run_time():
    upstream = np.arange(20, dtype=np.float32).reshape(4, 5)
    with ag.Graph().as_default() as graph:
        x = ag.placeholder(ag.float32, [2, 3])
        paddings = ag.placeholder(ag.int32, [2, 2])
        c = ag.placeholder(ag.float32, [])
        y = ag.pad(x, paddings, constant_values=c)
        grads = ag.gradients(y, [x, c], grad_ys=ag.constant(upstream))
    gx, gc = ag.Session(graph=graph).run(grads, {x: np.zeros((2, 3), np.float32),
                                                 paddings: [[1, 1], [0, 2]], c: 0.5})
    npt.assert_array_equal(gx, upstream[1:3, 0:3])  # the input's place in the output
    assert gc == upstream.sum() - upstream[1:3, 0:3].sum()  # the padding's


def test_slice_with_a_begin_known_only_at_run_time():
    upstream = np.arange(2, dtype=np.float32).reshape(1, 2) + 1.0
    with ag.Graph().as_default() as graph:
        x = ag.placeholder(ag.float32, [3, 3])
        begin = ag.placeholder(ag.int32, [2])
        (grad,) = ag.gradients(ag.slice(x, begin, [1, 2]), [x], grad_ys=ag.constant(upstream))
    value = ag.Session(graph=graph).run(grad, {x: np.zeros((3, 3), np.float32), begin: [1, 1]})
    expected = np.zeros((3, 3), np.float32)
    expected[1:2, 1:3] = upstream  # the slice's place in the input
    npt.assert_array_equal(value, expected)


def test_mirror_pad_with_paddings_known_only_at_run_time_is_a_clear_error():
    with ag.Graph().as_default():
        x = ag.placeholder(ag.float32, [3])
        paddings = ag.placeholder(ag.int32, [1, 2])
        y = ag.pad(x, paddings, mode="REFLECT")
        with pytest.raises(NotImplementedError, match="MirrorPad needs its paddings known"):
            ag.gradients(y, [x])


@pytest.mark.parametrize("name", ["gather", "strided_slice_reversed", "pad_reflect",
                                  "einsum_broadcast_ellipsis", "prod_with_zeros", "tile"])
def test_gradient_ops_run_on_every_device(device, name):
    case = grad_cases.CASES[name]
    sources = [ag.constant(v) for v in case.sources]
    check(grad_cases.first_gradients(ag, case, ag.GradientTape, sources), expected(name))
