"""Exports whose functions take or return sparse and ragged tensors, as TensorFlow's: the
ragged tensor guide's `CustomModule` gives TensorFlow 2.21's value after a load."""

import pytest
from numpy.testing import assert_array_equal

import autograph as ag


class Grower(ag.Module):
    def __init__(self):
        super().__init__()
        self.v = ag.Variable(100.0)

    @ag.function
    def grow(self, x):
        return x * self.v


def test_a_ragged_argument_and_result_survive_a_save_and_load(tmp_path):
    module = Grower()
    module.grow.get_concrete_function(ag.RaggedTensorSpec(shape=[None, None], dtype=ag.float32))
    ag.saved_model.save(module, str(tmp_path))
    loaded = ag.saved_model.load(str(tmp_path))
    grown = loaded.grow(ag.ragged.constant([[1.0, 4.0, 3.0], [2.0]]))
    assert isinstance(grown, ag.RaggedTensor)
    assert grown.to_list() == [[100.0, 400.0, 300.0], [200.0]]


class Summer(ag.Module):
    @ag.function(input_signature=[ag.SparseTensorSpec([None, 3], ag.float32)])
    def total(self, st):
        return ag.sparse.reduce_sum(st, axis=1), st


def test_a_sparse_argument_and_result_survive_a_save_and_load(tmp_path):
    ag.saved_model.save(Summer(), str(tmp_path))
    loaded = ag.saved_model.load(str(tmp_path))
    sums, same = loaded.total(ag.SparseTensor([[0, 1], [1, 2]], [1.0, 2.0], [2, 3]))
    assert_array_equal(sums.numpy(), [1.0, 2.0])
    assert isinstance(same, ag.SparseTensor)
    assert same.indices.numpy().tolist() == [[0, 1], [1, 2]]


def test_a_loaded_function_refuses_a_ragged_tensor_of_another_dtype(tmp_path):
    module = Grower()
    module.grow.get_concrete_function(ag.RaggedTensorSpec(shape=[None, None], dtype=ag.float32))
    ag.saved_model.save(module, str(tmp_path))
    loaded = ag.saved_model.load(str(tmp_path))
    with pytest.raises((TypeError, ValueError)):
        loaded.grow(ag.ragged.constant([[1, 4], [2]]))


class Masked(ag.experimental.ExtensionType):
    values: ag.Tensor


class Holder(ag.Module):
    @ag.function
    def twice(self, m):
        return m.values * 2


def test_an_extension_type_argument_is_refused_naming_it(tmp_path):
    module = Holder()
    module.twice.get_concrete_function(Masked([1.0]))
    with pytest.raises(ValueError, match="holds a Masked"):
        ag.saved_model.save(module, str(tmp_path))
