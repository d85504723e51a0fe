"""`ag.io`: file formats, as `tf.io`: tensor serialization, TFRecord files, `tf.train.Example`
parsing, CSV lines and whole files (see docs/datasets.md, "Files: TFRecord, CSV and
tf.train.Example")."""

import sys as _sys

from autograph.impl.coverage import install_namespace as _install_namespace
from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.ops.io.ops import (
    FixedLenFeature,
    RaggedFeature,
    VarLenFeature,
    decode_csv,
    decode_raw,
    parse_example,
    parse_single_example,
    parse_tensor,
    read_file,
    serialize_tensor,
    write_file,
)
from autograph.runtime.ops.io.records import TFRecordOptions, TFRecordWriter

__all__ = ["FixedLenFeature", "RaggedFeature", "TFRecordOptions", "TFRecordWriter",
           "VarLenFeature", "decode_csv", "decode_raw", "parse_example", "parse_single_example",
           "parse_tensor", "read_file", "serialize_tensor", "write_file"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
_install_namespace(_sys.modules[__name__])  # loaded on first use: autograph/__init__.py
