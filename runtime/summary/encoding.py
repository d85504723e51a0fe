"""Summary values as TensorBoard stores them: a tensor plus the name of the plugin that shows it.

The layout is TensorFlow 2's (`tf.summary`), so TensorBoard's dashboards and readers treat our
files as TensorFlow's:

    scalar     plugin "scalars",    a float32 scalar
    histogram  plugin "histograms", float64 [buckets, 3]: left edge, right edge, count
    image      plugin "images",     strings [2 + k]: width, height, then k PNG images
    text       plugin "text",       the strings as given
    audio      plugin "audio",      strings [k, 2]: a WAV file and its (empty) label

The protocol buffers come from `tensorboardX` (the `tensorboard` extra). PNG images are
written here with `zlib` (about twenty lines for the one format TensorBoard needs) rather than
adding an imaging library; WAV files with the standard library's `wave`.

>>> import numpy as np
>>> histogram_buckets(np.array([1.0, 2.0, 2.0, 5.0]), 2)
array([[1., 3., 3.],
       [3., 5., 1.]])
"""

from __future__ import annotations

import importlib
import io
import struct
import wave
import zlib
from typing import Any

import numpy as np

DEFAULT_BUCKETS = 30
_AUDIO_WAV = b"\x10\x0b"  # AudioPluginData(encoding=WAV), the bytes TensorFlow writes


def protos() -> Any:
    """tensorboardX's protocol buffer modules (`summary_pb2`, `tensor_pb2`, ...) as one
    namespace; a clear ImportError when the `tensorboard` extra is not installed."""
    try:
        module = importlib.import_module("tensorboardX.proto.summary_pb2")
    except ImportError:
        raise ImportError("TensorBoard summaries need tensorboardX, which is not installed: "
                          "pip install 'autograph[tensorboard]'") from None
    return module


def summary_value(kind: str, tag: str, data: np.ndarray, description: str = "",
                  buckets: int | None = None, max_outputs: int = 3,
                  sample_rate: float = 0.0) -> Any:
    """A `Summary` holding one value of `kind` for `tag`, made from the array `data`."""
    pb = protos()
    if kind == "scalar":
        tensor, plugin, content = _numeric(np.asarray(data, np.float32)), "scalars", b""
    elif kind == "histogram":
        buckets = DEFAULT_BUCKETS if buckets is None else buckets
        tensor, plugin, content = _numeric(histogram_buckets(data, buckets)), "histograms", b""
    elif kind == "image":
        tensor, plugin, content = _strings(_images(data, max_outputs)), "images", b""
    elif kind == "text":
        tensor, plugin, content = _strings(np.asarray(data, object)), "text", b""
    elif kind == "audio":
        tensor, plugin, content = _strings(_audio(data, sample_rate, max_outputs)), "audio", \
            _AUDIO_WAV
    else:
        raise ValueError(f"Unknown summary kind {kind!r}.")
    metadata = pb.SummaryMetadata(
        plugin_data=pb.SummaryMetadata.PluginData(plugin_name=plugin, content=content),
        summary_description=description)
    return pb.Summary(value=[pb.Summary.Value(tag=tag, metadata=metadata, tensor=tensor)])


# Tensors ----------------------------------------------------------------------------------------
_DTYPE_CODES = {np.dtype(np.float32): 1, np.dtype(np.float64): 2}


def _numeric(array: np.ndarray) -> Any:
    from tensorboardX.proto import tensor_pb2, tensor_shape_pb2

    array = np.asarray(array, order="C")  # (ascontiguousarray makes a scalar 1-d)
    shape = tensor_shape_pb2.TensorShapeProto(
        dim=[tensor_shape_pb2.TensorShapeProto.Dim(size=d) for d in array.shape])
    return tensor_pb2.TensorProto(dtype=_DTYPE_CODES[array.dtype], tensor_shape=shape,
                                  tensor_content=array.astype(array.dtype.newbyteorder("<"))
                                  .tobytes())


