"""TFRecord files: `TFRecordWriter`, `TFRecordOptions`, and the reading behind
`ag.data.TFRecordDataset`.

A TFRecord file is a sequence of records, each framed as

    length      uint64, little-endian
    length_crc  uint32, the masked CRC-32C of the 8 length bytes
    data        `length` bytes
    data_crc    uint32, the masked CRC-32C of the data

optionally compressed as a whole with zlib or gzip, written with TensorFlow's zlib settings
(memory level 9, a partial flush on `flush()`) so the bytes are TensorFlow's. Reading checks
both checksums: a record that fails one is a `DataLossError` naming the file and the offset
(in the uncompressed stream) as TensorFlow counts it; a file that ends inside a record is one
too, while a file that ends inside a length field ends there, as in TensorFlow.

>>> frame(b"hello")
b'\\x05\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\xea\\xb2\\x04>hello\\xbb\\x1f\\x1c\\x19'
"""

from __future__ import annotations

import struct
import zlib
from typing import Any, BinaryIO, Iterator

from autograph.runtime.core import errors
from autograph.runtime.ops.io import crc32c
from autograph.runtime.ops.io.files import os_error

_COMPRESSIONS = ("", "ZLIB", "GZIP")
_HEADER = 12  # length and its checksum
_CHUNK = 1 << 16


class TFRecordOptions:
    """How a TFRecord file is compressed (`tf.io.TFRecordOptions`).

    Args:
        compression_type: `"GZIP"`, `"ZLIB"`, or `""`/None for none.
        flush_mode: the zlib flush mode of `flush()` (TensorFlow's default: a partial flush).
        input_buffer_size, output_buffer_size: accepted for compatibility; the compression
            streams through Python's zlib, which sizes its own buffers.
        window_bits: the zlib window size in bits (8 to 15; default 15).
        compression_level: 0 (none) to 9 (most), or -1 (zlib's default, 6).
        compression_method: zlib's method (8, deflate, the only one).
        mem_level: zlib's memory level, 1 to 9 (TensorFlow's default: 9).
        compression_strategy: zlib's strategy (0: default, 1: filtered, 2: Huffman only, ...).
    """

    compression_type_map = {"ZLIB": "ZLIB", "GZIP": "GZIP", "": "", None: ""}

    def __init__(self, compression_type: str | None = None, flush_mode: int | None = None,
                 input_buffer_size: int | None = None, output_buffer_size: int | None = None,
                 window_bits: int | None = None, compression_level: int | None = None,
                 compression_method: int | None = None, mem_level: int | None = None,
                 compression_strategy: int | None = None):
        self.get_compression_type_string(compression_type)  # refuses an unknown one
        self.compression_type = compression_type
        self.flush_mode = flush_mode
        self.input_buffer_size = input_buffer_size
        self.output_buffer_size = output_buffer_size
        self.window_bits = window_bits
        self.compression_level = compression_level
        self.compression_method = compression_method
        self.mem_level = mem_level
        self.compression_strategy = compression_strategy

    @classmethod
    def get_compression_type_string(cls, options: Any) -> str:
        """`"GZIP"`, `"ZLIB"` or `""` for options, a compression type string, or None.

        Raises:
            ValueError: not one of those.
        """
        if isinstance(options, TFRecordOptions):
            options = options.compression_type
        if options not in cls.compression_type_map:
            raise ValueError(f'Not a valid compression_type: "{options}"')
        return cls.compression_type_map[options]

    def _compressor(self) -> Any:
        kind = self.get_compression_type_string(self)
        if not kind:
            return None
        bits = 15 if self.window_bits is None else int(self.window_bits)
        return zlib.compressobj(
            -1 if self.compression_level is None else int(self.compression_level),
            zlib.DEFLATED if self.compression_method is None else int(self.compression_method),
            bits + 16 if kind == "GZIP" else bits,
            9 if self.mem_level is None else int(self.mem_level),
            0 if self.compression_strategy is None else int(self.compression_strategy))


def as_options(options: Any) -> TFRecordOptions:
    """`TFRecordOptions` from options, a compression type string, or None."""
    if isinstance(options, TFRecordOptions):
        return options
    TFRecordOptions.get_compression_type_string(options)
    return TFRecordOptions(options)


def frame(record: bytes) -> bytes:
    """One record framed with its length and checksums."""
    length = struct.pack("<Q", len(record))
    return (length + struct.pack("<I", crc32c.masked(length)) + record
            + struct.pack("<I", crc32c.masked(record)))


