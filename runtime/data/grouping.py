"""Transformations that regroup a dataset's elements: `window`, `group_by_window`,
`bucket_by_sequence_length` and `rejection_resample`.

`Dataset` inherits them from `Grouping` (they live here so that dataset.py stays small). A
window is a small dataset over elements the pipeline has already made, each kept as the flat
tuple it came as (no copy). `window` gives one such dataset per component of the element, in
the element's structure (an element `(x, y)` gives a pair of datasets, as in `tf.data`);
`group_by_window` gives its `reduce_func` one per group of elements that share a key, and the
elements of the datasets `reduce_func` returns come out.

>>> from autograph.runtime.data.dataset import Dataset
>>> [[int(x) for x in w] for w in Dataset.range(5).window(2)]
[[0, 1], [2, 3], [4]]
>>> [b.tolist() for b in Dataset.range(7).group_by_window(
...     lambda x: x % 2, lambda key, w: w.batch(3), window_size=3).as_numpy_iterator()]
[[0, 2, 4], [1, 3, 5], [6]]
"""

from __future__ import annotations

import collections
import functools
import itertools
import random
from typing import TYPE_CHECKING, Any, Callable, Iterator

import numpy as np

from autograph.runtime.core import dtypes, errors, random_seed
from autograph.runtime.data import functions, resampling
from autograph.runtime.data.dataset_spec import DatasetSpec
from autograph.runtime.data.iterator_state import ShuffleSeeds
from autograph.runtime.data.structure import (
    Structure,
    host_array,
    is_dataset,
    shape_dims,
    shape_leaves,
    split,
)
from autograph.runtime.graph.func_graph import pack_sequence_as
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.graph.tensor_spec import TensorSpec

Flat = tuple  # one element: a tuple of NumPy arrays (or datasets, in a window's element)
Maker = Callable[[], Iterator[Flat]]
INFINITE, UNKNOWN = -1, -2  # the cardinality constants of `dataset`
WINDOW = "window_element()"  # the kind of a window's dataset (TensorFlow: `_VariantDataset`)
_INT64_SCALAR = TensorSpec([], dtypes.int64)


