"""What `fit`, `evaluate` and `predict` iterate: batches cut from arrays, or the batches of an
`ag.data` dataset.

Arrays (NumPy, nested lists, eager tensors) are cut into `batch_size` batches here, shuffled
per epoch with NumPy's global generator when asked. A dataset yields its own batches, `(x, y)`
pairs (for `predict`, `x` alone also does), in its own order: as in Keras, `batch_size` must
not be given with it, and `shuffle` does not apply (shuffle the dataset). Floating inputs
become float32, as Keras casts them.

>>> import autograph as ag
>>> data = batches(ag.data.Dataset.from_tensor_slices(([[1.0], [2.0], [3.0]], [0, 1, 0]))
...                .batch(2), None, None, "fit")
>>> data.steps, data.x_spec
(2, TensorSpec(shape=(None, 1), dtype=ag.float32, name=None))
"""

from __future__ import annotations

from typing import Any, Iterator

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.tensor import EagerTensor
from autograph.runtime.graph.tensor_spec import TensorSpec
from autograph.runtime.ops.iterator.ops import is_dataset


class Batches:
    """The batches of one kind of data: specs of `x` and `y` (batch axis unknown), the number
    of batches per pass (None: unknown until a pass ends), and `epoch(shuffle)`."""

    x_spec: TensorSpec
    y_spec: TensorSpec | None
    steps: int | None

    def epoch(self, shuffle: bool = False) -> Iterator[tuple[np.ndarray, np.ndarray | None]]:
        raise NotImplementedError


class ArrayBatches(Batches):
    def __init__(self, x: np.ndarray, y: np.ndarray | None, batch_size: int):
        self.x, self.y, self.batch_size = x, y, batch_size
        self.x_spec = _spec(x.shape, x.dtype)
        self.y_spec = None if y is None else _spec(y.shape, y.dtype)
        self.steps = -(-len(x) // batch_size)

    def epoch(self, shuffle: bool = False) -> Iterator[tuple[np.ndarray, np.ndarray | None]]:
        order = np.random.permutation(len(self.x)) if shuffle else None
        for step in range(self.steps or 0):
            rows: Any = slice(step * self.batch_size, (step + 1) * self.batch_size)
            if order is not None:
                rows = order[rows]
            yield self.x[rows], None if self.y is None else self.y[rows]


class DatasetBatches(Batches):
    def __init__(self, dataset: Any, what: str, needs_y: bool):
        spec = dataset.element_spec
        parts = list(spec) if isinstance(spec, tuple) else [spec]
        if not all(isinstance(p, TensorSpec) for p in parts) or not 1 <= len(parts) <= 2 or (
                needs_y and len(parts) != 2):
            wanted = "(x, y) pairs" if needs_y else "x, or (x, y) pairs"
            raise ValueError(f"{what}: a dataset must yield {wanted} of tensors (sample "
                             f"weights are not supported); its elements are {spec}.")
        self.dataset = dataset
        self.x_spec = _spec(parts[0].shape, parts[0].dtype)
        self.y_spec = _spec(parts[1].shape, parts[1].dtype) if len(parts) == 2 else None
        cardinality = int(dataset.cardinality())
        if cardinality == -1:
            raise ValueError(f"{what}: the dataset is infinite (a repeat() without a count); "
                             f"take() the steps you want, or repeat it a number of times.")
        if cardinality == 0:
            raise no_batches(what)
        self.steps = cardinality if cardinality > 0 else None

    def epoch(self, shuffle: bool = False) -> Iterator[tuple[np.ndarray, np.ndarray | None]]:
        for element in self.dataset.as_numpy_iterator():
            x, y = element if isinstance(element, tuple) else (element, None)
            yield _float32(np.asarray(x)), None if y is None else _float32(np.asarray(y))


def no_batches(what: str) -> ValueError:
    """The error for a dataset that yields nothing (Keras reports empty logs, or fails in
    predict)."""
    return ValueError(f"{what}: the dataset yields no batches.")


def batches(x: Any, y: Any, batch_size: int | None, what: str,
            needs_y: bool = True) -> Batches:
    """The batches of `x` and `y` for `what` (`fit`, `evaluate`, `predict`)."""
    if is_dataset(x):
        if y is not None:
            raise ValueError(f"{what}: y must not be given when x is a dataset; the dataset "
                             f"yields (x, y) pairs.")
        if batch_size is not None:
            raise ValueError(f"{what}: batch_size must not be given when x is a dataset; "
                             f"batch the dataset instead (dataset.batch(n)).")
        return DatasetBatches(x, what, needs_y)
    x = _array(x, f"{what}: x")
    if len(x) == 0:  # Keras's fit and evaluate report nothing; its predict fails
        raise ValueError(f"{what}: x has no samples (its first axis has size 0).")
    if y is None and needs_y:
        raise ValueError(f"{what}: y (the targets) is missing.")
    y = None if y is None else _array(y, f"{what}: y")
    if y is not None and len(x) != len(y):
        raise ValueError(f"x and y must have the same number of samples, got {len(x)} "
                         f"and {len(y)}.")
    return ArrayBatches(x, y, batch_size or 32)


def _array(data: Any, what: str) -> np.ndarray:
    if isinstance(data, EagerTensor):
        data = data.numpy()
    array = np.asarray(data)
    if array.dtype == object or array.ndim == 0:
        raise ValueError(f"{what} must be an array with a batch axis (NumPy array, nested list "
                         f"or eager tensor), got {type(data).__name__} of shape {array.shape}.")
    return _float32(array)


def _float32(array: np.ndarray) -> np.ndarray:
    return array.astype(np.float32) if array.dtype.kind == "f" else array


def _spec(shape: Any, dtype: Any) -> TensorSpec:
    """A batch's spec: the batch axis unknown, floats float32."""
    shape = TensorShape(shape)
    if shape.rank is None:
        raise ValueError("Model inputs and targets need a known rank; the dataset's elements "
                         "have an unknown shape. Give the dataset's source a shape.")
    dims = shape.as_list()
    if not dims:
        raise ValueError("Model inputs and targets need a batch axis; got a scalar element. "
                         "Batch the dataset (dataset.batch(n)).")
    dtype = dtypes.as_dtype(dtype)
    return TensorSpec([None, *dims[1:]], dtypes.float32 if dtype.is_floating else dtype)

