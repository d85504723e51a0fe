"""ag.data.Dataset, eagerly: each expected value is what TensorFlow 2.21's tf.data answered."""

import collections
import inspect

import numpy as np
import pytest

import autograph as ag

Pair = collections.namedtuple("Pair", "a b")
D = ag.data.Dataset


def plain(x):
    if isinstance(x, tuple):
        return tuple(plain(v) for v in x)
    if isinstance(x, dict):
        return {k: plain(v) for k, v in x.items()}
    return x.tolist() if hasattr(x, "tolist") else x


def values(ds):
    return [plain(x) for x in ds.as_numpy_iterator()]


def test_range_with_start_stop_step():
    assert values(D.range(2, 10, 3)) == [2, 5, 8]
    assert values(D.range(10, 0, -3)) == [10, 7, 4, 1]
    assert D.range(3).element_spec == ag.TensorSpec((), ag.int64)
    assert D.range(3, output_type=ag.int32).element_spec == ag.TensorSpec((), ag.int32)
    assert int(D.range(0, 10, -1).cardinality()) == 0


def test_from_tensor_slices_of_a_tuple():
    ds = D.from_tensor_slices(([1, 2], [3.0, 4.0]))
    assert values(ds) == [(1, 3.0), (2, 4.0)]
    assert ds.element_spec == (ag.TensorSpec((), ag.int32), ag.TensorSpec((), ag.float32))
    assert D.from_tensor_slices(np.array([1.0, 2.0])).element_spec.dtype == ag.float64


def test_from_tensor_slices_of_a_dict():
    out = list(D.from_tensor_slices({"b": [1, 2], "a": [[1.0, 2.0], [3, 4]]})
               .as_numpy_iterator())
    assert [e["b"] for e in out] == [1, 2]
    np.testing.assert_array_equal(out[1]["a"], np.array([3.0, 4.0], np.float32))


def test_from_tensor_slices_of_strings():
    ds = D.from_tensor_slices(["a", "bc"])
    assert values(ds) == [b"a", b"bc"]
    assert ds.element_spec == ag.TensorSpec((), ag.string)


def test_from_tensor_slices_rejects_unequal_first_dimensions():
    with pytest.raises(ValueError, match="first dimensions"):
        D.from_tensor_slices(([1, 2], [1, 2, 3]))


def test_from_tensors_is_one_element():
    ds = D.from_tensors([1, 2])
    assert ds.element_spec == ag.TensorSpec((2,), ag.int32)
    assert int(ds.cardinality()) == 1
    assert values(D.from_tensors((1, {"a": 2.0}))) == [(1, {"a": 2.0})]


def test_eager_tensors_and_stop_iteration():
    it = iter(D.range(1))
    first = next(it)
    assert isinstance(first, ag.Tensor) and first.numpy() == 0
    with pytest.raises(StopIteration):
        next(it)
    assert [int(x) for x in D.range(3)] == [0, 1, 2]


def test_batch_and_drop_remainder():
    ds = D.range(7).batch(3)
    assert values(ds) == [[0, 1, 2], [3, 4, 5], [6]]
    assert ds.element_spec == ag.TensorSpec((None,), ag.int64)
    assert int(ds.cardinality()) == 3
    dropped = D.range(7).batch(3, drop_remainder=True)
    assert values(dropped) == [[0, 1, 2], [3, 4, 5]]
    assert dropped.element_spec == ag.TensorSpec((3,), ag.int64)
    assert int(dropped.cardinality()) == 2


def _python_batches(items, size, drop_remainder):
    batches = [items[i:i + size] for i in range(0, len(items), size)]
    return [b for b in batches if len(b) == size or not drop_remainder]


@pytest.mark.parametrize("drop_remainder", [True, False])
@pytest.mark.parametrize("count", [6, 7, 8])
def test_batch_of_a_filtered_source_matches_python_chunks(count, drop_remainder):
    # A filter is a generic source (Dataset.range takes another path): every batch must
    # have the element spec's size when the remainder is dropped.
    ds = D.range(count + 1).filter(lambda x: x > 0).batch(3, drop_remainder=drop_remainder)
    got = values(ds)
    assert got == _python_batches(list(range(1, count + 1)), 3, drop_remainder)
    if drop_remainder:
        assert ds.element_spec == ag.TensorSpec((3,), ag.int64)
        assert all(len(batch) == 3 for batch in got)


