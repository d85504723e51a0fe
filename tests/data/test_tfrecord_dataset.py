"""`ag.data.TFRecordDataset`: TensorFlow's files read back, checksums checked, TensorFlow
2.21's order and errors."""

import numpy as np
import pytest

import autograph as ag
from tests.io.fixtures import FILES, PLAIN_RECORDS

PLAIN = str(FILES / "plain.tfrecord")


def _write(path, records, options=None):
    with ag.io.TFRecordWriter(str(path), options) as writer:
        for record in records:
            writer.write(record)
    return str(path)


def test_reads_the_records_tensorflow_wrote():
    ds = ag.data.TFRecordDataset(PLAIN)
    assert ds.element_spec == ag.TensorSpec([], ag.string)
    assert int(ds.cardinality()) == ag.data.UNKNOWN_CARDINALITY  # -2, as TensorFlow
    assert list(ds.as_numpy_iterator()) == PLAIN_RECORDS


@pytest.mark.parametrize("name, compression", [("flushed.tfrecord.gz", "GZIP"),
                                               ("records.tfrecord.zlib", "ZLIB")])
def test_reads_compressed_files_tensorflow_wrote(name, compression):
    ds = ag.data.TFRecordDataset([str(FILES / name)], compression_type=compression)
    assert list(ds.as_numpy_iterator()) == [b"abc", b"def" * 50]


def test_files_are_read_one_after_another(tmp_path):
    a = _write(tmp_path / "a", [b"a0", b"a1", b"a2"])
    b = _write(tmp_path / "b", [b"b0", b"b1", b"b2", b"b3", b"b4"])
    got = list(ag.data.TFRecordDataset(ag.constant([b, a])).as_numpy_iterator())
    assert got == [b"b0", b"b1", b"b2", b"b3", b"b4", b"a0", b"a1", b"a2"]


def test_parallel_reads_take_turns_in_tensorflows_order(tmp_path):
    a = _write(tmp_path / "a", [b"a0", b"a1", b"a2"])
    b = _write(tmp_path / "b", [b"b0", b"b1", b"b2", b"b3", b"b4"])
    ds = ag.data.TFRecordDataset([a, b], num_parallel_reads=2)
    assert list(ds.as_numpy_iterator()) == [b"a0", b"b0", b"a1", b"b1", b"a2", b"b2", b"b3",
                                            b"b4"]  # TensorFlow 2.21's order
    auto = ag.data.TFRecordDataset([a, b], num_parallel_reads=ag.data.AUTOTUNE)
    assert list(auto.as_numpy_iterator())[:4] == [b"a0", b"a1", b"a2", b"b0"]  # TensorFlow's


def test_a_dataset_of_file_names_is_read_file_by_file(tmp_path):
    a = _write(tmp_path / "a", [b"a0"])
    b = _write(tmp_path / "b", [b"b0", b"b1"])
    files = ag.data.Dataset.from_tensor_slices([b, a])
    assert list(ag.data.TFRecordDataset(files).as_numpy_iterator()) == [b"b0", b"b1", b"a0"]


def test_no_file_names_make_an_empty_dataset():
    assert list(ag.data.TFRecordDataset([]).as_numpy_iterator()) == []


def test_file_names_must_be_strings():
    with pytest.raises(TypeError) as e:
        ag.data.TFRecordDataset(5)
    assert str(e.value) == ("The `filenames` argument must contain `ag.string` elements. Got "
                            "`ag.int32` elements.")


def _corrupt(tmp_path, edit):
    data = bytearray((FILES / "plain.tfrecord").read_bytes())
    data = edit(data)
    path = tmp_path / "bad.tfrecord"
    path.write_bytes(bytes(data))
    return str(path)


def _flip(index):
    def edit(data):
        data[index] ^= 1
        return data
    return edit


