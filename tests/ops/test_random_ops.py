"""Tests of the random ops: ag.random.uniform and ag.random.normal, seeds, dtypes and shapes."""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime import op_registry

N = 20000  # samples for the statistical checks; bounds below are many standard errors wide



# uniform -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [ag.float16, ag.float32, ag.float64])
def test_uniform_floats_lie_in_zero_one(device, dtype):
    x = ag.random.uniform([N], dtype=dtype)
    assert x.dtype == dtype
    values = x.numpy().astype(np.float64)
    assert values.min() >= 0.0 and values.max() < 1.0


def test_uniform_has_uniform_moments(device):
    values = ag.random.uniform([N]).numpy().astype(np.float64)
    assert abs(values.mean() - 0.5) < 0.02
    assert abs(values.std() - np.sqrt(1 / 12)) < 0.02


def test_uniform_float16_never_rounds_up_to_one(device):
    values = ag.random.uniform([200000], dtype=ag.float16).numpy()
    assert values.max() < 1.0


def test_uniform_scales_to_minval_maxval(device):
    values = ag.random.uniform([N], minval=-2.0, maxval=3.0).numpy()
    assert values.min() >= -2.0 and values.max() < 3.0
    assert abs(values.mean() - 0.5) < 0.1


def test_uniform_with_maxval_only(device):
    values = ag.random.uniform([N], maxval=10.0).numpy()
    assert values.min() >= 0.0 and values.max() < 10.0
    assert abs(values.mean() - 5.0) < 0.2


