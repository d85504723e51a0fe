"""Initializers: values, shapes, dtypes, ranges and seeds, eagerly on each device and in graphs."""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.ops.state.ops import truncated_normal
from autograph.runtime.state import initializers as init
from autograph.runtime.state.variable_scope import get_variable
from tests.op_testing import assert_tensor

FLOATS = [ag.float16, ag.float32, ag.float64]


@pytest.mark.parametrize("dtype", [ag.float32, ag.int64, ag.bool])
def test_zeros_and_ones(device, dtype):
    assert_tensor(init.zeros_initializer()([2, 3], dtype), np.zeros((2, 3)), dtype=dtype)
    assert_tensor(init.ones_initializer(dtype)([4]), np.ones(4), dtype=dtype)


def test_zeros_of_an_empty_shape(device):
    assert_tensor(init.Zeros()([2, 0]), np.zeros((2, 0)), dtype=ag.float32)


def test_constant_fills_reshapes_and_pads(device):
    assert_tensor(init.constant_initializer(7)([2], ag.int32), [7, 7], dtype=ag.int32)
    assert_tensor(init.Constant([1.0, 2.0, 3.0, 4.0])([2, 2]), [[1, 2], [3, 4]],
                  dtype=ag.float32)
    assert_tensor(init.Constant([1, 2])([4], ag.int64), [1, 2, 2, 2], dtype=ag.int64)
    assert_tensor(init.Constant(0.5)([], ag.float64), 0.5, dtype=ag.float64)


def test_constant_errors():
    with pytest.raises(ValueError, match="too many elements"):
        init.Constant([1, 2, 3])([2])
    with pytest.raises(ValueError, match="verify_shape"):
        init.Constant([1, 2], verify_shape=True)([1, 2])
    with pytest.raises(TypeError, match="lose information"):
        init.Constant(0.5)([1], ag.int32)


@pytest.mark.parametrize("dtype", FLOATS)
def test_random_uniform_range_shape_and_dtype(device, dtype):
    x = init.random_uniform_initializer(-3.0, -1.0, seed=4)([50, 4], dtype)
    values = x.numpy()
    assert (x.dtype, values.shape) == (dtype, (50, 4))
    assert values.min() >= -3.0 and values.max() < -1.0 and values.std() > 0.1


def test_random_uniform_defaults_to_zero_one(device):
    values = init.RandomUniform(seed=1)([1000]).numpy()
    assert values.min() >= 0.0 and values.max() < 1.0


@pytest.mark.parametrize("dtype", FLOATS)
def test_random_normal_moments(device, dtype):
    values = init.random_normal_initializer(5.0, 0.5, seed=2)([4000], dtype).numpy()
    assert values.dtype == dtype.as_numpy_dtype
    assert abs(values.mean() - 5.0) < 0.05 and abs(values.std() - 0.5) < 0.05


@pytest.mark.parametrize("dtype", FLOATS)
def test_truncated_normal_stays_within_two_stddevs(device, dtype):
    values = init.truncated_normal_initializer(1.0, 0.5, seed=3)([5000], dtype).numpy()
    assert values.dtype == dtype.as_numpy_dtype
    assert values.min() >= 0.0 and values.max() <= 2.0
    assert abs(values.mean() - 1.0) < 0.03 and 0.4 < values.std() < 0.46


def test_truncated_normal_with_a_dimension_of_one_draws_as_the_flat_shape_does(device):
    ag.random.set_seed(4)
    flat = [truncated_normal([6], seed=2).numpy(), truncated_normal([6], seed=2).numpy()]
    ag.random.set_seed(4)
    one_row = [truncated_normal([1, 6], seed=2).numpy(), truncated_normal([6], seed=2).numpy()]
    np.testing.assert_array_equal(one_row[0], flat[0].reshape(1, 6))
    np.testing.assert_array_equal(one_row[1], flat[1])  # the stream moved on as far


def test_truncated_normal_keeps_every_small_sample_within_two_stddevs(device):
    # Small samples often have nothing beyond three stddevs: the redraw must not depend on that.
    ag.random.set_seed(6)
    samples = np.stack([truncated_normal([8]).numpy() for _ in range(200)])
    assert np.abs(samples).max() <= 2.0


def test_truncated_normal_of_an_empty_shape(device):
    assert truncated_normal([0, 3]).shape == ag.TensorShape([0, 3])


def test_truncated_normal_needs_floats():
    with pytest.raises(InvalidArgumentError, match="does not support dtype int32"):
        truncated_normal([2], dtype=ag.int32)


def test_glorot_uniform_limit(device):
    values = init.glorot_uniform_initializer(seed=5)([40, 60]).numpy()
    limit = np.sqrt(6.0 / 100)
    assert np.abs(values).max() < limit and np.abs(values).max() > 0.9 * limit


def test_glorot_normal_and_variance_scaling_scale_with_fans(device):
    normal = init.glorot_normal_initializer(seed=6)([200, 200]).numpy()
    assert abs(normal.std() - np.sqrt(2.0 / 400)) < 0.005
    fan_in = init.variance_scaling_initializer(2.0, "fan_in", "untruncated_normal",
                                               seed=6)([50, 400]).numpy()
    assert abs(fan_in.std() - np.sqrt(2.0 / 50)) < 0.01


def test_compute_fans():
    assert init.compute_fans([]) == (1, 1)
    assert init.compute_fans([3, 3, 16, 32]) == (144, 288)


def test_seeded_initializers_repeat():
    ag.random.set_seed(11)
    first = init.RandomNormal(seed=9)([5]).numpy()
    ag.random.set_seed(11)
    np.testing.assert_array_equal(first, init.RandomNormal(seed=9)([5]).numpy())


@pytest.mark.parametrize("initializer", [init.RandomUniform(), init.RandomNormal(),
                                         init.TruncatedNormal(), init.GlorotUniform()])
def test_random_initializers_refuse_integer_dtypes(initializer):
    with pytest.raises(InvalidArgumentError, match="cannot make int32 values"):
        initializer([2], ag.int32)


def test_initializers_need_a_full_shape():
    with pytest.raises(ValueError, match="fully defined shape"):
        init.Zeros()([None, 2])


def test_variance_scaling_argument_errors():
    with pytest.raises(ValueError, match="scale must be positive"):
        init.VarianceScaling(scale=0.0)
    with pytest.raises(ValueError, match="mode must be"):
        init.VarianceScaling(mode="fan_sum")
    with pytest.raises(ValueError, match="distribution must be"):
        init.VarianceScaling(distribution="cauchy")


def test_config_round_trip_and_aliases():
    original = init.RandomUniform(-1.0, 2.0, seed=3, dtype=ag.float64)
    copy = init.RandomUniform.from_config(original.get_config())
    assert copy.get_config() == original.get_config()
    assert repr(init.Zeros()) == "Zeros(dtype='float32')"
    assert init.zeros is init.zeros_initializer is init.Zeros
    assert init.glorot_uniform is init.GlorotUniform


def test_initializers_in_a_graph_variable():
    with ag.Graph().as_default():
        v = get_variable("v", [3], initializer=init.truncated_normal_initializer(seed=1))
        c = get_variable("c", [2, 2], dtype=ag.int32, initializer=init.Constant([1, 2]))
        with ag.Session() as sess:
            sess.run([v.initializer, c.initializer])
            assert np.abs(sess.run(v.value())).max() <= 2.0
            np.testing.assert_array_equal(sess.run(c.value()), [[1, 2], [2, 2]])
