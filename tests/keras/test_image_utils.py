"""`ag.keras.preprocessing.image`'s file functions at their edges (`load_img`, `save_img`,
`img_to_array`, `array_to_img`, `smart_resize`): data formats, modes, dtypes, path kinds,
crops and Keras's errors.

The expected values were recorded with TensorFlow 2.21.0 (Keras 3.15.1, NumPy 2.4.6, Pillow
13.0.0, scipy 1.17.1) by making the same calls through `tf.keras.preprocessing.image`
(`/tmp/tfenv/bin/python`). A result is recorded as its sum, its sum of squares and every 97th
value.
"""

import io
import pathlib
import warnings

import numpy as np
import pytest

pytest.importorskip("PIL")
pytest.importorskip("scipy")

from PIL import Image  # noqa: E402

import autograph as ag  # noqa: E402

im = ag.keras.preprocessing.image
X = (np.arange(5 * 6 * 7 * 3) % 251).reshape(5, 6, 7, 3).astype("float32")
RGBA = np.concatenate([X[0], X[0][..., :1]], -1)


def _check(batch, expected):
    batch = np.asarray(batch, np.float64)
    np.testing.assert_allclose([batch.sum(), (batch * batch).sum()], expected[:2], rtol=1e-12)
    np.testing.assert_array_equal(batch.reshape(-1)[::97][:6], np.array(expected[2]))


@pytest.fixture
def png(tmp_path):
    """X[0] written as an RGB PNG (6 rows, 7 columns), stretched to 0..255."""
    path = tmp_path / "c.png"
    im.save_img(str(path), X[0].transpose(2, 0, 1), data_format="channels_first")
    return path


def test_data_formats_are_read_in_any_case():
    img = Image.fromarray(X[0].astype("uint8"))
    assert im.img_to_array(img, data_format="Channels_First").shape == (3, 6, 7)
    assert im.array_to_img(X[0], data_format="CHANNELS_LAST").size == (7, 6)


def test_an_unknown_data_format_gives_kerass_error():
    with pytest.raises(ValueError, match=r"^The `data_format` argument must be one of "
                                         r"\{'channels_first', 'channels_last'\}. Received: "
                                         r"data_format=channels_middle$"):
        im.img_to_array(Image.fromarray(X[0].astype("uint8")), data_format="channels_middle")


def test_img_to_array_gives_a_grayscale_image_its_channel_axis():
    gray = Image.fromarray(X[0, :, :, 0].astype("uint8"))
    assert im.img_to_array(gray, data_format="channels_first").shape == (1, 6, 7)
    assert im.img_to_array(gray).shape == (6, 7, 1)
    assert im.img_to_array(Image.fromarray(X[0].astype("uint8")), dtype="int16").dtype == np.int16