@pytest.mark.parametrize("drop_remainder", [True, False])
@pytest.mark.parametrize("count", [6, 7, 8])
def test_batch_of_a_generator_matches_python_chunks(count, drop_remainder):
    def gen():
        yield from range(10, 10 + count)
    ds = D.from_generator(gen, output_signature=ag.TensorSpec((), ag.int64)).batch(
        3, drop_remainder=drop_remainder)
    assert values(ds) == _python_batches(list(range(10, 10 + count)), 3, drop_remainder)


@pytest.mark.parametrize("drop_remainder", [True, False])
@pytest.mark.parametrize("count", [6, 7, 8])
def test_padded_batch_of_a_filtered_source_matches_python_chunks(count, drop_remainder):
    ds = D.range(count + 1).filter(lambda x: x > 0).padded_batch(
        3, drop_remainder=drop_remainder)
    assert values(ds) == _python_batches(list(range(1, count + 1)), 3, drop_remainder)


def test_batch_of_generic_elements_stacks_them():
    ds = D.range(5).filter(lambda x: x > 0).batch(2)
    assert values(ds) == [[1, 2], [3, 4]]


def test_batch_size_zero_is_an_error():
    with pytest.raises(ag.errors.InvalidArgumentError, match="greater than zero"):
        D.range(3).batch(0)


def test_batch_of_ragged_elements_is_one_clear_error():
    ds = D.range(3).map(lambda x: ag.fill([x], x)).batch(2)
    with pytest.raises(ag.errors.InvalidArgumentError) as raised:
        list(ds)
    assert raised.value.message == (
        "Cannot batch elements of different shapes in batch 0: component shapes "
        "[[(0,), (1,)]]. Use padded_batch to pad them to one shape.")


def test_padded_batch_of_an_element_longer_than_its_padded_shape_is_an_error():
    ds = D.range(1, 5).map(lambda x: ag.fill([x], x)).padded_batch(2, padded_shapes=[2])
    with pytest.raises(ag.errors.InvalidArgumentError) as raised:
        list(ds)
    assert raised.value.message == (
        "padded_batch: component 0 of batch 1 has shape (4,), larger than its padded shape (2,).")


def test_padded_batch_pads_to_the_longest():
    ds = D.range(1, 5).map(lambda x: ag.fill([x], x)).padded_batch(2)
    assert values(ds) == [[[1, 0], [2, 2]], [[3, 3, 3, 0], [4, 4, 4, 4]]]
    assert ds.element_spec == ag.TensorSpec((None, None), ag.int64)


def test_padded_batch_with_shapes_and_values():
    ds = D.range(1, 5).map(lambda x: ag.fill([x], x)).padded_batch(
        2, padded_shapes=[5], padding_values=ag.constant(-1, ag.int64))
    assert values(ds) == [[[1, -1, -1, -1, -1], [2, 2, -1, -1, -1]],
                          [[3, 3, 3, -1, -1], [4, 4, 4, 4, -1]]]


def test_unbatch_and_its_cardinality():
    ds = D.from_tensor_slices([[1, 2], [3, 4]]).unbatch()
    assert values(ds) == [1, 2, 3, 4]
    assert int(ds.cardinality()) == 4
    assert int(D.range(10).batch(3).unbatch().cardinality()) == ag.data.UNKNOWN_CARDINALITY


def test_repeat_take_skip():
    assert values(D.range(3).repeat(2)) == [0, 1, 2, 0, 1, 2]
    assert values(D.range(10).take(3)) == [0, 1, 2]
    assert values(D.range(10).skip(8)) == [8, 9]
    assert values(D.range(3).repeat().take(5)) == [0, 1, 2, 0, 1]


# TensorFlow 2.21's answers, on a filtered source so that the generic element path runs.
@pytest.mark.parametrize("transform, expected", [
    (lambda ds: ds.take(0), []),
    (lambda ds: ds.take(-1), [0, 1, 2, 3, 4]),
    (lambda ds: ds.skip(0), [0, 1, 2, 3, 4]),
    (lambda ds: ds.skip(-1), []),
    (lambda ds: ds.skip(2), [2, 3, 4]),
    (lambda ds: ds.repeat(0), []),
    (lambda ds: ds.repeat(1), [0, 1, 2, 3, 4]),
    (lambda ds: ds.repeat(-1).take(7), [0, 1, 2, 3, 4, 0, 1]),
], ids=["take0", "take-1", "skip0", "skip-1", "skip2", "repeat0", "repeat1", "repeat-1"])
def test_take_skip_repeat_counts_of_a_generic_source(transform, expected):
    assert values(transform(D.range(5).filter(lambda x: x >= 0))) == expected


