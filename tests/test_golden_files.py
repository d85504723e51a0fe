"""The golden-file checker (the root conftest's `golden` fixture) and the golden folders: a
missing expected file fails with how to create it, only `--update-golden` writes one, and every
expected file belongs to a case."""

import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


def checker(golden, update):
    """A checker like the fixture's, with `update` fixed whatever this run's options are."""
    return type(golden)(update, "tests/test_x.py::test_y")


def test_a_missing_golden_file_fails_and_says_how_to_create_it(golden, tmp_path):
    path = tmp_path / "case.expected.py"
    with pytest.raises(pytest.fail.Exception) as failed:
        checker(golden, update=False).check("x = 1\n", path)
    assert str(failed.value) == (
        f"golden file {path} does not exist: create it with `python3 -m pytest --update-golden "
        f"'tests/test_x.py::test_y'`, then read it by hand before committing it")
    assert not path.exists()


def test_reading_a_missing_golden_file_fails_too(golden, tmp_path):
    path = tmp_path / "case.expected.py"
    with pytest.raises(pytest.fail.Exception) as failed:
        checker(golden, update=True).read(path)  # reading never writes, even when updating
    assert str(failed.value) == (
        f"golden file {path} does not exist: create it with `python3 -m pytest "
        f"--update-golden`, then read it by hand before committing it")


def test_a_golden_file_that_differs_fails_and_is_left_as_it_is(golden, tmp_path):
    path = tmp_path / "case.expected.py"
    path.write_text("x = 1\n")
    with pytest.raises(AssertionError):
        checker(golden, update=False).check("x = 2\n", path)
    assert path.read_text() == "x = 1\n"


def test_update_writes_the_golden_file_and_its_folder(golden, tmp_path):
    path = tmp_path / "new" / "case.expected.py"
    checker(golden, update=True).check("x = 2\n", path)
    assert path.read_text() == "x = 2\n"


def test_every_to_code_golden_file_has_its_input():
    folder = ROOT / "golden" / "to_code"
    orphans = [p.name for p in folder.glob("*.expected.py")
               if not p.with_name(p.name.replace(".expected", "")).exists()]
    assert orphans == []


def test_every_transpile_golden_file_has_its_example():
    orphans = [p.name for p in (ROOT / "golden" / "transpile").glob("*.expected.py")
               if not (ROOT / "examples" / p.name.replace(".expected", "")).exists()]
    assert orphans == []
