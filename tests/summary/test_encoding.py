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


def _value(kind, data, **options):
    return encoding.summary_value(kind, "t", np.asarray(data), **options).value[0]


@pytest.mark.parametrize("kind, data, plugin, options", [
    ("scalar", 1.0, "scalars", {}), ("histogram", [1.0, 2.0], "histograms", {}),
    ("image", np.zeros((1, 1, 1, 1), np.uint8), "images", {}),
    ("text", np.array(["a"], dtype=object), "text", {}),
    ("audio", np.zeros((1, 2, 1)), "audio", {"sample_rate": 8000}),
])
def test_plugin_names_and_contents_are_tensorflows(kind, data, plugin, options):
    value = _value(kind, data, **options)
    assert value.metadata.plugin_data.plugin_name == plugin
    assert value.metadata.plugin_data.content == (b"\x10\x0b" if kind == "audio" else b"")
    assert value.metadata.summary_description == ""


def test_defaults_thirty_buckets_and_three_outputs():
    assert [d.size for d in _value("histogram", np.arange(100.0)).tensor.tensor_shape.dim] == \
        [30, 3]
    assert len(_value("image", np.zeros((5, 1, 1, 2), np.uint8)).tensor.string_val) == 2 + 3
    assert [d.size for d in _value("audio", np.zeros((5, 2, 1)),
                                   sample_rate=1).tensor.tensor_shape.dim] == [3, 2]


def test_no_outputs_when_max_outputs_is_zero():
    assert len(_value("image", np.zeros((2, 1, 1, 1), np.uint8),
                      max_outputs=0).tensor.string_val) == 2
    assert [d.size for d in _value("audio", np.zeros((2, 2, 1)), sample_rate=8,
                                   max_outputs=0).tensor.tensor_shape.dim] == [0, 2]


def test_a_single_value_counts_in_the_last_bucket():
    npt.assert_array_equal(encoding.histogram_buckets([4.0, 4.0], 3)[:, 2], [0, 0, 2])


def test_text_is_utf8():
    assert list(_value("text", np.array(["é"], dtype=object)).tensor.string_val) == [
        "é".encode("utf-8")]


def test_png_header_and_end_are_the_standards():
    png = encoding.encode_png(np.zeros((1, 1, 2), np.uint8))
    # depth 8, grey and alpha, deflate, filter method 0, no interlace
    assert png[24:29] == bytes([8, 4, 0, 0, 0])
    assert png.endswith(b"\x00\x00\x00\x00IEND\xaeB`\x82")


@pytest.mark.parametrize("rate", [0, -5])
def test_a_sample_rate_must_be_positive(rate):
    with pytest.raises(ValueError) as e:
        _value("audio", np.zeros((1, 2, 1)), sample_rate=rate)
    assert str(e.value) == f"An audio summary needs a positive sample_rate; got {rate}."


def test_wav_samples_round_and_saturate_as_tensorflows():
    wav = _value("audio", np.array([[[0.9], [-1.5]]]), sample_rate=4).tensor.string_val[0]
    assert np.frombuffer(wav[44:], "<i2").tolist() == [29491, -32768]


def test_exact_messages_for_kinds_and_images():
    with pytest.raises(ValueError) as e:
        _value("video", np.zeros(1))
    assert str(e.value) == "Unknown summary kind 'video'."
    with pytest.raises(ValueError) as e:
        _value("image", np.zeros((1, 2, 2, 1), np.int32))
    assert str(e.value) == "Image summaries take uint8 or floats in [0, 1]; got int32."


def test_missing_tensorboardx_says_which_extra_to_install(monkeypatch):
    def missing(name):
        raise ImportError(name)
    monkeypatch.setattr(encoding.importlib, "import_module", missing)
    with pytest.raises(ImportError) as e:
        encoding.protos()
    assert str(e.value) == ("TensorBoard summaries need tensorboardX, which is not installed: "
                            "pip install 'autograph[tensorboard]'")
