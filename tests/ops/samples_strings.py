"""Samples of the string split and parse ops, run by `test_op_coverage`."""

import numpy as np

from autograph.runtime.core import dtypes
from tests.op_testing import OpSample


def _strings(*items):
    return np.array([s.encode("utf-8") if isinstance(s, str) else s for s in items], dtype=object)


SAMPLES = [
    OpSample("StringSplitV2", [_strings("a b  c", "", "d"), np.array(b"", dtype=object)]),
    OpSample("StringSplitV2", [_strings("a,b,,c"), np.array(b",", dtype=object)],
             {"maxsplit": 1}),
    OpSample("StringBytesSplit", [_strings("ab", "é", "")]),
    OpSample("UnicodeSplit", [_strings("hé", b"a\xffb")], {"input_encoding": "UTF-8"}),
    OpSample("UnicodeSplit", [_strings(b"\x00a\x00b")],
             {"input_encoding": "UTF-16-BE", "errors": "strict"}),
    OpSample("UnicodeDecode", [_strings("hé", b"a\xffb", "")], {"input_encoding": "UTF-8"}),
    OpSample("UnicodeDecode", [_strings(b"\x00a\xd8\x3d\xdc\x86")],
             {"input_encoding": "UTF-16-BE", "errors": "strict"}),
    OpSample("StringToNumber", [_strings("1.5", " -2", "1e3")]),
    OpSample("StringToNumber", [_strings("7", "-8").reshape(2, 1)], {"out_type": dtypes.int64}),
    OpSample("Substr", [_strings("hello", "ab"), np.array([1, -2], np.int32),
                        np.array([2, 5], np.int32)]),
    OpSample("Substr", [_strings("héllo"), np.array(1, np.int64), np.array(-1, np.int64)],
             {"unit": "UTF8_CHAR"}),
    OpSample("StringToHashBucketFast", [_strings("Who", "", "é").reshape(3, 1)],
             {"num_buckets": 1024}),
]
