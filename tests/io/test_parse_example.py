"""`ag.io.parse_example` and `parse_single_example` with `FixedLenFeature`: TensorFlow 2.21's
values, shapes and errors, eagerly, in functions and in `Dataset.map`."""

import numpy as np
import pytest

import autograph as ag
from tests.io.fixtures import ANSWERS, FILES

EXAMPLES = [bytes.fromhex(h) for h in ANSWERS["examples"]]  # see record_fixtures.EXAMPLES
FEATURES = {"name": ag.io.FixedLenFeature([], ag.string),
            "score": ag.io.FixedLenFeature([], ag.float32, default_value=-1.0),
            "vec": ag.io.FixedLenFeature([2], ag.float32)}


def test_parse_single_example_gives_each_feature_as_a_tensor():
    parsed = ag.io.parse_single_example(EXAMPLES[0], FEATURES)
    assert list(parsed) == ["name", "score", "vec"]
    assert parsed["name"].numpy() == b"ant"
    assert parsed["score"].dtype == ag.float32 and parsed["score"].shape == ()
    np.testing.assert_array_equal(parsed["vec"].numpy(), np.array([1.0, -1.0], np.float32))


def test_scalar_strings_are_bytes_whether_found_or_defaulted():
    features = {"name": ag.io.FixedLenFeature([], ag.string, default_value="none")}
    found = ag.io.parse_example(EXAMPLES, features)["name"]
    assert [type(v) for v in found.numpy()] == [bytes] * 3
    missing = ag.io.parse_example([b""], features)["name"]
    assert missing.numpy().tolist() == [b"none"] and type(missing[0].numpy()) is bytes


def test_a_missing_feature_takes_its_default():
    parsed = ag.io.parse_single_example(EXAMPLES[2], FEATURES)  # "cat" has no score
    assert float(parsed["score"]) == -1.0


def test_parse_example_stacks_a_batch():
    parsed = ag.io.parse_example(EXAMPLES, FEATURES)
    assert parsed["vec"].shape == (3, 2)
    np.testing.assert_array_equal(parsed["score"].numpy(),
                                  np.array([0.5, 1.5, -1.0], np.float32))
    assert list(parsed["name"].numpy()) == [b"ant", b"bee", b"cat"]


def test_a_scalar_given_to_parse_example_is_a_batch_of_one():
    parsed = ag.io.parse_example(EXAMPLES[0], {"vec": ag.io.FixedLenFeature([2], ag.float32)})
    assert parsed["vec"].shape == (1, 2)  # TensorFlow 2.21's shape


def test_shapes_and_defaults_of_any_rank():
    features = {"ids": ag.io.FixedLenFeature([3, 1], ag.int64),
                "grid": ag.io.FixedLenFeature([2, 2], ag.int64, default_value=[[1, 2], [3, 4]])}
    parsed = ag.io.parse_single_example(EXAMPLES[0], features)
    np.testing.assert_array_equal(parsed["ids"].numpy(), np.array([[1], [2], [3]]))
    np.testing.assert_array_equal(parsed["grid"].numpy(), np.array([[1, 2], [3, 4]]))
    assert parsed["grid"].dtype == ag.int64


def test_a_required_feature_that_is_missing_is_tensorflows_error():
    required = {"score": ag.io.FixedLenFeature([], ag.float32)}
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        ag.io.parse_single_example(EXAMPLES[2], required)
    assert e.value.message == ("Feature: score (data type: float) is required but could not "
                               "be found.")
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        ag.io.parse_example(EXAMPLES, required)
    assert e.value.message == ("Name: <unknown>, Feature: score (data type: float) is required "
                               "but could not be found.")


def test_an_empty_list_is_a_feature_of_no_values():
    # "ids" of the second example is an empty int64_list (TensorFlow 2.21 agrees).
    parsed = ag.io.parse_single_example(EXAMPLES[1], {"ids": ag.io.FixedLenFeature([0], ag.int64)})
    assert parsed["ids"].shape == (0,) and parsed["ids"].dtype == ag.int64
    with pytest.raises(ag.errors.InvalidArgumentError, match="Values size: 0 but output shape: "
                                                            r"\[\]"):
        ag.io.parse_single_example(EXAMPLES[1], {"ids": ag.io.FixedLenFeature([], ag.int64, 5)})


def test_a_feature_with_no_list_counts_as_missing():
    no_list = b"\n\x07\n\x05\n\x01e\x12\x00"  # Example{features{feature{key: "e" value {}}}}
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        ag.io.parse_single_example(no_list, {"e": ag.io.FixedLenFeature([0], ag.int64)})
    assert e.value.message == "Feature: e (data type: int64) is required but could not be found."
    parsed = ag.io.parse_single_example(no_list, {"e": ag.io.FixedLenFeature([], ag.int64, 3)})
    assert int(parsed["e"]) == 3


