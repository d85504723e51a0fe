"""`ag.train.load_checkpoint`: the values a checkpoint holds, by key, as TensorFlow's
`CheckpointReader` gives them (expected values are TensorFlow 2.21's, keys included:
`<path>/.ATTRIBUTES/VARIABLE_VALUE`, and the object graph)."""

import numpy as np
import pytest

import autograph as ag

_V = "/.ATTRIBUTES/VARIABLE_VALUE"


@pytest.fixture
def saved(tmp_path):
    checkpoint = ag.train.Checkpoint(v=ag.Variable([[1.0, 2.0]]), s=ag.Variable(b"hi"),
                                     n=ag.Variable(3, dtype=ag.int64),
                                     w=ag.Variable([b"a", b"bc"]))
    return checkpoint.save(str(tmp_path / "ckpt"))


def test_the_reader_maps_each_path_to_its_shape_and_dtype(saved):
    reader = ag.train.load_checkpoint(saved)
    assert reader.get_variable_to_shape_map() == {
        "_CHECKPOINTABLE_OBJECT_GRAPH": [], "n" + _V: [], "s" + _V: [], "save_counter" + _V: [],
        "v" + _V: [1, 2], "w" + _V: [2]}
    assert reader.get_variable_to_dtype_map() == {
        "_CHECKPOINTABLE_OBJECT_GRAPH": ag.string, "n" + _V: ag.int64, "s" + _V: ag.string,
        "save_counter" + _V: ag.int64, "v" + _V: ag.float32, "w" + _V: ag.string}


def test_get_tensor_gives_arrays_and_scalars_as_tensorflows_reader(saved):
    reader = ag.train.load_checkpoint(saved)
    value = reader.get_tensor("v" + _V)
    np.testing.assert_array_equal(value, np.array([[1.0, 2.0]], np.float32))
    assert value.dtype == np.float32
    # TensorFlow 2.21: b'hi', numpy.int64 3, array([b'a', b'bc'], dtype=object)
    text, number, texts = [reader.get_tensor(name + _V) for name in ("s", "n", "w")]
    assert type(text) is bytes and text == b"hi"
    assert type(number) is np.int64 and number == 3
    assert texts.dtype == object and texts.tolist() == [b"a", b"bc"]


def test_has_tensor_and_a_missing_key_name_the_key(saved):
    reader = ag.train.load_checkpoint(saved)
    assert reader.has_tensor("v" + _V) and not reader.has_tensor("nope")
    with pytest.raises(ag.errors.NotFoundError) as raised:
        reader.get_tensor("nope")
    assert str(raised.value) == (f"Key nope not found in checkpoint {saved!r}; "
                                 f"get_variable_to_shape_map() lists its keys.")


def test_a_directory_means_its_latest_checkpoint(saved, tmp_path):
    assert ag.train.load_checkpoint(str(tmp_path)).get_tensor("n" + _V) == 3


def test_a_variables_path_without_its_suffix_is_not_a_key_and_the_error_says_the_key(saved):
    # TensorFlow 2.21: NotFoundError "Key v not found in checkpoint".
    with pytest.raises(ag.errors.NotFoundError) as raised:
        ag.train.load_checkpoint(saved).get_tensor("v")
    assert str(raised.value) == (f"Key v not found in checkpoint {saved!r}; its key is "
                                 f"'v/.ATTRIBUTES/VARIABLE_VALUE'.")


def test_no_checkpoint_there_is_not_found(tmp_path):
    with pytest.raises(ag.errors.NotFoundError, match="No checkpoint at"):
        ag.train.load_checkpoint(str(tmp_path / "missing"))
