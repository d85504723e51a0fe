"""Keras's image transforms (`keras.preprocessing.image.apply_affine_transform`,
`random_rotation`, `random_shift`, `random_shear`, `random_zoom`, the brightness and channel
shifts): one 3D image at a time, the affine ones with scipy.ndimage as Keras does, drawing
from NumPy's global generator in Keras's order.

>>> import numpy as np
>>> x = np.arange(9.0).reshape(1, 3, 3)  # channels first: Keras's default axes here
>>> apply_affine_transform(x, theta=90)[0].round(6).tolist()
[[2.0, 5.0, 8.0], [1.0, 4.0, 7.0], [0.0, 3.0, 6.0]]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.train.keras.image.image_utils import array_to_img, img_to_array
from autograph.runtime.train.keras.image.optional import pil_image_enhance, scipy_ndimage

__all__ = ["apply_affine_transform", "apply_brightness_shift", "apply_channel_shift",
           "flip_axis", "random_brightness", "random_channel_shift", "random_rotation",
           "random_shear", "random_shift", "random_zoom"]


def flip_axis(x: Any, axis: int) -> np.ndarray:
    """`x` reversed along `axis`."""
    return np.flip(np.asarray(x), axis)


def random_rotation(x: np.ndarray, rg: float, row_axis: int = 1, col_axis: int = 2,
                    channel_axis: int = 0, fill_mode: str = "nearest", cval: float = 0.0,
                    interpolation_order: int = 1) -> np.ndarray:
    """`x` rotated by an angle drawn uniformly from [-rg, rg] degrees."""
    theta = np.random.uniform(-rg, rg)
    return apply_affine_transform(x, theta=theta, row_axis=row_axis, col_axis=col_axis,
                                  channel_axis=channel_axis, fill_mode=fill_mode, cval=cval,
                                  order=interpolation_order)


def random_shift(x: np.ndarray, wrg: float, hrg: float, row_axis: int = 1, col_axis: int = 2,
                 channel_axis: int = 0, fill_mode: str = "nearest", cval: float = 0.0,
                 interpolation_order: int = 1) -> np.ndarray:
    """`x` shifted by fractions of its height and width drawn from [-hrg, hrg] and
    [-wrg, wrg]."""
    h, w = x.shape[row_axis], x.shape[col_axis]
    tx = np.random.uniform(-hrg, hrg) * h
    ty = np.random.uniform(-wrg, wrg) * w
    return apply_affine_transform(x, tx=tx, ty=ty, row_axis=row_axis, col_axis=col_axis,
                                  channel_axis=channel_axis, fill_mode=fill_mode, cval=cval,
                                  order=interpolation_order)


def random_shear(x: np.ndarray, intensity: float, row_axis: int = 1, col_axis: int = 2,
                 channel_axis: int = 0, fill_mode: str = "nearest", cval: float = 0.0,
                 interpolation_order: int = 1) -> np.ndarray:
    """`x` sheared by an angle drawn from [-intensity, intensity] degrees."""
    shear = np.random.uniform(-intensity, intensity)
    return apply_affine_transform(x, shear=shear, row_axis=row_axis, col_axis=col_axis,
                                  channel_axis=channel_axis, fill_mode=fill_mode, cval=cval,
                                  order=interpolation_order)


def random_zoom(x: np.ndarray, zoom_range: Any, row_axis: int = 1, col_axis: int = 2,
                channel_axis: int = 0, fill_mode: str = "nearest", cval: float = 0.0,
                interpolation_order: int = 1) -> np.ndarray:
    """`x` zoomed by two factors (rows, columns) drawn from `zoom_range` = (lower, upper).

    Raises:
        ValueError: `zoom_range` is not two numbers.
    """
    if len(zoom_range) != 2:
        raise ValueError("`zoom_range` should be a tuple or list of two floats. "
                         f"Received: {zoom_range}")
    if zoom_range[0] == 1 and zoom_range[1] == 1:
        zx, zy = 1.0, 1.0
    else:
        zx, zy = np.random.uniform(zoom_range[0], zoom_range[1], 2)
    return apply_affine_transform(x, zx=zx, zy=zy, row_axis=row_axis, col_axis=col_axis,
                                  channel_axis=channel_axis, fill_mode=fill_mode, cval=cval,
                                  order=interpolation_order)


def apply_channel_shift(x: np.ndarray, intensity: float, channel_axis: int = 0) -> np.ndarray:
    """`x` plus `intensity` in every channel, clipped to `x`'s own minimum and maximum."""
    x = np.rollaxis(x, channel_axis, 0)
    min_x, max_x = np.min(x), np.max(x)
    x = np.stack([np.clip(channel + intensity, min_x, max_x) for channel in x], axis=0)
    return np.rollaxis(x, 0, channel_axis + 1)


def random_channel_shift(x: np.ndarray, intensity_range: float,
                         channel_axis: int = 0) -> np.ndarray:
    """`apply_channel_shift` by an intensity drawn from [-intensity_range, intensity_range]."""
    intensity = np.random.uniform(-intensity_range, intensity_range)
    return apply_channel_shift(x, intensity, channel_axis=channel_axis)


