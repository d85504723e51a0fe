"""`Dataset`: an eager input pipeline with `tf.data`'s API.

A dataset is a recipe: a function making a fresh iterator of flat elements (tuples of NumPy
arrays), the `Structure` of its elements and its cardinality. Transformations compose recipes
(the generators of `transforms`, `threads`, `sources`); iteration turns each element into eager
tensors at the end only, so a pipeline costs no op dispatch per element. `map` followed by
`batch` runs an elementwise function once per batch (see `tracing`).

>>> list(Dataset.range(5).map(lambda x: x * 2).batch(2).as_numpy_iterator())
[array([0, 2]), array([4, 6]), array([8])]
"""

from __future__ import annotations

import functools
import itertools
import random
from typing import Any, Callable, Iterator

import numpy as np

from autograph.runtime.core import dtypes, errors, random_seed
from autograph.runtime.core.thread_settings import default_pool_size
from autograph.runtime.data import functions, graph_reduce, sources, threads, transforms
from autograph.runtime.data.dataset_spec import DatasetSpec
from autograph.runtime.data.dataset_type import DatasetType
from autograph.runtime.data.grouping import Grouping
from autograph.runtime.data.iterator import NumpyIterator, OwnedIterator
from autograph.runtime.data.iterator_state import ShuffleSeeds
from autograph.runtime.data.rows import Rows
from autograph.runtime.data.structure import (
    Structure,
    host_array,
    shape_dims,
    shape_leaves,
    split,
)
from autograph.runtime.graph.func_graph import flatten, pack_sequence_as
from autograph.runtime.graph.graph import building_graph
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.graph.tensor_spec import TensorSpec

INFINITE_CARDINALITY = -1
UNKNOWN_CARDINALITY = -2
AUTOTUNE = -1

Maker = Callable[[], Iterator[tuple]]


