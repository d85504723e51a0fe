"""`ag.keras.preprocessing.image` over image files: `flow_from_directory` and
`DirectoryIterator`, `load_img`, `save_img`, `img_to_array`, `array_to_img`, `smart_resize`,
against Keras's own answers.

The expected numbers were recorded with TensorFlow 2.21.0 (Keras 3.15.1, NumPy 2.4.6, Pillow
13.0.0, scipy 1.17.1) by making the same calls through `tf.keras.preprocessing.image` on a
folder made as `flowers` makes it (`/tmp/tfenv/bin/python` running this file's calls with
`im = tf.keras.preprocessing.image`). A batch is recorded as its sum, its sum of squares and
every 97th value (`_summary`).
"""

import sys

import numpy as np
import pytest

pytest.importorskip("PIL")
pytest.importorskip("scipy")

from PIL import Image  # noqa: E402

import autograph as ag  # noqa: E402

im = ag.keras.preprocessing.image
X = (np.arange(5 * 6 * 7 * 3) % 251).reshape(5, 6, 7, 3).astype("float32")
FILES = ["daisy/img0.png", "daisy/img1.jpg", "daisy/img2.png", "roses/img0.jpg",
         "roses/img1.png", "roses/img2.jpg", "roses/img3.png", "roses/more/a.png",
         "tulips/img0.png", "tulips/img1.jpg", "tulips/img2.png", "tulips/img3.jpg",
         "tulips/img4.png"]


def _check(batch, expected):
    batch = np.asarray(batch, np.float64)
    np.testing.assert_allclose([batch.sum(), (batch * batch).sum()], expected[:2], rtol=1e-12)
    np.testing.assert_array_equal(batch.reshape(-1)[::97][:6], np.array(expected[2]))


@pytest.fixture
def flowers(tmp_path):
    """3 class folders of random PNG and JPEG images of several sizes, a text file that is
    no image, and a nested folder."""
    rng = np.random.RandomState(0)
    root = tmp_path / "flowers"
    for k, name in enumerate(["daisy", "roses", "tulips"]):
        (root / name).mkdir(parents=True)
        for i in range(3 + k):
            pixels = rng.randint(0, 256, (10 + i, 12 + 2 * k, 3)).astype("uint8")
            ext = "png" if (i + k) % 2 == 0 else "jpg"
            Image.fromarray(pixels).save(root / name / f"img{i}.{ext}")
    (root / "daisy" / "notes.txt").write_text("x")
    (root / "roses" / "more").mkdir()
    Image.fromarray(rng.randint(0, 256, (9, 9, 3)).astype("uint8")).save(
        root / "roses" / "more" / "a.png")
    return str(root)


def _generator():
    return im.ImageDataGenerator(rescale=1. / 255, rotation_range=20, validation_split=0.34)


def test_flow_from_directory_lists_classes_and_files_as_keras(flowers, capsys):
    batches = _generator().flow_from_directory(flowers, target_size=(8, 9), batch_size=4, seed=3)
    assert capsys.readouterr().out == "Found 13 images belonging to 3 classes.\n"
    assert batches.filenames == FILES
    assert batches.classes.tolist() == [0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2]
    assert batches.class_indices == {"daisy": 0, "roses": 1, "tulips": 2}
    assert (batches.samples, len(batches)) == (13, 4)