class Grouping:
    """`Dataset`'s transformations that regroup its elements (see the module docstring)."""

    if TYPE_CHECKING:  # what `Dataset` gives these methods
        _cardinality: int
        _make: Maker

        def __init__(self, make: Maker, structure: Structure, cardinality: int,
                     kind: str = ..., inputs: tuple = ..., shuffle: Any = ...) -> None: ...
        @property
        def _structure(self) -> Structure: ...
        def _first(self) -> Flat | None: ...
        def _derived(self, kind: str, make: Maker, cardinality: int | None = None,
                     structure: Structure | None = None, shuffle: Any = None) -> Any: ...

    def window(self, size: int, shift: int | None = None, stride: int = 1,
               drop_remainder: bool = False, name: str | None = None) -> Any:
        """Windows of `size` elements: each window starts `shift` elements (default `size`)
        after the one before, and takes every `stride`-th element from its start. The last
        windows may be smaller unless `drop_remainder`.

        Each element is a dataset (a nest of datasets, one per component of the input's
        elements): `flat_map(lambda w: w.batch(size))` turns windows into tensors.

        >>> from autograph.runtime.data.dataset import Dataset
        >>> windows = Dataset.range(7).window(3, shift=2, stride=2)
        >>> [[int(x) for x in w] for w in windows], int(windows.cardinality())
        ([[0, 2, 4], [2, 4, 6], [4, 6], [6]], 4)
        >>> windows.element_spec
        DatasetSpec(TensorSpec(shape=(), dtype=ag.int64, name=None), TensorShape([]))

        Raises:
            InvalidArgumentError: `size`, `shift` or `stride` is not greater than zero.
        """
        size = _positive("Window size", size)
        shift = size if shift is None else _positive("Window shift", shift)
        stride = _positive("Window stride", stride)
        drop = bool(drop_remainder)
        structure = self._structure
        span = (size - 1) * stride + 1  # the input elements one window covers
        c = self._cardinality
        if c < 0:
            card = c
        elif drop:
            card = 0 if c < span else (c - span) // shift + 1
        else:
            card = -(-c // shift)
        make_window = functools.partial(_window_datasets, type(self),
                                        [Structure(0, [s]) for s in structure.specs])
        return self._derived(
            f"window({size}, {shift}, {stride}, {drop})",
            functools.partial(windows, self._make, span, shift, stride, drop, make_window),
            card, Structure(structure.template, [DatasetSpec(s) for s in structure.specs]))

    def group_by_window(self, key_func: Callable, reduce_func: Callable,
                        window_size: int | None = None, window_size_func: Callable | None = None,
                        name: str | None = None) -> Any:
        """Groups of up to `window_size` (or `window_size_func(key)`) elements with the same
        `key_func(element)` (an int64 scalar), each given as a dataset to `reduce_func(key,
        window)`, which returns the dataset whose elements come out. A group is reduced as
        soon as it is full; at the end of the input, the rest are reduced in order of key.

        >>> from autograph.runtime.data.dataset import Dataset
        >>> grouped = Dataset.range(10).group_by_window(
        ...     key_func=lambda x: x % 3, reduce_func=lambda key, w: w.batch(4), window_size=4)
        >>> [b.tolist() for b in grouped.as_numpy_iterator()]
        [[0, 3, 6, 9], [1, 4, 7], [2, 5, 8]]

        Raises:
            ValueError: neither or both of `window_size` and `window_size_func` are given, or
                `key_func` or `window_size_func` does not return an int64 scalar.
            TypeError: `reduce_func` does not return a dataset.
        """
        if (window_size is not None and window_size_func) or not (
                window_size is not None or window_size_func):
            raise ValueError("Either the `window_size` argument or the `window_size_func` "
                             "argument must be specified.")
        if window_size is not None:
            size = int(host_array(window_size, dtypes.int64))
            size_of: Callable[[int], int] = lambda key: size  # noqa: E731
        else:
            assert window_size_func is not None  # checked above
            size_of = _window_size_function(window_size_func)
        return self._grouped(_key_function(self, key_func, "key_func"), size_of, reduce_func)

    def _grouped(self, key_of: Callable[[Flat, int], int], size_of: Callable[[int], int],
                 reduce_func: Callable, output: Structure | None = None,
                 kind: str = "group_by_window()",
                 what: str = "The reduce_func of Dataset.group_by_window") -> Any:
        """`group_by_window` with the key and size functions on flat elements and Python ints,
        and the output structure given (else found by calling `reduce_func` on an empty
        window); `what` names `reduce_func` in errors."""
        structure, dataset_type = self._structure, type(self)

        def window_of(elements: list[Flat]) -> Any:
            return dataset_type(functools.partial(iter, elements), structure, len(elements),
                                kind=WINDOW)
        if output is None:
            try:
                placeholder = reduce_func(_key_tensor(0), window_of([]))
            except Exception as e:
                raise errors.InvalidArgumentError(
                    f"Dataset.group_by_window calls reduce_func once on an empty window (key 0) "
                    f"to find the structure of the dataset it returns; it raised "
                    f"{type(e).__name__}: {e}") from e
            output = _reduced_structure(placeholder)

        def reduce_window(key: int, elements: list[Flat]) -> Iterator[Flat]:
            try:
                result = reduce_func(_key_tensor(key), window_of(elements))
            except Exception as e:
                raise errors.InvalidArgumentError(
                    f"{what} raised {type(e).__name__}: {str(e).rstrip('.')}, on the window "
                    f"of key {key}.") from e
            if not (is_dataset(result) and hasattr(result, "_make")
                    and _fits(result._structure, output)):
                raise errors.InvalidArgumentError(
                    f"{what} returned {result!r} for the window of key {key}, where a dataset "
                    f"of {output.element_spec} was expected.")
            return result._make()
        card = INFINITE if self._cardinality == INFINITE else UNKNOWN
        return self._derived(kind, functools.partial(groups, self._make, key_of, size_of,
                                                     reduce_window), card, output)

    def bucket_by_sequence_length(self, element_length_func: Callable, bucket_boundaries: Any,
                                  bucket_batch_sizes: Any, padded_shapes: Any = None,
                                  padding_values: Any = None, pad_to_bucket_boundary: bool = False,
                                  no_padding: bool = False, drop_remainder: bool = False,
                                  name: str | None = None) -> Any:
        """Batches of elements of similar lengths: an element of length `element_length_func(
        element)` goes to the bucket `i` with `bucket_boundaries[i-1] <= length <
        bucket_boundaries[i]`, which is batched (`bucket_batch_sizes[i]` elements) and padded
        as `padded_batch` does (to `bucket_boundaries[i] - 1` where `pad_to_bucket_boundary`;
        not at all where `no_padding`). It is `group_by_window` with the bucket as key.

        >>> from autograph.runtime.data.dataset import Dataset
        >>> import autograph as ag
        >>> rows = Dataset.range(1, 6).map(lambda n: ag.fill([n], n))
        >>> [b.tolist() for b in rows.bucket_by_sequence_length(
        ...     lambda row: ag.shape(row)[0], [3], [2, 2]).as_numpy_iterator()]
        [[[1, 0], [2, 2]], [[3, 3, 3, 0], [4, 4, 4, 4]], [[5, 5, 5, 5, 5]]]

        Raises:
            ValueError: `bucket_batch_sizes` does not have one size more than
                `bucket_boundaries` has boundaries.
        """
        if len(bucket_batch_sizes) != len(bucket_boundaries) + 1:
            raise ValueError(
                f"`len(bucket_batch_sizes)` must equal `len(bucket_boundaries) + 1` but "
                f"`len(bucket_batch_sizes)={len(bucket_batch_sizes)}` and "
                f"`len(bucket_boundaries)={len(bucket_boundaries)}`.")
        self._structure.refuse_datasets("Dataset.bucket_by_sequence_length")
        boundaries = [int(b) for b in bucket_boundaries]
        sizes = [int(b) for b in bucket_batch_sizes]
        length_of = _key_function(self, element_length_func, "element_length_func",
                                  integers=True)
        structure = self._structure
        given = None if padded_shapes is None else _shapes_of(padded_shapes, structure)

        def bucket_of(flat: Flat, index: int) -> int:
            return _bucket(length_of(flat, index), boundaries)

        def batch(key: Any, window: Any) -> Any:
            bucket = int(key)
            if no_padding:
                return window.batch(sizes[bucket], drop_remainder=drop_remainder)
            filler = None
            if pad_to_bucket_boundary:
                if bucket >= len(boundaries):
                    raise errors.InvalidArgumentError(
                        "When pad_to_bucket_boundary=True, elements must have length < "
                        "max(bucket_boundaries).")
                filler = boundaries[bucket] - 1
            shapes = [[filler if d is None else d for d in dims] for dims in padded]
            return window.padded_batch(sizes[bucket], pack_sequence_as(structure.template, shapes),
                                       padding_values, drop_remainder=drop_remainder)
        element_dims = [s.shape.as_list() for s in structure.specs]
        padded = element_dims if given is None or no_padding else given
        output = structure.with_specs([TensorSpec([None] + dims, s.dtype)
                                       for s, dims in zip(structure.specs, padded)])
        return self._grouped(bucket_of, lambda bucket: sizes[bucket], batch, output,
                             "bucket_by_sequence_length()", "Dataset.bucket_by_sequence_length")

    def rejection_resample(self, class_func: Callable, target_dist: Any, initial_dist: Any = None,
                           seed: int | None = None, name: str | None = None) -> Any:
        """`(class, element)` pairs whose classes (`class_func(element)`, an integer in
        `[0, len(target_dist))`) follow `target_dist`: elements are rejected, or repeated,
        at random, as TensorFlow does (`resampling` has the method). Without
        `initial_dist`, the input's class distribution is estimated as the elements come.
        The draws are not TensorFlow's; the distribution they converge to is.

        Raises:
            TypeError, ValueError: `class_func` does not return an integer scalar.
        """
        self._structure.refuse_datasets("Dataset.rejection_resample")
        classes = functions.Mapper(class_func, self._structure, self._first,
                                   "rejection_resample")
        spec = classes.output.element_spec
        if not isinstance(spec, TensorSpec) or not spec.dtype.is_integer:
            raise TypeError(f"Dataset.rejection_resample: class_func must return an integer "
                            f"scalar tensor (the class); it returns {spec}.")
        if not spec.shape.is_compatible_with([]):
            raise ValueError(f"Dataset.rejection_resample: class_func must return a scalar "
                             f"(the class); it returns {spec}.")
        target = host_array(target_dist).astype(np.float32)
        initial = None if initial_dist is None else host_array(initial_dist).astype(np.float32)
        seeds = random_seed.get_seed(seed)
        if seeds == (0, 0):
            seeds = (random.SystemRandom().randrange(1 << 31), 0)
        draws = ShuffleSeeds(seeds, reshuffle=True)
        method = resampling.Resampler(self._make, lambda flat, i: classes(flat, i)[0], target,
                                      initial)
        s = self._structure
        structure = Structure((0, s.template), (TensorSpec([], spec.dtype),) + s.specs)
        card = self._cardinality if method.original_only else UNKNOWN
        kind = ("rejection_resample_all" if method.original_only else "rejection_resample_some"
                if method.filtered_only else "rejection_resample")
        return self._derived(f"{kind}()", lambda: method.elements(draws.next_rng()), card,
                             structure, shuffle=draws)


def windows(source: Maker, span: int, shift: int, stride: int, drop_remainder: bool,
            make_window: Callable[[list[Flat]], Flat]) -> Iterator[Flat]:
    """TensorFlow's windows: a buffer of up to `span` elements gives a window of every
    `stride`-th one, then drops `shift` elements (reading and dropping more when `shift` is
    larger than the buffer)."""
    it = source()
    buffer: collections.deque = collections.deque()
    ended = False
    while True:
        while not ended and len(buffer) < span:
            element = next(it, None)
            if element is None:
                ended = True
            else:
                buffer.append(element)
        if not buffer or (drop_remainder and len(buffer) < span):
            return
        yield make_window(list(itertools.islice(buffer, 0, None, stride)))
        if shift >= len(buffer):
            for _ in range(shift - len(buffer)):
                if ended or next(it, None) is None:
                    ended = True
                    break
            buffer.clear()
        else:
            for _ in range(shift):
                buffer.popleft()


def _window_datasets(dataset_type: type, components: list[Structure],
                     elements: list[Flat]) -> Flat:
    """One dataset per component of `elements` (one window)."""
    n = len(elements)
    if len(components) == 1:  # each element is already a 1-tuple: iterate the list itself
        return (dataset_type(functools.partial(iter, elements), components[0], n, kind=WINDOW),)
    return tuple(dataset_type(functools.partial(_component, elements, k), structure, n,
                              kind=WINDOW) for k, structure in enumerate(components))


def _component(elements: list[Flat], k: int) -> Iterator[Flat]:
    return (element[k:k + 1] for element in elements)


def groups(source: Maker, key_of: Callable[[Flat, int], int], size_of: Callable[[int], int],
           reduce_window: Callable[[int, list[Flat]], Iterator[Flat]]) -> Iterator[Flat]:
    """TensorFlow's grouping: each element joins the group of its key; a group that reaches
    its key's window size is reduced at once, the others at the end in order of key."""
    open_groups: dict[int, list[Flat]] = {}
    sizes: dict[int, int] = {}
    for index, element in enumerate(source()):
        key = key_of(element, index)
        size = sizes.get(key)
        if size is None:
            size = sizes[key] = size_of(key)
            if size <= 0:
                raise errors.InvalidArgumentError(
                    f"Window size must be greater than zero, but got {size}.")
        group = open_groups.setdefault(key, [])
        group.append(element)
        if len(group) == size:
            del open_groups[key]
            yield from reduce_window(key, group)
    for key in sorted(open_groups):
        yield from reduce_window(key, open_groups.pop(key))


def _key_function(dataset: Any, fn: Callable, what: str,
                  integers: bool = False) -> Callable[[Flat, int], int]:
    """`fn` as a function of flat elements giving a Python int: traced once where it can be,
    its result checked to be an int64 scalar (any integer scalar where `integers`).

    Raises:
        ValueError: the traced function does not return such a scalar.
    """
    mapper = functions.Mapper(fn, dataset._structure, dataset._first, "group_by_window",
                              _call_as_int64)
    if mapper.graph is not None:
        spec = mapper.output.element_spec
        if not _is_key_spec(spec, integers):
            raise ValueError(f"Invalid `{what}`. `{what}` must return a single "
                             f"`ag.int64` scalar tensor but its return type is {spec}.")
        return lambda flat, index: int(mapper(flat, index)[0])
    structure = dataset._structure

    def key(flat: Flat, index: int) -> int:
        value = functions.run("group_by_window", fn, structure, flat, index, _call_as_int64)
        return _scalar(value, what, integers, f"for element {index}")
    return key


def _window_size_function(fn: Callable) -> Callable[[int], int]:
    """`window_size_func` on a key: checked once by tracing where it can be, then called."""
    from_key = functools.partial(_call_as_int64, fn)
    graph_spec = functions.Mapper(fn, Structure(0, [_INT64_SCALAR]), lambda: None,
                                  "group_by_window", _call_as_int64)
    if graph_spec.graph is not None and not _is_key_spec(graph_spec.output.element_spec, False):
        raise ValueError(f"Invalid `window_size_func`. `window_size_func` must return a single "
                         f"`ag.int64` scalar tensor but its return type is "
                         f"{graph_spec.output.element_spec}.")

    def size_of(key: int) -> int:
        try:
            value = from_key(_key_tensor(key))
        except Exception as e:
            raise errors.InvalidArgumentError(
                f"The window_size_func of Dataset.group_by_window raised {type(e).__name__}: "
                f"{e} for key {key}.") from e
        return _scalar(value, "window_size_func", False, f"for key {key}")
    return size_of


def _call_as_int64(fn: Callable, element: Any) -> Any:
    """`fn` on an element, a Python number it returns made an int64 tensor (as TensorFlow
    converts a key)."""
    value = functions.call(fn, element)
    return value if hasattr(value, "dtype") else convert_to_tensor(value, dtype=dtypes.int64)


def _is_key_spec(spec: Any, integers: bool) -> bool:
    return (isinstance(spec, TensorSpec) and spec.shape.is_compatible_with([])
            and (spec.dtype.is_integer if integers else spec.dtype == dtypes.int64))


def _scalar(value: Any, what: str, integers: bool, where: str) -> int:
    try:
        array = host_array(value)
    except (TypeError, ValueError):
        array = None
    if array is None or array.shape != () or not (
            np.issubdtype(array.dtype, np.integer) if integers else array.dtype == np.int64):
        raise errors.InvalidArgumentError(
            f"`{what}` must return a single `ag.int64` scalar tensor; {where} it returned "
            f"{value!r}.")
    return int(array)


def _key_tensor(key: int) -> Any:
    return convert_to_tensor(np.int64(key))


def _reduced_structure(result: Any) -> Structure:
    """The structure of the dataset `reduce_func` returned (for the element spec).

    Raises:
        TypeError: `result` is not a dataset.
    """
    if is_dataset(result) and hasattr(result, "_structure"):
        return result._structure
    try:
        template, arrays = split(result)
        shown = Structure.of_arrays(template, arrays).element_spec
    except (TypeError, ValueError):
        shown = type(result).__name__
    raise TypeError(f"Invalid `reduce_func`. `reduce_func` must return a single "
                    f"`ag.data.Dataset` object but its return type is {shown}.")


def _fits(structure: Structure, output: Structure) -> bool:
    """Whether elements of `structure` are elements of `output` (a reduced window's dataset
    against the element spec)."""
    return (len(structure.specs) == len(output.specs)
            and all(type(a) is type(b) and a.is_compatible_with(b)
                    for a, b in zip(output.specs, structure.specs)))


def _shapes_of(padded_shapes: Any, structure: Structure) -> list[list[int | None]]:
    shapes = shape_leaves(padded_shapes)
    if len(shapes) != len(structure.specs):
        raise ValueError(f"padded_shapes {padded_shapes} does not match the elements' "
                         f"structure {structure.element_spec}.")
    return [shape_dims(s) for s in shapes]


def _bucket(length: int, boundaries: list[int]) -> int:
    """TensorFlow's bucket of `length`: the first `i` with `lower[i] <= length < upper[i]`,
    the bounds being the boundaries with int32's extremes added (for increasing boundaries,
    the number of boundaries `<= length`).

    Raises:
        InvalidArgumentError: no bucket holds `length` (the boundaries do not increase).
    """
    for i, (lo, hi) in enumerate(zip([-2**31] + boundaries, boundaries + [2**31 - 1])):
        if lo <= length < hi:
            return i
    raise errors.InvalidArgumentError(
        f"Dataset.bucket_by_sequence_length: the element length {length} is in no bucket "
        f"of the boundaries {boundaries}.")


def _positive(what: str, value: Any) -> int:
    array = host_array(value)
    if array.shape != () or not np.issubdtype(array.dtype, np.integer):
        raise TypeError(f"{what} must be an integer scalar; got {value!r}.")
    if int(array) <= 0:
        raise errors.InvalidArgumentError(f"{what} must be greater than zero, but got "
                                          f"{int(array)}.")
    return int(array)
