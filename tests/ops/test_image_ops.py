"""`ag.image`: the values TensorFlow 2.21 gives for the same calls (recorded by
`record_image_answers.py` into `data/image_tensorflow.json`), gradients included."""

import json
import pathlib

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag

TENSORFLOW = json.loads((pathlib.Path(__file__).parent / "data" /
                         "image_tensorflow.json").read_text())
IMG = np.arange(2 * 3 * 4 * 2, dtype=np.float32).reshape(2, 3, 4, 2) / 10.0


@pytest.mark.parametrize("name, call", [
    ("bilinear_up", lambda: ag.image.resize(IMG, [5, 7])),
    ("bilinear_down", lambda: ag.image.resize(IMG, [2, 3])),
    ("nearest_up", lambda: ag.image.resize(IMG, [5, 7], method="nearest")),
    ("nearest_down", lambda: ag.image.resize(IMG, [2, 3], method="nearest")),
    ("single", lambda: ag.image.resize(IMG[0], [4, 5])),
    ("flip_lr", lambda: ag.image.flip_left_right(IMG)),
    ("flip_ud", lambda: ag.image.flip_up_down(IMG)),
    ("central_crop", lambda: ag.image.central_crop(
        np.arange(30, dtype=np.float32).reshape(5, 6, 1), 0.5)),
    ("central_crop4", lambda: ag.image.central_crop(IMG, 0.6)),
    ("convert_u8_f", lambda: ag.image.convert_image_dtype(
        ag.constant([[[0, 128, 255]]], ag.uint8), ag.float32)),
    ("convert_f_u8", lambda: ag.image.convert_image_dtype(
        ag.constant([[[0.0, 0.5, 1.0, 1.2, -0.1]]]), ag.uint8, saturate=True)),
    ("gray", lambda: ag.image.rgb_to_grayscale(np.array([[[1.0, 0.5, 0.25]]], np.float32))),
    ("standardize", lambda: ag.image.per_image_standardization(IMG[0])),
    ("standardize_const", lambda: ag.image.per_image_standardization(
        np.ones((2, 2, 1), np.float32))),
])
def test_values_are_tensorflows(name, call):
    npt.assert_allclose(call().numpy(), TENSORFLOW[name], rtol=1e-5, atol=1e-6)


def test_bilinear_resize_of_integers_gives_float32_and_nearest_keeps_the_dtype():
    image = ag.constant(np.arange(12, dtype=np.uint8).reshape(2, 2, 3))
    assert ag.image.resize(image, [3, 3]).dtype.name == TENSORFLOW["uint8_resize_dtype"]
    assert ag.image.resize(image, [3, 3], method="nearest").dtype == ag.uint8


def test_the_gradient_of_a_bilinear_resize_is_tensorflows():
    x = ag.Variable(IMG[0])
    weights = np.arange(5 * 7 * 2, dtype=np.float32).reshape(5, 7, 2)
    with ag.GradientTape() as tape:
        y = ag.reduce_sum(ag.image.resize(x, [5, 7]) * weights)
    npt.assert_allclose(tape.gradient(y, x).numpy(), TENSORFLOW["bilinear_grad"], rtol=1e-5)


def test_random_flips_repeat_with_a_seed_and_flip_half_the_time():
    ag.random.set_seed(3)
    flips = [bool((ag.image.random_flip_left_right(IMG[0]).numpy() != IMG[0]).any())
             for _ in range(200)]
    assert 60 < sum(flips) < 140
    flipped = ag.image.random_flip_up_down(IMG[0]).numpy()
    assert np.array_equal(flipped, IMG[0]) or np.array_equal(flipped, IMG[0][::-1])


@pytest.mark.parametrize("call, message", [
    (lambda: ag.image.resize(IMG, [2, 2], method="bicubic"), "'bilinear' and 'nearest'"),
    (lambda: ag.image.resize(IMG[0, 0], [2, 2]), "takes an image"),
    (lambda: ag.image.central_crop(IMG, 0.0), r"central_fraction must be within \(0, 1\]"),
])
def test_bad_arguments_are_refused(call, message):
    with pytest.raises(ValueError, match=message):
        call()
