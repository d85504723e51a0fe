"""Keras's `DirectoryIterator`, what `ImageDataGenerator.flow_from_directory` returns:
batches of the image files under a directory of class subfolders, read with Pillow,
augmented and standardized by the generator, with labels from the subfolders.

Files are listed as Keras lists them: classes in sorted subfolder order, files in sorted
order (subfolders of a class too), only the extensions of `Iterator.white_list_formats`; a
`subset` takes the first `validation_split` of each class's files for "validation" and the
rest for "training".
"""

from __future__ import annotations

import os
import warnings
from typing import Any
from typing import Iterator as PyIterator

import numpy as np

from autograph.runtime.core.traceback_utils import user_stacklevel
from autograph.runtime.train.keras.image.image_utils import img_to_array, load_img
from autograph.runtime.train.keras.image.iterators import Iterator, _save_batch

__all__ = ["DirectoryIterator"]


def _iter_valid_files(directory: str, white_list_formats: tuple[str, ...],
                      follow_links: bool) -> PyIterator[tuple[str, str]]:
    """(folder, file name) of the files under `directory` with those extensions, in sorted
    order."""
    walk = sorted(os.walk(directory, followlinks=follow_links), key=lambda entry: entry[0])
    for root, _, files in walk:
        for fname in sorted(files):
            if fname.lower().endswith(".tiff"):
                warnings.warn('Using ".tiff" files with multiple bands will cause distortion. '
                              "Please verify your output.", stacklevel=user_stacklevel())
            if fname.lower().endswith(white_list_formats):
                yield root, fname


def _list_class_files(directory: str, white_list_formats: tuple[str, ...],
                      split: tuple[float, float] | None, class_index: int,
                      follow_links: bool) -> tuple[list[int], list[str]]:
    """The labels and the paths (relative to `directory`'s parent) of one class's files, the
    `split` fraction of them if given."""
    dirname = os.path.basename(directory)
    files = list(_iter_valid_files(directory, white_list_formats, follow_links))
    if split:
        start, stop = int(split[0] * len(files)), int(split[1] * len(files))
        files = files[start:stop]
    filenames = [os.path.join(dirname, os.path.relpath(os.path.join(root, fname), directory))
                 for root, fname in files]
    return [class_index] * len(filenames), filenames


