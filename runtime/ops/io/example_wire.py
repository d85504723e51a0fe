"""Reading serialized `tf.train.Example` protos: the parsing behind `ParseExample`.

An Example holds `features` (field 1), a map from names to `Feature`s; a Feature holds one
of a `bytes_list` (1), `float_list` (2) or `int64_list` (3), each a repeated `value` (1).
A feature with no list set counts as absent, as in TensorFlow.

>>> data = b"\\n\\x0e\\n\\x0c\\n\\x01i\\x12\\x07\\x1a\\x05\\n\\x03\\x01\\xac\\x02"
>>> features(data)
{'i': ('int64', [1, 300])}
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.ops.io import wire

KINDS = {1: "string", 2: "float", 3: "int64"}  # TensorFlow's names, as its messages print them

Values = Any  # a list of bytes or ints, or a float32 array


class ExampleError(ValueError):
    """The bytes are not a serialized Example."""


def features(data: bytes) -> dict[str, tuple[str, Values]]:
    """name -> (kind, values) of one serialized Example; a name given twice keeps its last
    feature, as protocol buffer maps do.

    Raises:
        ExampleError: the bytes are not an Example.
    """
    found: dict[str, tuple[str, Values]] = {}
    try:
        for number, wire_type, value in wire.fields(data):
            if number != 1 or wire_type != wire.LENGTH:
                continue
            assert isinstance(value, bytes)
            for n, t, entry in wire.fields(value):
                if n == 1 and t == wire.LENGTH:
                    assert isinstance(entry, bytes)
                    name, feature = _entry(entry)
                    if feature is None:
                        found.pop(name, None)
                    else:
                        found[name] = feature
    except (wire.WireError, UnicodeDecodeError) as e:
        raise ExampleError(str(e)) from None
    return found


def _entry(data: bytes) -> tuple[str, tuple[str, Values] | None]:
    name, feature = "", None
    for number, wire_type, value in wire.fields(data):
        if number == 1 and wire_type == wire.LENGTH:
            assert isinstance(value, bytes)
            name = value.decode("utf-8")
        elif number == 2 and wire_type == wire.LENGTH:
            assert isinstance(value, bytes)
            feature = _feature(value)
    return name, feature


def _feature(data: bytes) -> tuple[str, Values] | None:
    found = None
    for number, wire_type, value in wire.fields(data):
        if number in KINDS and wire_type == wire.LENGTH:
            assert isinstance(value, bytes)
            found = (KINDS[number], _values(number, value))
    return found


def _values(kind: int, data: bytes) -> Values:
    items = [(t, v) for n, t, v in wire.fields(data) if n == 1]
    if kind == 1:
        return [v for t, v in items if t == wire.LENGTH]
    if kind == 2:
        return wire.repeated_fixed(items, "<f4").astype(np.float32)
    return [wire.signed64(v) for v in wire.repeated_varints(items)]


def sparse_counts(serialized: np.ndarray, keys: list[str]) -> list[int]:
    """How many values each of `keys` has over all the serialized Examples."""
    counts = [0] * len(keys)
    for data in np.asarray(serialized, dtype=object).reshape(-1):
        found = features(bytes(data))
        for i, k in enumerate(keys):
            if k in found:
                counts[i] += len(found[k][1])
    return counts
