"""The maximum and minimum over a short last axis, taken over a transposed copy
(`kernels.common.last_axis_extremum`), give NumPy's own values; and the ops that use it
(`Max`, `Min`, `Softmax`, the cross-entropies) give what they gave before, on every device."""

import numpy as np
import pytest

import autograph as ag
from autograph.kernels.common import SHORT_AXIS, by_columns, last_axis_extremum
from autograph.runtime import execute

SHAPES = [(64, 2), (256, 10), (16, 10), (15, 10), (4, 8, 3), (40, SHORT_AXIS),
          (40, SHORT_AXIS + 1), (5,), (100, 1)]


def _values(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    if np.dtype(dtype).kind == "f":
        values = rng.standard_normal(shape).astype(dtype)
        flat = values.reshape(-1)
        specials = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0], dtype)
        spots = rng.choice(flat.size, size=min(flat.size, 40), replace=False)
        flat[spots] = rng.choice(specials, size=spots.size)
        return values
    return rng.integers(-50, 50, shape).astype(dtype)


@pytest.mark.parametrize("reduce", ["amax", "amin"])
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16, np.int32, np.int64])
@pytest.mark.parametrize("shape", SHAPES, ids=str)
@pytest.mark.parametrize("keepdims", [False, True])
def test_the_last_axis_extremum_is_numpys_to_the_bit(reduce, dtype, shape, keepdims):
    x = _values(shape, dtype)
    want = getattr(np, reduce)(x, axis=-1, keepdims=keepdims)
    got = last_axis_extremum(np, reduce, x, keepdims)
    assert got.shape == want.shape and got.dtype == want.dtype
    assert got.tobytes() == want.tobytes()


@pytest.mark.parametrize("shape, columns", [
    ((16, 2), True), ((16, 32), True), ((4, 4, 10), True), ((16, 40, 10), True),
    ((15, 10), False), ((16, 33), False), ((16, 1), False), ((40,), False), ((16, 10, 40), False)])
def test_many_short_rows_are_taken_a_column_at_a_time(shape, columns):
    assert by_columns(shape) is columns


@pytest.mark.parametrize("reduce", ["amax", "amin"])
def test_the_sign_of_a_zero_extremum_is_numpys(reduce):
    rng = np.random.default_rng(1)
    x = rng.choice(np.array([0.0, -0.0, 1.0, -1.0], np.float32), size=(512, 6))
    want = getattr(np, reduce)(x, axis=-1)
    np.testing.assert_array_equal(np.signbit(last_axis_extremum(np, reduce, x)),
                                  np.signbit(want))


def test_a_transposed_input_gives_the_same_extremum():
    x = _values((10, 200), np.float32).T  # a last axis that is not contiguous
    assert last_axis_extremum(np, "amax", x).tobytes() == np.amax(x, axis=-1).tobytes()


@pytest.mark.parametrize("op", ["Max", "Min"])
def test_max_and_min_over_the_last_axis_give_numpys_values(op, device):
    x = _values((300, 12), np.float32, seed=2)
    got = execute(op, [ag.constant(x), ag.constant(-1)], {"keep_dims": False})
    want = np.amax(x, axis=-1) if op == "Max" else np.amin(x, axis=-1)
    np.testing.assert_array_equal(got.numpy(), want)


def test_softmax_over_a_short_last_axis_is_its_formula_with_numpys_row_maxima(device):
    x = _values((256, 10), np.float32, seed=3)
    x[np.isnan(x) | np.isinf(x)] = 0.5
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    np.testing.assert_array_equal(ag.nn.softmax(ag.constant(x)).numpy(),
                                  e / e.sum(axis=-1, keepdims=True))


def _spied(monkeypatch):
    """The calls of `last_axis_extremum` the reduction kernels make, recorded."""
    from autograph.kernels import reduction_kernels
    calls = []

    def spy(xp, reduce, x, keepdims=False):
        calls.append(x.shape)
        return last_axis_extremum(xp, reduce, x, keepdims)
    monkeypatch.setattr(reduction_kernels, "last_axis_extremum", spy)
    return calls


@pytest.mark.parametrize("axis, taken", [(-1, True), (1, True), (0, False)])
def test_max_goes_through_the_short_axis_way_only_over_the_last_axis(monkeypatch, axis, taken):
    calls = _spied(monkeypatch)
    execute("Max", [ag.constant(np.ones((20, 6), np.float32)), ag.constant(axis)],
            {"keep_dims": False})
    assert bool(calls) is taken


@pytest.mark.parametrize("axis, taken", [(-1, True), (2, True), (1, False)])
def test_softmax_goes_through_the_short_axis_way_only_over_the_last_axis(monkeypatch, axis,
                                                                           taken):
    calls = _spied(monkeypatch)
    x = _values((4, 5, 6), np.float32, seed=5)  # 20 rows of 6: taken a column at a time
    x[~np.isfinite(x)] = 0.25

    @ag.function(input_signature=[ag.TensorSpec((4, 5, 6), ag.float32)])
    def softmax(t):  # a static shape: the kernel's specialization
        return ag.nn.softmax(t, axis=axis)
    got = softmax(ag.constant(x)).numpy()
    assert bool(calls) is taken
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    np.testing.assert_allclose(got, e / e.sum(axis=axis, keepdims=True), rtol=1e-6)


@pytest.mark.parametrize("axis, taken", [(-1, True), (1, False)])
def test_softmax_of_an_unknown_shape_goes_the_short_axis_way_over_the_last_axis(
        monkeypatch, axis, taken):
    calls = _spied(monkeypatch)
    x = _values((3, 4, 5), np.float32, seed=6)
    x[~np.isfinite(x)] = -0.5

    @ag.function(input_signature=[ag.TensorSpec(None, ag.float32)])
    def softmax(t):  # no static shape: the general kernel, not a specialization
        return ag.nn.softmax(t, axis=axis)
    got = softmax(ag.constant(x)).numpy()
    assert bool(calls) is taken
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    np.testing.assert_allclose(got, e / e.sum(axis=axis, keepdims=True), rtol=1e-6)


def test_softmax_of_a_static_shape_of_few_rows_keeps_the_array_method(monkeypatch):
    calls = _spied(monkeypatch)

    @ag.function(input_signature=[ag.TensorSpec((3, 4), ag.float32)])
    def softmax(t):
        return ag.nn.softmax(t)
    softmax(ag.constant(np.ones((3, 4), np.float32)))
    assert calls == []

