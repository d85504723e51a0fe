"""`ag.io.read_file` and `write_file`: whole files, with TensorFlow 2.21's errors."""

import pytest

import autograph as ag


def test_write_then_read_gives_the_bytes(tmp_path):
    path = str(tmp_path / "new" / "sub" / "x.bin")  # missing folders are made, as TensorFlow
    assert ag.io.write_file(path, b"\x00hello\xff") is None
    contents = ag.io.read_file(path)
    assert contents.dtype == ag.string and contents.numpy() == b"\x00hello\xff"
    assert [p.name for p in (tmp_path / "new" / "sub").iterdir()] == ["x.bin"]  # no temporary


def test_a_missing_file_is_not_found(tmp_path):
    path = str(tmp_path / "none.txt")
    with pytest.raises(ag.errors.NotFoundError) as e:
        ag.io.read_file(path)
    assert e.value.message == f"{path}; No such file or directory"


def test_a_directory_is_a_failed_precondition(tmp_path):
    with pytest.raises(ag.errors.FailedPreconditionError) as e:
        ag.io.read_file(str(tmp_path))
    assert e.value.message == f"{tmp_path}; Is a directory"


def test_read_file_runs_at_every_call_of_a_function(tmp_path):
    path = tmp_path / "v.txt"
    read = ag.function(lambda: ag.io.read_file(str(path)))
    path.write_bytes(b"one")
    assert read().numpy() == b"one"
    path.write_bytes(b"two")
    assert read().numpy() == b"two"  # a stateful op: never folded into a constant


def test_write_file_inside_a_function_writes_at_each_call(tmp_path):
    path = tmp_path / "w.txt"

    @ag.function
    def save(text):
        ag.io.write_file(str(path), text)

    save(ag.constant("first"))
    assert path.read_bytes() == b"first"
    save(ag.constant("second"))
    assert path.read_bytes() == b"second"