def test_flow_from_directory_with_a_seed_gives_kerass_batches(flowers):
    batches = _generator().flow_from_directory(flowers, target_size=(8, 9), batch_size=4, seed=3)
    expected = [
        (411.9484300725162, 227.41975013002934,
         [0.2229170948266983, 0.6592285633087158, 0.6875150203704834, 0.5365063548088074,
          0.5256302356719971, 0.451036274433136], [1, 1, 0, 0]),
        (420.7262386903167, 239.91647050463138,
         [0.8209369778633118, 0.6082475185394287, 0.283766508102417, 0.5987734198570251,
          0.3801955282688141, 0.33311915397644043], [2, 1, 1, 0]),
        (438.72368639707565, 249.29541005609542,
         [0.9255332350730896, 0.40491676330566406, 0.6254473924636841, 0.6262280344963074,
          0.5569050908088684, 0.7344217300415039], [2, 1, 2, 2]),
    ]
    for total, squares, values, labels in expected:
        x, y = next(batches)
        assert x.shape == (4, 8, 9, 3) and y.shape == (4, 3)
        _check(x, (total, squares, values))
        assert y.argmax(axis=1).tolist() == labels and y.sum() == 4
    _check(batches[0][0], (413.7981233522296, 233.25411264629236,
                           [0.41169431805610657, 0.7075188755989075, 0.5321624875068665,
                            0.5501587390899658, 0.5355395078659058, 0.6131683588027954]))


def test_validation_subset_takes_the_first_part_of_each_class(flowers):
    batches = _generator().flow_from_directory(flowers, target_size=(8, 9), batch_size=4, seed=3,
                                               subset="validation", class_mode="sparse")
    assert batches.filenames == ["daisy/img0.png", "roses/img0.jpg", "tulips/img0.png"]
    x, y = next(batches)
    _check(x, (334.0711053237319, 195.2165364756804,
               [0.3619599938392639, 0.5714446306228638, 0.6344790458679199, 0.155922994017601,
                0.7673953175544739, 0.5563523769378662]))
    assert y.tolist() == [1.0, 0.0, 2.0] and y.dtype == np.float32


def test_training_subset_in_grayscale_with_binary_labels(flowers):
    batches = _generator().flow_from_directory(
        flowers, target_size=(8, 9), batch_size=4, seed=3, subset="training",
        class_mode="binary", shuffle=False, color_mode="grayscale")
    assert batches.filenames == [f for f in FILES if "img0" not in f]
    x, y = next(batches)
    assert x.shape == (4, 8, 9, 1)
    _check(x, (138.5765451565385, 73.97357361651649,
               [0.29151812195777893, 0.6025294065475464, 0.6763733625411987]))
    assert y.tolist() == [0, 0, 1, 1]


def test_chosen_classes_without_labels_keep_aspect_ratio_in_rgba(flowers):
    batches = im.ImageDataGenerator().flow_from_directory(
        flowers, target_size=(7, 7), class_mode=None, batch_size=5, shuffle=False,
        interpolation="bilinear", keep_aspect_ratio=True, color_mode="rgba",
        classes=["tulips", "daisy"])
    assert batches.filenames == FILES[8:] + FILES[:3]
    x = next(batches)
    assert x.shape == (5, 7, 7, 4)
    _check(x, (156599.0, 28615375.0, [132, 175, 163, 255, 91, 157]))


def test_input_mode_channels_first_returns_the_images_twice(flowers):
    batches = im.ImageDataGenerator(data_format="channels_first").flow_from_directory(
        flowers, target_size=(6, 6), class_mode="input", batch_size=3, shuffle=False)
    x, y = next(batches)
    assert x.shape == (3, 3, 6, 6)
    _check(x, (39415.0, 6188527.0, [192, 40, 132, 134]))
    np.testing.assert_array_equal(x, y)
    assert x is not y


@pytest.mark.parametrize("kwargs, message", [
    ({"class_mode": "raw"}, "Invalid class_mode: raw"),
    ({"color_mode": "cmyk"}, "Invalid color mode: cmyk"),
    ({"subset": "test"}, "Invalid subset name: test"),
])
def test_flow_from_directory_refuses_unknown_modes(flowers, kwargs, message):
    with pytest.raises(ValueError, match=message):
        im.ImageDataGenerator(validation_split=0.5).flow_from_directory(flowers, **kwargs)


