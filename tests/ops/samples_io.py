"""Samples of the file-format ops, run by `test_op_coverage`."""

import atexit
import os
import shutil
import tempfile

import numpy as np

from autograph.runtime.core import dtypes
from tests.op_testing import OpSample

# An Example with the features "f" (float_list [1.5, 2.0]), "b" (bytes_list [b"a", b"bc"]) and
# "i" (int64_list [-1, 300]), serialized by TensorFlow 2.21.
EXAMPLE = (b'\n:\n\x15\n\x01i\x12\x10\x1a\x0e\n\x0c\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01\xac'
           b'\x02\n\x0e\n\x01b\x12\t\n\x07\n\x01a\n\x02bc\n\x11\n\x01f\x12\x0c\x12\n\n\x08\x00'
           b'\x00\xc0?\x00\x00\x00@')
# tf.io.serialize_tensor(tf.constant([[1.5, -2.0], [3.25, 0.0]])), from TensorFlow 2.21.
SERIALIZED = (b'\x08\x01\x12\x08\x12\x02\x08\x02\x12\x02\x08\x02"\x10\x00\x00\xc0?\x00\x00\x00'
              b'\xc0\x00\x00P@\x00\x00\x00\x00')


# ReadFile and WriteFile need a folder: one of their own, removed when the tests end.
_FOLDER = tempfile.mkdtemp(prefix="autograph-io-samples-")
atexit.register(shutil.rmtree, _FOLDER, ignore_errors=True)
_READ = os.path.join(_FOLDER, "read.bin")
with open(_READ, "wb") as _f:
    _f.write(b"\x00contents\xff")


def _string(value):
    return np.array(value, dtype=object)


SAMPLES = [
    OpSample("SerializeTensor", [np.array([[1, 2, 3]], np.int32)]),
    OpSample("SerializeTensor", [_string([b"a", b""])]),
    OpSample("ParseTensor", [_string(SERIALIZED)], {"out_type": dtypes.float32}),
    OpSample("DecodeRaw", [_string([b"abcd", b"efgh"])], {"out_type": dtypes.int16}),
    OpSample("DecodeRaw", [_string(b"\x00\x00\x80\x3f")],
             {"out_type": dtypes.float32, "little_endian": True}),
    OpSample("DecodePaddedRaw", [_string([b"ab", b"efgh"]), np.int32(3)],
             {"out_type": dtypes.uint8}),
    OpSample("ParseExample", [_string([EXAMPLE, EXAMPLE]),
                              [np.zeros(0, np.float32), np.array([7], np.int64)]],
             {"dense_keys": ["f", "m"], "dense_shapes": [(2,), (1,)], "sparse_keys": ["b"],
              "sparse_types": [dtypes.string], "num_sparse": 1}),
    OpSample("ParseExample", [_string(EXAMPLE), [np.array([0, 0], np.int64)]],
             {"dense_keys": ["i"], "dense_shapes": [(2,)], "sparse_keys": ["f"],
              "sparse_types": [dtypes.float32], "num_sparse": 1}),
    OpSample("DecodeCSV", [_string([b"1,2.5,x", b"3,,y"]),
                           [np.array([0], np.int32), np.array([0.0]), _string([b""])]]),
    OpSample("DecodeCSV", [_string([[b'a;"b;c"']]), [_string([b"?"])]],
             {"field_delim": ";", "select_cols": [1]}),
    OpSample("ReadFile", [_string(_READ.encode())]),
    OpSample("WriteFile", [_string(os.path.join(_FOLDER, "new", "written.bin").encode()),
                           _string(b"bytes")]),
]