@pytest.mark.parametrize("call, message", [
    (lambda: im.img_to_array(np.zeros((2, 2, 2, 2))), r"^Unsupported image shape: \(2, 2, 2, 2\)$"),
    (lambda: im.array_to_img(X[:2]), r"^Expected image array to have rank 3 \(single image\). "
                                     r"Got array with shape: \(2, 6, 7, 3\)$"),
])
def test_arrays_of_the_wrong_rank_give_kerass_errors(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_array_to_img_leaves_a_constant_image_at_zero():
    assert np.asarray(im.array_to_img(np.full((3, 4, 3), 7.0))).sum() == 0


def test_array_to_img_without_scale_truncates_in_its_dtype():
    _check(np.asarray(im.array_to_img(X[0] * 0.7, scale=False)), (5456.0, 317918.0, [0.0, 67.0]))
    img = im.array_to_img(np.linspace(0, 3, 24).reshape(2, 4, 3), dtype="int32", scale=False)
    assert np.asarray(img).tolist() == [[[0, 0, 0], [0, 0, 0], [0, 0, 1], [1, 1, 1]],
                                        [[1, 1, 1], [1, 2, 2], [2, 2, 2], [2, 2, 3]]]


def test_array_to_img_keeps_grayscale_up_to_255_in_8_bits():
    assert im.array_to_img(np.full((2, 2, 1), 255.0), scale=False).mode == "L"
    wide = im.array_to_img(np.full((2, 2, 1), 256.0), scale=False)
    assert wide.mode == "I" and np.asarray(wide).tolist() == [[256, 256], [256, 256]]


def test_save_img_writes_rgba_as_rgb_jpeg_with_a_warning(tmp_path):
    with pytest.warns(UserWarning) as caught:
        im.save_img(str(tmp_path / "a.JPG"), RGBA)
    assert [str(w.message) for w in caught] == [
        "The JPEG format does not support RGBA images, converting to RGB."]
    assert caught[0].filename == __file__
    with Image.open(tmp_path / "a.JPG") as img:
        assert (img.format, img.mode) == ("JPEG", "RGB")


def test_save_img_keeps_rgba_in_png_without_a_warning(tmp_path):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        im.save_img(str(tmp_path / "r.png"), RGBA)
    with Image.open(tmp_path / "r.png") as img:
        assert img.mode == "RGBA"


def test_save_img_takes_jpg_as_a_format_and_passes_pillows_options(tmp_path):
    im.save_img(str(tmp_path / "b.bin"), X[0], file_format="jpg", quality=10)
    with Image.open(tmp_path / "b.bin") as img:
        assert img.format == "JPEG"
        _check(np.asarray(img), (16200.0, 2741154.0, [12.0, 205.0]))


def test_save_img_with_channels_first(png):
    with Image.open(png) as img:
        _check(np.asarray(img), (16005.0, 2725775.0, [0.0, 197.0]))


def test_load_img_reads_bytes_io_paths_and_bytes(png):
    buffer = io.BytesIO()
    im.save_img(buffer, X[0], file_format="png")
    buffer.seek(0)
    assert im.load_img(buffer).size == (7, 6)
    assert im.load_img(pathlib.Path(png)).size == (7, 6)
    assert im.load_img(str(png).encode()).size == (7, 6)


def test_load_img_refuses_what_is_no_path_and_unknown_color_modes(png):
    with pytest.raises(TypeError, match="^path should be path-like or io.BytesIO, not "
                                        "<class 'int'>$"):
        im.load_img(3)
    with pytest.raises(ValueError, match='^color_mode must be "grayscale", "rgb", or "rgba"$'):
        im.load_img(str(png), color_mode="hsv")


def test_load_img_checks_the_interpolation_only_when_it_resizes(png):
    assert im.load_img(str(png), target_size=(6, 7), interpolation="cubic").size == (7, 6)
    with pytest.raises(ValueError, match="^Invalid interpolation method cubic specified. "
                                         "Supported methods are nearest, bilinear, bicubic, "
                                         "hamming, box, lanczos$"):
        im.load_img(str(png), target_size=(3, 3), interpolation="cubic")


def test_load_img_resizes_by_nearest_neighbours_without_cropping_by_default(png):
    _check(im.img_to_array(im.load_img(str(png), target_size=(4, 5))),
           (7622.0, 1334756.0, [0.0]))


def test_load_img_converts_to_and_from_rgba(png, tmp_path):
    im.save_img(str(tmp_path / "r.png"), RGBA)
    assert im.load_img(str(png), color_mode="rgba").mode == "RGBA"
    assert im.load_img(str(tmp_path / "r.png"), color_mode="rgba").mode == "RGBA"
    assert im.load_img(str(tmp_path / "r.png")).mode == "RGB"
    gray = im.load_img(str(tmp_path / "r.png"), color_mode="grayscale")
    assert gray.mode == "L"
    _check(im.img_to_array(gray), (5333.0, 907901.0, [2.0]))


@pytest.mark.parametrize("scale, dtype, file, mode, expected", [
    (1000, "uint16", "i16.png", "I;16", (861000.0, 23821000000.0, [0.0])),
    (100000, "int32", "i.tif", "I", (86100000.0, 238210000000000.0, [0.0])),
], ids=["16-bit", "32-bit"])
def test_load_img_keeps_wide_grayscale(tmp_path, scale, dtype, file, mode, expected):
    pixels = (np.arange(42).reshape(6, 7) * scale).astype(dtype)
    Image.fromarray(pixels).save(tmp_path / file)
    gray = im.load_img(str(tmp_path / file), color_mode="grayscale")
    assert gray.mode == mode
    _check(im.img_to_array(gray), expected)


@pytest.mark.parametrize("size, expected", [
    ((3, 3), (3360.0, 525144.0, [34.0])),
    ((4, 2), (3048.0, 498664.0, [29.0])),
    ((2, 6), (4573.0, 602735.0, [86.0])),
])
def test_load_img_keep_aspect_ratio_crops_the_centre(png, size, expected):
    img = im.load_img(str(png), target_size=size, keep_aspect_ratio=True,
                      interpolation="bilinear")
    _check(im.img_to_array(img), expected)


@pytest.mark.parametrize("interpolation, expected", [
    ("hamming", (7622.0, 1279424.0, [13.0])),
    ("box", (8278.0, 1461034.0, [21.0])),
    ("lanczos", (7621.0, 1287291.0, [12.0])),
    ("bilinear", (7621.0, 1254291.0, [18.0])),
])
def test_load_img_resizes_with_each_of_pillows_filters(png, interpolation, expected):
    img = im.load_img(str(png), target_size=(4, 5), interpolation=interpolation)
    _check(im.img_to_array(img), expected)


def test_smart_resize_crops_a_channels_first_batch():
    out = im.smart_resize(X.transpose(0, 3, 1, 2), (3, 2), interpolation="nearest",
                          data_format="channels_first")
    assert isinstance(out, np.ndarray) and out.shape == (5, 3, 3, 2)
    _check(out, (11178.0, 1835268.0, [27.0]))


@pytest.mark.parametrize("size, expected", [
    ((2, 5), (5655.0, 1070375.0, [168.0])),
    ((5, 1), (2859.0, 567691.0, [135.0])),
    ((1, 40), (21360.0, 3806480.0, [168.0, 184.0])),
    ((40, 1), (22620.0, 4420064.0, [135.0, 220.0])),
])
def test_smart_resize_crops_to_the_targets_aspect_ratio(size, expected):
    out = im.smart_resize(X[1], size, interpolation="nearest")
    assert out.shape == (*size, 3)
    _check(out, expected)


def test_smart_resize_keeps_a_channels_first_tensor_a_tensor():
    out = im.smart_resize(ag.constant(X[1].transpose(2, 0, 1)), (4, 4), interpolation="nearest",
                          data_format="channels_first")
    assert isinstance(out, ag.Tensor) and out.shape == (3, 4, 4)
    _check(out.numpy(), (8976.0, 1748744.0, [126.0]))


@pytest.mark.parametrize("image, size, message", [
    (X[1], (2, 3, 4), r"^Expected `size` to be a tuple of 2 integers, but got: \(2, 3, 4\).$"),
    (X[1, 0], (2, 3), r"incorrect rank, of shape \(7, 3\).$"),
    (X[None], (2, 3), r"incorrect rank, of shape \(1, 5, 6, 7, 3\).$"),
])
def test_smart_resize_refuses_bad_sizes_and_ranks_as_keras(image, size, message):
    with pytest.raises(ValueError, match=message):
        im.smart_resize(image, size)


def test_smart_resize_names_the_interpolations_it_has():
    # Departure from Keras, which also has bicubic and others: ag.image.resize's two only.
    with pytest.raises(ValueError, match="^smart_resize supports the interpolations 'bilinear' "
                                         "and 'nearest'; got 'bicubic'.$"):
        im.smart_resize(X[1], (2, 2), interpolation="bicubic")
