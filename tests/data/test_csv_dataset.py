"""`ag.data.experimental.CsvDataset`: CSV records as TensorFlow 2.21 reads them."""

import gzip
import zlib

import pytest

import autograph as ag

CsvDataset = ag.data.experimental.CsvDataset
PEOPLE = 'name,age,score,flag\n"Smith, J",30,1.5,x\nLee,,2,y\nKim,41,,z\n'


def _file(tmp_path, text, name="a.csv"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_records_are_tuples_of_scalars_with_defaults_filled_in(tmp_path):
    ds = CsvDataset(_file(tmp_path, PEOPLE),
                    [ag.string, ag.constant(0, ag.int32), ag.constant(-1.0), ""], header=True)
    assert ds.element_spec == (ag.TensorSpec([], ag.string), ag.TensorSpec([], ag.int32),
                               ag.TensorSpec([], ag.float32), ag.TensorSpec([], ag.string))
    assert list(ds.as_numpy_iterator()) == [(b"Smith, J", 30, 1.5, b"x"), (b"Lee", 0, 2.0, b"y"),
                                            (b"Kim", 41, -1.0, b"z")]  # TensorFlow's


def test_one_column_is_still_a_tuple(tmp_path):
    ds = CsvDataset(_file(tmp_path, "1\n2\n"), [ag.int32])
    assert ds.element_spec == (ag.TensorSpec([], ag.int32),)


def test_select_and_exclude_cols_pick_columns(tmp_path):
    path = _file(tmp_path, "1,2,3\n4,5,6\n")
    assert list(CsvDataset(path, [ag.int32], select_cols=[1]).as_numpy_iterator()) == \
        [(2,), (5,)]
    assert list(CsvDataset(path, [ag.int32, ag.int32], exclude_cols=[1]).as_numpy_iterator()) \
        == [(1, 3), (4, 6)]


def test_quoted_fields_may_span_lines_and_crlf_ends_lines(tmp_path):
    path = _file(tmp_path, 'a,b\r\n1,"x\ny"\r\n2,z\n')
    assert list(CsvDataset(path, [ag.int32, ag.string], header=True).as_numpy_iterator()) == \
        [(1, b"x\ny"), (2, b"z")]


@pytest.mark.parametrize("compression, pack", [("GZIP", gzip.compress), ("ZLIB", zlib.compress)])
def test_compressed_files(tmp_path, compression, pack):
    path = tmp_path / "c.csv.z"
    path.write_bytes(pack(b"1,a\n2,b\n"))
    ds = CsvDataset(str(path), [[0], [""]], compression_type=compression)
    assert list(ds.as_numpy_iterator()) == [(1, b"a"), (2, b"b")]


def test_several_files_one_after_another(tmp_path):
    a, b = _file(tmp_path, "1\n", "a.csv"), _file(tmp_path, "2\n3\n", "b.csv")
    assert [int(x) for (x,) in CsvDataset([b, a], [[0]]).as_numpy_iterator()] == [2, 3, 1]


@pytest.mark.parametrize("text, defaults, message", [
    ("1,2,3\n", [ag.string] * 2, "Expect 2 fields but have more in record"),
    ("1,2,3\n", [ag.string] * 4, "Expect 4 fields but have 3 in record"),
    ("1,\n", [ag.int32, ag.int32], "Field 1 is required but missing in record"),
    ("x\n", [ag.int32], "Field 0 in record is not a valid int32: x"),
    ('1,"a"b\n', [ag.string] * 2, "Quote inside a string has to be escaped by another quote"),
    ('1,a"b\n', [ag.string] * 2, "Unquoted fields cannot have quotes/CRLFs inside"),
    ('x,y\n1,"ab\n', [ag.string] * 2, "Reached end of file without closing quoted field"),
])
def test_bad_records_are_tensorflows_errors_with_the_file_and_line(tmp_path, text, defaults,
                                                                   message):
    # TensorFlow 2.21's messages, to which ours add the line and the file.
    path = _file(tmp_path, text)
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        list(CsvDataset(path, defaults))
    assert e.value.message.startswith(message)
    assert e.value.message.endswith(f" of {path})")


def test_a_blank_line_is_one_empty_field(tmp_path):
    path = _file(tmp_path, "1\n\n2\n")
    assert [int(x) for (x,) in CsvDataset(path, [[9]]).as_numpy_iterator()] == [1, 9, 2]
    with pytest.raises(ag.errors.InvalidArgumentError, match="^Field 0 is required but missing "
                                                             r"in record! \(line 2 of "):
        list(CsvDataset(path, [ag.int32]))


@pytest.mark.parametrize("kwargs, message", [
    ({"select_cols": [2, 1]}, "select_cols should be strictly increasing indices"),
    ({"select_cols": [0]}, "select_cols should match output size"),
    ({"select_cols": [0, 1], "exclude_cols": [2]}, "Either select_cols or exclude_cols should "
                                                   "be empty"),
])
def test_column_arguments_are_checked_as_tensorflow_checks_them(tmp_path, kwargs, message):
    with pytest.raises(ag.errors.InvalidArgumentError, match=f"^{message}$"):
        CsvDataset(_file(tmp_path, "1,2,3\n"), [ag.int32, ag.int32], **kwargs)


def test_a_missing_file_is_not_found(tmp_path):
    path = str(tmp_path / "none.csv")
    with pytest.raises(ag.errors.NotFoundError, match="No such file or directory"):
        list(CsvDataset(path, [ag.int32]))


def test_a_column_type_that_csv_has_not_is_refused(tmp_path):
    with pytest.raises(ValueError, match="dtype bool; a CSV column is float32, float64, int32"):
        CsvDataset(_file(tmp_path, "1\n"), [ag.bool])


def test_the_data_guides_missing_values_cells(tmp_path):
    path = _file(tmp_path, "1,2,3,4\n,2,3,4\n1,,3,4\n1,2,,4\n1,2,3,\n,,,\n", "missing.csv")
    ds = CsvDataset(path, [999, 999, 999, 999]).map(lambda *items: ag.stack(items))
    assert ds.element_spec == ag.TensorSpec([4], ag.int32)  # TensorFlow's
    assert [line.tolist() for line in ds.as_numpy_iterator()] == [
        [1, 2, 3, 4], [999, 2, 3, 4], [1, 999, 3, 4], [1, 2, 999, 4], [1, 2, 3, 999],
        [999, 999, 999, 999]]
    ds = CsvDataset(path, [999, 999], select_cols=[1, 3]).map(lambda *items: ag.stack(items))
    assert [line.tolist() for line in ds.as_numpy_iterator()] == [
        [2, 4], [2, 4], [999, 4], [2, 4], [2, 999], [999, 999]]