@pytest.mark.parametrize("count", [-1, 3])
def test_an_empty_dataset_repeated_is_empty(count):
    # TensorFlow 2.21 gives [] for both, also for repeat() of an empty dataset.
    assert values(D.range(5).filter(lambda x: x > 9).repeat(count)) == []


def test_cardinalities():
    assert ag.data.INFINITE_CARDINALITY == -1 and ag.data.UNKNOWN_CARDINALITY == -2
    assert ag.data.AUTOTUNE == -1
    cases = [(D.range(3).repeat(), -1), (D.range(3).repeat(2), 6), (D.range(10).skip(12), 0),
             (D.range(10).take(-1), 10), (D.range(10).take(3).repeat(2), 6),
             (D.range(3).repeat().take(5), 5), (D.zip(D.range(3).repeat(), D.range(2)), 2),
             (D.range(10).filter(lambda x: x > 1), -2), (D.range(3).enumerate(), 3),
             (D.range(3).cache(), 3), (D.range(3).prefetch(1), 3), (D.range(3).shuffle(2), 3),
             (D.range(3).flat_map(lambda x: D.range(x)), -2),
             (D.from_tensor_slices(np.zeros((0, 2))), 0)]
    assert [int(ds.cardinality()) for ds, _ in cases] == [c for _, c in cases]


def test_enumerate_from_start():
    ds = D.range(5, 7).enumerate(start=1)
    assert values(ds) == [(1, 5), (2, 6)]
    assert ds.element_spec == (ag.TensorSpec((), ag.int64), ag.TensorSpec((), ag.int64))


def test_filter():
    assert values(D.range(10).filter(lambda x: x % 3 == 0)) == [0, 3, 6, 9]


def test_filter_predicate_must_return_a_bool():
    with pytest.raises(ag.errors.InvalidArgumentError, match="scalar bool"):
        list(D.range(3).filter(lambda x: x))


def test_flat_map():
    assert values(D.range(3).flat_map(lambda x: D.range(x))) == [0, 0, 1]


def test_interleave_cycle_and_block_length():
    ds = D.range(1, 4).interleave(lambda x: D.from_tensors(x).repeat(3), cycle_length=2,
                                  block_length=2)
    assert values(ds) == [1, 1, 2, 2, 1, 2, 3, 3, 3]


def test_interleave_block_one():
    ds = D.range(1, 4).interleave(lambda x: D.from_tensors(x).repeat(2), cycle_length=2)
    assert values(ds) == [1, 2, 1, 2, 3, 3]


@pytest.mark.parametrize("stop, cycle, block, expected", [
    (6, 3, 1, [1, 2, 3, 2, 3, 4, 3, 4, 5, 4, 5, 4, 5, 5, 5]),
    (6, 3, 2, [1, 2, 2, 3, 3, 4, 4, 3, 4, 4, 5, 5, 5, 5, 5]),
], ids=["block1", "block2"])
def test_interleave_of_inner_datasets_of_different_lengths(stop, cycle, block, expected):
    # TensorFlow 2.21's orders: a slot freed by a short inner dataset takes the next input.
    ds = D.range(1, stop).interleave(lambda x: D.from_tensors(x).repeat(x), cycle_length=cycle,
                                     block_length=block)
    assert values(ds) == expected


def test_interleave_with_four_slots_and_lengths_out_of_order():
    ds = D.range(1, 8).interleave(lambda x: D.from_tensors(x).repeat(6 - x % 5), cycle_length=4)
    assert values(ds) == [1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 1, 2, 5, 1, 6, 5, 7, 6, 5, 7, 6, 5, 7,
                          6, 5, 7, 6, 5]  # TensorFlow 2.21