def test_uniform_with_tensor_bounds(device):
    low = ag.convert_to_tensor([0.0, 10.0])
    values = ag.random.uniform([N // 2, 2], minval=low, maxval=[1.0, 20.0]).numpy()
    assert values[:, 0].min() >= 0.0 and values[:, 0].max() < 1.0
    assert values[:, 1].min() >= 10.0 and values[:, 1].max() < 20.0


def test_uniform_with_minval_only_shifts(device):
    values = ag.random.uniform([N], minval=1.0, maxval=2.0).numpy()
    assert values.min() >= 1.0 and values.max() < 2.0


@pytest.mark.parametrize("dtype", [ag.int32, ag.int64])
def test_uniform_ints_cover_minval_to_maxval(device, dtype):
    x = ag.random.uniform([N], minval=-3, maxval=4, dtype=dtype)
    assert x.dtype == dtype
    assert sorted(set(x.numpy().tolist())) == list(range(-3, 4))


def test_uniform_ints_have_uniform_moments(device):
    values = ag.random.uniform([N], maxval=100, dtype=ag.int32).numpy()
    assert abs(values.mean() - 49.5) < 1.5


def test_uniform_ints_need_maxval():
    with pytest.raises(ValueError, match="maxval must be given for integer dtype int32"):
        ag.random.uniform([2], dtype=ag.int32)


def test_uniform_ints_need_minval_below_maxval():
    with pytest.raises(ag.errors.InvalidArgumentError, match="minval 5 and maxval 5"):
        ag.random.uniform([2], minval=5, maxval=5, dtype=ag.int64)


@pytest.mark.parametrize("dtype", [ag.int8, ag.uint8, ag.bool, ag.string])
def test_uniform_rejects_other_dtypes(dtype):
    with pytest.raises(ag.errors.InvalidArgumentError, match=f"dtype {dtype.name}"):
        ag.random.uniform([2], maxval=3, dtype=dtype)


# normal ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [ag.float16, ag.float32, ag.float64])
def test_normal_has_dtype(device, dtype):
    assert ag.random.normal([3], dtype=dtype).dtype == dtype


def test_normal_has_standard_moments(device):
    values = ag.random.normal([N]).numpy().astype(np.float64)
    assert abs(values.mean()) < 0.05
    assert abs(values.std() - 1.0) < 0.05


def test_normal_shifts_by_mean(device):
    values = ag.random.normal([N], mean=5.0).numpy()
    assert abs(values.mean() - 5.0) < 0.05


def test_normal_scales_by_stddev(device):
    values = ag.random.normal([N], mean=-1.0, stddev=3.0, dtype=ag.float64).numpy()
    assert abs(values.mean() + 1.0) < 0.15
    assert abs(values.std() - 3.0) < 0.15


def test_normal_rejects_ints():
    with pytest.raises(ag.errors.InvalidArgumentError, match="dtype int32"):
        ag.random.normal([2], dtype=ag.int32)


# shapes ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("fn", [ag.random.uniform, ag.random.normal])
@pytest.mark.parametrize("shape", [[2, 3], (2, 3), ag.TensorShape([2, 3])])
def test_shape_forms(device, fn, shape):
    assert fn(shape).shape == (2, 3)


@pytest.mark.parametrize("fn", [ag.random.uniform, ag.random.normal])
def test_shape_as_int32_tensor(device, fn):
    assert fn(ag.convert_to_tensor([4, 1])).shape == (4, 1)


@pytest.mark.parametrize("fn", [ag.random.uniform, ag.random.normal])
def test_empty_shape_gives_empty_tensor(device, fn):
    x = fn((0,))
    assert x.shape == (0,) and x.numpy().shape == (0,)


def test_empty_int_sample(device):
    x = ag.random.uniform([2, 0], maxval=5, dtype=ag.int64)
    assert x.numpy().shape == (2, 0)


def test_scalar_shape(device):
    assert ag.random.normal([]).shape == ()


def test_negative_dimension_is_an_error():
    with pytest.raises(ag.errors.InvalidArgumentError, match="negative dimensions.*\\[3, -1\\]"):
        ag.random.uniform([3, -1])


def test_shape_of_rank_2_is_an_error():
    with pytest.raises(ag.errors.InvalidArgumentError, match="shape must have rank 1"):
        ag.random.normal(ag.convert_to_tensor([[2, 2]]))



_SAMPLERS = {
    "uniform": lambda shape: ag.random.uniform(shape, seed=11),
    "normal": lambda shape: ag.random.normal(shape, seed=11),
    "uniform_int": lambda shape: ag.random.uniform(shape, maxval=1000, dtype=ag.int64, seed=11),
}


@pytest.mark.parametrize("sampler", list(_SAMPLERS))
def test_a_shape_with_a_dimension_of_one_draws_as_the_flat_shape_does(device, sampler):
    draw = _SAMPLERS[sampler]
    ag.random.set_seed(2)
    flat = [draw([5]).numpy(), draw([5]).numpy()]
    ag.random.set_seed(2)
    one_row = [draw([1, 5]).numpy(), draw([5]).numpy()]
    np.testing.assert_array_equal(one_row[0], flat[0].reshape(1, 5))
    np.testing.assert_array_equal(one_row[1], flat[1])  # the stream moved on as far

# seeds -------------------------------------------------------------------------------------------
def _sequence():
    return [ag.random.uniform([4]).numpy(), ag.random.normal([4]).numpy(),
            ag.random.uniform([4], maxval=100, dtype=ag.int32).numpy()]


def test_global_seed_repeats_the_sequence(device):
    ag.random.set_seed(5)
    first = _sequence()
    ag.random.set_seed(5)
    for a, b in zip(first, _sequence()):
        np.testing.assert_array_equal(a, b)


def test_different_global_seeds_differ(device):
    ag.random.set_seed(5)
    a = ag.random.uniform([8]).numpy()
    ag.random.set_seed(6)
    assert not np.array_equal(a, ag.random.uniform([8]).numpy())


def test_successive_calls_differ(device):
    assert not np.array_equal(ag.random.uniform([8]).numpy(), ag.random.uniform([8]).numpy())


def test_successive_calls_with_one_op_seed_differ(device):
    a = ag.random.normal([8], seed=3).numpy()
    assert not np.array_equal(a, ag.random.normal([8], seed=3).numpy())


def test_op_seed_repeats_after_set_seed(device):
    ag.random.set_seed(1)
    a = ag.random.uniform([8], seed=7).numpy()
    ag.random.set_seed(1)
    np.testing.assert_array_equal(a, ag.random.uniform([8], seed=7).numpy())


def test_op_seed_alone_repeats_without_global_seed(device):
    ag.random.set_seed(None)
    a = ag.random.uniform([8], seed=7).numpy()
    ag.random.set_seed(None)
    np.testing.assert_array_equal(a, ag.random.uniform([8], seed=7).numpy())


def test_unseeded_calls_differ(device):
    ag.random.set_seed(None)
    assert not np.array_equal(ag.random.normal([8]).numpy(), ag.random.normal([8]).numpy())


@pytest.mark.parametrize("op", ["RandomUniform", "RandomUniformInt", "RandomStandardNormal"])
def test_random_ops_are_stateful(op):
    assert op_registry().lookup_op_def(op).is_stateful