class TFRecordWriter:
    """Writes records to a TFRecord file (`tf.io.TFRecordWriter`), as a context manager too.

    The records stream into the file itself, not into a temporary file renamed at the end, so
    that, as with TensorFlow's writer, the records `flush()` wrote can be read while writing
    goes on.

    Args:
        path: the file to write (replaced if it exists).
        options: a `TFRecordOptions`, or a compression type string (`"GZIP"`, `"ZLIB"`, `""`).

    Raises:
        ValueError: an unknown compression type.
        NotFoundError: the file's directory does not exist (or another `OpError` for a file
            that cannot be opened).
    """

    def __init__(self, path: str, options: Any = None):
        self._options = as_options(options)
        self._compressor = self._options._compressor()
        self._path = str(path)
        try:
            self._file: BinaryIO | None = open(self._path, "wb")
        except OSError as e:
            raise os_error(e, self._path) from None

    def __enter__(self) -> TFRecordWriter:
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    def _open_file(self) -> BinaryIO:
        if self._file is None:
            raise errors.FailedPreconditionError("Writer is closed.")
        return self._file

    def write(self, record: bytes | str) -> None:
        """Appends one record (bytes, or a str written as UTF-8).

        Raises:
            TypeError: `record` is neither bytes nor str.
            FailedPreconditionError: the writer is closed.
        """
        if isinstance(record, str):
            record = record.encode("utf-8")
        if not isinstance(record, (bytes, bytearray, memoryview)):
            raise TypeError(f"TFRecordWriter.write takes bytes or a str; got "
                            f"{type(record).__name__}. Serialize it first (for an Example, "
                            f"example.SerializeToString()).")
        data = frame(bytes(record))
        file = self._open_file()
        file.write(self._compressor.compress(data) if self._compressor else data)

    def flush(self) -> None:
        """Writes what is buffered to the file (a partial flush of the compressed stream).

        Raises:
            FailedPreconditionError: the writer is closed.
        """
        file = self._open_file()
        if self._compressor is not None:
            mode = self._options.flush_mode
            file.write(self._compressor.flush(zlib.Z_PARTIAL_FLUSH if mode is None else mode))
        file.flush()

    def close(self) -> None:
        """Finishes the file; closing again does nothing."""
        if self._file is None:
            return
        file, self._file = self._file, None
        try:
            if self._compressor is not None:
                file.write(self._compressor.flush())
        finally:
            file.close()


class _Stream:
    """The bytes of a file, decompressed as they are read."""

    def __init__(self, file: BinaryIO, compression: str, path: str):
        self._file = file
        self._path = path
        self._compression = compression
        self._inflate = (zlib.decompressobj(31 if compression == "GZIP" else 15)
                         if compression else None)
        self._buffer = b""

    def read(self, n: int) -> bytes:
        """Up to `n` bytes; fewer only at the end."""
        if self._inflate is None:
            return self._file.read(n)
        while len(self._buffer) < n:
            chunk = self._file.read(_CHUNK)
            try:
                if not chunk:
                    self._buffer += self._inflate.flush()
                    break
                self._buffer += self._inflate.decompress(chunk)
            except zlib.error as e:
                raise errors.DataLossError(
                    f"inflate() failed: {e}, in {self._path} (read as {self._compression}; "
                    f"is it compressed that way?)") from None
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out


def read_records(path: str, compression_type: str | None = None) -> Iterator[bytes]:
    """The records of a TFRecord file, each checked against its checksums.

    Raises:
        NotFoundError: no such file (or another `OpError` for one that cannot be opened).
        DataLossError: a record whose length or data fails its checksum, or a file that ends
            inside a record; the message names the file and the offset.
    """
    compression = TFRecordOptions.get_compression_type_string(compression_type)
    try:
        file = open(path, "rb")
    except OSError as e:
        raise os_error(e, path) from None
    with file:
        stream, offset = _Stream(file, compression, path), 0
        while True:
            header = stream.read(_HEADER)
            if len(header) < _HEADER:
                return  # no record, or only part of a length field: the end, as in TensorFlow
            length_bytes, length_crc = header[:8], struct.unpack("<I", header[8:])[0]
            if crc32c.masked(length_bytes) != length_crc:
                hint = " (Is this even a TFRecord file?)" if offset == 0 else ""
                raise errors.DataLossError(f"corrupted record at {offset}{hint}: the checksum "
                                           f"of its length does not match, in {path}")
            length = struct.unpack("<Q", length_bytes)[0]
            body = stream.read(length + 4)
            if len(body) < length + 4:
                raise errors.DataLossError(f"truncated record at {offset}: the file ends inside "
                                           f"the record, in {path}")
            data, data_crc = body[:length], struct.unpack("<I", body[length:])[0]
            if crc32c.masked(data) != data_crc:
                raise errors.DataLossError(f"corrupted record at {offset + _HEADER}: the "
                                           f"checksum of its data does not match, in {path}")
            yield data
            offset += _HEADER + length + 4
