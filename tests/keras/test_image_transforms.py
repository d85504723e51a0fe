"""`ag.keras.preprocessing.image`'s transform functions at their edges: default fill values,
zoom and brightness ranges at their bounds, and Keras's errors for bad axes and ranges.

The expected numbers were recorded with TensorFlow 2.21.0 (Keras 3.15.1, NumPy 2.4.6, Pillow
13.0.0, scipy 1.17.1) by making the same calls through `tf.keras.preprocessing.image`
(`/tmp/tfenv/bin/python`). A result is recorded as its sum, its sum of squares and every 97th
value.
"""

import numpy as np
import pytest

pytest.importorskip("PIL")
pytest.importorskip("scipy")

import autograph as ag  # noqa: E402

im = ag.keras.preprocessing.image
X = (np.arange(5 * 6 * 7 * 3) % 251).reshape(5, 6, 7, 3).astype("float32")
IMAGE = X[0].transpose(2, 0, 1)  # the functions' default axes are channels first


def _check(batch, expected):
    batch = np.asarray(batch, np.float64)
    np.testing.assert_allclose([batch.sum(), (batch * batch).sum()], expected[:2], rtol=1e-12)
    np.testing.assert_array_equal(batch.reshape(-1)[::97][:6], np.array(expected[2]))


def test_random_transforms_fill_with_zero_by_default_in_constant_mode():
    np.random.seed(4)
    _check(im.random_rotation(IMAGE, 40, fill_mode="constant"),
           (5564.526136398315, 438570.8259480318, [0.0, 0.0]))
    _check(im.random_shift(IMAGE, 0.3, 0.3, fill_mode="constant"),
           (5918.462474822998, 528130.7464442856, [42.200870513916016, 0.0]))
    _check(im.random_shear(IMAGE, 30, fill_mode="constant"),
           (7006.708185195923, 578579.7426465687, [3.5948963165283203, 0.0]))
    _check(im.random_zoom(IMAGE, (1.2, 1.5), fill_mode="constant"),
           (2794.527256965637, 206130.3696461768, [0.0, 0.0]))


def test_apply_affine_transform_fills_with_zero_by_default_in_constant_mode():
    _check(im.apply_affine_transform(IMAGE, theta=45, fill_mode="constant"),
           (5825.934425354004, 463946.8727190396, [0.0, 0.0]))


@pytest.mark.parametrize("kwargs, expected", [
    ({"theta": 1}, (7897.239164561033, 660446.7113942157, [0.15821394324302673,
                                                           42.28915023803711])),
    ({"tx": 1}, (8199.0, 699375.0, [3.0, 41.0])),
    ({"ty": 1}, (10080.0, 934500.0, [21.0, 62.0])),
    ({"zx": 2}, (7956.0, 671713.5, [0.0, 41.0])),
    ({"zy": 2}, (7434.0, 696360.0, [0.0, 20.0])),
    ({"shear": 1}, (7878.028733491898, 658487.1414903523, [0.16666686534881592,
                                                           41.00639724731445])),
])
def test_apply_affine_transform_by_one_degree_or_pixel(kwargs, expected):
    _check(im.apply_affine_transform(IMAGE, **kwargs), expected)


def test_random_zoom_of_one_leaves_the_image_and_draws_nothing():
    np.random.seed(4)
    np.testing.assert_array_equal(im.random_zoom(IMAGE, (1, 1)), IMAGE)
    assert np.random.uniform() == 0.9670298390136767  # the seed's first draw


def test_random_zoom_with_one_bound_at_one_still_zooms():
    np.random.seed(4)
    _check(im.random_zoom(IMAGE, (1, 1.2)),
           (7804.578064918518, 661528.493973831, [0.0, 36.40324783325195]))
    np.random.seed(4)
    _check(im.random_zoom(IMAGE, (0.8, 1)),
           (7993.556070327759, 645723.8050421241, [5.754328727722168, 44.734012603759766]))


def test_brightness_shift_without_scale_leaves_values_from_0_to_255_unstretched():
    _check(im.apply_brightness_shift(X[0] * 200 / 250, 1.3, scale=False),  # from 0 to 200
           (8069.0, 696907.0, [0.0, 100.0]))
    _check(im.apply_brightness_shift(X[0] * 2 + 5, 0.7, scale=False),  # from 5 to 255
           (11403.0, 1358759.0, [3.0, 139.0]))


def test_brightness_shift_without_scale_stretches_values_below_0_or_above_255():
    _check(im.apply_brightness_shift(X[0] * 2 + 6, 0.7, scale=False),  # from 6 to 256
           (11685.412115573883, 1409991.2191879032, [6.0, 140.31373596191406]))
    _check(im.apply_brightness_shift(X[0] - 50, 1.2, scale=False),  # from -50 to 75
           (2827.9413146972656, 271825.98449482705, [-50.0, 65.68627166748047]))


def test_brightness_shift_scales_to_0_to_255_by_default():
    _check(im.apply_brightness_shift(X[0] * 200 / 250, 1.3), (19640.0, 3965024.0, [0.0, 255.0]))


@pytest.mark.parametrize("image, axes, message", [
    (IMAGE, (1, 1, 0), "^'row_axis', 'col_axis', and 'channel_axis' must be distinct$"),
    (IMAGE, (1, 2, 3), r"^Invalid axis' indices: \{3\}$"),
    (IMAGE, (0, 1, 3), r"^Invalid axis' indices: \{3\}$"),
    (IMAGE[0], (1, 2, 0), "^Input arrays must be multi-channel 2D images.$"),
    (IMAGE, (0, 2, 1), "^Channels are allowed and the first and last dimensions.$"),
])
def test_apply_affine_transform_refuses_bad_axes_as_keras(image, axes, message):
    row_axis, col_axis, channel_axis = axes
    with pytest.raises(ValueError, match=message):
        im.apply_affine_transform(image, theta=10, row_axis=row_axis, col_axis=col_axis,
                                  channel_axis=channel_axis)


def test_random_zoom_refuses_a_range_that_is_not_two_numbers():
    with pytest.raises(ValueError, match=r"^`zoom_range` should be a tuple or list of two "
                                         r"floats. Received: \(0.5,\)$"):
        im.random_zoom(IMAGE, (0.5,))


def test_random_brightness_refuses_a_range_that_is_not_two_numbers():
    with pytest.raises(ValueError, match=r"^`brightness_range should be tuple or list of two "
                                         r"floats. Received: \(0.5, 0.6, 0.7\)$"):
        im.random_brightness(X[0], (0.5, 0.6, 0.7))
