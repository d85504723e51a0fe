"""Writes the TensorFlow-made fixtures of the file-format tests into this folder.

Run with a Python that has TensorFlow (never a dependency of autograph), from anywhere:

    /path/to/tensorflow/python tests/data/files/record_fixtures.py

- `plain.tfrecord`, `flushed.tfrecord.gz`, `records.tfrecord.zlib`: TFRecord files, the gzip
  one flushed between its records;
- `examples.tfrecord`: three `tf.train.Example`s (see `EXAMPLES`);
- `tensorflow_answers.json`: the bytes of `tf.io.serialize_tensor` for each case of
  `TENSORS`, and of `Example`s serialized deterministically, with the text form of an Example
  and of a Feature.
"""

import json
import pathlib

import numpy as np
import tensorflow as tf

HERE = pathlib.Path(__file__).parent

PLAIN = [b"first", b"", b"x" * 300, "säge".encode()]
TENSORS = {
    "float32": ([[1.5, -2.0], [3.25, 0.0]], "float32"),
    "int32_scalar": (7, "int32"),
    "int64": ([1, -2, 300], "int64"),
    "float64": ([0.1], "float64"),
    "bool": ([True, False, True], "bool"),
    "string": ([b"ab", b"", b"\xff"], "string"),
    "string_scalar": ("hello", "string"),
    "uint8": ([0, 255], "uint8"),
    "float16": ([1.0, 2.0], "float16"),
    "empty": (np.zeros([0, 3], np.float32), "float32"),
    "int8": ([-1], "int8"),
    "int16": ([-3], "int16"),
    "uint16": ([3], "uint16"),
    "uint32": ([3], "uint32"),
    "uint64": ([3], "uint64"),
    "complex64": ([1 + 2j], "complex64"),
    "complex128": ([1 + 2j], "complex128"),
    "matrix_int32": (np.arange(6).reshape(2, 3), "int32"),
}
EXAMPLES = [
    {"name": [b"ant"], "score": [0.5], "ids": [1, 2, 3], "vec": [1.0, -1.0]},
    {"name": [b"bee"], "score": [1.5], "ids": [], "vec": [2.0, 0.25]},
    {"name": [b"cat"], "ids": [7], "vec": [0.0, 3.0]},
]


def feature(values):
    if values and isinstance(values[0], bytes):
        return tf.train.Feature(bytes_list=tf.train.BytesList(value=values))
    if values and isinstance(values[0], float):
        return tf.train.Feature(float_list=tf.train.FloatList(value=values))
    return tf.train.Feature(int64_list=tf.train.Int64List(value=values))


def example(features):
    return tf.train.Example(features=tf.train.Features(
        feature={k: feature(v) for k, v in features.items()}))


def main():
    with tf.io.TFRecordWriter(str(HERE / "plain.tfrecord")) as writer:
        for record in PLAIN:
            writer.write(record)
    with tf.io.TFRecordWriter(str(HERE / "flushed.tfrecord.gz"), options="GZIP") as writer:
        writer.write(b"abc")
        writer.flush()
        writer.write(b"def" * 50)
    with tf.io.TFRecordWriter(str(HERE / "records.tfrecord.zlib"), options="ZLIB") as writer:
        writer.write(b"abc")
        writer.write(b"def" * 50)
    with tf.io.TFRecordWriter(str(HERE / "examples.tfrecord")) as writer:
        for features in EXAMPLES:
            writer.write(example(features).SerializeToString(deterministic=True))
    answers = {
        "serialized": {name: tf.io.serialize_tensor(tf.constant(value, dtype)).numpy().hex()
                       for name, (value, dtype) in TENSORS.items()},
        "examples": [example(f).SerializeToString(deterministic=True).hex() for f in EXAMPLES],
        # One feature: the order of a map's entries in text and in bytes is the protobuf
        # runtime's, drawn anew in each process (TensorFlow's too) unless deterministic.
        "example_text": str(example({"ids": [1, 2, 3]})),
        "feature_text": str(feature([0.5, 2.0])),
    }
    (HERE / "tensorflow_answers.json").write_text(json.dumps(answers, indent=1) + "\n")


if __name__ == "__main__":
    main()
