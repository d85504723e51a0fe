"""Keras's `ImageDataGenerator` (`keras.preprocessing.image`, Keras 3's legacy API): random
augmentation (rotation, shifts, shear, zoom, channel and brightness shifts, flips) and
normalization (rescaling, centring, standardizing, ZCA whitening) of image batches from NumPy
arrays (`flow`) or a directory of class subfolders (`flow_from_directory`).

Each image's parameters are drawn from NumPy's global generator in Keras's order
(`get_random_transform`), so a seeded iterator gives Keras's batches.

>>> import numpy as np
>>> gen = ImageDataGenerator(rescale=0.5, horizontal_flip=True)
>>> x = gen.random_transform(np.arange(4.0).reshape(1, 4, 1), seed=1)
>>> gen.standardize(x).ravel().tolist()
[1.5, 1.0, 0.5, 0.0]
"""

from __future__ import annotations

import math
import warnings
from typing import Any, Callable

import numpy as np

from autograph.runtime.core.traceback_utils import user_stacklevel
from autograph.runtime.train.keras.image.affine import (
    apply_affine_transform,
    apply_brightness_shift,
    apply_channel_shift,
    flip_axis,
)
from autograph.runtime.train.keras.image.directory import DirectoryIterator
from autograph.runtime.train.keras.image.iterators import NumpyArrayIterator

__all__ = ["ImageDataGenerator"]

_NOT_FIT = ("This ImageDataGenerator specifies `{}`, but it hasn't been fit on any training "
            "data. Fit it first by calling `.fit(numpy_data)`.")