class DirectoryIterator(Iterator):
    """Batches of the images in `directory`'s class subfolders (see the module docstring).

    Args:
        directory: the folder whose subfolders are the classes.
        image_data_generator: the `ImageDataGenerator` that transforms and standardizes each
            image (or None for neither).
        target_size: (height, width) every image is resized to.
        color_mode: "rgb", "rgba" or "grayscale".
        classes: the subfolders to read, in label order (default: all, sorted).
        class_mode: "categorical" (one-hot labels), "binary" or "sparse" (label numbers),
            "input" (the images again) or None (images only).
        batch_size, shuffle, seed: as `Iterator`'s.
        data_format: "channels_last" (default) or "channels_first".
        save_to_dir, save_prefix, save_format: write the augmented images there.
        follow_links: follow symbolic links to subfolders.
        subset: "training" or "validation", with the generator's `validation_split`.
        interpolation, keep_aspect_ratio: how `load_img` resizes.
        dtype: the batches' dtype (default float32).

    Raises:
        ValueError: an unknown `color_mode`, `class_mode` or `subset`.
    """

    allowed_class_modes = {"categorical", "binary", "sparse", "input", None}

    def __init__(self, directory: Any, image_data_generator: Any,
                 target_size: tuple[int, int] = (256, 256), color_mode: str = "rgb",
                 classes: list[str] | None = None, class_mode: str | None = "categorical",
                 batch_size: int = 32, shuffle: bool = True, seed: int | None = None,
                 data_format: str | None = None, save_to_dir: str | None = None,
                 save_prefix: str = "", save_format: str = "png", follow_links: bool = False,
                 subset: str | None = None, interpolation: str = "nearest",
                 keep_aspect_ratio: bool = False, dtype: Any = None):
        self.data_format = data_format or "channels_last"
        self.dtype = dtype or "float32"
        self.image_data_generator = image_data_generator
        self.target_size = (target_size[0], target_size[1])
        self.keep_aspect_ratio = keep_aspect_ratio
        if color_mode not in {"rgb", "rgba", "grayscale"}:
            raise ValueError(f'Invalid color mode: {color_mode}; expected "rgb", "rgba", or '
                             '"grayscale".')
        self.color_mode = color_mode
        channels = {"rgba": 4, "rgb": 3, "grayscale": 1}[color_mode]
        self.image_shape = (self.target_size + (channels,) if self.data_format == "channels_last"
                            else (channels,) + self.target_size)
        self.save_to_dir = save_to_dir
        self.save_prefix = save_prefix
        self.save_format = save_format
        self.interpolation = interpolation
        self.split = self._split(subset)
        self.subset = subset
        if class_mode not in self.allowed_class_modes:
            raise ValueError(f"Invalid class_mode: {class_mode}; expected one of: "
                             f"{self.allowed_class_modes}")
        self.class_mode = class_mode
        self.directory = directory
        if not classes:
            classes = [subdir for subdir in sorted(os.listdir(directory))
                       if os.path.isdir(os.path.join(directory, subdir))]
        self.num_classes = len(classes)
        self.class_indices = dict(zip(classes, range(len(classes))))
        labels: list[int] = []
        self.filenames: list[str] = []
        for subdir in classes:
            found, names = _list_class_files(os.path.join(directory, subdir),
                                             self.white_list_formats, self.split,
                                             self.class_indices[subdir], follow_links)
            labels += found
            self.filenames += names
        self.samples = len(self.filenames)
        self.classes = np.array(labels, dtype="int32").reshape(self.samples)
        print(f"Found {self.samples} images belonging to {self.num_classes} classes.",
              flush=True)
        self._filepaths = [os.path.join(directory, fname) for fname in self.filenames]
        super().__init__(self.samples, batch_size, shuffle, seed)

    def _split(self, subset: str | None) -> tuple[float, float] | None:
        if subset is None:
            return None
        validation_split = self.image_data_generator._validation_split
        if subset == "validation":
            return (0, validation_split)
        if subset == "training":
            return (validation_split, 1)
        raise ValueError(f'Invalid subset name: {subset};expected "training" or "validation"')

    @property
    def filepaths(self) -> list[str]:
        """The image files' paths, `directory` joined with `filenames`."""
        return self._filepaths

    @property
    def labels(self) -> np.ndarray:
        """Every image's class number (`classes`)."""
        return self.classes

    @property
    def sample_weight(self) -> None:
        """None: directories have no sample weights."""
        return None

    def _get_batches_of_transformed_samples(self, index_array: np.ndarray) -> Any:
        batch_x = np.zeros((len(index_array),) + self.image_shape, dtype=self.dtype)
        generator = self.image_data_generator
        for i, j in enumerate(index_array):
            img = load_img(self._filepaths[j], color_mode=self.color_mode,
                           target_size=self.target_size, interpolation=self.interpolation,
                           keep_aspect_ratio=self.keep_aspect_ratio)
            x = img_to_array(img, data_format=self.data_format)
            img.close()
            if generator:
                params = generator.get_random_transform(x.shape)
                x = generator.apply_transform(x, params)
                x = generator.standardize(x)
            batch_x[i] = x
        if self.save_to_dir:
            _save_batch(batch_x, index_array, self.data_format, self.save_to_dir,
                        self.save_prefix, self.save_format, int(1e7))
        if self.class_mode == "input":
            return batch_x, batch_x.copy()
        if self.class_mode in {"binary", "sparse"}:
            return batch_x, self.classes[index_array].astype(self.dtype)
        if self.class_mode == "categorical":
            batch_y = np.zeros((len(batch_x), len(self.class_indices)), dtype=self.dtype)
            batch_y[np.arange(len(batch_x)), self.classes[index_array]] = 1.0
            return batch_x, batch_y
        return batch_x