def test_another_type_is_tensorflows_error():
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        ag.io.parse_example(EXAMPLES, {"vec": ag.io.FixedLenFeature([2], ag.int64)})
    assert e.value.message == ("Name: <unknown>, Key: vec, Index: 0.  Data types don't match. "
                               "Data type: float but expected type: int64")
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        ag.io.parse_single_example(EXAMPLES[0], {"vec": ag.io.FixedLenFeature([2], ag.int64)})
    assert e.value.message == ("Key: vec.  Data types don't match. Data type: float but "
                               "expected type: int64")


def test_another_number_of_values_is_tensorflows_error():
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        ag.io.parse_example(EXAMPLES, {"vec": ag.io.FixedLenFeature([3], ag.float32)})
    assert e.value.message == ("Name: <unknown>, Key: vec, Index: 0.  Number of float values "
                               "!= expected.  Values size: 2 but output shape: [3]")


def test_bytes_that_are_no_example_are_refused():
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match="^Could not parse example input, value: "):
        ag.io.parse_single_example(b"\n\x05\n\x03", FEATURES)


def test_a_default_of_another_size_is_refused():
    features = {"q": ag.io.FixedLenFeature([2], ag.float32, default_value=[1.0, 2.0, 3.0])}
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match="^Input to reshape is a tensor with 3 values, but the requested "
                             "shape has 2: the default_value of feature 'q'"):
        ag.io.parse_single_example(EXAMPLES[0], features)


def test_feature_descriptions_are_checked_as_tensorflow_checks_them():
    with pytest.raises(ValueError, match="^Invalid argument: features cannot be empty.$"):
        ag.io.parse_single_example(EXAMPLES[0], {})
    with pytest.raises(ValueError, match="^Unsupported int 5 for key 'f'$"):
        ag.io.parse_single_example(EXAMPLES[0], {"f": 5})
    with pytest.raises(ValueError, match="^First dimension of shape for feature f unknown. "
                                         "Consider using FixedLenSequenceFeature."):
        ag.io.parse_single_example(EXAMPLES[0], {"f": ag.io.FixedLenFeature([None], ag.float32)})
    with pytest.raises(ag.errors.InvalidArgumentError, match="dtype int32; an Example holds "
                                                            "float32, int64 and string"):
        ag.io.parse_single_example(EXAMPLES[0], {"f": ag.io.FixedLenFeature([2], ag.int32)})


def test_parse_single_example_needs_a_scalar():
    with pytest.raises(ValueError, match="^Input serialized must be a scalar$"):
        ag.io.parse_single_example(EXAMPLES[:1], FEATURES)


def test_fixed_len_feature_is_tensorflows_named_tuple():
    feature = ag.io.FixedLenFeature([2], ag.float32)
    assert feature == ([2], ag.float32, None)
    assert repr(feature) == "FixedLenFeature(shape=[2], dtype=ag.float32, default_value=None)"


def test_static_shapes_inside_a_function():
    shapes = {}

    @ag.function(input_signature=[ag.TensorSpec([None], ag.string)])
    def parse(serialized):
        parsed = ag.io.parse_example(serialized, FEATURES)
        shapes.update({k: v.shape.as_list() for k, v in parsed.items()})
        return parsed["vec"]

    batch = parse(ag.constant(EXAMPLES))
    assert shapes == {"name": [None], "score": [None], "vec": [None, 2]}  # TensorFlow's
    assert batch.shape == (3, 2)


def test_the_data_guides_pattern_maps_a_tfrecord_dataset():
    ds = ag.data.TFRecordDataset(str(FILES / "examples.tfrecord"))
    parsed = ds.map(lambda x: ag.io.parse_single_example(x, FEATURES))
    assert parsed.element_spec == {"name": ag.TensorSpec([], ag.string),
                                   "score": ag.TensorSpec([], ag.float32),
                                   "vec": ag.TensorSpec([2], ag.float32)}
    batch = next(iter(parsed.batch(3)))
    np.testing.assert_array_equal(batch["score"].numpy(), np.array([0.5, 1.5, -1.0], np.float32))
    assert list(batch["name"].numpy()) == [b"ant", b"bee", b"cat"]


def test_a_batch_parsed_after_batching():
    ds = ag.data.TFRecordDataset(str(FILES / "examples.tfrecord")).batch(2)
    parsed = [ag.io.parse_example(b, {"vec": FEATURES["vec"]})["vec"].shape for b in ds]
    assert parsed == [(2, 2), (1, 2)]


