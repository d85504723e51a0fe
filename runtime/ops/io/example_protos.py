"""`tf.train.Example` and its parts as protocol buffer classes, built at run time.

The messages of TensorFlow's `feature.proto` and `example.proto` (package `tensorflow`, the
same field numbers) are described in a `FileDescriptorProto` here and made into classes by
the `protobuf` package (the `io` extra), so their bytes, `SerializeToString`, `FromString`,
`ParseFromString` and text form are TensorFlow's, with no generated code and no `protoc`.
They live in a descriptor pool of their own, beside TensorFlow's if it is imported too.

>>> Int64List = message_class("Int64List")
>>> Int64List(value=[1, 300]).SerializeToString()
b'\\n\\x03\\x01\\xac\\x02'
"""

from __future__ import annotations

import functools
from typing import Any

MISSING = ('tf.train.Example and its parts need the protobuf package: pip install '
           '"autograph-dataflow[io]" (or pip install protobuf).')

NAMES = ("BytesList", "FloatList", "Int64List", "Feature", "Features", "FeatureList",
         "FeatureLists", "Example", "SequenceExample")


def _protobuf() -> Any:
    try:
        from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
    except ImportError:
        raise ImportError(MISSING) from None
    return descriptor_pb2, descriptor_pool, message_factory


def _message(file: Any, name: str, fields: list[tuple], oneof: str | None = None) -> Any:
    """Adds message `name` with `fields` (name, number, type, label, type name) to `file`."""
    message = file.message_type.add(name=name)
    if oneof:
        message.oneof_decl.add(name=oneof)
    for field_name, number, kind, label, type_name in fields:
        field = message.field.add(name=field_name, number=number, type=kind, label=label,
                                   json_name=_camel(field_name))
        if type_name:
            field.type_name = type_name
        if oneof:
            field.oneof_index = 0
    return message


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


def _map(file: Any, message: Any, field_name: str, value_type: str) -> None:
    """A `map<string, value_type>` field of `message`: a repeated nested entry message."""
    descriptor_pb2 = _protobuf()[0]
    F = descriptor_pb2.FieldDescriptorProto
    entry_name = _camel(field_name)[0].upper() + _camel(field_name)[1:] + "Entry"
    entry = message.nested_type.add(name=entry_name)
    entry.options.map_entry = True
    entry.field.add(name="key", number=1, type=F.TYPE_STRING, label=F.LABEL_OPTIONAL,
                    json_name="key")
    entry.field.add(name="value", number=2, type=F.TYPE_MESSAGE, label=F.LABEL_OPTIONAL,
                    type_name=value_type, json_name="value")
    message.field.add(name=field_name, number=1, type=F.TYPE_MESSAGE, label=F.LABEL_REPEATED,
                      type_name=f".tensorflow.{message.name}.{entry_name}",
                      json_name=_camel(field_name))


@functools.lru_cache(maxsize=None)
def _classes() -> dict[str, type]:
    descriptor_pb2, descriptor_pool, message_factory = _protobuf()
    F = descriptor_pb2.FieldDescriptorProto
    repeated, optional = F.LABEL_REPEATED, F.LABEL_OPTIONAL
    feature = descriptor_pb2.FileDescriptorProto(
        name="tensorflow/core/example/feature.proto", package="tensorflow", syntax="proto3")
    _message(feature, "BytesList", [("value", 1, F.TYPE_BYTES, repeated, None)])
    for name, kind in (("FloatList", F.TYPE_FLOAT), ("Int64List", F.TYPE_INT64)):
        _message(feature, name, [("value", 1, kind, repeated, None)]) \
            .field[0].options.packed = True
    _message(feature, "Feature", [
        ("bytes_list", 1, F.TYPE_MESSAGE, optional, ".tensorflow.BytesList"),
        ("float_list", 2, F.TYPE_MESSAGE, optional, ".tensorflow.FloatList"),
        ("int64_list", 3, F.TYPE_MESSAGE, optional, ".tensorflow.Int64List")], oneof="kind")
    _map(feature, _message(feature, "Features", []), "feature", ".tensorflow.Feature")
    _message(feature, "FeatureList",
             [("feature", 1, F.TYPE_MESSAGE, repeated, ".tensorflow.Feature")])
    _map(feature, _message(feature, "FeatureLists", []), "feature_list",
         ".tensorflow.FeatureList")
    example = descriptor_pb2.FileDescriptorProto(
        name="tensorflow/core/example/example.proto", package="tensorflow", syntax="proto3",
        dependency=["tensorflow/core/example/feature.proto"])
    _message(example, "Example",
             [("features", 1, F.TYPE_MESSAGE, optional, ".tensorflow.Features")])
    _message(example, "SequenceExample", [
        ("context", 1, F.TYPE_MESSAGE, optional, ".tensorflow.Features"),
        ("feature_lists", 2, F.TYPE_MESSAGE, optional, ".tensorflow.FeatureLists")])
    pool = descriptor_pool.DescriptorPool()
    pool.Add(feature)
    pool.Add(example)
    classes = {}
    for name in NAMES:
        cls = message_factory.GetMessageClass(pool.FindMessageTypeByName(f"tensorflow.{name}"))
        cls.__module__ = "autograph.train"  # where users find it (and pickle looks for it)
        classes[name] = cls
    return classes


def message_class(name: str) -> type:
    """The class of message `name` (`"Example"`, `"Feature"`, ...).

    Raises:
        ImportError: the `protobuf` package is not installed (the message says how to).
    """
    return _classes()[name]
