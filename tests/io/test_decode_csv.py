"""`ag.io.decode_csv`: TensorFlow 2.21's values and errors."""

import numpy as np
import pytest

import autograph as ag


def _values(columns):
    return [np.asarray(c.numpy()).tolist() for c in columns]


def test_columns_take_the_types_of_their_defaults():
    columns = ag.io.decode_csv(["1,2.5,x", "3,,y"], [[0], [0.0], [""]])
    assert [c.dtype for c in columns] == [ag.int32, ag.float32, ag.string]
    assert _values(columns) == [[1, 3], [2.5, 0.0], [b"x", b"y"]]  # TensorFlow's


def test_quotes_group_a_field_with_its_delimiters():
    columns = ag.io.decode_csv('1;"a;b"', [[0], [""]], field_delim=";")
    assert _values(columns) == [1, b"a;b"]
    assert columns[0].shape == ()
    assert ag.io.decode_csv('"say ""hi"""', [[""]])[0].numpy() == b'say "hi"'


def test_without_quote_handling_quotes_are_text():
    assert ag.io.decode_csv('"a",b', [[""], [""]], use_quote_delim=False)[0].numpy() == b'"a"'


def test_na_value_takes_the_default():
    assert _values(ag.io.decode_csv("NA,1", [[5], [0]], na_value="NA")) == [5, 1]


def test_numbers_allow_surrounding_spaces():
    assert _values(ag.io.decode_csv([" 12 ,1.5 "], [[0], [0.0]])) == [[12], [1.5]]


def test_select_cols_keeps_the_chosen_columns():
    assert _values(ag.io.decode_csv(["1,2,3"], [[0], [0]], select_cols=[0, 2])) == [[1], [3]]


def test_dtypes_and_tensors_as_defaults():
    columns = ag.io.decode_csv(["7,8"], [ag.int64, ag.constant([1.0], ag.float64)])
    assert [c.dtype for c in columns] == [ag.int64, ag.float64]
    assert _values(columns) == [[7], [8.0]]


def test_records_keep_their_shape():
    columns = ag.io.decode_csv([["1,a", "2,b"]], [[0], [""]])
    assert columns[0].shape == (1, 2) and columns[1].shape == (1, 2)


@pytest.mark.parametrize("records, defaults, kwargs, message", [
    (["1,2.5"], [[0], [0.0], [""]], {}, "Expect 3 fields but have 2 in record 0"),
    ([""], [[7]], {}, "Expect 1 fields but have 0 in record 0"),
    (["a,2.5,x"], [[0], [0.0], [""]], {}, "Field 0 in record 0 is not a valid int32: a"),
    (["1e3,inf"], [[0], [0.0]], {}, "Field 0 in record 0 is not a valid int32: 1e3"),
    (["99999999999,1"], [[0], [0.0]], {}, "Field 0 in record 0 is not a valid int32: "
                                           "99999999999"),
    (["1,,x"], [[0], ag.float32, [""]], {}, "Field 1 is required but missing in record 0!"),
    (["1,2"], [[0], [0]], {"select_cols": [0, 2]}, "Expect 2 fields but have 1 in record 0"),
    (["a"], [[1, 2]], {}, "There should only be 1 default per field but field 0 has 2"),
])
def test_bad_records_are_tensorflows_errors(records, defaults, kwargs, message):
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        ag.io.decode_csv(records, defaults, **kwargs)
    assert e.value.message == message


@pytest.mark.parametrize("record, message", [
    ('1,a"b', "Unquoted fields cannot have quotes/CRLFs inside"),
    ('1,"a"b', "Quote inside a string has to be escaped by another quote"),
    ('1,"ab', "Quoted field has to end with quote followed by delim or end"),
])
def test_bad_quotes_are_tensorflows_errors(record, message):
    # TensorFlow 2.21's messages, to which ours add the record.
    with pytest.raises(ag.errors.InvalidArgumentError, match=f"^{message} in record 0: "):
        ag.io.decode_csv([record], [[""]] * 2)


def test_arguments_are_checked_as_tensorflow_checks_them():
    with pytest.raises(ValueError, match="^select_cols is not strictly increasing.$"):
        ag.io.decode_csv(["1,2,3"], [[0], [0]], select_cols=[2, 0])
    with pytest.raises(ValueError, match="^Length of select_cols and record_defaults do not "):
        ag.io.decode_csv(["1,2,3"], [[0]], select_cols=[0, 2])
    with pytest.raises(ag.errors.InvalidArgumentError, match="^field_delim should be only 1 "):
        ag.io.decode_csv(["1,2"], [[0], [0]], field_delim=";;")


def test_decode_csv_in_a_dataset_map():
    ds = ag.data.Dataset.from_tensor_slices(["1,a", "2,b"]).map(
        lambda line: ag.io.decode_csv(line, [[0], [""]]))
    assert ds.element_spec == (ag.TensorSpec([], ag.int32), ag.TensorSpec([], ag.string))
    assert [(int(a), b) for a, b in ds.as_numpy_iterator()] == [(1, b"a"), (2, b"b")]


def test_decode_csv_inside_a_function_keeps_the_records_shape():
    @ag.function(input_signature=[ag.TensorSpec([None], ag.string)])
    def first_column(lines):
        return ag.io.decode_csv(lines, [[0.0], [0]])[0]

    np.testing.assert_array_equal(first_column(ag.constant(["1.5,2", "3,4"])).numpy(),
                                  np.array([1.5, 3.0], np.float32))
    assert first_column.get_concrete_function().outputs[0].shape.as_list() == [None]
