"""Keras's image file functions (`keras.utils.load_img`, `img_to_array`, `array_to_img`,
`save_img`, also under `keras.preprocessing.image`) over Pillow, and `smart_resize`.

>>> import numpy as np
>>> img = array_to_img(np.arange(12.0).reshape(2, 2, 3))
>>> img.size, img.mode
((2, 2), 'RGB')
>>> img_to_array(img)[1, 1].tolist()
[208.0, 231.0, 255.0]
"""

from __future__ import annotations

import io
import os
import pathlib
import warnings
from typing import Any

import numpy as np

from autograph.runtime.core.traceback_utils import user_stacklevel
from autograph.runtime.train.keras.image.optional import pil_image

__all__ = ["array_to_img", "img_to_array", "load_img", "save_img", "smart_resize",
           "standardize_data_format"]

INTERPOLATIONS = ("nearest", "bilinear", "bicubic", "hamming", "box", "lanczos")


def standardize_data_format(data_format: str | None) -> str:
    """`data_format` lower-cased, `"channels_last"` for None (Keras's default).

    Raises:
        ValueError: neither `"channels_first"` nor `"channels_last"`.
    """
    if data_format is None:
        return "channels_last"
    data_format = str(data_format).lower()
    if data_format not in {"channels_first", "channels_last"}:
        raise ValueError("The `data_format` argument must be one of {'channels_first', "
                         f"'channels_last'}}. Received: data_format={data_format}")
    return data_format


def array_to_img(x: Any, data_format: str | None = None, scale: bool = True,
                 dtype: Any = None) -> Any:
    """A 3D array (height, width, channels) as a Pillow image: RGBA, RGB or grayscale ("L",
    or "I" for values above 255); `scale` stretches its values to 0..255 first.

    Raises:
        ValueError: `x` is not rank 3, or has another number of channels than 1, 3 or 4.
    """
    data_format = standardize_data_format(data_format)
    image = pil_image()
    x = np.asarray(x, dtype=dtype or "float32")
    if x.ndim != 3:
        raise ValueError("Expected image array to have rank 3 (single image). "
                         f"Got array with shape: {x.shape}")
    if data_format == "channels_first":
        x = x.transpose(1, 2, 0)
    if scale:
        x = x - np.min(x)
        x_max = np.max(x)
        if x_max != 0:
            x /= x_max
        x *= 255
    if x.shape[2] == 4:
        return image.fromarray(x.astype("uint8"), "RGBA")
    if x.shape[2] == 3:
        return image.fromarray(x.astype("uint8"), "RGB")
    if x.shape[2] == 1:
        if np.max(x) > 255:  # 32-bit signed integer grayscale
            return image.fromarray(x[:, :, 0].astype("int32"), "I")
        return image.fromarray(x[:, :, 0].astype("uint8"), "L")
    raise ValueError(f"Unsupported channel number: {x.shape[2]}")


def img_to_array(img: Any, data_format: str | None = None, dtype: Any = None) -> np.ndarray:
    """A Pillow image as a 3D array, (height, width, channels) for `"channels_last"`.

    Raises:
        ValueError: the image is neither 2D nor 3D.
    """
    data_format = standardize_data_format(data_format)
    x = np.asarray(img, dtype=dtype or "float32")
    if x.ndim == 3:
        if data_format == "channels_first":
            x = x.transpose(2, 0, 1)
    elif x.ndim == 2:
        shape = (1, *x.shape) if data_format == "channels_first" else (*x.shape, 1)
        x = x.reshape(shape)
    else:
        raise ValueError(f"Unsupported image shape: {x.shape}")
    return x


def save_img(path: Any, x: Any, data_format: str | None = None, file_format: str | None = None,
             scale: bool = True, **kwargs: Any) -> None:
    """Writes the 3D array `x` as an image file (the format from `file_format`, else from
    the path's suffix); `kwargs` go to Pillow's `Image.save`. An RGBA image written as JPEG
    loses its alpha channel, with a warning."""
    data_format = standardize_data_format(data_format)
    if file_format is None and isinstance(path, (str, pathlib.Path)):
        file_format = pathlib.Path(path).suffix[1:].lower()
    if file_format and file_format.lower() == "jpg":
        file_format = "jpeg"
    img = array_to_img(x, data_format=data_format, scale=scale)
    if img.mode == "RGBA" and file_format == "jpeg":
        warnings.warn("The JPEG format does not support RGBA images, converting to RGB.",
                      stacklevel=user_stacklevel())
        img = img.convert("RGB")
    img.save(path, format=file_format, **kwargs)