def test_an_error_in_the_interleave_function_names_the_element():
    def f(x):
        if x.numpy() == 2:
            raise KeyError("two")
        return D.from_tensors(x)
    with pytest.raises(ag.errors.InvalidArgumentError) as raised:
        list(D.range(4).interleave(f, cycle_length=2))
    assert raised.value.message == (
        "The function of Dataset.interleave raised KeyError: 'two' on element 2: 2.")


def test_reduce():
    assert int(D.range(5).reduce(np.int64(0), lambda s, x: s + x)) == 10


def test_zip_of_datasets_and_of_a_tuple():
    assert values(D.zip(D.range(3), D.range(10, 15))) == [(0, 10), (1, 11), (2, 12)]
    assert values(D.zip((D.range(2), D.range(2)))) == [(0, 0), (1, 1)]


def test_cache_replays_the_first_pass():
    calls = []

    def gen():
        calls.append(1)
        yield from range(3)
    ds = D.from_generator(gen, output_signature=ag.TensorSpec((), ag.int64)).cache()
    assert values(ds) == [0, 1, 2] and values(ds) == [0, 1, 2]
    assert len(calls) == 1


def test_map_element_spec_and_values():
    ds = D.range(3).map(lambda x: (x, ag.cast(x, ag.float32) * 2))
    assert ds.element_spec == (ag.TensorSpec((), ag.int64), ag.TensorSpec((), ag.float32))
    assert values(ds) == [(0, 0.0), (1, 2.0), (2, 4.0)]
    assert values(D.from_tensor_slices([1.0, 2.0]).map(lambda x: x * 2)) == [2.0, 4.0]


def test_map_returning_a_list_gives_a_tuple():
    assert D.range(3).map(lambda x: [x, x]).element_spec == (
        ag.TensorSpec((), ag.int64), ag.TensorSpec((), ag.int64))


def test_map_unpacks_tuple_elements_and_passes_dicts_whole():
    pairs = D.from_tensor_slices(([1, 2], [10, 20])).map(lambda a, b: a + b)
    assert values(pairs) == [11, 22]
    dicts = D.from_tensor_slices({"a": [1, 2]}).map(lambda d: d["a"] * 3)
    assert values(dicts) == [3, 6]


def test_map_with_a_value_dependent_function():
    def f(x):
        return x * 10 if int(x) % 2 else x  # needs the value: runs per element
    ds = D.range(4).map(f)
    assert values(ds) == [0, 10, 2, 30]
    assert ds.element_spec.dtype == ag.int64


def test_parallel_map_keeps_order():
    ds = D.range(50).map(lambda x: x * x, num_parallel_calls=4)
    assert values(ds) == [i * i for i in range(50)]
    auto = D.range(20).map(lambda x: x + 1, num_parallel_calls=ag.data.AUTOTUNE)
    assert values(auto) == list(range(1, 21))


def test_parallel_map_nondeterministic_yields_every_element():
    ds = D.range(50).map(lambda x: x * 2, num_parallel_calls=3, deterministic=False)
    assert sorted(values(ds)) == [2 * i for i in range(50)]


def test_map_then_batch_fused_equals_per_element():
    fused = values(D.range(10).map(lambda x: x * 2 + 1).batch(4))
    assert fused == [[1, 3, 5, 7], [9, 11, 13, 15], [17, 19]]
    floats = D.range(5).map(lambda x: ag.cast(x, ag.float32) / 2.0).batch(2)
    assert floats.element_spec == ag.TensorSpec((None,), ag.float32)
    np.testing.assert_allclose(np.concatenate(values(floats)), np.arange(5) / 2.0)


def test_map_then_batch_with_a_constant_output_is_not_fused_wrongly():
    ds = D.range(3).map(lambda x: (x, ag.constant(7, ag.int64))).batch(2)
    assert values(ds) == [([0, 1], [7, 7]), ([2], [7])]


@pytest.mark.parametrize("on_a_batch", [lambda x: ag.reduce_sum(x),
                                        lambda x: ag.cast(x, ag.float32)], ids=["sum", "cast"])
def test_a_map_that_acts_otherwise_on_a_whole_batch_is_run_per_element(on_a_batch):
    # Traced on one element it is elementwise; called on a batch it would give another shape
    # or dtype: each element is mapped alone, as tf.data maps elements.
    ds = D.range(6).map(lambda x: x * 2 if x.shape.rank == 0 else on_a_batch(x)).batch(3)
    assert values(ds) == [[0, 2, 4], [6, 8, 10]]


