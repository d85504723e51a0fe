"""The TensorFlow-made fixtures of the file-format tests (`tests/data/files`, written by
`record_fixtures.py` there with TensorFlow 2.21)."""

import json
import pathlib

FILES = pathlib.Path(__file__).resolve().parents[1] / "data" / "files"
ANSWERS = json.loads((FILES / "tensorflow_answers.json").read_text())
PLAIN_RECORDS = [b"first", b"", b"x" * 300, "säge".encode()]  # plain.tfrecord