class Dataset(Grouping):
    """A sequence of elements (nests of tensors), built from sources and transformations.

    Inside a function, `for x in dataset` is one graph loop over iterator ops, and a dataset
    argument traces by its element spec (`runtime.data.dataset_type`). The transformations
    that regroup elements (`window`, `group_by_window`, ...) are in `grouping`.
    """

    _is_dataset = True  # what `for`, `iter()` and the iterator ops look for
    def __init__(self, make: Maker, structure: Structure | Callable[[], Structure],
                 cardinality: int, rows: Rows | None = None,
                 mapped: tuple[Dataset, functions.Mapper] | None = None,
                 kind: str = "Dataset()", inputs: tuple[Dataset, ...] = (),
                 shuffle: ShuffleSeeds | None = None):
        self._make = make
        # The pipeline, for an iterator's checkpoint: this stage as the call that made it
        # (with the arguments that change which elements come: `batch(3, False)`), what it
        # reads, and the seeds of a shuffle (`iterator_state`).
        self._kind = kind
        self._inputs = inputs
        self._shuffle = shuffle
        self._structure_value = structure if isinstance(structure, Structure) else None
        self._structure_fn = structure if callable(structure) else None
        self._cardinality = cardinality
        self._rows = rows  # rows fetched by index, for whole batches and fast shuffles
        self._mapped = mapped  # (input, function) of a `map`, for map-batch fusion

    # ---------------------------------------------------------------- structure and size
    @property
    def _structure(self) -> Structure:
        if self._structure_value is None:
            assert self._structure_fn is not None  # one of the two is always set
            self._structure_value = self._structure_fn()
        return self._structure_value

    @property
    def element_spec(self) -> Any:
        """The element's structure, with a `TensorSpec` for each tensor."""
        return self._structure.element_spec

    def cardinality(self) -> Any:
        """The number of elements as an int64 tensor, or `INFINITE_CARDINALITY` (-1) or
        `UNKNOWN_CARDINALITY` (-2)."""
        return convert_to_tensor(np.int64(self._cardinality))

    def __len__(self) -> int:
        if self._cardinality == INFINITE_CARDINALITY:
            raise TypeError("The dataset is infinite.")
        if self._cardinality == UNKNOWN_CARDINALITY:
            raise TypeError("The dataset length is unknown.")
        return self._cardinality

    # ---------------------------------------------------------------- iteration
    def __iter__(self) -> OwnedIterator:
        return OwnedIterator(None, self._structure, dataset=self)

    def _iter_flat(self) -> Any:
        """The elements as flat tuples of arrays (what the iterator ops of a graph take)."""
        return self._make()

    def __tf_tracing_type__(self, context: Any) -> DatasetType:
        return DatasetType(self.element_spec)

    def as_numpy_iterator(self) -> NumpyIterator:
        """An iterator over the elements as NumPy values.

        Raises:
            TypeError: the elements are datasets (those of `window`).
        """
        if self._structure.has_datasets:
            raise TypeError(f"`ag.data.Dataset.as_numpy_iterator()` is not supported for "
                            f"datasets that produce values of type {Dataset}")
        return NumpyIterator(None, self._structure, dataset=self)

    def _first(self) -> tuple | None:
        it = self._make()
        try:
            return next(it, None)
        finally:
            getattr(it, "close", lambda: None)()

    def reduce(self, initial_state: Any, reduce_func: Callable) -> Any:
        """Folds the elements into a state: `state = reduce_func(state, element)`.

        >>> int(Dataset.from_tensor_slices([1, 2, 3, 4]).reduce(0, lambda total, x: total + x))
        10

        In a graph (inside an `ag.function`) it is one graph loop (`graph_reduce`).
        """
        if building_graph() is not None:
            return graph_reduce.reduce_in_graph(self, initial_state, reduce_func)
        state = graph_reduce.as_state(initial_state)
        structure = self._structure
        for index, flat in enumerate(self._make()):
            element = structure.to_tensors(flat)
            try:
                result = reduce_func(state, element)
            except Exception as e:
                raise errors.InvalidArgumentError(
                    f"The function of Dataset.reduce raised {type(e).__name__}: {e} on element "
                    f"{index}.") from e
            state = graph_reduce.new_state(result, state)
        return state

    # ---------------------------------------------------------------- sources
    @staticmethod
    def range(*args: int, output_type: Any = dtypes.int64) -> Dataset:
        """Like Python's `range`: `range(stop)`, `range(start, stop[, step])`."""
        start, stop, step = sources.range_args(args)
        dtype = dtypes.as_dtype(output_type)
        structure = Structure(0, [TensorSpec((), dtype)])
        return Dataset.of_rows(Rows.of_range(start, stop, step, dtype.np_dtype), structure,
                               kind=f"range({start}, {stop}, {step})")

    @staticmethod
    def from_tensors(tensors: Any) -> Dataset:
        """A dataset of one element, `tensors`."""
        template, arrays = split(tensors)
        element = tuple(arrays)
        return Dataset(lambda: iter((element,)), Structure.of_arrays(template, arrays), 1,
                       kind="from_tensors()")

    @staticmethod
    def from_tensor_slices(tensors: Any) -> Dataset:
        """A dataset of the slices of `tensors` along their first dimension.

        >>> [(int(a), float(b)) for a, b in Dataset.from_tensor_slices(([1, 2], [3.0, 4.0]))]
        [(1, 3.0), (2, 4.0)]
        """
        template, arrays = split(tensors)
        structure = Structure.of_arrays(template, arrays, batch_dims=1)
        rows = sources.tensor_slices(arrays)
        if isinstance(rows, Rows):
            return Dataset.of_rows(rows, structure, kind="from_tensor_slices()")
        return Dataset(lambda: iter(rows), structure, len(rows), kind="from_tensor_slices()")

    @staticmethod
    def of_rows(rows: Rows, structure: Structure, kind: str,
                inputs: tuple[Dataset, ...] = (),
                shuffle: ShuffleSeeds | None = None) -> Dataset:
        return Dataset(rows.elements, structure, rows.count, rows=rows, kind=kind,
                       inputs=inputs, shuffle=shuffle)

    @staticmethod
    def from_generator(generator: Callable, output_types: Any = None, output_shapes: Any = None,
                       args: Any = None, output_signature: Any = None) -> Dataset:
        """The elements a Python generator yields (`generator()` is called per iteration).

        Each element is checked against `output_signature` (or `output_types` and
        `output_shapes`); one that does not match, or an error the generator raises, is an
        `InvalidArgumentError` naming the element.
        """
        structure = sources.signature(output_types, output_shapes, output_signature)
        call_args = tuple(args or ())
        return Dataset(functools.partial(sources.generator_elements,
                                         lambda: generator(*call_args), structure),
                       structure, UNKNOWN_CARDINALITY, kind="from_generator()")

    @staticmethod
    def zip(*datasets: Any) -> Dataset:
        """Elements of several datasets side by side (`zip(a, b)` or `zip((a, b))`)."""
        nest = datasets[0] if len(datasets) == 1 else datasets
        members = flatten(nest)
        if not members or not all(isinstance(d, Dataset) for d in members):
            raise TypeError("Dataset.zip takes datasets, or one nest of datasets.")
        template = pack_sequence_as(nest, [d._structure.template for d in members])
        specs = [s for d in members for s in d._structure.specs]
        cards = [d._cardinality for d in members]
        finite = [c for c in cards if c >= 0]
        card = (UNKNOWN_CARDINALITY if UNKNOWN_CARDINALITY in cards else
                min(finite) if finite else INFINITE_CARDINALITY)
        return Dataset(functools.partial(transforms.zip_, [d._make for d in members]),
                       Structure(template, specs), card, kind="zip()", inputs=tuple(members))

    # ---------------------------------------------------------------- transformations
    def _derived(self, kind: str, make: Maker, cardinality: int | None = None,
                 structure: Structure | None = None,
                 shuffle: ShuffleSeeds | None = None) -> Dataset:
        return Dataset(make, structure or self._structure,
                       self._cardinality if cardinality is None else cardinality, kind=kind,
                       inputs=(self,), shuffle=shuffle)

    def map(self, map_func: Callable, num_parallel_calls: int | None = None,
            deterministic: bool | None = None, name: str | None = None) -> Dataset:
        """`map_func` on each element (a tuple element is unpacked into arguments).

        With `num_parallel_calls` (a number, or `AUTOTUNE`: the inter-op thread setting, else
        the CPU count) the calls run on a thread pool and the order is kept unless
        `deterministic=False`.

        >>> [int(v) for v in Dataset.from_tensor_slices(([1, 2], [10, 20])).map(lambda a, b: a + b)]
        [11, 22]
        """
        mapper = functions.Mapper(map_func, self._structure, self._first)
        if num_parallel_calls is None:
            make: Maker = lambda: map(mapper, self._make(), itertools.count())  # noqa: E731
        else:
            workers = default_pool_size() if num_parallel_calls == AUTOTUNE else \
                int(num_parallel_calls)
            if workers < 1:
                raise ValueError(f"num_parallel_calls must be positive or AUTOTUNE; got "
                                 f"{num_parallel_calls}.")
            make = functools.partial(threads.parallel_map, self._make, mapper, workers,
                                     deterministic is not False)
        return Dataset(make, lambda: mapper.output, self._cardinality, mapped=(self, mapper),
                       kind="map()", inputs=(self,))

    def filter(self, predicate: Callable, name: str | None = None) -> Dataset:
        """The elements for which `predicate` returns True."""
        structure = self._structure
        test = functools.partial(functions.keep, predicate, structure)
        return self._derived("filter()", functools.partial(transforms.filter_, self._make, test),
                             UNKNOWN_CARDINALITY)

    def batch(self, batch_size: int, drop_remainder: bool = False,
              num_parallel_calls: int | None = None, deterministic: bool | None = None,
              name: str | None = None) -> Dataset:
        """Consecutive elements stacked into batches of `batch_size` (the last one smaller
        unless `drop_remainder`). `num_parallel_calls` and `deterministic` are accepted for
        compatibility; batches are stacked on the calling thread.

        >>> Dataset.range(7).batch(3, drop_remainder=True).element_spec
        TensorSpec(shape=(3,), dtype=ag.int64, name=None)
        """
        size = _positive("batch_size", batch_size)
        self._structure.refuse_datasets("Dataset.batch", batchable=True)
        structure = self._structure.batched(size if drop_remainder else None)
        c = self._cardinality
        card = c if c < 0 else c // size if drop_remainder else -(-c // size)
        make = self._fused_batch(size, drop_remainder, structure)
        if make is None:
            make = (self._rows.batches(size, drop_remainder) if self._rows is not None else
                    functools.partial(transforms.batch, self._make, size, drop_remainder,
                                      self._structure.specs))
        return Dataset(make, structure, card, kind=f"batch({size}, {drop_remainder})",
                       inputs=(self,))

    def ragged_batch(self, batch_size: int, drop_remainder: bool = False,
                     row_splits_dtype: Any = dtypes.int64, name: str | None = None) -> Dataset:
        """As `batch`, but a component whose shape is not fully known batches into a
        `RaggedTensor` (with row splits of `row_splits_dtype`) rather than failing."""
        from autograph.runtime.data.ragged_batch import ragged_batch  # imports the ragged ops
        return ragged_batch(self, batch_size, drop_remainder, row_splits_dtype)

    def _fused_batch(self, size: int, drop: bool, structure: Structure) -> Maker | None:
        """`map(f).batch(n)` as `batch(n).map(f)` when `f` is elementwise."""
        if self._mapped is None or not self._mapped[1].elementwise:
            return None
        source, mapper = self._mapped
        inner = source.batch(size, drop)
        batched_input = inner._structure

        def make() -> Iterator[tuple]:
            start = 0
            for batch in inner._make():
                yield mapper.on_batch(batch, batched_input, start)
                start += len(batch[0])
        return make

    def padded_batch(self, batch_size: int, padded_shapes: Any = None,
                     padding_values: Any = None, drop_remainder: bool = False,
                     name: str | None = None) -> Dataset:
        """Batches whose elements are padded to one shape per component (by default, the
        longest in the batch in each dimension) with `padding_values` (default 0, or b'')."""
        size = _positive("batch_size", batch_size)
        self._structure.refuse_datasets("Dataset.padded_batch")
        specs = self._structure.specs
        shapes = ([None] * len(specs) if padded_shapes is None else
                  [None if s is None else tuple(shape_dims(s))
                   for s in shape_leaves(padded_shapes)])
        if padding_values is None:
            values = [np.array(b"" if s.dtype == dtypes.string else 0, dtype=s.dtype.np_dtype)
                      for s in specs]
        else:
            values = [host_array(v, s.dtype) for v, s in zip(flatten(padding_values), specs)]
        out_specs = []
        for spec, shape in zip(specs, shapes):
            if spec.shape.rank is None:
                raise ValueError("padded_batch needs elements of known rank.")
            dims = spec.shape.as_list() if shape is None else list(shape)
            if len(dims) != spec.shape.rank:
                raise ValueError(f"padded_batch: padded shape {shape} does not have the rank "
                                 f"of the element's component, shape {spec.shape}.")
            out_specs.append(TensorSpec([size if drop_remainder else None] + dims, spec.dtype))
        c = self._cardinality
        card = c if c < 0 else c // size if drop_remainder else -(-c // size)
        return Dataset(functools.partial(transforms.padded_batch, self._make, size,
                                         drop_remainder, shapes, values),
                       self._structure.with_specs(out_specs), card, kind=f"padded_batch({size})",
                       inputs=(self,))

    def unbatch(self, name: str | None = None) -> Dataset:
        """The rows of each element (the inverse of `batch`)."""
        self._structure.refuse_datasets("Dataset.unbatch", batchable=True)
        first = self._structure.rows_per_element("Dataset.unbatch")
        c = self._cardinality
        card = c * first if c >= 0 and first is not None else \
            c if c == INFINITE_CARDINALITY else UNKNOWN_CARDINALITY
        return self._derived("unbatch()", functools.partial(transforms.unbatch, self._make), card,
                             self._structure.unbatched())

    def take(self, count: int, name: str | None = None) -> Dataset:
        """The first `count` elements (all of them when `count` is -1)."""
        c, n = self._cardinality, int(count)
        card = c if n < 0 else n if c == INFINITE_CARDINALITY else \
            UNKNOWN_CARDINALITY if c == UNKNOWN_CARDINALITY else min(c, n)
        return self._derived(f"take({n})", functools.partial(transforms.take, self._make, n), card)

    def skip(self, count: int, name: str | None = None) -> Dataset:
        """All but the first `count` elements (none when `count` is -1)."""
        c, n = self._cardinality, int(count)
        card = 0 if n < 0 else c if c < 0 else max(c - n, 0)
        return self._derived(f"skip({n})", functools.partial(transforms.skip, self._make, n), card)

    def repeat(self, count: int | None = None, name: str | None = None) -> Dataset:
        """The elements `count` times over (forever when `count` is None or -1)."""
        c, n = self._cardinality, -1 if count is None else int(count)
        card = (0 if n == 0 or c == 0 else c if c < 0 else
                INFINITE_CARDINALITY if n < 0 else c * n)
        return self._derived(f"repeat({n})",
                             functools.partial(transforms.repeat, self._make, n), card)

    def enumerate(self, start: int = 0, name: str | None = None) -> Dataset:
        """`(index, element)` pairs, the index an int64 counting from `start`."""
        s = self._structure
        structure = Structure((0, s.template), (TensorSpec((), dtypes.int64),) + s.specs)
        return self._derived(f"enumerate({int(start)})",
                             functools.partial(transforms.enumerate_, self._make, int(start)),
                             structure=structure)

    def shuffle(self, buffer_size: int, seed: int | None = None,
                reshuffle_each_iteration: bool = True, name: str | None = None) -> Dataset:
        """The elements in random order, drawn from a buffer of `buffer_size` (TensorFlow's
        algorithm). A seed (or `ag.random.set_seed`) makes the order reproducible; the draws
        themselves differ from TensorFlow's. A shuffle of ranges or tensor slices draws a whole
        pass's order at once (`rows.buffer_shuffle_order`)."""
        size = _positive("buffer_size", buffer_size)
        seeds = random_seed.get_seed(seed)
        if seeds == (0, 0):
            seeds = (random.SystemRandom().randrange(1 << 31), 0)
        shuffle = ShuffleSeeds(seeds, bool(reshuffle_each_iteration))
        if self._rows is not None:
            return Dataset.of_rows(self._rows.shuffled(size, shuffle.next_rng), self._structure,
                                   kind=f"shuffle({size})", inputs=(self,), shuffle=shuffle)
        return self._derived(f"shuffle({size})",
                             lambda: transforms.shuffle(self._make, size, shuffle.next_rng()),
                             shuffle=shuffle)

    def cache(self, filename: str = "", name: str | None = None) -> Dataset:
        """The elements, kept in memory after the first complete pass."""
        if filename:
            raise NotImplementedError("Dataset.cache keeps elements in memory only; pass no "
                                      "filename.")
        store: list = []
        done = [False]
        return self._derived("cache()",
                             functools.partial(transforms.cache, self._make, store, done))

    def prefetch(self, buffer_size: int, name: str | None = None) -> Dataset:
        """The elements, produced ahead on a background thread (`buffer_size` of them at most;
        `AUTOTUNE`: 2)."""
        size = 2 if buffer_size == AUTOTUNE else int(buffer_size)
        return self._derived("prefetch()", functools.partial(threads.prefetch, self._make, size))

    def apply(self, transformation_func: Callable[[Dataset], Dataset]) -> Dataset:
        """`transformation_func(self)`, which must return a Dataset (a chain of steps kept as
        one function)."""
        result = transformation_func(self)
        if not isinstance(result, Dataset):
            raise TypeError(f"`transformation_func` must return a `ag.data.Dataset` object. "
                            f"Got {type(result)}.")
        return result

    def flat_map(self, map_func: Callable, name: str | None = None) -> Dataset:
        """The elements of the datasets `map_func` returns, one dataset after another."""
        inner = self._inner(map_func, "flat_map")
        return Dataset(functools.partial(transforms.flat_map, self._make, inner),
                       lambda: self._inner_structure(map_func, "flat_map"), UNKNOWN_CARDINALITY,
                       kind="flat_map()", inputs=(self,))

    def interleave(self, map_func: Callable, cycle_length: int | None = None,
                   block_length: int | None = None, num_parallel_calls: int | None = None,
                   deterministic: bool | None = None, name: str | None = None) -> Dataset:
        """The elements of the datasets `map_func` returns, `block_length` from each of
        `cycle_length` open datasets in turn (defaults: the inter-op thread setting or the CPU
        count, as `default_pool_size`, and 1).

        `num_parallel_calls` and `deterministic` are accepted for compatibility; the datasets
        are read on the calling thread, in the deterministic order.
        """
        cycle = default_pool_size() if cycle_length in (None, AUTOTUNE) else \
            _positive("cycle_length", cycle_length)
        block = 1 if block_length is None else _positive("block_length", block_length)
        inner = self._inner(map_func, "interleave")
        return Dataset(functools.partial(transforms.interleave, self._make, inner, cycle, block),
                       lambda: self._inner_structure(map_func, "interleave"),
                       UNKNOWN_CARDINALITY, kind="interleave()", inputs=(self,))

    def _inner(self, map_func: Callable, what: str) -> Callable[[tuple, int], Iterator[tuple]]:
        def inner(flat: tuple, index: int) -> Iterator[tuple]:
            result = functions.run(what, map_func, self._structure, flat, index)
            if not isinstance(result, Dataset):
                raise errors.InvalidArgumentError(
                    f"The function of Dataset.{what} must return a Dataset; for element "
                    f"{index} it returned {type(result).__name__}.")
            return result._make()
        return inner

    def _inner_structure(self, map_func: Callable, what: str) -> Structure:
        flat = self._first()
        if flat is None:
            return Structure(0, [TensorSpec(None, dtypes.int64)])  # no element: never used
        result = functions.run(what, map_func, self._structure, flat, 0)
        if not isinstance(result, Dataset):
            raise errors.InvalidArgumentError(
                f"The function of Dataset.{what} must return a Dataset; it returned "
                f"{type(result).__name__}.")
        return result._structure

    def __repr__(self) -> str:
        """`<_RangeDataset element_spec=...>`: TensorFlow's class for the transformation."""
        kind = self._kind.partition("(")[0]
        name = _TENSORFLOW_CLASSES.get(kind) or "_" + kind.title().replace("_", "") + "Dataset"
        return f"<{name} element_spec={self.element_spec}>"


DatasetSpec._value_type = Dataset  # what `DatasetSpec.value_type` gives (a layer below)

# The class of TensorFlow's dataset for each kind of stage, as its repr shows it, where it is
# not `_` + the kind in CamelCase + `Dataset` (`flat_map` -> `_FlatMapDataset`).
_TENSORFLOW_CLASSES = {
    "from_tensors": "_TensorDataset", "from_tensor_slices": "_TensorSliceDataset",
    "from_generator": "_FlatMapDataset", "enumerate": "_ZipDataset", "cache": "CacheDataset",
    "window_element": "_VariantDataset", "bucket_by_sequence_length": "_GroupByWindowDataset",
    "rejection_resample": "_DirectedInterleaveDataset", "rejection_resample_all": "_MapDataset",
    "rejection_resample_some": "_PrefetchDataset", "Dataset": "Dataset"}


def _positive(name: str, value: Any) -> int:
    n = int(value)
    if n <= 0:
        raise errors.InvalidArgumentError(f"{name} must be greater than zero; got {value}.")
    return n

