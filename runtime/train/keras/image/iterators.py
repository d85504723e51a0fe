"""Keras's image batch iterators: `Iterator`, the base (batches by index, as a `PyDataset`,
and endlessly by `next`), and `NumpyArrayIterator`, what `ImageDataGenerator.flow` returns.

Shuffling and augmentation draw from NumPy's global generator; with a `seed`, it is seeded
with `seed + total_batches_seen` before each batch, as Keras seeds it.

>>> import numpy as np
>>> from autograph.runtime.train.keras.image.generator import ImageDataGenerator
>>> batches = ImageDataGenerator().flow(np.zeros((5, 2, 2, 1)), np.arange(5), batch_size=2,
...                                     shuffle=False)
>>> len(batches), next(batches)[1].tolist(), batches[2][1].tolist()
(3, [0, 1], [4])
"""

from __future__ import annotations

import os
import threading
import warnings
from typing import Any
from typing import Iterator as PyIterator

import numpy as np

from autograph.runtime.core.traceback_utils import user_stacklevel
from autograph.runtime.train.keras.image.image_utils import array_to_img
from autograph.runtime.train.keras.py_dataset import PyDataset

__all__ = ["Iterator", "NumpyArrayIterator"]


class Iterator(PyDataset):
    """The base of image batch iterators: a subclass defines
    `_get_batches_of_transformed_samples(index_array)`.

    Args:
        n: the number of samples.
        batch_size: samples per batch.
        shuffle: whether to shuffle the samples every epoch.
        seed: seeds NumPy's global generator before each batch (`seed + total_batches_seen`).
        **kwargs: `PyDataset`'s `workers`, `use_multiprocessing` and `max_queue_size`.
    """

    white_list_formats = ("png", "jpg", "jpeg", "bmp", "ppm", "tif", "tiff")

    def __init__(self, n: int, batch_size: int, shuffle: bool, seed: int | None,
                 **kwargs: Any):
        super().__init__(**kwargs)
        self.n = n
        self.batch_size = batch_size
        self.seed = seed
        self.shuffle = shuffle
        self.batch_index = 0
        self.total_batches_seen = 0
        self.lock = threading.Lock()
        self.index_array: np.ndarray | None = None
        self.index_generator = self._flow_index()

    def _set_index_array(self) -> None:
        self.index_array = np.arange(self.n)
        if self.shuffle:
            self.index_array = np.random.permutation(self.n)

    def __getitem__(self, idx: int) -> Any:
        """Batch `idx` of the current epoch's order.

        Raises:
            ValueError: `idx` is past the last batch.
        """
        if idx >= len(self):
            raise ValueError(f"Asked to retrieve element {idx}, but the Sequence has length "
                             f"{len(self)}")
        if self.seed is not None:
            np.random.seed(self.seed + self.total_batches_seen)
        self.total_batches_seen += 1
        if self.index_array is None:
            self._set_index_array()
        assert self.index_array is not None
        index_array = self.index_array[self.batch_size * idx:self.batch_size * (idx + 1)]
        return self._get_batches_of_transformed_samples(index_array)

    def __len__(self) -> int:
        return (self.n + self.batch_size - 1) // self.batch_size

    def on_epoch_end(self) -> None:
        """A new order for the next epoch (shuffled if `shuffle`)."""
        self._set_index_array()

    def reset(self) -> None:
        """Starts `next` over at the first batch."""
        self.batch_index = 0

    def _flow_index(self) -> PyIterator[np.ndarray]:
        self.reset()
        while True:
            if self.seed is not None:
                np.random.seed(self.seed + self.total_batches_seen)
            if self.batch_index == 0:
                self._set_index_array()
            current = 0 if self.n == 0 else (self.batch_index * self.batch_size) % self.n
            if self.n > current + self.batch_size:
                self.batch_index += 1
            else:
                self.batch_index = 0
            self.total_batches_seen += 1
            assert self.index_array is not None
            yield self.index_array[current:current + self.batch_size]

    def __iter__(self) -> Iterator:
        return self

    def __next__(self) -> Any:
        with self.lock:
            index_array = next(self.index_generator)
        return self._get_batches_of_transformed_samples(index_array)

    def _get_batches_of_transformed_samples(self, index_array: np.ndarray) -> Any:
        raise NotImplementedError(f"{type(self).__name__} must define "
                                  "`_get_batches_of_transformed_samples(index_array)`, which "
                                  "returns the batch of the samples at those indices.")


def _save_batch(batch_x: np.ndarray, index_array: np.ndarray, data_format: str,
                save_to_dir: str, save_prefix: str, save_format: str, hash_bound: int) -> None:
    """Writes the augmented images as files named `{prefix}_{index}_{random}.{format}`."""
    for i, j in enumerate(index_array):
        img = array_to_img(batch_x[i], data_format, scale=True)
        fname = f"{save_prefix}_{j}_{np.random.randint(hash_bound)}.{save_format}"
        img.save(os.path.join(save_to_dir, fname))