@pytest.mark.parametrize("fn, spec", [
    (lambda x: [x, x], (ag.TensorSpec((), ag.int64), ag.TensorSpec((), ag.int64))),
    (lambda x: (x, [x, x]), (ag.TensorSpec((), ag.int64), ag.TensorSpec((2,), ag.int64))),
    (lambda x: {"a": [x, x]}, {"a": ag.TensorSpec((2,), ag.int64)}),
    (lambda x: [x, [x, x]], (ag.TensorSpec((), ag.int64), ag.TensorSpec((2,), ag.int64))),
    (lambda x: Pair(x, [x, x]), Pair(ag.TensorSpec((), ag.int64), ag.TensorSpec((2,), ag.int64))),
], ids=["top", "in-tuple", "in-dict", "in-list", "in-namedtuple"])
def test_a_list_a_map_returns_is_components_at_the_top_and_one_tensor_inside(fn, spec):
    # TensorFlow 2.21's element specs.
    got = D.range(2).map(fn).element_spec
    assert got == spec and type(got) is type(spec)  # a namedtuple equals a plain tuple


@pytest.mark.parametrize("make, spec", [
    (lambda: D.from_tensors(1.5), ag.TensorSpec((), ag.float32)),
    (lambda: D.from_tensor_slices([1, 2.5]), ag.TensorSpec((), ag.float32)),
    (lambda: D.from_tensors([True, False]), ag.TensorSpec((2,), ag.bool)),
    (lambda: D.from_tensors([1, 2]), ag.TensorSpec((2,), ag.int32)),
    (lambda: D.from_tensors(Pair(1, [2.0, 3.0])),
     Pair(ag.TensorSpec((), ag.int32), ag.TensorSpec((2,), ag.float32))),
], ids=["float", "ints-and-floats", "bools", "ints", "namedtuple"])
def test_python_values_make_the_element_specs_tensorflow_gives(make, spec):
    got = make().element_spec
    assert got == spec and type(got) is type(spec)  # TensorFlow 2.21's


def test_a_dataset_of_a_symbolic_tensor_is_a_clear_error():
    @ag.function
    def make(x):
        return D.from_tensors(x)
    with pytest.raises(TypeError) as raised:
        make(ag.constant(1))
    assert str(raised.value).endswith(  # after the "in user code:" frames
        "A dataset's elements must be eager values; got the symbolic tensor <ag.Tensor 'x:0' "
        "shape=() dtype=int32> of a graph being built. Make the dataset outside the function "
        "and pass it as an argument (it traces by its element spec), or map a function over "
        "it.")


def test_reduce_over_pairs_gets_each_pair_as_one_element():
    pairs = D.zip(D.range(3), D.range(10, 13))
    assert int(pairs.reduce(np.int64(0), lambda total, e: total + e[0] * e[1])) == 35


def test_a_map_that_needs_values_gets_a_pair_as_two_arguments():
    pairs = D.zip(D.range(3), D.range(3))
    assert values(pairs.map(lambda a, b: a + int(b.numpy()))) == [0, 2, 4]


def test_as_numpy_iterator_gives_scalars_and_arrays():
    scalar, vector = next(D.zip(D.range(1), D.from_tensors([1, 2])).as_numpy_iterator())
    assert type(scalar) is np.int64 and scalar == 0
    assert isinstance(vector, np.ndarray) and vector.tolist() == [1, 2]


def test_a_list_inside_a_map_result_is_stacked_per_element():
    assert values(D.range(3).map(lambda x: (x, [x, x * 2]))) == [(0, [0, 0]), (1, [1, 2]),
                                                                 (2, [2, 4])]


def test_shuffle_is_a_permutation_reproducible_with_a_seed():
    # TensorFlow (seed=1) gives [0, 4, 5, 1, 2, 7, 9, 8, 6, 3]; our draws differ (another
    # generator) but follow the same buffer algorithm: a permutation, the same per seed.
    a = values(D.range(10).shuffle(4, seed=1, reshuffle_each_iteration=False))
    b = values(D.range(10).shuffle(4, seed=1, reshuffle_each_iteration=False))
    assert sorted(a) == list(range(10)) and a == b and a != list(range(10))


def test_shuffle_buffer_of_one_keeps_order():
    assert values(D.range(6).shuffle(1, seed=3)) == list(range(6))


