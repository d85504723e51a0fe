"""What `fit`, `evaluate` and `predict` iterate: batches cut from arrays, or the batches of an
`ag.data` dataset, a Python generator or a `PyDataset`.

Every batch is a triple `(x, y, sample_weight)` of NumPy arrays (`y` and `sample_weight` may
be None). Arrays (NumPy, nested lists, eager tensors) are cut into `batch_size` batches here,
shuffled per epoch with NumPy's global generator when asked (`shuffle="batch"` shuffles
within each batch). A dataset, generator or `PyDataset` yields its own batches, `(x, y)` or
`(x, y, sample_weight)` (for `predict`, `x` alone also does), in its own order: as in Keras,
`y` and `sample_weight` must not be given with them, nor `batch_size` (which Keras 3 ignores
there; we refuse it, so that a batch size the data do not follow is not taken for one), and
`shuffle` only reorders a `PyDataset`'s batches. `class_weight` (`{class: weight}`) becomes
each sample's weight from its label (the argmax of a one-hot label). Floating values become
float32, as Keras casts them.

>>> import autograph as ag
>>> data = batches(ag.data.Dataset.from_tensor_slices(([[1.0], [2.0], [3.0]], [0, 1, 0]))
...                .batch(2), None, None, "fit")
>>> data.num_batches, data.x_spec
(2, TensorSpec(shape=(None, 1), dtype=ag.float32, name=None))
"""

from __future__ import annotations

import itertools
import random
import types
import warnings
from typing import Any, Iterator

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.func_graph import flatten, flatten_with_paths, pack_sequence_as
from autograph.runtime.graph.tensor import EagerTensor
from autograph.runtime.graph.tensor_spec import TensorSpec
from autograph.runtime.ops.iterator.ops import is_dataset
from autograph.runtime.train.keras.py_dataset import PyDataset

Batch = tuple[Any, Any, "np.ndarray | None"]  # x and y: an array or a structure of them

PEEKED = 2  # Keras reads the first two batches of a generator to learn their shapes


class Batches:
    """The batches of one kind of data: the specs of `x`, `y` and the sample weights (None
    when absent; the batch axis unknown), the number of batches per pass (None: unknown),
    and `iterator()`, a new pass over them."""

    x_spec: TensorSpec
    y_spec: TensorSpec | None
    sw_spec: TensorSpec | None
    num_batches: int | None

    def iterator(self) -> Iterator[Batch]:
        raise NotImplementedError

    def on_epoch_begin(self) -> None:
        """Called before each epoch (a `PyDataset` hears of it)."""

    def on_epoch_end(self) -> None:
        """Called after each epoch, and once before the first."""

    @property
    def specs(self) -> list[TensorSpec]:
        """The step function's input signature: `x`, then `y` and the weights if present."""
        return [s for s in (self.x_spec, self.y_spec, self.sw_spec) if s is not None]