def load_img(path: Any, color_mode: str = "rgb", target_size: tuple[int, int] | None = None,
             interpolation: str = "nearest", keep_aspect_ratio: bool = False) -> Any:
    """The image file at `path` (a path or an `io.BytesIO`) as a Pillow image in
    `color_mode` ("grayscale", "rgb" or "rgba"), resized to `target_size` = (height, width)
    if given; `keep_aspect_ratio` first crops the centre to the target's aspect ratio.

    Raises:
        TypeError: `path` is neither a path nor an `io.BytesIO`.
        ValueError: an unknown `color_mode` or `interpolation`.
    """
    image = pil_image()
    if isinstance(path, io.BytesIO):
        img = image.open(path)
    elif isinstance(path, (pathlib.Path, bytes, str, os.PathLike)):
        if isinstance(path, pathlib.Path):
            path = str(path.resolve())
        with open(path, "rb") as f:
            img = image.open(io.BytesIO(f.read()))
    else:
        raise TypeError(f"path should be path-like or io.BytesIO, not {type(path)}")
    if color_mode == "grayscale":
        if img.mode not in ("L", "I;16", "I"):
            img = img.convert("L")
    elif color_mode in ("rgba", "rgb"):
        if img.mode != color_mode.upper():
            img = img.convert(color_mode.upper())
    else:
        raise ValueError('color_mode must be "grayscale", "rgb", or "rgba"')
    if target_size is not None:
        width_height = (target_size[1], target_size[0])
        if img.size != width_height:
            if interpolation not in INTERPOLATIONS:
                raise ValueError(f"Invalid interpolation method {interpolation} specified. "
                                 f"Supported methods are {', '.join(INTERPOLATIONS)}")
            resample = getattr(image.Resampling, interpolation.upper())
            box = _crop_box(img.size, width_height) if keep_aspect_ratio else None
            img = img.resize(width_height, resample, box=box)
    return img


def _crop_box(size: tuple[int, int], target: tuple[int, int]) -> tuple[int, int, int, int]:
    """The centred (left, upper, right, lower) box of `size` with `target`'s aspect ratio."""
    width, height = size
    target_width, target_height = target
    crop_height = min(height, (width * target_height) // target_width)
    crop_width = min(width, (height * target_width) // target_height)
    top = (height - crop_height) // 2
    left = (width - crop_width) // 2
    return (left, top, left + crop_width, top + crop_height)


def smart_resize(x: Any, size: tuple[int, int], interpolation: str = "bilinear",
                 data_format: str = "channels_last") -> Any:
    """`x` (an image, or a batch of them) resized to `size` = (height, width) without
    distorting it: the largest centred crop with the target's aspect ratio, then resized. A
    NumPy input gives a NumPy array, a tensor a tensor.

    Departure from Keras: only the "bilinear" and "nearest" interpolations (ag.image.resize's).

    Raises:
        ValueError: `size` is not two numbers, or `x` is not rank 3 or 4.
    """
    from autograph.runtime.ops.array.ops import transpose
    from autograph.runtime.ops.image import ops as image_ops

    if len(size) != 2:
        raise ValueError(f"Expected `size` to be a tuple of 2 integers, but got: {size}.")
    shape = tuple(x.shape) if hasattr(x, "shape") else np.shape(x)
    if len(shape) < 3 or len(shape) > 4:
        raise ValueError("Expected an image array with shape `(height, width, channels)`, or "
                         "`(batch_size, height, width, channels)`, but got input with incorrect "
                         f"rank, of shape {shape}.")
    first = data_format == "channels_first"
    height, width = (shape[-2], shape[-1]) if first else (shape[-3], shape[-2])
    target_height, target_width = size
    crop_height = max(min(height, int(float(width * target_height) / target_width)), 1)
    crop_width = max(min(width, int(float(height * target_width) / target_height)), 1)
    top = int(float(height - crop_height) / 2)
    left = int(float(width - crop_width) / 2)
    rows, cols = slice(top, top + crop_height), slice(left, left + crop_width)
    img = x[..., rows, cols] if first else x[..., rows, cols, :]
    method = {"bilinear": "bilinear", "nearest": "nearest"}.get(interpolation)
    if method is None:
        raise ValueError(f"smart_resize supports the interpolations 'bilinear' and 'nearest'; "
                         f"got {interpolation!r}.")
    if first:  # ag.image.resize takes channels last
        perm = [0, 2, 3, 1] if len(shape) == 4 else [1, 2, 0]
        img = transpose(img, perm)
    out = image_ops.resize(img, size, method=method)
    if first:
        out = transpose(out, [0, 3, 1, 2] if len(shape) == 4 else [2, 0, 1])
    if isinstance(x, np.ndarray):
        return np.array(out)
    return out
