"""`ag.data.experimental.make_csv_dataset`: batches of named columns with TensorFlow 2.21's
inferred types, order and errors."""

import collections

import numpy as np
import pytest

import autograph as ag

make_csv_dataset = ag.data.experimental.make_csv_dataset


def _file(tmp_path, text, name="a.csv"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def _batches(ds):
    return [{k: v.numpy().tolist() for k, v in b.items()} for b in ds]


def test_types_are_inferred_as_tensorflow_infers_them(tmp_path):
    path = _file(tmp_path, "i,big,f,dbl,inf,s,na,empty\n1,1,1,1,1,x,NA,\n"
                           "2,8000000000,2.5,1e50,inf,2,3,\n")
    ds = make_csv_dataset(path, batch_size=2, shuffle=False, num_epochs=1, na_value="NA")
    assert {k: v.dtype.name for k, v in ds.element_spec.items()} == {
        "i": "int32", "big": "int64", "f": "float32", "dbl": "float64", "inf": "string",
        "s": "string", "na": "int32", "empty": "string"}  # TensorFlow's
    assert _batches(ds) == [{"i": [1, 2], "big": [1, 8000000000], "f": [1.0, 2.5],
                             "dbl": [1.0, 1e50], "inf": [b"1", b"inf"], "s": [b"x", b"2"],
                             "na": [0, 3], "empty": [b"", b""]}]


def test_batches_are_ordered_dicts_in_column_order(tmp_path):
    path = _file(tmp_path, 'name,age,score\n"Smith, J",30,1.5\nLee,,2\nKim,41,\n')
    ds = make_csv_dataset(path, batch_size=2, shuffle=False, num_epochs=1)
    batch = next(iter(ds))
    assert isinstance(batch, collections.OrderedDict) and list(batch) == ["name", "age", "score"]
    assert ds.element_spec["age"] == ag.TensorSpec([None], ag.int32)
    assert _batches(ds) == [{"name": [b"Smith, J", b"Lee"], "age": [30, 0], "score": [1.5, 2.0]},
                            {"name": [b"Kim"], "age": [41], "score": [0.0]}]


def test_a_label_is_split_off_and_select_columns_keeps_file_order(tmp_path):
    path = _file(tmp_path, "survived,fare,class\n0,7.25,Third\n1,71.5,First\n")
    ds = make_csv_dataset(path, batch_size=4, label_name="survived", shuffle=False,
                          num_epochs=1, select_columns=["class", "survived"])
    features, label = next(iter(ds))
    assert list(features) == ["class"]
    assert label.dtype == ag.int32 and label.numpy().tolist() == [0, 1]


def test_forever_by_default_with_full_batches(tmp_path):
    path = _file(tmp_path, "a\n1\n2\n3\n")
    ds = make_csv_dataset(path, batch_size=2, shuffle=False)
    assert ds.element_spec["a"] == ag.TensorSpec([2], ag.int32)  # static, as TensorFlow's
    assert [b["a"] for b in _batches(ds.take(3))] == [[1, 2], [3, 1], [2, 3]]


def test_epochs_repeat_the_records(tmp_path):
    path = _file(tmp_path, "1,x\n2,y\n3,z\n")
    ds = make_csv_dataset(path, batch_size=2, column_names=["a", "b"], header=False,
                          shuffle=False, num_epochs=2)
    assert _batches(ds) == [{"a": [1, 2], "b": [b"x", b"y"]}, {"a": [3, 1], "b": [b"z", b"x"]},
                            {"a": [2, 3], "b": [b"y", b"z"]}]  # TensorFlow's


def test_files_of_a_pattern_are_sorted_then_read_in_turn(tmp_path):
    _file(tmp_path, "a,b\n1,2\n3,4\n", "p1.csv")
    _file(tmp_path, "a,b\n5,6\n", "p2.csv")
    pattern = str(tmp_path / "p*.csv")
    one = make_csv_dataset(pattern, batch_size=10, shuffle=False, num_epochs=1)
    assert _batches(one) == [{"a": [1, 3, 5], "b": [2, 4, 6]}]
    two = make_csv_dataset(pattern, batch_size=10, shuffle=False, num_epochs=1,
                           num_parallel_reads=2)
    assert _batches(two) == [{"a": [1, 5, 3], "b": [2, 6, 4]}]  # TensorFlow's order


def test_column_defaults_set_the_types(tmp_path):
    path = _file(tmp_path, "a,b\n1,2\n3,4\n")
    ds = make_csv_dataset(path, batch_size=10, shuffle=False, num_epochs=1,
                          column_defaults=[ag.int64, 0.0])
    batch = next(iter(ds))
    assert (batch["a"].dtype, batch["b"].dtype) == (ag.int64, ag.float32)
    np.testing.assert_array_equal(batch["b"].numpy(), np.array([2.0, 4.0], np.float32))


def test_a_seeded_shuffle_repeats_its_order(tmp_path):
    path = _file(tmp_path, "a\n" + "".join(f"{i}\n" for i in range(20)))

    def order():
        ds = make_csv_dataset(path, batch_size=20, num_epochs=1, shuffle_seed=5)
        return next(iter(ds))["a"].numpy().tolist()

    first = order()
    assert first == order() and sorted(first) == list(range(20))
    assert first != list(range(20))  # shuffled (the draws differ from TensorFlow's)


@pytest.mark.parametrize("kwargs, message", [
    ({"header": False}, "Expected `column_names` or `header` arguments. Neither is provided."),
    ({"column_names": ["a", "a"], "header": False},
     "Either `column_names` argument or CSV header row contains duplicate column names: "
     "{'a'}."),
    ({"column_names": ["a", "b"], "header": False, "label_name": "c"},
     "`label_name` provided must be one of the columns: ['a', 'b']. Received: c."),
    ({"column_names": ["a", "b"], "header": False, "select_columns": ["q"]},
     "Column q specified in `select_columns` must be of one of the columns: "
     "dict_keys(['a', 'b'])."),
    ({"column_names": ["a", "b"], "header": False, "select_columns": [5]},
     "Column index 5 specified in `select_columns` should be > 0  and <= 2, which is the "
     "number of columns."),
    ({"column_names": ["a", "b", "c"], "header": False},
     "Problem inferring types: CSV row 1 has 2 number of fields. Expected: 3."),
])
def test_bad_arguments_are_tensorflows_errors(tmp_path, kwargs, message):
    path = _file(tmp_path, "1,x\n2,y\n")
    with pytest.raises(ValueError) as e:
        make_csv_dataset(path, batch_size=2, **kwargs)
    assert str(e.value) == message


def test_no_matching_file_and_an_empty_file_are_refused(tmp_path):
    pattern = str(tmp_path / "none*.csv")
    with pytest.raises(ValueError, match=r"^No files match `file_pattern` .*none\*\.csv\.$"):
        make_csv_dataset(pattern, batch_size=2)
    empty = _file(tmp_path, "", "e.csv")
    with pytest.raises(ValueError, match="^Failed when reading the header line of .*e.csv. "
                                         "Is it an empty file\\?$"):
        make_csv_dataset(empty, batch_size=2)


def test_files_with_other_headers_are_refused(tmp_path):
    a, b = _file(tmp_path, "a,b\n1,2\n", "a.csv"), _file(tmp_path, "a,c\n1,2\n", "b.csv")
    with pytest.raises(ValueError, match="^All input CSV files should have the same column "
                                         "names in the header row. File .*b.csv has different"):
        make_csv_dataset([a, b], batch_size=2)


def test_batches_feed_a_function(tmp_path):
    path = _file(tmp_path, "x,y\n1.0,2\n3.0,4\n")
    ds = make_csv_dataset(path, batch_size=2, label_name="y", shuffle=False, num_epochs=1)

    @ag.function
    def total(features, label):
        return ag.reduce_sum(features["x"]) + ag.cast(ag.reduce_sum(label), ag.float32)

    assert [float(total(f, label)) for f, label in ds] == [10.0]


def test_ignore_errors_leaves_out_the_records_that_do_not_parse(tmp_path):
    path = _file(tmp_path, "a,b\n1,2\n3\nx,4\n5,6\n")
    ds = make_csv_dataset(path, batch_size=10, shuffle=False, num_epochs=1,
                          column_defaults=[ag.int32, ag.int32], ignore_errors=True)
    assert _batches(ds) == [{"a": [1, 5], "b": [2, 6]}]  # TensorFlow 2.21's
    strict = make_csv_dataset(path, batch_size=10, shuffle=False, num_epochs=1,
                              column_defaults=[ag.int32, ag.int32])
    with pytest.raises(ag.errors.InvalidArgumentError, match="^Expect 2 fields but have 1 in "
                                                             r"record \(line 3 of "):
        list(strict)
