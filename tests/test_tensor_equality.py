"""`ag.compat.v1.disable_tensor_equality` / `enable_tensor_equality`: `==` on eager tensors by
identity, as TensorFlow 1, or elementwise; answers recorded from TensorFlow 2.21."""

import numpy.testing as npt
import pytest

import autograph as ag


@pytest.fixture
def identity_equality():
    ag.compat.v1.disable_tensor_equality()
    yield
    ag.compat.v1.enable_tensor_equality()


def test_disabled_equality_compares_identities(identity_equality):
    a, b = ag.constant([1, 2]), ag.constant([1, 2])
    assert (a == b, a == a, a != b) == (False, True, True)  # TensorFlow's answers


def test_eager_tensors_stay_unhashable(identity_equality):
    with pytest.raises(TypeError, match="unhashable"):
        hash(ag.constant([1, 2]))


def test_enabled_equality_compares_elementwise_again():
    ag.compat.v1.disable_tensor_equality()
    ag.compat.v1.enable_tensor_equality()
    npt.assert_array_equal((ag.constant([1, 2]) == ag.constant([1, 3])).numpy(), [True, False])