class ArrayBatches(Batches):
    """Batches cut from arrays; `x` and `y` may each be a list, tuple or dict of arrays (a
    model's several inputs or outputs)."""

    def __init__(self, x: Any, y: Any, sample_weight: np.ndarray | None, batch_size: int,
                 shuffle: Any):
        self.x, self.y, self.sample_weight = x, y, sample_weight
        self.batch_size, self.shuffle = batch_size, shuffle
        self.x_spec = _specs_of(x)
        self.y_spec = None if y is None else _specs_of(y)
        self.sw_spec = None if sample_weight is None else _spec(sample_weight.shape,
                                                                sample_weight.dtype)
        self.count = count_samples(x)
        self.num_batches = -(-self.count // batch_size)

    def iterator(self) -> Iterator[Batch]:
        y, weight, size = self.y, self.sample_weight, self.batch_size
        order = np.random.permutation(self.count) if self.shuffle and self.shuffle != "batch" \
            else None
        for start in range(0, self.count, size):
            rows: Any = slice(start, start + size)
            if self.shuffle == "batch":
                rows = np.random.permutation(min(self.count - start, size)) + start
            elif order is not None:
                rows = order[rows]
            yield take_rows(self.x, rows), None if y is None else take_rows(y, rows), \
                None if weight is None else weight[rows]


class _ElementBatches(Batches):
    """Batches that come as tuples from the user's code: checked, weighted, made float32."""

    def __init__(self, what: str, needs_y: bool, class_weight: dict | None):
        self.what, self.needs_y, self.class_weight = what, needs_y, class_weight
        self.arity: int | None = None  # the first batches' length, which every batch must have

    def _specs(self, first: list[tuple], source: str) -> None:
        """The specs from the first batches: axes that differ between them are unknown."""
        counts = {len(batch) for batch in first}
        if len(counts) != 1 or (self.needs_y and counts == {1}):
            wanted = "(x, y) or (x, y, sample_weight)" if self.needs_y else \
                "(x,), (x, y) or (x, y, sample_weight)"
            raise ValueError(f"{self.what}: {source} must yield tuples {wanted} of arrays; "
                             f"its first batches have {sorted(counts)} elements.")
        self.arity = counts.pop()
        first = [self._parts(batch, source) for batch in first]
        specs = []
        for parts in zip(*first):  # the same part (x, y or weights) of each batch
            leaves = [flatten(part) for part in parts]
            part_specs = []
            for same in zip(*leaves):
                shapes = {np.shape(leaf) for leaf in same}
                dims = [d if len({s[i] for s in shapes}) == 1 else None
                        for i, d in enumerate(next(iter(shapes)))]
                part_specs.append(_spec(dims, same[0].dtype))
            specs.append(pack_sequence_as(parts[0], part_specs))
        self.x_spec = specs[0]
        self.y_spec = specs[1] if len(specs) > 1 else None
        self.sw_spec = specs[2] if len(specs) > 2 else None
        self._weigh_classes()

    def _weigh_classes(self) -> None:
        """With `class_weight`, the batches gain weights (and must not have their own)."""
        if self.class_weight is not None:
            if self.sw_spec is not None:
                raise ValueError("You cannot `class_weight` and `sample_weight` at the same "
                                 "time.")
            self.sw_spec = TensorSpec([None], dtypes.float32)

    def _parts(self, element: tuple, source: str) -> tuple:
        """A batch's parts as arrays (floats float32)."""
        return tuple(_arrays(part, f"{self.what}: {source}: each part of a batch")
                     for part in element)

    def _standard(self, element: Any, source: str) -> Batch:
        parts = self._parts(element, source)
        if len(parts) not in (1, 2, 3):
            raise ValueError(f"{self.what}: {source} must yield (x,), (x, y) or (x, y, "
                             f"sample_weight); got a tuple of {len(parts)}.")
        if self.arity is not None and len(parts) != self.arity:
            raise ValueError(f"{self.what}: {source} must yield tuples of one length; its "
                             f"first batches have {self.arity} elements, a later one "
                             f"{len(parts)}.")
        x, y, weight = parts + (None,) * (3 - len(parts))
        assert x is not None
        if self.class_weight is not None and y is not None:
            weight = class_weights(y, self.class_weight)
        return x, y, weight


class DatasetBatches(_ElementBatches):
    def __init__(self, dataset: Any, what: str, needs_y: bool, class_weight: dict | None,
                 steps: int | None):
        super().__init__(what, needs_y, class_weight)
        spec = dataset.element_spec
        parts = list(spec) if isinstance(spec, tuple) else [spec]
        if not all(isinstance(leaf, TensorSpec) for leaf in flatten(parts)) or not (
                1 <= len(parts) <= 3) or (needs_y and len(parts) == 1):
            wanted = "(x, y) or (x, y, sample_weight)" if needs_y else \
                "x, (x, y) or (x, y, sample_weight)"
            raise ValueError(f"{what}: a dataset must yield {wanted} tuples of tensors; its "
                             f"elements are {spec}.")
        self.dataset = dataset
        self.x_spec = _batch_specs(parts[0])
        self.y_spec = _batch_specs(parts[1]) if len(parts) > 1 else None
        self.sw_spec = _batch_specs(parts[2]) if len(parts) > 2 else None
        self._weigh_classes()
        cardinality = int(dataset.cardinality())
        if cardinality == -1 and steps is None:
            raise ValueError(f"{what}: the dataset is infinite (a repeat() without a count); "
                             f"pass steps_per_epoch (steps for evaluate and predict), take() "
                             f"the steps you want, or repeat it a number of times.")
        if cardinality == 0:
            raise no_batches(what)
        self.num_batches = cardinality if cardinality > 0 else None

    def iterator(self) -> Iterator[Batch]:
        for element in self.dataset.as_numpy_iterator():
            yield self._standard(element if isinstance(element, tuple) else (element,),
                                 "the dataset")


class GeneratorBatches(_ElementBatches):
    """A Python generator's batches. It can be read once: as Keras, the first two batches
    (read to learn the shapes) come again at the start of every later pass."""

    num_batches = None

    def __init__(self, generator: Any, what: str, needs_y: bool):
        super().__init__(what, needs_y, None)
        self.first = [self._element(e) for e in itertools.islice(generator, PEEKED)]
        self.generator = generator
        if not self.first:
            raise ValueError("When passing a Python generator to a Keras model, the generator "
                             "must yield at least one batch. Received an empty generator.")
        self._specs(self.first, "the generator")

    def _element(self, element: Any) -> tuple:
        if not isinstance(element, tuple):
            raise ValueError(f"When passing a Python generator to a Keras model, the "
                             f"generator must return a tuple, either (input,) or (inputs, "
                             f"targets) or (inputs, targets, sample_weights). Received: "
                             f"{element}")
        return element

    def iterator(self) -> Iterator[Batch]:
        for element in itertools.chain(self.first, self.generator):
            yield self._standard(self._element(element), "the generator")


class PyDatasetBatches(_ElementBatches):
    def __init__(self, dataset: PyDataset, what: str, needs_y: bool,
                 class_weight: dict | None, shuffle: bool):
        super().__init__(what, needs_y, class_weight)
        self.dataset, self.shuffle = dataset, shuffle
        self.num_batches = dataset.num_batches
        count = PEEKED if self.num_batches is None else min(PEEKED, self.num_batches)
        first = [_tuple(dataset[i]) for i in range(count)]
        if not first:
            raise ValueError("The PyDataset has length 0")
        self._specs(first, "the PyDataset")

    def iterator(self) -> Iterator[Batch]:
        count = self.num_batches
        indices: Any = itertools.count() if count is None else list(range(count))
        if self.shuffle and count is not None:
            random.shuffle(indices)
        for index in indices:
            yield self._standard(_tuple(self.dataset[index]), "the PyDataset")

    def on_epoch_begin(self) -> None:
        self.dataset.on_epoch_begin()

    def on_epoch_end(self) -> None:
        self.dataset.on_epoch_end()


def _tuple(batch: Any) -> tuple:
    """A `PyDataset` batch as a tuple, as Keras standardizes it."""
    if isinstance(batch, np.ndarray):
        return (batch,)
    if isinstance(batch, list):
        batch = tuple(batch)
    if not isinstance(batch, tuple) or len(batch) not in (1, 2, 3):
        raise ValueError(f"PyDataset.__getitem__() must return a tuple or a dict. If a tuple, "
                         f"it must be ordered either (input,) or (inputs, targets) or (inputs, "
                         f"targets, sample_weights). Received: {str(batch)[:100]}... of type "
                         f"{type(batch)}")
    return batch


def class_weights(y: np.ndarray, class_weight: dict) -> np.ndarray:
    """Keras's `class_weight_to_sample_weights`: each sample's weight from its class (the
    argmax of a one-hot label, else the rounded label); classes not named weigh 1."""
    labels = np.asarray(y)
    if labels.ndim == 2:  # one-hot labels, or one column of them
        labels = labels.argmax(axis=1) if labels.shape[1] != 1 else labels[:, 0]
    labels = np.round(labels).astype(np.int64).reshape(len(labels))
    return np.array([class_weight.get(int(label), 1.0) for label in labels], np.float32)


def no_batches(what: str) -> ValueError:
    """The error for a dataset that yields nothing (Keras reports empty logs, or fails in
    predict)."""
    return ValueError(f"{what}: the dataset yields no batches.")


def batches(x: Any, y: Any, batch_size: int | None, what: str, needs_y: bool = True,
            sample_weight: Any = None, class_weight: dict | None = None,
            steps: int | None = None, shuffle: Any = False) -> Batches:
    """The batches of `x`, `y` and `sample_weight` for `what` (`fit`, `evaluate`,
    `predict`); `steps` (Keras's `steps_per_epoch`) sizes the batches of arrays when
    `batch_size` is not given."""
    if class_weight is not None and not isinstance(class_weight, dict):
        raise ValueError(f"{what}: class_weight must be a dict {{class index: weight}}, got "
                         f"{class_weight!r}.")
    source = _source_name(x)
    if source is not None:
        it = source.replace("a ", "the ")  # each name has one "a "
        for name, value in (("y", y), ("sample_weight", sample_weight)):
            if value is not None:
                yields = "(x, y) pairs" if name == "y" else "(x, y, sample_weight) triples"
                raise ValueError(f"{what}: {name} must not be given when x is {source}; "
                                 f"{it} yields {yields}.")
        if batch_size is not None:
            hint = "batch the dataset instead (dataset.batch(n))" if source == "a dataset" \
                else f"{it} yields whole batches"
            raise ValueError(f"{what}: batch_size must not be given when x is {source}; "
                             f"{hint}.")
        if isinstance(x, types.GeneratorType):
            if class_weight is not None:
                raise ValueError(f"Argument `class_weight` is not supported for Python "
                                 f"generator inputs. Received: class_weight={class_weight}")
            made: Batches = GeneratorBatches(x, what, needs_y)
        elif isinstance(x, PyDataset):
            made = PyDatasetBatches(x, what, needs_y, class_weight, bool(shuffle))
        else:
            made = DatasetBatches(x, what, needs_y, class_weight, steps)
        if shuffle and what == "fit" and not (isinstance(x, PyDataset) and
                                              x.num_batches is not None):
            what_kind = {"a dataset": "a tf.data.Dataset", "a generator": "a generator",
                         "a PyDataset": "an infinite PyDataset"}[source]
            expected = {"a dataset": "The Dataset is expected to already be shuffled (via "
                                     "`.shuffle(buffer_size)`).",
                        "a generator": "The generator is expected to yield already-shuffled "
                                       "data.",
                        "a PyDataset": "The PyDataset is expected to already be shuffled."}
            warnings.warn(f"`shuffle=True` was passed, but will be ignored since the data "
                          f"`x` was provided as {what_kind}. {expected[source]}",
                          stacklevel=3)
        return made
    x = _arrays(x, f"{what}: x")
    count = count_samples(x)
    if count == 0:  # Keras's fit and evaluate report nothing; its predict fails
        raise ValueError(f"{what}: x has no samples (its first axis has size 0).")
    if y is None and needs_y:
        raise ValueError(f"{what}: y (the targets) is missing.")
    y = None if y is None else _arrays(y, f"{what}: y")
    if y is not None and count != count_samples(y):
        raise ValueError(f"x and y must have the same number of samples, got {count} "
                         f"and {count_samples(y)}.")
    if sample_weight is not None:
        if class_weight is not None:
            raise ValueError("You cannot `class_weight` and `sample_weight` at the same time.")
        sample_weight = _array(sample_weight, f"{what}: sample_weight").astype(np.float32)
        if len(sample_weight) != count:
            raise ValueError(f"{what}: sample_weight must have one weight per sample, got "
                             f"{len(sample_weight)} for {count} samples.")
    if class_weight is not None and y is not None:
        if not isinstance(y, np.ndarray):
            raise ValueError("`class_weight` is only supported for Models with a single "
                             "output.")
        sample_weight = class_weights(y, class_weight)
    size = batch_size or (-(-count // steps) if steps else 32)
    return ArrayBatches(x, y, sample_weight, size, shuffle)


def split_arrays(x: Any, y: Any, sample_weight: Any, validation_split: float) -> tuple:
    """Keras's `train_validation_split`: `((x, y, sample_weight), (x_val, y_val,
    sample_weight_val))`, the last `validation_split` of the samples kept for validation.

    Raises:
        ValueError: data that are not arrays, or too few samples to split.
    """
    if _source_name(x) is not None:
        raise ValueError(f"fit: validation_split needs arrays; with {_source_name(x)}, pass "
                         f"validation_data (another dataset).")
    arrays = [None if a is None else _arrays(a, f"fit: {name}")
              for a, name in ((x, "x"), (y, "y"), (sample_weight, "sample_weight"))]
    count = count_samples(arrays[0])
    at = int(np.floor(count * (1.0 - validation_split)))
    if at in (0, count):
        raise ValueError(f"Training data contains {count} samples, which is not sufficient "
                         f"to split it into a validation and training set as specified by "
                         f"`validation_split={validation_split}`. Either provide more data, "
                         f"or a different value for the `validation_split` argument.")
    return (tuple(None if a is None else take_rows(a, slice(None, at)) for a in arrays),
            tuple(None if a is None else take_rows(a, slice(at, None)) for a in arrays))


def _source_name(x: Any) -> str | None:
    """What yields batches of its own ("a dataset"), or None for arrays."""
    if is_dataset(x):
        return "a dataset"
    if isinstance(x, types.GeneratorType):
        return "a generator"
    if isinstance(x, PyDataset):
        return "a PyDataset"
    return None


def _array(data: Any, what: str) -> np.ndarray:
    if isinstance(data, EagerTensor):
        data = data.numpy()
    array = np.asarray(data)
    if array.dtype == object or array.ndim == 0:
        raise ValueError(f"{what} must be an array with a batch axis (NumPy array, nested list "
                         f"or eager tensor), got {type(data).__name__} of shape {array.shape}.")
    return _float32(array)


def _arrays(data: Any, what: str) -> Any:
    """`data` as an array, or, when it holds arrays or tensors, as the list, tuple or dict of
    them (a model's several inputs or outputs); a nested list of numbers is one array."""
    if isinstance(data, dict) or (isinstance(data, (list, tuple)) and any(
            isinstance(leaf, (np.ndarray, EagerTensor)) for leaf in flatten(data))):
        return pack_sequence_as(data, [_array(leaf, f"{what}{path}")
                                       for path, leaf in flatten_with_paths(data)])
    return _array(data, what)


def count_samples(data: Any) -> int:
    """The number of samples of an array or a structure of arrays (each the same).

    Raises:
        ValueError: arrays of different lengths, or an empty structure.
    """
    counts = {len(leaf) for leaf in flatten(data)}
    if len(counts) != 1:
        raise ValueError(f"All arrays of the data must have the same number of samples; got "
                         f"{sorted(counts)}." if counts else "The data hold no arrays.")
    return counts.pop()


def take_rows(data: Any, rows: Any) -> Any:
    """The given rows of an array, or of each array of a structure."""
    if isinstance(data, np.ndarray):
        return data[rows]
    return pack_sequence_as(data, [leaf[rows] for leaf in flatten(data)])


def spec_shapes(spec: Any) -> Any:
    """The shape of a spec, or the shapes of a structure of specs in its structure."""
    if isinstance(spec, TensorSpec):
        return spec.shape
    return pack_sequence_as(spec, [s.shape for s in flatten(spec)])


def hashable_spec(spec: Any) -> Any:
    """A spec, or a structure of specs, as a dictionary key."""
    if isinstance(spec, dict):
        return tuple((k, hashable_spec(v)) for k, v in spec.items())
    if isinstance(spec, (list, tuple)):
        return tuple(hashable_spec(v) for v in spec)
    return spec


def _specs_of(data: Any) -> Any:
    if isinstance(data, np.ndarray):
        return _spec(data.shape, data.dtype)
    return pack_sequence_as(data, [_spec(a.shape, a.dtype) for a in flatten(data)])


def _batch_specs(spec: Any) -> Any:
    """A dataset's element spec (or a structure of them) as batch specs."""
    if isinstance(spec, TensorSpec):
        return _spec(spec.shape, spec.dtype)
    return pack_sequence_as(spec, [_spec(s.shape, s.dtype) for s in flatten(spec)])


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
