"""ag.keras.initializers: `Orthogonal` and the names `get` takes; expected values from
TensorFlow 2.21 (Keras 3.15) where ours should match it (the random draws themselves differ)."""

import re

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag
from autograph.runtime.core.errors import InvalidArgumentError

initializers = ag.keras.initializers


def test_orthogonal_config_holds_gain_and_seed_as_keras_writes_them():
    assert initializers.Orthogonal().get_config() == {"seed": None, "gain": 1.0}
    assert initializers.Orthogonal(gain=2.0, seed=3).get_config() == {"seed": 3, "gain": 2.0}


def test_orthogonal_makes_float32_by_default_and_the_dtype_asked_for():
    assert initializers.Orthogonal()([2, 2]).dtype == ag.float32
    assert initializers.Orthogonal()([2, 2], dtype="float64").dtype == ag.float64


def test_orthogonal_refuses_an_integer_dtype():
    # Keras 3.15 raises TypeError("Cannot convert 0.0 to EagerTensor of dtype int32")
    with pytest.raises(InvalidArgumentError, match="^" + re.escape(
            "Orthogonal makes floats; it cannot make int32 values. Use a float dtype.") + "$"):
        initializers.Orthogonal()([2, 2], dtype="int32")


@pytest.mark.parametrize("shape", [[3], []])
def test_orthogonal_refuses_a_shape_of_fewer_than_two_axes(shape):
    # Keras 3.15: ValueError "The tensor to initialize must be at least two-dimensional."
    with pytest.raises(ValueError, match="^" + re.escape(
            f"The Orthogonal initializer needs a shape of at least two axes, got {shape}.")
            + "$"):
        initializers.Orthogonal()(shape)


def test_orthogonal_refuses_to_run_while_a_graph_is_built():
    with ag.Graph().as_default(), pytest.raises(ValueError, match="^" + re.escape(
            "The Orthogonal initializer runs eagerly (a layer's build does); it cannot be "
            "called while a graph is built.") + "$"):
        initializers.Orthogonal(seed=1)([2, 2])


@pytest.mark.parametrize("shape", [[3, 5], [5, 3], [4, 4]])
def test_orthogonal_rows_or_columns_whichever_fewer_are_orthonormal_times_gain(shape):
    q = initializers.Orthogonal(gain=2.0, seed=1)(shape).numpy().astype(np.float64)
    fewer = q @ q.T if shape[0] <= shape[1] else q.T @ q
    npt.assert_allclose(fewer, 4.0 * np.eye(min(shape)), atol=1e-5)


def test_orthogonal_flattens_leading_axes_of_a_higher_rank_shape():
    q = initializers.Orthogonal(seed=1)([2, 3, 4]).numpy()
    assert q.shape == (2, 3, 4)
    flat = q.reshape(6, 4).astype(np.float64)
    npt.assert_allclose(flat.T @ flat, np.eye(4), atol=1e-5)


def test_orthogonal_columns_point_in_no_preferred_direction():
    # Q of a standard normal matrix: its first column's cosine with the all-ones direction is
    # about N(0, 1/256), far from the 0.7 a draw around mean 1 would give
    ag.keras.utils.set_random_seed(0)
    for seed in range(5):
        q = initializers.Orthogonal(seed=seed)([256, 4]).numpy().astype(np.float64)
        assert abs(q[:, 0].sum()) / np.sqrt(256) < 0.35


def test_orthogonal_is_also_named_orthogonal_and_orthogonal_initializer():
    assert initializers.orthogonal is initializers.Orthogonal
    assert initializers.OrthogonalInitializer is initializers.Orthogonal


@pytest.mark.parametrize("name, cls, config", [
    ("normal", "RandomNormal", {"mean": 0.0, "stddev": 0.05, "seed": None}),
    ("uniform", "RandomUniform", {"minval": -0.05, "maxval": 0.05, "seed": None}),
    ("one", "Ones", {}),
    ("zero", "Zeros", {}),
    ("orthogonal", "Orthogonal", {"gain": 1.0, "seed": None}),
    ("OrthogonalInitializer", "Orthogonal", {"gain": 1.0, "seed": None}),
])
def test_get_takes_kerass_other_names(name, cls, config):
    found = initializers.get(name)
    assert type(found) is getattr(initializers, cls)
    assert {k: v for k, v in found.get_config().items() if k != "dtype"} == config


@pytest.mark.parametrize("shape", [[3, 8], [8, 3]])
def test_orthogonal_values_are_row_major_as_tensorflows_tensors(shape):
    values = initializers.Orthogonal(seed=1)(shape)._value  # what a variable holds
    assert values.flags.c_contiguous  # a column-major operand slows matrix products