@pytest.mark.parametrize("edit, message", [
    (_flip(0), "corrupted record at 0 (Is this even a TFRecord file?): the checksum of its "
               "length does not match"),
    (_flip(14), "corrupted record at 12: the checksum of its data does not match"),
    (_flip(18), "corrupted record at 12: the checksum of its data does not match"),
    (lambda d: d[:-3], "truncated record at 353: the file ends inside the record"),
    (lambda d: d[:14], "truncated record at 0: the file ends inside the record"),
])
def test_a_damaged_file_is_a_data_loss_naming_the_file_and_offset(tmp_path, edit, message):
    # TensorFlow 2.21's messages begin the same ("corrupted record at 12"); they do not
    # name the file, ours do.
    path = _corrupt(tmp_path, edit)
    with pytest.raises(ag.errors.DataLossError) as e:
        list(ag.data.TFRecordDataset(path))
    assert str(e.value) == f"{message}, in {path}"


def test_records_before_a_damaged_one_are_read(tmp_path):
    path = _corrupt(tmp_path, lambda d: d[:-3])
    it = iter(ag.data.TFRecordDataset(path))
    assert [next(it).numpy() for _ in range(3)] == PLAIN_RECORDS[:3]
    with pytest.raises(ag.errors.DataLossError):
        next(it)


@pytest.mark.parametrize("size", [1, 5, 11])
def test_a_file_ending_inside_a_length_field_ends_there(tmp_path, size):
    # TensorFlow 2.21 reads no record and no error from the first 1 to 11 bytes of a file.
    path = _corrupt(tmp_path, lambda d: d[:size])
    assert list(ag.data.TFRecordDataset(path)) == []


def test_a_missing_file_is_not_found(tmp_path):
    path = str(tmp_path / "none.tfrecord")
    with pytest.raises(ag.errors.NotFoundError) as e:
        list(ag.data.TFRecordDataset(path))
    assert str(e.value) == f"{path}; No such file or directory"


def test_reading_an_uncompressed_file_as_gzip_is_data_loss():
    with pytest.raises(ag.errors.DataLossError, match="^inflate\\(\\) failed: .*incorrect header "
                                                      "check, in .*plain.tfrecord"):
        list(ag.data.TFRecordDataset(PLAIN, compression_type="GZIP"))


def test_an_unknown_compression_is_refused():
    with pytest.raises(ValueError, match='^Not a valid compression_type: "BZ2"$'):
        ag.data.TFRecordDataset(PLAIN, compression_type="BZ2")


def test_each_iteration_reads_the_files_again(tmp_path):
    path = tmp_path / "grow.tfrecord"
    _write(path, [b"one"])
    ds = ag.data.TFRecordDataset(str(path))
    assert list(ds.as_numpy_iterator()) == [b"one"]
    _write(path, [b"one", b"two"])
    assert list(ds.as_numpy_iterator()) == [b"one", b"two"]


def test_a_for_loop_in_a_function_reads_the_records(tmp_path):
    path = _write(tmp_path / "n.tfrecord", [ag.io.serialize_tensor(float(i)).numpy()
                                            for i in range(4)])

    @ag.function
    def total(ds):
        s = ag.constant(0.0)
        for record in ds:
            s += ag.io.parse_tensor(record, ag.float32)
        return s

    assert float(total(ag.data.TFRecordDataset(path))) == 6.0


def test_records_map_batch_and_shuffle_like_any_dataset(tmp_path):
    path = _write(tmp_path / "m.tfrecord", [ag.io.serialize_tensor([i, i]).numpy()
                                            for i in range(5)])
    ds = ag.data.TFRecordDataset(path).map(lambda r: ag.io.parse_tensor(r, ag.int32))
    batches = [b.numpy() for b in ds.batch(2)]
    np.testing.assert_array_equal(batches[0], [[0, 0], [1, 1]])
    assert len(batches) == 3
    shuffled = [int(x[0]) for x in ds.shuffle(5, seed=3)]
    assert sorted(shuffled) == [0, 1, 2, 3, 4]


def test_an_iterator_position_is_saved_and_restored(tmp_path):
    path = _write(tmp_path / "s.tfrecord", [b"a", b"b", b"c"])
    it = iter(ag.data.TFRecordDataset(path))
    next(it)
    checkpoint = ag.train.Checkpoint(iterator=it)
    saved = checkpoint.save(str(tmp_path / "ckpt"))
    assert next(it).numpy() == b"b"
    checkpoint.restore(saved)
    assert next(it).numpy() == b"b"
