"""`ag.io.TFRecordWriter` and `TFRecordOptions`: TensorFlow 2.21's bytes and errors."""

import os

import pytest

import autograph as ag
from autograph.runtime.ops.io import crc32c
from tests.io.fixtures import FILES, PLAIN_RECORDS


def test_written_records_are_the_bytes_tensorflow_wrote(tmp_path):
    path = tmp_path / "plain.tfrecord"
    with ag.io.TFRecordWriter(str(path)) as writer:
        for record in PLAIN_RECORDS[:3]:
            writer.write(record)
        writer.write("säge")  # a str is written as UTF-8, as TensorFlow writes it
    assert path.read_bytes() == (FILES / "plain.tfrecord").read_bytes()


def test_gzip_with_a_flush_between_records_is_tensorflows_stream(tmp_path):
    path = tmp_path / "flushed.tfrecord.gz"
    with ag.io.TFRecordWriter(str(path), options="GZIP") as writer:
        writer.write(b"abc")
        writer.flush()  # TensorFlow's flush is zlib's partial flush
        writer.write(b"def" * 50)
    assert path.read_bytes() == (FILES / "flushed.tfrecord.gz").read_bytes()


def test_zlib_options_object_gives_tensorflows_bytes(tmp_path):
    path = tmp_path / "records.tfrecord.zlib"
    writer = ag.io.TFRecordWriter(str(path), ag.io.TFRecordOptions(compression_type="ZLIB"))
    writer.write(b"abc")
    writer.write(b"def" * 50)
    writer.close()
    assert path.read_bytes() == (FILES / "records.tfrecord.zlib").read_bytes()


def test_flush_makes_the_records_readable_before_close(tmp_path):
    path = tmp_path / "open.tfrecord"
    writer = ag.io.TFRecordWriter(str(path))
    writer.write(b"a")
    writer.flush()
    assert len(path.read_bytes()) == 17  # 12 + 1 + 4, as TensorFlow 2.21 after flush()
    writer.close()


def test_a_closed_writer_refuses_writes_and_flushes_and_closes_again(tmp_path):
    writer = ag.io.TFRecordWriter(str(tmp_path / "c.tfrecord"))
    writer.close()
    with pytest.raises(ag.errors.FailedPreconditionError, match="^Writer is closed.$"):
        writer.write(b"a")
    with pytest.raises(ag.errors.FailedPreconditionError, match="^Writer is closed.$"):
        writer.flush()
    writer.close()


def test_a_record_that_is_not_bytes_is_a_type_error(tmp_path):
    with ag.io.TFRecordWriter(str(tmp_path / "t.tfrecord")) as writer:
        with pytest.raises(TypeError, match="takes bytes or a str; got int"):
            writer.write(5)


def test_an_unknown_compression_is_tensorflows_value_error(tmp_path):
    with pytest.raises(ValueError, match='^Not a valid compression_type: "BZ2"$'):
        ag.io.TFRecordWriter(str(tmp_path / "x.tfrecord"), options="BZ2")
    with pytest.raises(ValueError, match='^Not a valid compression_type: "BZ2"$'):
        ag.io.TFRecordOptions("BZ2")
    assert not os.listdir(tmp_path)


def test_a_missing_directory_is_not_found(tmp_path):
    path = str(tmp_path / "none" / "x.tfrecord")
    with pytest.raises(ag.errors.NotFoundError) as e:
        ag.io.TFRecordWriter(path)
    assert str(e.value) == f"{path}; No such file or directory"


def test_compression_type_strings_as_tensorflow_names_them():
    get = ag.io.TFRecordOptions.get_compression_type_string
    assert get("GZIP") == "GZIP" and get(None) == "" and get("") == ""
    assert get(ag.io.TFRecordOptions("ZLIB")) == "ZLIB"
    options = ag.io.TFRecordOptions("GZIP")
    assert (options.compression_level, options.window_bits, options.mem_level,
            options.flush_mode) == (None, None, None, None)


def test_compression_level_changes_the_stream_and_still_reads_back(tmp_path):
    low, high = tmp_path / "low.z", tmp_path / "high.z"
    for path, level in ((low, 1), (high, 9)):
        with ag.io.TFRecordWriter(str(path), ag.io.TFRecordOptions(
                "ZLIB", compression_level=level)) as writer:
            writer.write(b"record " * 200)
    assert low.read_bytes() != high.read_bytes()
    for path in (low, high):
        assert list(ag.data.TFRecordDataset(str(path), "ZLIB").as_numpy_iterator()) == \
            [b"record " * 200]


def test_the_python_checksum_agrees_with_the_library():
    data = bytes(range(256)) * 5
    assert crc32c.python_value(data) == crc32c.value(data)
    assert crc32c.python_value(b"123456789") == 0xE3069283  # the CRC-32C check value
    assert crc32c.python_value(b"") == 0


def test_checksums_come_from_google_crc32c_when_it_is_installed():
    pytest.importorskip("google_crc32c")
    assert crc32c.uses_library()
