"""Image functions of `ag.image`, as TensorFlow 2's `tf.image`: `resize` (bilinear and nearest,
with half-pixel centres), flips, `central_crop`, `convert_image_dtype`, `rgb_to_grayscale`,
`per_image_standardization`.

Images are `[height, width, channels]` or batches `[batch, height, width, channels]`; sizes
must be known when the function is called. A resize is two gathers along the height and the
width with interpolation weights worked out from the sizes, so it is differentiable.

>>> resize([[[1.0], [3.0]]], [1, 4]).numpy().reshape(-1).tolist()
[1.0, 1.5, 2.5, 3.0]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.gathering import take_rows
from autograph.runtime.ops.array.indexing import slice as slice_
from autograph.runtime.ops.array.ops import reverse
from autograph.runtime.ops.control_flow.ops import cond
from autograph.runtime.ops.creation.ops import cast, constant
from autograph.runtime.ops.graph.ops import name_scope
from autograph.runtime.ops.math import ops as math_ops
from autograph.runtime.ops.random.ops import uniform
from autograph.runtime.ops.reduction.ops import reduce_mean, reduce_sum

__all__ = ["resize", "ResizeMethod", "flip_left_right", "flip_up_down", "random_flip_left_right",
           "random_flip_up_down", "central_crop", "convert_image_dtype", "rgb_to_grayscale",
           "per_image_standardization"]


class ResizeMethod:
    """The names `resize` takes for `method`."""

    BILINEAR = "bilinear"
    NEAREST_NEIGHBOR = "nearest"


def _image(image: Any, function: str) -> tuple[Tensor, int]:
    """The image as a tensor, and the axis of its height (0, or 1 in a batch)."""
    image = convert_to_tensor(image)
    rank = image.shape.rank
    if rank not in (3, 4):
        raise ValueError(f"ag.image.{function} takes an image [height, width, channels] or a "
                         f"batch [batch, height, width, channels]; got shape {image.shape}.")
    return image, rank - 3


def _known(size: Any, what: str) -> int:
    if size is None:
        raise ValueError(f"ag.image: the image's {what} must be known when it is resized.")
    return int(size)


def _linear(input_size: int, output_size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each output position: the two input positions and the weight of the second, with
    half-pixel centres as TensorFlow 2 takes them."""
    scale = input_size / output_size
    source = np.maximum((np.arange(output_size) + 0.5) * scale - 0.5, 0.0)
    low = np.minimum(np.floor(source).astype(np.int64), input_size - 1)
    high = np.minimum(low + 1, input_size - 1)
    return low.astype(np.int32), high.astype(np.int32), source - low


def _nearest(input_size: int, output_size: int) -> np.ndarray:
    scale = input_size / output_size
    index = np.floor((np.arange(output_size) + 0.5) * scale).astype(np.int64)
    return np.minimum(index, input_size - 1).astype(np.int32)


def resize(images: Any, size: Any, method: str = ResizeMethod.BILINEAR,
           preserve_aspect_ratio: bool = False, antialias: bool = False,
           name: str | None = None) -> Tensor:
    """`images` resized to `size` = [height, width]: bilinear (float32 for integer images)
    or nearest (the images' dtype).

    Raises:
        ValueError: another `method`, `antialias` or `preserve_aspect_ratio`, or sizes unknown.
    """
    if method not in (ResizeMethod.BILINEAR, ResizeMethod.NEAREST_NEIGHBOR):
        raise ValueError(f"ag.image.resize supports the methods 'bilinear' and 'nearest'; got "
                         f"{method!r}.")
    if antialias or preserve_aspect_ratio:
        raise ValueError("ag.image.resize does not support antialias or preserve_aspect_ratio.")
    with name_scope(name, "resize"):
        images, axis = _image(images, "resize")
        height, width = (_known(d, what) for d, what in zip(
            images.shape.as_list()[axis:axis + 2], ("height", "width")))
        new_height, new_width = (int(d) for d in np.asarray(size).reshape(-1))
        if method == ResizeMethod.NEAREST_NEIGHBOR:
            out = take_rows(images, _nearest(height, new_height), axis=axis)
            return take_rows(out, _nearest(width, new_width), axis=axis + 1)
        if not images.dtype.is_floating:
            images = cast(images, dtypes.float32)
        out = images
        for dim, (old, new) in enumerate(((height, new_height), (width, new_width))):
            low, high, weight = _linear(old, new)
            shape = [1] * images.shape.rank
            shape[axis + dim] = new
            w = constant(weight.reshape(shape), dtype=images.dtype)
            first = take_rows(out, low, axis=axis + dim)
            second = take_rows(out, high, axis=axis + dim)
            out = math_ops.add(first, math_ops.multiply(math_ops.subtract(second, first), w))
        return out