def test_load_img_converts_and_resizes_keeping_the_aspect_ratio(flowers):
    path = f"{flowers}/roses/img1.png"
    _check(im.img_to_array(im.load_img(path, color_mode="grayscale")),
           (19544.0, 2809746.0, [83, 99]))
    kept = im.load_img(path, target_size=(5, 4), keep_aspect_ratio=True, interpolation="bicubic")
    _check(im.img_to_array(kept), (7767.0, 1041231.0, [138]))
    assert im.img_to_array(im.load_img(path), data_format="channels_first").shape == (3, 11, 14)


def test_load_img_refuses_an_unknown_interpolation(flowers):
    with pytest.raises(ValueError, match="Invalid interpolation method cubic"):
        im.load_img(f"{flowers}/roses/img1.png", target_size=(3, 3), interpolation="cubic")


def test_save_img_writes_a_scaled_jpeg_and_an_unscaled_grayscale_png(tmp_path):
    im.save_img(tmp_path / "saved.jpg", X[0])
    _check(im.img_to_array(im.load_img(tmp_path / "saved.jpg")), (15951.0, 2697901.0, [1, 200]))
    im.save_img(str(tmp_path / "saved.png"), X[0][:, :, :1] * 0.5, scale=False)
    gray = im.load_img(str(tmp_path / "saved.png"), color_mode="grayscale")
    assert gray.mode == "L"
    _check(im.img_to_array(gray), (1281.0, 52941.0, [0]))


def test_array_to_img_stretches_values_and_picks_the_mode():
    img = im.array_to_img(X[0] - 50)
    assert (img.mode, img.size) == ("RGB", (7, 6))
    _check(im.img_to_array(img), (16005.0, 2725775.0, [0, 197]))
    assert im.array_to_img(X[0][:, :, :1] * 10, scale=False).mode == "I"
    assert im.array_to_img(np.ones((4, 2, 3)), data_format="channels_first").mode == "RGBA"


def test_array_to_img_refuses_two_channels():
    with pytest.raises(ValueError, match="Unsupported channel number: 2"):
        im.array_to_img(np.ones((2, 2, 2)))


def test_smart_resize_crops_the_centre_then_resizes():
    # ag.image.resize's bilinear weights round differently from TensorFlow's in float32's
    # last bits: the sums are close, the sampled values equal.
    out = im.smart_resize(X, (4, 5))
    assert isinstance(out, np.ndarray) and out.shape == (5, 4, 5, 3)
    wide = out.astype(np.float64)
    np.testing.assert_allclose([wide.sum(), (wide * wide).sum()],
                               [30959.999961853027, 4598422.428571895], rtol=1e-7)
    np.testing.assert_array_equal(out.reshape(-1)[::97][:6],
                                  np.float32([3.2249999, 191.125, 149.025, 92.375]))
    nearest = im.smart_resize(X[0].transpose(2, 0, 1), (5, 3), interpolation="nearest",
                              data_format="channels_first")
    _check(nearest, (2907.0, 256359.0, [6]))


def test_smart_resize_keeps_a_tensor_a_tensor():
    out = im.smart_resize(ag.constant(X[0]), (3, 3))
    assert isinstance(out, ag.Tensor) and out.shape == (3, 3, 3)


def test_the_image_functions_are_also_in_keras_utils():
    assert ag.keras.utils.load_img is im.load_img
    assert ag.keras.utils.array_to_img is im.array_to_img


@pytest.mark.parametrize("module, call", [
    ("PIL", lambda: im.array_to_img(np.ones((2, 2, 3)))),
    ("scipy", lambda: im.apply_affine_transform(np.ones((1, 2, 2)), theta=10)),
])
def test_a_missing_optional_library_names_the_extra_to_install(monkeypatch, module, call):
    monkeypatch.setitem(sys.modules, module, None)  # as if not installed
    with pytest.raises(ImportError, match=r'pip install "autograph-dataflow\[image\]"'):
        call()
