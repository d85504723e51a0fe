"""`ag.train.load_checkpoint`: the values a checkpoint holds, by path, as TensorFlow's
`CheckpointReader` gives them (expected values are TensorFlow 2.21's; its keys are
`<path>/.ATTRIBUTES/VARIABLE_VALUE` where autograph's are the paths themselves)."""

import numpy as np
import pytest

import autograph as ag


@pytest.fixture
def saved(tmp_path):
    checkpoint = ag.train.Checkpoint(v=ag.Variable([[1.0, 2.0]]), s=ag.Variable(b"hi"),
                                     n=ag.Variable(3, dtype=ag.int64))
    return checkpoint.save(str(tmp_path / "ckpt"))


def test_the_reader_maps_each_path_to_its_shape_and_dtype(saved):
    reader = ag.train.load_checkpoint(saved)
    assert reader.get_variable_to_shape_map() == {
        "n": [], "s": [], "save_counter": [], "v": [1, 2]}
    assert reader.get_variable_to_dtype_map() == {
        "n": ag.int64, "s": ag.string, "save_counter": ag.int64, "v": ag.float32}


def test_get_tensor_gives_arrays_and_a_scalar_string_as_bytes(saved):
    reader = ag.train.load_checkpoint(saved)
    value = reader.get_tensor("v")
    np.testing.assert_array_equal(value, np.array([[1.0, 2.0]], np.float32))
    assert value.dtype == np.float32
    assert reader.get_tensor("s") == b"hi"  # TensorFlow 2.21: b'hi'


def test_has_tensor_and_a_missing_key_name_the_key(saved):
    reader = ag.train.load_checkpoint(saved)
    assert reader.has_tensor("v") and not reader.has_tensor("nope")
    with pytest.raises(ag.errors.NotFoundError, match="Key nope not found in checkpoint"):
        reader.get_tensor("nope")


def test_a_directory_means_its_latest_checkpoint(saved, tmp_path):
    assert ag.train.load_checkpoint(str(tmp_path)).get_tensor("n") == 3


def test_no_checkpoint_there_is_not_found(tmp_path):
    with pytest.raises(ag.errors.NotFoundError, match="No checkpoint at"):
        ag.train.load_checkpoint(str(tmp_path / "missing"))