def flip_left_right(image: Any) -> Tensor:
    """The image mirrored: its width reversed."""
    image, axis = _image(image, "flip_left_right")
    return reverse(image, [axis + 1])


def flip_up_down(image: Any) -> Tensor:
    """The image upside down: its height reversed."""
    image, axis = _image(image, "flip_up_down")
    return reverse(image, [axis])


def _random_flip(image: Any, seed: Any, axis_offset: int, function: str) -> Tensor:
    image, axis = _image(image, function)
    flips = math_ops.less(uniform([], seed=seed), 0.5)
    return cond(flips, lambda: reverse(image, [axis + axis_offset]), lambda: image)


def random_flip_left_right(image: Any, seed: Any = None) -> Tensor:
    """The image mirrored with probability 1/2 (the whole batch together)."""
    return _random_flip(image, seed, 1, "random_flip_left_right")


def random_flip_up_down(image: Any, seed: Any = None) -> Tensor:
    """The image upside down with probability 1/2 (the whole batch together)."""
    return _random_flip(image, seed, 0, "random_flip_up_down")


def central_crop(image: Any, central_fraction: float) -> Tensor:
    """The central `central_fraction` (in (0, 1]) of the image's height and width, as
    TensorFlow crops it."""
    if not 0.0 < central_fraction <= 1.0:
        raise ValueError("central_fraction must be within (0, 1]")
    image, axis = _image(image, "central_crop")
    if central_fraction == 1.0:
        return image
    dims = image.shape.as_list()
    begin, size = [0] * len(dims), [-1] * len(dims)
    for i in (axis, axis + 1):
        extent = _known(dims[i], "height" if i == axis else "width")
        start = int((extent - extent * central_fraction) / 2)
        begin[i], size[i] = start, extent - start * 2
    return slice_(image, begin, size)


def convert_image_dtype(image: Any, dtype: Any, saturate: bool = False,
                        name: str | None = None) -> Tensor:
    """The image in `dtype`, rescaled: floats are in [0, 1], integers use their whole range."""
    image = convert_to_tensor(image)
    dtype = dtypes.as_dtype(dtype)
    if image.dtype == dtype:
        return image
    if image.dtype.is_floating and dtype.is_floating:
        return cast(image, dtype)
    if image.dtype.is_floating:  # to integers: scaled by max + 0.5, as TensorFlow
        top = float(np.iinfo(dtype.np_dtype).max)
        scaled = math_ops.multiply(image, top + 0.5)
        if saturate:
            scaled = math_ops.minimum(math_ops.maximum(scaled, 0.0), top)
        return cast(scaled, dtype)
    top = float(np.iinfo(image.dtype.np_dtype).max)
    if dtype.is_floating:
        return math_ops.multiply(cast(image, dtype), 1.0 / top)
    raise ValueError(f"ag.image.convert_image_dtype converts between floats and integers; "
                     f"{image.dtype.name} to {dtype.name} is not supported.")


_GRAY = (0.2989, 0.5870, 0.1140)


def rgb_to_grayscale(images: Any, name: str | None = None) -> Tensor:
    """Luma of RGB images (the last axis), keeping a last axis of 1."""
    images = convert_to_tensor(images)
    floats = images if images.dtype.is_floating else convert_image_dtype(images, dtypes.float32)
    weights = constant(np.array(_GRAY), dtype=floats.dtype)
    gray = reduce_sum(math_ops.multiply(floats, weights), axis=-1, keepdims=True)
    return gray if images.dtype.is_floating else convert_image_dtype(gray, images.dtype)


def per_image_standardization(image: Any) -> Tensor:
    """Each image with mean 0 and standard deviation 1 (the deviation at least
    1/sqrt(number of values), as TensorFlow guards against uniform images)."""
    image, axis = _image(image, "per_image_standardization")
    if not image.dtype.is_floating:
        image = cast(image, dtypes.float32)
    axes = list(range(axis, image.shape.rank))
    count = int(np.prod(image.shape.as_list()[axis:]))
    mean = reduce_mean(image, axis=axes, keepdims=True)
    centered = math_ops.subtract(image, mean)
    variance = reduce_mean(math_ops.square(centered), axis=axes, keepdims=True)
    floor = constant(1.0 / np.sqrt(count), dtype=image.dtype)
    deviation = math_ops.maximum(math_ops.sqrt(variance), floor)
    return math_ops.divide(centered, deviation)