def test_shuffle_reshuffles_each_iteration_unless_told_not_to():
    ds = D.range(20).shuffle(20, seed=1)
    assert values(ds) != values(ds)
    fixed = D.range(20).shuffle(20, seed=1, reshuffle_each_iteration=False)
    assert values(fixed) == values(fixed)


def test_shuffle_buffer_bounds_how_far_an_element_moves_forward():
    # with a buffer of 3, output i is one of the first i + 3 inputs
    out = values(D.range(100).shuffle(3, seed=5))
    assert all(v < i + 3 for i, v in enumerate(out))


def test_reduce_with_a_nested_state():
    total, count = D.range(1, 4).reduce((np.int64(0), np.int64(0)),
                                        lambda s, x: (s[0] + x, s[1] + 1))
    assert (int(total), int(count)) == (6, 3)


def test_reduce_that_changes_the_state_dtype_is_an_error():
    with pytest.raises(TypeError, match="changed the state's dtypes"):
        D.range(3).reduce(np.int64(0), lambda s, x: ag.cast(s + x, ag.float32))


@pytest.mark.parametrize("name", ["range", "from_tensors", "from_tensor_slices",
                                  "from_generator", "zip"])
def test_a_source_can_be_called_on_a_dataset_too(name):
    # As in TensorFlow, where sources are static methods: `ds.range(3)` ignores `ds`.
    assert isinstance(inspect.getattr_static(D, name), staticmethod)
    assert values(D.range(7).range(3)) == [0, 1, 2]


def test_len_of_finite_and_infinite_datasets():
    assert len(D.range(4).batch(3)) == 2
    # TensorFlow 2.21's messages.
    with pytest.raises(TypeError) as raised:
        len(D.range(3).repeat())
    assert str(raised.value) == "The dataset is infinite."
    with pytest.raises(TypeError) as raised:
        len(D.range(3).filter(lambda x: x > 0))
    assert str(raised.value) == "The dataset length is unknown."


def test_an_error_in_the_reduce_function_names_the_element():
    def fold(state, x):
        if int(x) == 2:
            raise ValueError("no twos")
        return state + x
    with pytest.raises(ag.errors.InvalidArgumentError) as raised:
        D.range(4).reduce(np.int64(0), fold)
    assert raised.value.message == (
        "The function of Dataset.reduce raised ValueError: no twos on element 2.")
    assert isinstance(raised.value.__cause__, ValueError)


def test_zip_of_a_dict_of_datasets():
    assert values(D.zip({"a": D.range(2), "b": D.range(5, 7)})) == [
        {"a": 0, "b": 5}, {"a": 1, "b": 6}]


def test_padded_batch_element_specs():
    ragged = D.range(1, 5).map(lambda x: ag.fill([x], x))
    assert ragged.padded_batch(2, drop_remainder=True).element_spec == ag.TensorSpec(
        (2, None), ag.int64)
    assert ragged.padded_batch(2, padded_shapes=[6]).element_spec == ag.TensorSpec(
        (None, 6), ag.int64)


def test_padded_batch_of_strings_and_tuples():
    ds = D.from_tensor_slices((["a", "b"], [[1, 2], [3, 4]])).padded_batch(2)
    assert values(ds) == [([b"a", b"b"], [[1, 2], [3, 4]])]


def test_from_generator_without_shapes_has_unknown_rank():
    ds = D.from_generator(lambda: iter([1]), output_types=ag.int64)
    assert ds.element_spec.shape.rank is None
    assert [int(x) for x in ds] == [1]


def test_map_returning_a_nested_dict():
    ds = D.range(3).map(lambda x: {"y": x, "z": (x, x)})
    spec = ag.TensorSpec((), ag.int64)
    assert ds.element_spec == {"y": spec, "z": (spec, spec)}
    assert values(ds)[2] == {"y": 2, "z": (2, 2)}


def test_elementwise_map_then_batch_calls_the_function_once_per_batch():
    calls = []

    def f(x):
        calls.append(1)  # a Python side effect: runs when traced, then once per batch
        return x * 3
    ds = D.range(10).map(f).batch(5)
    assert len(calls) == 1  # the trace that found the element spec
    assert values(ds) == [[0, 3, 6, 9, 12], [15, 18, 21, 24, 27]]
    assert len(calls) == 3
