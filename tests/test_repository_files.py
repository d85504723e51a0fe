"""The repository holds source, documentation and configuration; data only where tests keep it
(a stray checkpoint or output file committed by accident fails here)."""

import fnmatch
import pathlib
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[1]
ALLOWED = (
    "*.py", "*.md",  # code and documentation
    "pyproject.toml", "LICENSE", ".gitignore", ".ci/run", "mkdocs.yml",
    "*/py.typed",  # the packages' typing marker
    "tests/*.json", "tests/*.toml",  # recorded answers and mutation results
    "tests/saving/data/*.onnx",  # models other frameworks wrote, which ag.onnx.load runs
    "tests/keras/data/*.keras",  # model files Keras 3 wrote, read by the Keras file tests
    "tests/data/files/*.tfrecord*",  # TFRecord files TensorFlow wrote, read by the io tests
    "golden/onnx/*.expected.txt",  # outlines of exported ONNX models
    "docs/images/*.png",  # screenshots the docs show, each made by a script the page names
)


def tracked_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout
    return [name for name in listed.split("\0") if name]


def test_every_tracked_file_is_source_documentation_configuration_or_test_data():
    stray = [name for name in tracked_files()
             if not any(fnmatch.fnmatch(name, pattern) for pattern in ALLOWED)]
    assert stray == []


def test_a_checkpoint_at_the_top_would_count_as_stray():
    assert not any(fnmatch.fnmatch("my_checkpoint.npz", pattern) for pattern in ALLOWED)