class NumpyArrayIterator(Iterator):
    """Batches of the images `x` (rank 4; or `(images, extra)` with arrays batched along),
    transformed and standardized by `image_data_generator`, with `y` and `sample_weight`.

    Raises:
        ValueError: lengths that differ, `x` not rank 4, an unknown `subset`, or a split that
            leaves the training and validation parts different classes.
    """

    def __init__(self, x: Any, y: Any, image_data_generator: Any, batch_size: int = 32,
                 shuffle: bool = False, sample_weight: Any = None, seed: int | None = None,
                 data_format: str | None = None, save_to_dir: str | None = None,
                 save_prefix: str = "", save_format: str = "png", subset: str | None = None,
                 ignore_class_split: bool = False, dtype: Any = None):
        data_format = data_format or "channels_last"
        self.dtype = dtype or "float32"
        if isinstance(x, (tuple, list)):
            x_misc = ([np.asarray(x[1])] if not isinstance(x[1], list)
                      else [np.asarray(xx) for xx in x[1]])
            x = x[0]
            for xx in x_misc:
                if len(x) != len(xx):
                    raise ValueError("All of the arrays in `x` should have the same length. "
                                     f"Found a pair with: len(x[0]) = {len(x)}, "
                                     f"len(x[?]) = {len(xx)}")
        else:
            x_misc = []
        if y is not None and len(x) != len(y):
            raise ValueError("`x` (images tensor) and `y` (labels) should have the same "
                             f"length. Found: x.shape = {np.asarray(x).shape}, "
                             f"y.shape = {np.asarray(y).shape}")
        if sample_weight is not None and len(x) != len(sample_weight):
            raise ValueError("`x` (images tensor) and `sample_weight` should have the same "
                             f"length. Found: x.shape = {np.asarray(x).shape}, "
                             f"sample_weight.shape = {np.asarray(sample_weight).shape}")
        if subset is not None:
            x, y, x_misc = _split(x, y, x_misc, subset, image_data_generator._validation_split,
                                  ignore_class_split)
        self.x = np.asarray(x, dtype=self.dtype)
        self.x_misc = x_misc
        if self.x.ndim != 4:
            raise ValueError("Input data in `NumpyArrayIterator` should have rank 4. You "
                             f"passed an array with shape {self.x.shape}")
        channels_axis = 3 if data_format == "channels_last" else 1
        if self.x.shape[channels_axis] not in {1, 3, 4}:
            warnings.warn(f'NumpyArrayIterator is set to use the data format convention '
                          f'"{data_format}" (channels on axis {channels_axis}), i.e. expected '
                          f"either 1, 3, or 4 channels on axis {channels_axis}. However, it "
                          f"was passed an array with shape {self.x.shape} "
                          f"({self.x.shape[channels_axis]} channels).",
                          stacklevel=user_stacklevel())
        self.y = np.asarray(y) if y is not None else None
        self.sample_weight = np.asarray(sample_weight) if sample_weight is not None else None
        self.image_data_generator = image_data_generator
        self.data_format = data_format
        self.save_to_dir = save_to_dir
        self.save_prefix = save_prefix
        self.save_format = save_format
        super().__init__(self.x.shape[0], batch_size, shuffle, seed)

    def _get_batches_of_transformed_samples(self, index_array: np.ndarray) -> Any:
        batch_x = np.zeros((len(index_array), *self.x.shape[1:]), dtype=self.dtype)
        generator = self.image_data_generator
        for i, j in enumerate(index_array):
            x = self.x[j]
            params = generator.get_random_transform(x.shape)
            x = generator.apply_transform(x.astype(self.dtype), params)
            batch_x[i] = generator.standardize(x)
        if self.save_to_dir:
            _save_batch(batch_x, index_array, self.data_format, self.save_to_dir,
                        self.save_prefix, self.save_format, int(1e4))
        batch_x_miscs = [xx[index_array] for xx in self.x_misc]
        output: tuple[Any, ...] = (batch_x if not batch_x_miscs
                                   else [batch_x, *batch_x_miscs],)
        if self.y is None:
            return output[0]
        output += (self.y[index_array],)
        if self.sample_weight is not None:
            output += (self.sample_weight[index_array],)
        return output


def _split(x: Any, y: Any, x_misc: list[np.ndarray], subset: str, validation_split: float,
           ignore_class_split: bool) -> tuple[Any, Any, list[np.ndarray]]:
    """The validation part (the first `validation_split` of the samples) or the training
    part (the rest) of `x`, `y` and the extra arrays."""
    if subset not in {"training", "validation"}:
        raise ValueError(f'Invalid subset name: {subset}; expected "training" or '
                         '"validation".')
    split_idx = int(len(x) * validation_split)
    if (y is not None and not ignore_class_split
            and not np.array_equal(np.unique(y[:split_idx]), np.unique(y[split_idx:]))):
        raise ValueError("Training and validation subsets have different number of classes "
                         "after the split. If your numpy arrays are sorted by the label, you "
                         "might want to shuffle them.")
    part = slice(None, split_idx) if subset == "validation" else slice(split_idx, None)
    return (x[part], y[part] if y is not None else None,
            [np.asarray(xx[part]) for xx in x_misc])