def apply_brightness_shift(x: np.ndarray, brightness: float, scale: bool = True) -> np.ndarray:
    """`x` (channels last) with Pillow's brightness enhancement by the factor `brightness`;
    values outside 0..255 (or any, with `scale`) are stretched to 0..255 first, and without
    `scale` stretched back afterwards."""
    x_min, x_max = np.min(x), np.max(x)
    local_scale = (x_min < 0) or (x_max > 255)
    img = array_to_img(x, scale=local_scale or scale)
    img = pil_image_enhance().Brightness(img).enhance(brightness)
    out = img_to_array(img)
    if not scale and local_scale:
        out = out / 255 * (x_max - x_min) + x_min
    return out


def random_brightness(x: np.ndarray, brightness_range: Any, scale: bool = True) -> np.ndarray:
    """`apply_brightness_shift` by a factor drawn from `brightness_range` = (lower, upper).

    Raises:
        ValueError: `brightness_range` is not two numbers.
    """
    if len(brightness_range) != 2:
        raise ValueError("`brightness_range should be tuple or list of two floats. "
                         f"Received: {brightness_range}")
    u = np.random.uniform(brightness_range[0], brightness_range[1])
    return apply_brightness_shift(x, u, scale)


def _offset_center(matrix: np.ndarray, x: int, y: int) -> np.ndarray:
    """`matrix` applied about the image's centre instead of its corner."""
    o_x = float(x) / 2 - 0.5
    o_y = float(y) / 2 - 0.5
    offset = np.array([[1, 0, o_x], [0, 1, o_y], [0, 0, 1]])
    reset = np.array([[1, 0, -o_x], [0, 1, -o_y], [0, 0, 1]])
    return np.dot(np.dot(offset, matrix), reset)


def _matrix(theta: float, tx: float, ty: float, shear: float, zx: float,
            zy: float) -> np.ndarray | None:
    """The rotation, shift, shear and zoom composed in Keras's order; None for none."""
    parts = []
    if theta != 0:
        t = np.deg2rad(theta)
        parts.append(np.array([[np.cos(t), -np.sin(t), 0], [np.sin(t), np.cos(t), 0],
                               [0, 0, 1]]))
    if tx != 0 or ty != 0:
        parts.append(np.array([[1, 0, tx], [0, 1, ty], [0, 0, 1]]))
    if shear != 0:
        s = np.deg2rad(shear)
        parts.append(np.array([[1, -np.sin(s), 0], [0, np.cos(s), 0], [0, 0, 1]]))
    if zx != 1 or zy != 1:
        parts.append(np.array([[zx, 0, 0], [0, zy, 0], [0, 0, 1]]))
    if not parts:
        return None
    matrix = parts[0]
    for part in parts[1:]:
        matrix = np.dot(matrix, part)
    return matrix


def apply_affine_transform(x: np.ndarray, theta: float = 0, tx: float = 0, ty: float = 0,
                           shear: float = 0, zx: float = 1, zy: float = 1, row_axis: int = 1,
                           col_axis: int = 2, channel_axis: int = 0, fill_mode: str = "nearest",
                           cval: float = 0.0, order: int = 1) -> np.ndarray:
    """The 3D image `x` rotated by `theta` degrees, shifted by (`tx`, `ty`) pixels (rows,
    columns), sheared by `shear` degrees and zoomed by (`zx`, `zy`), about its centre, each
    channel with `scipy.ndimage.affine_transform` (`fill_mode`, `cval`, spline `order`).

    Raises:
        ValueError: the axes are not 0, 1 and 2 with channels first or last, or `x` is not
            3D.
    """
    if np.unique([row_axis, col_axis, channel_axis]).size != 3:
        raise ValueError("'row_axis', 'col_axis', and 'channel_axis' must be distinct")
    actual = {row_axis, col_axis, channel_axis}
    if actual != {0, 1, 2}:
        raise ValueError(f"Invalid axis' indices: {actual - {0, 1, 2}}")
    if x.ndim != 3:
        raise ValueError("Input arrays must be multi-channel 2D images.")
    if channel_axis not in [0, 2]:
        raise ValueError("Channels are allowed and the first and last dimensions.")
    matrix = _matrix(theta, tx, ty, shear, zx, zy)
    if matrix is None:
        return x
    matrix = _offset_center(matrix, x.shape[row_axis], x.shape[col_axis])
    x = np.rollaxis(x, channel_axis, 0)
    # The matrix is in (x, y) coordinates and arrays index (row, column): M' = PMP, with P
    # the permutation that swaps the two.
    if col_axis > row_axis:
        matrix[:, [0, 1]] = matrix[:, [1, 0]]
        matrix[[0, 1]] = matrix[[1, 0]]
    ndimage = scipy_ndimage()
    channels = [ndimage.affine_transform(channel, matrix[:2, :2], matrix[:2, 2], order=order,
                                         mode=fill_mode, cval=cval) for channel in x]
    return np.rollaxis(np.stack(channels, axis=0), 0, channel_axis + 1)
