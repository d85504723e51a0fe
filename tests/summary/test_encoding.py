"""The summary values' encodings: PNG colour types, refused image and audio shapes, empty
histograms."""

import struct
import zlib

import numpy as np
import numpy.testing as npt
import pytest

from autograph.runtime.summary import encoding


@pytest.mark.parametrize("channels, color_type", [(1, 0), (2, 4), (3, 2), (4, 6)])
def test_png_colour_types_and_pixels(channels, color_type):
    image = np.arange(2 * 3 * channels, dtype=np.uint8).reshape(2, 3, channels)
    png = encoding.encode_png(image)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height, depth, color = struct.unpack(">IIBB", png[16:26])
    assert (width, height, depth, color) == (3, 2, 8, color_type)
    start = png.index(b"IDAT")
    (length,) = struct.unpack(">I", png[start - 4:start])
    rows = np.frombuffer(zlib.decompress(png[start + 4:start + 4 + length]), np.uint8)
    npt.assert_array_equal(rows.reshape(2, -1)[:, 1:].reshape(image.shape), image)
    (crc,) = struct.unpack(">I", png[start + 4 + length:start + 8 + length])
    assert crc == zlib.crc32(png[start:start + 4 + length]) & 0xFFFFFFFF


@pytest.mark.parametrize("data, message", [
    (np.zeros((2, 3, 3)), r"\[k, height, width, channels\] tensor with 1 to 4 channels; got "
                          r"shape \(2, 3, 3\)"),
    (np.zeros((1, 2, 2, 5)), r"1 to 4 channels; got shape \(1, 2, 2, 5\)"),
    (np.zeros((1, 2, 2, 1), np.int32), r"Image summaries take uint8 or floats in \[0, 1\]; "
                                       r"got int32"),
])
def test_bad_images_are_refused(data, message):
    with pytest.raises(ValueError, match=message):
        encoding.summary_value("image", "img", data)


@pytest.mark.parametrize("data, rate, message", [
    (np.zeros((4, 1)), 8000, r"\[k, samples, channels\] tensor of values in \[-1, 1\]; got "
                             r"shape \(4, 1\)"),
    (np.zeros((1, 4, 1)), 0, r"needs a positive sample_rate; got 0"),
])
def test_bad_audio_is_refused(data, rate, message):
    with pytest.raises(ValueError, match=message):
        encoding.summary_value("audio", "snd", data, sample_rate=rate)


def test_an_unknown_kind_is_refused():
    with pytest.raises(ValueError, match="Unknown summary kind 'video'"):
        encoding.summary_value("video", "v", np.zeros(1))


def test_histograms_of_nothing_and_into_no_buckets():
    npt.assert_array_equal(encoding.histogram_buckets([], 3), np.zeros((3, 3)))
    assert encoding.histogram_buckets([1.0, 2.0], 0).shape == (0, 3)


def test_floats_outside_zero_to_one_saturate_as_tensorflow_converts_them():
    width_height_png = encoding.summary_value("image", "i", np.array(
        [[[[-1.0], [0.5], [2.0]]]], np.float32)).value[0].tensor.string_val
    png = width_height_png[2]
    start = png.index(b"IDAT")
    (length,) = struct.unpack(">I", png[start - 4:start])
    rows = np.frombuffer(zlib.decompress(png[start + 4:start + 4 + length]), np.uint8)
    assert rows[1:].tolist() == [0, 127, 255]