class ImageDataGenerator:
    """Augments and normalizes batches of images (see the module docstring); the arguments
    are Keras's.

    Raises:
        ValueError: an unknown `data_format`, a `validation_split` outside (0, 1), or a
            `zoom_range` or `brightness_range` that is not one number or two.
    """

    def __init__(self, featurewise_center: bool = False, samplewise_center: bool = False,
                 featurewise_std_normalization: bool = False,
                 samplewise_std_normalization: bool = False, zca_whitening: bool = False,
                 zca_epsilon: float = 1e-6, rotation_range: float = 0,
                 width_shift_range: Any = 0.0, height_shift_range: Any = 0.0,
                 brightness_range: Any = None, shear_range: float = 0.0, zoom_range: Any = 0.0,
                 channel_shift_range: float = 0.0, fill_mode: str = "nearest",
                 cval: float = 0.0, horizontal_flip: bool = False, vertical_flip: bool = False,
                 rescale: float | None = None,
                 preprocessing_function: Callable[[np.ndarray], np.ndarray] | None = None,
                 data_format: str | None = None, validation_split: float = 0.0,
                 interpolation_order: int = 1, dtype: Any = None):
        data_format = data_format or "channels_last"
        self.featurewise_center = featurewise_center
        self.samplewise_center = samplewise_center
        self.featurewise_std_normalization = featurewise_std_normalization
        self.samplewise_std_normalization = samplewise_std_normalization
        self.zca_whitening = zca_whitening
        self.zca_epsilon = zca_epsilon
        self.rotation_range = rotation_range
        self.width_shift_range = width_shift_range
        self.height_shift_range = height_shift_range
        self.shear_range = shear_range
        self.channel_shift_range = channel_shift_range
        self.fill_mode = fill_mode
        self.cval = cval
        self.horizontal_flip = horizontal_flip
        self.vertical_flip = vertical_flip
        self.rescale = rescale
        self.preprocessing_function = preprocessing_function
        self.dtype = dtype or "float32"
        self.interpolation_order = interpolation_order
        if data_format not in {"channels_last", "channels_first"}:
            raise ValueError('`data_format` should be `"channels_last"` (channel after row and '
                             'column) or `"channels_first"` (channel before row and column). '
                             f"Received: {data_format}")
        self.data_format = data_format
        first = data_format == "channels_first"
        self.channel_axis, self.row_axis, self.col_axis = (1, 2, 3) if first else (3, 1, 2)
        if validation_split and not 0 < validation_split < 1:
            raise ValueError("`validation_split` must be strictly between 0 and 1.  "
                             f"Received: {validation_split}")
        self._validation_split = validation_split
        self.mean: np.ndarray | None = None
        self.std: np.ndarray | None = None
        self.zca_whitening_matrix: np.ndarray | None = None
        if isinstance(zoom_range, (float, int)):
            self.zoom_range = [1 - zoom_range, 1 + zoom_range]
        elif len(zoom_range) == 2 and all(isinstance(v, (float, int)) for v in zoom_range):
            self.zoom_range = [zoom_range[0], zoom_range[1]]
        else:
            raise ValueError("`zoom_range` should be a float or a tuple or list of two floats. "
                             f"Received: {zoom_range}")
        self._resolve_normalization(zca_whitening, featurewise_center,
                                    featurewise_std_normalization, samplewise_center,
                                    samplewise_std_normalization)
        if brightness_range is not None and (not isinstance(brightness_range, (tuple, list))
                                             or len(brightness_range) != 2):
            raise ValueError("`brightness_range should be tuple or list of two floats. "
                             f"Received: {brightness_range}")
        self.brightness_range = brightness_range

    def _resolve_normalization(self, zca_whitening: bool, featurewise_center: bool,
                               featurewise_std_normalization: bool, samplewise_center: bool,
                               samplewise_std_normalization: bool) -> None:
        """Switches on the centring that whitening and standardizing imply, with Keras's
        warnings. As in Keras, the checks read the arguments, not the settings they change:
        ZCA whitening with std normalization asked for and no centring warns three times."""
        warn = "This ImageDataGenerator specifies `{}`, which overrides setting of `{}`."
        if zca_whitening:
            if not featurewise_center:
                self.featurewise_center = True
                warnings.warn(warn.format("zca_whitening", "featurewise_center"),
                              stacklevel=user_stacklevel())
            if featurewise_std_normalization:
                self.featurewise_std_normalization = False
                warnings.warn("This ImageDataGenerator specifies `zca_whitening` which overrides "
                              "setting of`featurewise_std_normalization`.",
                              stacklevel=user_stacklevel())
        if featurewise_std_normalization and not featurewise_center:
            self.featurewise_center = True
            warnings.warn(warn.format("featurewise_std_normalization", "featurewise_center"),
                          stacklevel=user_stacklevel())
        if samplewise_std_normalization and not samplewise_center:
            self.samplewise_center = True
            warnings.warn(warn.format("samplewise_std_normalization", "samplewise_center"),
                          stacklevel=user_stacklevel())

    def flow(self, x: Any, y: Any = None, batch_size: int = 32, shuffle: bool = True,
             sample_weight: Any = None, seed: int | None = None, save_to_dir: str | None = None,
             save_prefix: str = "", save_format: str = "png", ignore_class_split: bool = False,
             subset: str | None = None) -> NumpyArrayIterator:
        """Batches of the images `x` (rank 4) with labels `y`, augmented and normalized."""
        return NumpyArrayIterator(
            x, y, self, batch_size=batch_size, shuffle=shuffle, sample_weight=sample_weight,
            seed=seed, data_format=self.data_format, save_to_dir=save_to_dir,
            save_prefix=save_prefix, save_format=save_format,
            ignore_class_split=ignore_class_split, subset=subset, dtype=self.dtype)

    def flow_from_directory(self, directory: Any, target_size: tuple[int, int] = (256, 256),
                            color_mode: str = "rgb", classes: list[str] | None = None,
                            class_mode: str | None = "categorical", batch_size: int = 32,
                            shuffle: bool = True, seed: int | None = None,
                            save_to_dir: str | None = None, save_prefix: str = "",
                            save_format: str = "png", follow_links: bool = False,
                            subset: str | None = None, interpolation: str = "nearest",
                            keep_aspect_ratio: bool = False) -> DirectoryIterator:
        """Batches of the image files in `directory`'s class subfolders, augmented and
        normalized, with labels from the subfolders (see `DirectoryIterator`)."""
        return DirectoryIterator(
            directory, self, target_size=target_size, color_mode=color_mode,
            keep_aspect_ratio=keep_aspect_ratio, classes=classes, class_mode=class_mode,
            data_format=self.data_format, batch_size=batch_size, shuffle=shuffle, seed=seed,
            save_to_dir=save_to_dir, save_prefix=save_prefix, save_format=save_format,
            follow_links=follow_links, subset=subset, interpolation=interpolation,
            dtype=self.dtype)

    def flow_from_dataframe(self, dataframe: Any, *args: Any, **kwargs: Any) -> Any:
        """Keras reads a pandas DataFrame of file names here; autograph does not.

        Raises:
            NotImplementedError: always; the message says what to use instead.
        """
        raise NotImplementedError(
            "ImageDataGenerator.flow_from_dataframe is not provided by autograph (it needs "
            "pandas, which is no dependency). Put the images in class subfolders and use "
            "flow_from_directory, or load them with load_img and img_to_array and use flow.")

    def standardize(self, x: np.ndarray) -> np.ndarray:
        """`x` (an image or a batch) normalized: `preprocessing_function`, `rescale`, the
        sample-wise then feature-wise centring and scaling, then ZCA whitening. A float
        array is changed in place, as Keras changes it."""
        if self.preprocessing_function:
            x = self.preprocessing_function(x)
        if self.rescale:
            x *= self.rescale
        if self.samplewise_center:
            x -= np.mean(x, keepdims=True)
        if self.samplewise_std_normalization:
            x /= np.std(x, keepdims=True) + 1e-6
        if self.featurewise_center:
            if self.mean is not None:
                x -= self.mean
            else:
                warnings.warn(_NOT_FIT.format("featurewise_center"), stacklevel=user_stacklevel())
        if self.featurewise_std_normalization:
            if self.std is not None:
                x /= self.std + 1e-6
            else:
                warnings.warn(_NOT_FIT.format("featurewise_std_normalization"),
                              stacklevel=user_stacklevel())
        if self.zca_whitening:
            if self.zca_whitening_matrix is not None:
                flat_x = x.reshape(-1, math.prod(x.shape[-3:]))
                x = np.reshape(flat_x @ self.zca_whitening_matrix, x.shape)
            else:
                warnings.warn(_NOT_FIT.format("zca_whitening"), stacklevel=user_stacklevel())
        return x

    def get_random_transform(self, img_shape: tuple[int, ...],
                             seed: int | None = None) -> dict[str, Any]:
        """Random parameters for one image of shape `img_shape`, drawn in Keras's order:
        theta, tx, ty, shear, zx and zy, the two flips, the channel shift, the brightness."""
        img_row_axis = self.row_axis - 1
        img_col_axis = self.col_axis - 1
        if seed is not None:
            np.random.seed(seed)
        theta = (np.random.uniform(-self.rotation_range, self.rotation_range)
                 if self.rotation_range else 0)
        tx = _shift(self.height_shift_range, img_shape[img_row_axis])
        ty = _shift(self.width_shift_range, img_shape[img_col_axis])
        shear = np.random.uniform(-self.shear_range, self.shear_range) if self.shear_range else 0
        if self.zoom_range[0] == 1 and self.zoom_range[1] == 1:
            zx, zy = 1, 1
        else:
            zx, zy = np.random.uniform(self.zoom_range[0], self.zoom_range[1], 2)
        flip_horizontal = (np.random.random() < 0.5) * self.horizontal_flip
        flip_vertical = (np.random.random() < 0.5) * self.vertical_flip
        channel_shift_intensity = None
        if self.channel_shift_range != 0:
            channel_shift_intensity = np.random.uniform(-self.channel_shift_range,
                                                        self.channel_shift_range)
        brightness = None
        if self.brightness_range is not None:
            brightness = np.random.uniform(self.brightness_range[0], self.brightness_range[1])
        return {"theta": theta, "tx": tx, "ty": ty, "shear": shear, "zx": zx, "zy": zy,
                "flip_horizontal": flip_horizontal, "flip_vertical": flip_vertical,
                "channel_shift_intensity": channel_shift_intensity, "brightness": brightness}

    def apply_transform(self, x: np.ndarray, transform_parameters: dict[str, Any]) -> np.ndarray:
        """The image `x` transformed by `transform_parameters` (keys as `get_random_transform`
        gives them; a missing one does nothing): the affine transform, the channel shift,
        the flips, then the brightness."""
        img_row_axis = self.row_axis - 1
        img_col_axis = self.col_axis - 1
        img_channel_axis = self.channel_axis - 1
        params = transform_parameters
        x = apply_affine_transform(
            x, params.get("theta", 0), params.get("tx", 0), params.get("ty", 0),
            params.get("shear", 0), params.get("zx", 1), params.get("zy", 1),
            row_axis=img_row_axis, col_axis=img_col_axis, channel_axis=img_channel_axis,
            fill_mode=self.fill_mode, cval=self.cval, order=self.interpolation_order)
        if params.get("channel_shift_intensity") is not None:
            x = apply_channel_shift(x, params["channel_shift_intensity"], img_channel_axis)
        if params.get("flip_horizontal", False):
            x = flip_axis(x, img_col_axis)
        if params.get("flip_vertical", False):
            x = flip_axis(x, img_row_axis)
        if params.get("brightness") is not None:
            x = apply_brightness_shift(x, params["brightness"], False)
        return x

    def random_transform(self, x: np.ndarray, seed: int | None = None) -> np.ndarray:
        """`x` transformed by parameters drawn for it (`seed` seeds NumPy's generator)."""
        return self.apply_transform(x, self.get_random_transform(x.shape, seed))

    def fit(self, x: Any, augment: bool = False, rounds: int = 1,
            seed: int | None = None) -> None:
        """Computes the statistics the feature-wise normalization and ZCA whitening use,
        from the images `x` (rank 4; rescaled first, and `rounds` times augmented if
        `augment`).

        Raises:
            ValueError: `x` is not rank 4.
        """
        x = np.asarray(x, dtype=self.dtype)
        if x.ndim != 4:
            raise ValueError("Input to `.fit()` should have rank 4. Got array with shape: "
                             + str(x.shape))
        if x.shape[self.channel_axis] not in {1, 3, 4}:
            warnings.warn(f"Expected input to be images (as Numpy array) following the data "
                          f'format convention "{self.data_format}" (channels on axis '
                          f"{self.channel_axis}), i.e. expected either 1, 3 or 4 channels on "
                          f"axis {self.channel_axis}. However, it was passed an array with "
                          f"shape {x.shape} ({x.shape[self.channel_axis]} channels).",
                          stacklevel=user_stacklevel())
        if seed is not None:
            np.random.seed(seed)
        x = np.copy(x)
        if self.rescale:
            x *= self.rescale
        if augment:
            ax = np.zeros((rounds * x.shape[0], *x.shape[1:]), dtype=self.dtype)
            for r in range(rounds):
                for i in range(x.shape[0]):
                    ax[i + r * x.shape[0]] = self.random_transform(x[i])
            x = ax
        broadcast_shape = [1, 1, 1]
        broadcast_shape[self.channel_axis - 1] = x.shape[self.channel_axis]
        if self.featurewise_center:
            self.mean = np.reshape(np.mean(x, axis=(0, self.row_axis, self.col_axis)),
                                   broadcast_shape)
            x -= self.mean
        if self.featurewise_std_normalization:
            self.std = np.reshape(np.std(x, axis=(0, self.row_axis, self.col_axis)),
                                  broadcast_shape)
            x /= self.std + 1e-6
        if self.zca_whitening:
            n = len(x)
            u, s, _ = np.linalg.svd(np.reshape(x, (n, -1)).T, full_matrices=False)
            s_inv = np.sqrt(n) / (s + self.zca_epsilon)
            self.zca_whitening_matrix = (u * s_inv).dot(u.T)


def _shift(shift_range: Any, size: int) -> Any:
    """A shift drawn as Keras draws it: from the values of a list or an int (with a random
    sign), else uniformly from [-range, range]; a fraction of `size` if all are below 1."""
    if not shift_range:
        return 0
    try:  # a 1-D array-like or an int
        shift = np.random.choice(shift_range)
        shift *= np.random.choice([-1, 1])
    except ValueError:  # a float
        shift = np.random.uniform(-shift_range, shift_range)
    if np.max(shift_range) < 1:
        shift *= size
    return shift
