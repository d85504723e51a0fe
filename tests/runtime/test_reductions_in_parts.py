"""Large reductions split across the intra-op threads along an axis they keep
(kernels/reduction_kernels.py `_in_parts`): the same bits as one thread, eagerly and in plans."""

import itertools
import warnings

import numpy as np
import pytest

import autograph as ag
from autograph.kernels import reduction_kernels
from autograph.runtime import execute
from autograph.runtime.core import thread_pools

SHAPES = [(2048, 600), (64, 130, 140), (3, 700, 600)]
CASES = [(shape, axes) for shape in SHAPES for r in range(1, len(shape))
         for axes in itertools.combinations(range(len(shape)), r)]


@pytest.fixture
def splits(monkeypatch):
    """The thread counts reductions were split into."""
    counts = []
    split = thread_pools.split
    monkeypatch.setattr(thread_pools, "split",
                        lambda work, size, threads, **kw: counts.append(threads)
                        or split(work, size, threads, **kw))
    return counts


def _reduced(monkeypatch, threads, op, x, axes, keep_dims):
    monkeypatch.setattr(thread_pools, "intra_op_threads", lambda: threads)
    return execute(op, [ag.constant(x), ag.constant(list(axes))],
                   {"keep_dims": keep_dims}).numpy()


@pytest.mark.parametrize("op", ["Sum", "Mean", "Max", "Min", "Prod"])
@pytest.mark.parametrize("shape, axes", CASES)
def test_a_reduction_in_parts_gives_the_bits_of_one_thread(monkeypatch, splits, op, shape,
                                                            axes):
    x = (np.random.default_rng(0).standard_normal(shape) * 100).astype(np.float32)
    for keep_dims in (False, True):
        one = _reduced(monkeypatch, 1, op, x, axes, keep_dims)
        three = _reduced(monkeypatch, 3, op, x, axes, keep_dims)
        assert one.shape == three.shape and one.tobytes() == three.tobytes()
    assert splits == [3, 3]


def test_logical_reductions_split_too(monkeypatch, splits):
    x = np.random.default_rng(1).random((1500, 1000)) > 0.999
    for op in ("Any", "All"):
        np.testing.assert_array_equal(_reduced(monkeypatch, 2, op, x, (1,), False),
                                      getattr(np, op.lower())(x, axis=1))
    assert splits == [2, 2]


def test_a_reduction_over_every_axis_stays_whole(monkeypatch, splits):
    x = np.ones((1500, 1000), np.float32)
    assert _reduced(monkeypatch, 2, "Sum", x, (0, 1), False) == 1.5e6
    assert splits == []


def test_a_small_reduction_stays_whole(monkeypatch, splits):
    shape = (reduction_kernels.SPLIT_ELEMENTS // 1000 - 1, 1000)
    _reduced(monkeypatch, 2, "Sum", np.ones(shape, np.float32), (1,), False)
    assert splits == []


@pytest.mark.parametrize("reduce, axis", [(ag.reduce_mean, 0), (ag.reduce_sum, 1)])
def test_a_planned_reduction_splits_and_keeps_its_bits(monkeypatch, splits, reduce, axis):
    x = np.random.default_rng(2).standard_normal((1500, 1000)).astype(np.float32)
    results = {}
    for threads in (1, 2):
        monkeypatch.setattr(thread_pools, "intra_op_threads", lambda t=threads: t)
        results[threads] = ag.function(lambda v: reduce(v, axis=axis))(x).numpy()
    assert results[1].tobytes() == results[2].tobytes()
    want = x.astype(np.float64).sum(axis=axis) / (x.shape[axis] if reduce is ag.reduce_mean
                                                  else 1)
    np.testing.assert_allclose(results[2], want, atol=1e-4)
    assert splits == [2]


def test_a_reduction_of_exactly_the_least_split_size_splits(monkeypatch, splits):
    x = np.ones((1024, reduction_kernels.SPLIT_ELEMENTS // 1024), np.float32)
    _reduced(monkeypatch, 2, "Sum", x, (1,), False)  # the general kernel
    ag.function(lambda v: ag.reduce_sum(v, axis=1))(x)  # its specialization, in a plan
    assert splits == [2, 2]


def test_a_split_reduction_that_overflows_is_silent_on_every_thread(monkeypatch, splits):
    x = np.full((1024, 1024), 60000, np.float16)  # row sums overflow float16: inf
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # TensorFlow is silent
        with np.errstate(all="warn"):
            out = _reduced(monkeypatch, 2, "Sum", x, (1,), False)
    assert np.isinf(out).all() and splits == [2]