def _strings(array: np.ndarray) -> Any:
    from tensorboardX.proto import tensor_pb2, tensor_shape_pb2

    shape = tensor_shape_pb2.TensorShapeProto(
        dim=[tensor_shape_pb2.TensorShapeProto.Dim(size=d) for d in array.shape])
    values = [v if isinstance(v, bytes) else str(v).encode("utf-8") for v in array.reshape(-1)]
    return tensor_pb2.TensorProto(dtype=7, tensor_shape=shape, string_val=values)  # DT_STRING


# Histograms -------------------------------------------------------------------------------------
def histogram_buckets(data: Any, buckets: int) -> np.ndarray:
    """`[buckets, 3]` rows of (left edge, right edge, count), as TensorBoard's `histogram`
    makes them: equal widths from the least to the greatest value, the greatest in the last
    bucket; a single value gives zero-width buckets with every count in the last; no data gives
    zeros."""
    values = np.asarray(data, np.float64).reshape(-1)
    buckets = max(0, int(buckets))
    if values.size == 0 or buckets == 0:
        return np.zeros((buckets, 3))
    low, high = values.min(), values.max()
    if low == high:
        counts = np.zeros(buckets)
        counts[-1] = values.size
        return np.stack([np.full(buckets, high), np.full(buckets, high), counts], axis=1)
    width = (high - low) / buckets
    index = np.minimum(np.floor((values - low) / width).astype(np.int64), buckets - 1)
    counts = np.bincount(index, minlength=buckets).astype(np.float64)
    edges = np.linspace(low, high, buckets + 1)
    edges[-1] = high
    return np.stack([edges[:-1], edges[1:], counts], axis=1)


# Images -----------------------------------------------------------------------------------------
def _images(data: Any, max_outputs: int) -> np.ndarray:
    images = np.asarray(data)
    if images.ndim != 4 or images.shape[-1] not in (1, 2, 3, 4):
        raise ValueError(f"An image summary takes a [k, height, width, channels] tensor with 1 "
                         f"to 4 channels; got shape {images.shape}.")
    if images.dtype.kind == "f":  # as TensorFlow's convert_image_dtype(saturate=True)
        images = np.clip(images * 255.5, 0.0, 255.0).astype(np.uint8)
    elif images.dtype != np.uint8:
        raise ValueError(f"Image summaries take uint8 or floats in [0, 1]; got {images.dtype}.")
    height, width = images.shape[1:3]
    encoded = [encode_png(image) for image in images[:max(0, max_outputs)]]
    return np.array([str(width).encode(), str(height).encode(), *encoded], dtype=object)


def encode_png(image: np.ndarray) -> bytes:
    """A `[height, width, channels]` uint8 array as PNG bytes (grey, grey+alpha, RGB, RGBA)."""
    height, width, channels = image.shape
    color_type = {1: 0, 2: 4, 3: 2, 4: 6}[channels]
    rows = np.concatenate([np.zeros((height, 1), np.uint8),  # filter type 0 on every row
                           np.ascontiguousarray(image).reshape(height, width * channels)], axis=1)

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))
    header = struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rows.tobytes(), 6)) + chunk(b"IEND", b""))


# Audio ------------------------------------------------------------------------------------------
def _audio(data: Any, sample_rate: float, max_outputs: int) -> np.ndarray:
    clips = np.asarray(data, np.float64)
    if clips.ndim != 3:
        raise ValueError(f"An audio summary takes a [k, samples, channels] tensor of values in "
                         f"[-1, 1]; got shape {clips.shape}.")
    if not sample_rate or sample_rate <= 0:
        raise ValueError(f"An audio summary needs a positive sample_rate; got {sample_rate}.")
    rows = [[_wav(clip, int(sample_rate)), b""] for clip in clips[:max(0, max_outputs)]]
    return np.array(rows, dtype=object).reshape(len(rows), 2)


def _wav(clip: np.ndarray, sample_rate: int) -> bytes:
    # TensorFlow's EncodeWav: scaled by 2^15, rounded, clamped to int16
    samples = np.clip(np.round(clip * 32768.0), -32768, 32767).astype("<i2")
    out = io.BytesIO()
    with wave.open(out, "wb") as f:
        f.setnchannels(clip.shape[1])
        f.setsampwidth(2)
        f.setframerate(sample_rate)
        f.writeframes(samples.tobytes())
    return out.getvalue()