def test_a_map_error_names_the_element():
    ds = ag.data.TFRecordDataset(str(FILES / "examples.tfrecord")).map(
        lambda x: ag.io.parse_single_example(x, {"score": ag.io.FixedLenFeature([], ag.float32)}))
    with pytest.raises(ag.errors.InvalidArgumentError, match="Feature: score .* on element 2"):
        list(ds)


# VarLenFeature: a SparseTensor -------------------------------------------------------------
def _sparse(st):
    return st.indices.numpy().tolist(), st.values.numpy().tolist(), st.dense_shape.numpy().tolist()


def test_var_len_feature_of_one_example_is_a_sparse_vector():
    parsed = ag.io.parse_single_example(EXAMPLES[0], {"ids": ag.io.VarLenFeature(ag.int64),
                                                      "name": ag.io.VarLenFeature(ag.string)})
    assert isinstance(parsed["ids"], ag.SparseTensor)
    assert _sparse(parsed["ids"]) == ([[0], [1], [2]], [1, 2, 3], [3])  # TensorFlow's
    assert _sparse(parsed["name"]) == ([[0]], [b"ant"], [1])


def test_var_len_feature_of_a_batch_has_a_row_per_example():
    parsed = ag.io.parse_example(EXAMPLES, {"ids": ag.io.VarLenFeature(ag.int64),
                                            "vec": ag.io.VarLenFeature(ag.float32)})
    assert _sparse(parsed["ids"]) == ([[0, 0], [0, 1], [0, 2], [2, 0]], [1, 2, 3, 7], [3, 3])
    assert _sparse(parsed["vec"])[2] == [3, 2]
    assert parsed["ids"].shape == (3, 3) and parsed["vec"].dtype == ag.float32
    np.testing.assert_array_equal(ag.sparse.to_dense(parsed["ids"]).numpy(),
                                  [[1, 2, 3], [0, 0, 0], [7, 0, 0]])  # TensorFlow's


def test_var_len_feature_missing_everywhere_is_empty():
    parsed = ag.io.parse_single_example(EXAMPLES[0], {"q": ag.io.VarLenFeature(ag.int64)})
    assert _sparse(parsed["q"]) == ([], [], [0])
    assert parsed["q"].indices.shape == (0, 1)  # TensorFlow's shapes


def test_var_len_feature_of_another_type_is_tensorflows_error():
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        ag.io.parse_single_example(EXAMPLES[0], {"vec": ag.io.VarLenFeature(ag.int64)})
    assert e.value.message == ("Key: vec.  Data types don't match. Expected type: int64, "
                               "Actual type: float")
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        ag.io.parse_example(EXAMPLES, {"vec": ag.io.VarLenFeature(ag.int64)})
    assert e.value.message == ("Name: <unknown>, Key: vec, Index: 0.  Data types don't match. "
                               "Expected type: int64, Actual type: float")


def test_var_len_feature_shapes_inside_a_function():
    shapes = []

    @ag.function(input_signature=[ag.TensorSpec([None], ag.string)])
    def dense_ids(serialized):
        ids = ag.io.parse_example(serialized, {"ids": ag.io.VarLenFeature(ag.int64)})["ids"]
        shapes.append((ids.shape.as_list(), ids.indices.shape.as_list(),
                       ids.dense_shape.shape.as_list()))
        return ag.sparse.to_dense(ids)

    np.testing.assert_array_equal(dense_ids(ag.constant(EXAMPLES)).numpy(),
                                  [[1, 2, 3], [0, 0, 0], [7, 0, 0]])
    assert shapes == [([None, None], [None, 2], [2])]  # TensorFlow's


def test_var_len_feature_is_tensorflows_named_tuple():
    assert repr(ag.io.VarLenFeature(ag.int64)) == "VarLenFeature(dtype=ag.int64)"


def test_a_dataset_map_parses_var_len_features_into_sparse_tensors():
    # As TensorFlow 2.21: {'ids': SparseTensorSpec(TensorShape([None]), tf.int64)}.
    ds = ag.data.TFRecordDataset(str(FILES / "examples.tfrecord"))
    parsed = ds.map(lambda x: ag.io.parse_single_example(
        x, {"ids": ag.io.VarLenFeature(ag.int64)}))
    assert parsed.element_spec == {"ids": ag.SparseTensorSpec([None], ag.int64)}
    assert [x["ids"].values.numpy().tolist() for x in parsed] == [[1, 2, 3], [], [7]]
    dense = parsed.map(lambda x: ag.sparse.to_dense(x["ids"]))
    assert [x.tolist() for x in dense.as_numpy_iterator()] == [[1, 2, 3], [], [7]]
