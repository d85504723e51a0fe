"""`ag.train.Example` and its parts: TensorFlow's messages, bytes and text."""

import pickle

import pytest

import autograph as ag
from autograph.runtime.ops.io import example_protos
from tests.io.fixtures import ANSWERS

FEATURES = [  # as record_fixtures.py's EXAMPLES[0]
    ("name", lambda: ag.train.Feature(bytes_list=ag.train.BytesList(value=[b"ant"]))),
    ("score", lambda: ag.train.Feature(float_list=ag.train.FloatList(value=[0.5]))),
    ("ids", lambda: ag.train.Feature(int64_list=ag.train.Int64List(value=[1, 2, 3]))),
    ("vec", lambda: ag.train.Feature(float_list=ag.train.FloatList(value=[1.0, -1.0]))),
]


def _example():
    return ag.train.Example(features=ag.train.Features(
        feature={name: make() for name, make in FEATURES}))


def test_deterministic_bytes_are_tensorflows():
    assert _example().SerializeToString(deterministic=True).hex() == ANSWERS["examples"][0]


def test_one_feature_serializes_as_tensorflow_does():
    # With one entry, a map's order cannot differ; with more, protobuf draws the order anew
    # in each process (TensorFlow's messages too), so byte-for-byte checks ask for
    # deterministic=True.
    example = ag.train.Example(features=ag.train.Features(
        feature={"ids": ag.train.Feature(int64_list=ag.train.Int64List(value=[1, 2, 3]))}))
    assert example.SerializeToString() == \
        b"\n\x10\n\x0e\n\x03ids\x12\x07\x1a\x05\n\x03\x01\x02\x03"  # TensorFlow's
    assert str(example) == ANSWERS["example_text"]


@pytest.mark.parametrize("message, expected", [
    (lambda: ag.train.BytesList(value=[b"x"]), b"\n\x01x"),
    (lambda: ag.train.FloatList(value=[1.0]), b"\n\x04\x00\x00\x80?"),  # packed
    (lambda: ag.train.Int64List(value=[1]), b"\n\x01\x01"),
])
def test_lists_serialize_as_tensorflow_does(message, expected):
    assert message().SerializeToString() == expected  # TensorFlow 2.21's bytes


def test_text_form_of_a_feature_is_tensorflows():
    feature = ag.train.Feature(float_list=ag.train.FloatList(value=[0.5, 2.0]))
    assert str(feature) == ANSWERS["feature_text"]


def test_from_string_and_parse_from_string_read_tensorflows_bytes():
    data = bytes.fromhex(ANSWERS["examples"][1])
    example = ag.train.Example.FromString(data)
    assert list(example.features.feature["vec"].float_list.value) == [2.0, 0.25]
    again = ag.train.Example()
    again.ParseFromString(data)
    assert again == example
    assert list(again.features.feature["ids"].int64_list.value) == []


def test_messages_have_tensorflows_names_and_fields():
    descriptor = ag.train.Example.DESCRIPTOR
    assert descriptor.full_name == "tensorflow.Example"
    assert descriptor.file.name == "tensorflow/core/example/example.proto"
    feature = ag.train.Feature.DESCRIPTOR
    assert [(f.name, f.number) for f in feature.fields] == [
        ("bytes_list", 1), ("float_list", 2), ("int64_list", 3)]
    assert feature.oneofs_by_name["kind"].fields == list(feature.fields)


def test_the_kind_of_a_feature_is_one_of_three():
    feature = ag.train.Feature(int64_list=ag.train.Int64List(value=[1]))
    feature.float_list.value.append(2.0)
    assert feature.WhichOneof("kind") == "float_list"


def test_features_are_edited_in_place():
    example = ag.train.Example()
    example.features.feature["label"].int64_list.value.append(4)
    assert ag.train.Example.FromString(example.SerializeToString()) == example


def test_sequence_examples_hold_feature_lists():
    sequence = ag.train.SequenceExample()
    sequence.feature_lists.feature_list["tokens"].feature.add().bytes_list.value.append(b"hi")
    data = sequence.SerializeToString()
    assert data == b"\x12\x14\n\x12\n\x06tokens\x12\x08\n\x06\n\x04\n\x02hi"  # TensorFlow's
    assert ag.train.SequenceExample.FromString(data) == sequence


def test_messages_pickle_by_their_public_name():
    example = _example()
    assert type(example).__module__ == "autograph.train"
    assert pickle.loads(pickle.dumps(example)) == example


def test_without_protobuf_the_error_says_what_to_install(monkeypatch):
    example_protos._classes.cache_clear()
    monkeypatch.setitem(__import__("sys").modules, "google.protobuf", None)
    try:
        with pytest.raises(ImportError, match=r'pip install "autograph-dataflow\[io\]"'):
            example_protos.message_class("Example")
    finally:
        example_protos._classes.cache_clear()


def test_an_unknown_name_says_which_names_are_near():
    with pytest.raises(AttributeError, match="Did you mean: 'Example'"):
        ag.train.Exampel
