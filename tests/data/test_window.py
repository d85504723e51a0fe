"""`Dataset.window` and `ag.data.DatasetSpec`: each expected value is what TensorFlow 2.21's
tf.data answered for the same program."""

import numpy as np
import pytest

import autograph as ag

D = ag.data.Dataset


def windows(ds):
    """The windows of `ds` as lists of Python values."""
    return [[v.tolist() for v in w.as_numpy_iterator()] for w in ds]


@pytest.mark.parametrize("args, cardinality, expected", [
    ((3,), 3, [[0, 1, 2], [3, 4, 5], [6]]),
    ((3, 2), 4, [[0, 1, 2], [2, 3, 4], [4, 5, 6], [6]]),
    ((3, 1, 1, True), 5, [[0, 1, 2], [1, 2, 3], [2, 3, 4], [3, 4, 5], [4, 5, 6]]),
    ((3, 2, 2), 4, [[0, 2, 4], [2, 4, 6], [4, 6], [6]]),
    ((3, 2, 2, True), 2, [[0, 2, 4], [2, 4, 6]]),
    ((2, 5), 2, [[0, 1], [5, 6]]),  # a shift past the window skips elements
    ((2, 5, 1, True), 2, [[0, 1], [5, 6]]),
    ((3, 1, 3, True), 1, [[0, 3, 6]]),
    ((10,), 1, [[0, 1, 2, 3, 4, 5, 6]]),
    ((10, 1, 1, True), 0, []),
])
def test_windows_and_their_number_are_tensorflows(args, cardinality, expected):
    ds = D.range(7).window(*args)
    assert windows(ds) == expected
    assert int(ds.cardinality()) == cardinality


def test_the_cardinality_of_an_infinite_or_unknown_input_stays_so():
    assert int(D.range(7).repeat().window(3).cardinality()) == ag.data.INFINITE_CARDINALITY
    assert int(D.range(7).filter(lambda x: True).window(3).cardinality()) == \
        ag.data.UNKNOWN_CARDINALITY


def test_each_window_knows_its_size():
    assert [int(w.cardinality()) for w in D.range(7).window(3)] == [3, 3, 1]


def test_the_element_spec_is_a_dataset_spec_with_tensorflows_repr():
    ds = D.range(7).window(3)
    assert repr(ds.element_spec) == ("DatasetSpec(TensorSpec(shape=(), dtype=ag.int64, "
                                     "name=None), TensorShape([]))")
    assert ds.element_spec == ag.data.DatasetSpec(ag.TensorSpec([], ag.int64))
    assert ds.element_spec.element_spec == ag.TensorSpec([], ag.int64)
    assert ds.element_spec.value_type is D
    assert ag.data.DatasetSpec.from_value(D.range(3)) == ds.element_spec
    assert repr(ds) == ("<_WindowDataset element_spec=DatasetSpec(TensorSpec(shape=(), "
                        "dtype=ag.int64, name=None), TensorShape([]))>")


def test_a_window_is_a_dataset_named_as_tensorflow_names_it():
    window = next(iter(D.range(7).window(3)))
    assert isinstance(window, D)
    assert repr(window) == "<_VariantDataset element_spec=TensorSpec(shape=(), " \
                           "dtype=ag.int64, name=None)>"


def test_a_structured_element_gives_a_structure_of_datasets():
    ds = D.from_tensor_slices(({"a": [1, 2, 3]}, [1.0, 2.0, 3.0])).window(2)
    spec = ag.data.DatasetSpec
    assert ds.element_spec == ({"a": spec(ag.TensorSpec([], ag.int32))},
                               spec(ag.TensorSpec([], ag.float32)))
    first = next(iter(ds))
    assert [v.tolist() for v in first[0]["a"].as_numpy_iterator()] == [1, 2]
    assert [v.tolist() for v in first[1].as_numpy_iterator()] == [1.0, 2.0]


def test_flat_map_over_windows_makes_sliding_batches():
    ds = D.range(7).window(3, shift=1, drop_remainder=True).flat_map(lambda w: w.batch(3))
    assert [b.tolist() for b in ds.as_numpy_iterator()] == [
        [0, 1, 2], [1, 2, 3], [2, 3, 4], [3, 4, 5], [4, 5, 6]]
    assert ds.element_spec == ag.TensorSpec([None], ag.int64)


def test_flat_map_takes_a_pair_of_windows_as_two_arguments():
    ds = D.from_tensor_slices(([1, 2, 3, 4], [10.0, 20.0, 30.0, 40.0])).window(2).flat_map(
        lambda x, y: D.zip((x.batch(2), y.batch(2))))
    assert [(a.tolist(), b.tolist()) for a, b in ds.as_numpy_iterator()] == [
        ([1, 2], [10.0, 20.0]), ([3, 4], [30.0, 40.0])]


def test_a_dict_of_windows_zips_back_into_dict_batches():
    ds = D.from_tensor_slices({"a": [1, 2, 3], "b": [4, 5, 6]}).window(2).flat_map(
        lambda d: D.zip(d).batch(2))
    assert [{k: v.tolist() for k, v in e.items()} for e in ds.as_numpy_iterator()] == [
        {"a": [1, 2], "b": [4, 5]}, {"a": [3], "b": [6]}]


def test_windows_of_elements_of_different_shapes_pad_into_batches():
    ds = D.range(4).map(lambda x: ag.fill([x], x)).window(2)
    assert ds.element_spec == ag.data.DatasetSpec(ag.TensorSpec([None], ag.int64))
    assert windows(ds) == [[[], [1]], [[2, 2], [3, 3, 3]]]
    padded = ds.flat_map(lambda x: x.padded_batch(2))
    assert padded.element_spec == ag.TensorSpec([None, None], ag.int64)


def test_map_over_windows_runs_on_each_window():
    sums = D.range(7).window(3).map(lambda w: w.reduce(np.int64(0), lambda a, b: a + b))
    assert sums.element_spec == ag.TensorSpec([], ag.int64)
    assert [int(v) for v in sums] == [3, 12, 6]
    batched = D.range(7).window(3).map(lambda w: w.batch(3))
    assert batched.element_spec == ag.data.DatasetSpec(ag.TensorSpec([None], ag.int64))


def test_filter_zip_and_window_take_windows_as_elements():
    kept = D.range(7).window(3).filter(lambda w: w.cardinality() > 2)
    assert windows(kept) == [[0, 1, 2], [3, 4, 5]]
    assert repr(kept).startswith("<_FilterDataset element_spec=DatasetSpec(")
    spec = ag.data.DatasetSpec(ag.TensorSpec([], ag.int64))
    assert D.zip((D.range(7).window(2), D.range(7))).element_spec == (
        spec, ag.TensorSpec([], ag.int64))
    assert D.range(7).window(3).window(2).element_spec == ag.data.DatasetSpec(spec)


def test_a_window_iterates_again_and_takes_transformations():
    window = next(iter(D.range(7).window(3)))
    assert [int(v) for v in window] == [int(v) for v in window] == [0, 1, 2]
    assert [int(v) for v in window.map(lambda x: x * 10).skip(1)] == [10, 20]


def test_as_numpy_iterator_refuses_windows_as_tensorflow_does():
    with pytest.raises(TypeError, match=r"`ag.data.Dataset.as_numpy_iterator\(\)` is not "
                                        r"supported for datasets that produce values of type"):
        D.range(3).window(2).as_numpy_iterator()


@pytest.mark.parametrize("transformation", ["batch", "padded_batch", "unbatch"])
def test_batching_windows_is_refused_with_what_to_do(transformation):
    ds = D.range(4).window(2)
    args = () if transformation == "unbatch" else (2,)
    with pytest.raises(TypeError, match=f"Dataset.{transformation} cannot take elements that "
                                        r"are datasets .*flat_map\(lambda w: w.batch\(n\)\)"):
        getattr(ds, transformation)(*args)


@pytest.mark.parametrize("kwargs, message", [
    ({"size": 0}, "Window size must be greater than zero, but got 0."),
    ({"size": -1}, "Window size must be greater than zero, but got -1."),
    ({"size": 2, "shift": 0}, "Window shift must be greater than zero, but got 0."),
    ({"size": 2, "stride": 0}, "Window stride must be greater than zero, but got 0."),
])
def test_sizes_that_are_not_positive_are_refused_when_the_dataset_is_made(kwargs, message):
    with pytest.raises(ag.errors.InvalidArgumentError, match=message):
        D.range(7).window(**kwargs)


def test_a_size_that_is_not_a_whole_number_is_refused():
    # TensorFlow: TypeError "Cannot convert 2.5 to EagerTensor of dtype int64".
    with pytest.raises(TypeError, match="Window size must be an integer scalar"):
        D.range(7).window(2.5)


def test_sizes_may_be_tensors():
    ds = D.range(7).window(ag.constant(3, ag.int64), shift=ag.constant(2, ag.int64))
    assert windows(ds) == [[0, 1, 2], [2, 3, 4], [4, 5, 6], [6]]


def test_a_windowed_and_flattened_dataset_runs_in_a_function():
    @ag.function
    def total(ds):
        result = ag.constant(0, ag.int64)
        for batch in ds:
            result += ag.reduce_sum(batch)
        return result
    ds = D.range(7).window(3, shift=1, drop_remainder=True).flat_map(lambda w: w.batch(3))
    assert int(total(ds)) == 45  # (0+1+2) + (1+2+3) + ... + (4+5+6)


def test_windows_inside_a_function_are_one_clear_error():
    ds = D.range(7).window(3)

    @ag.function
    def count_windows():
        n = ag.constant(0)
        for _ in ds:
            n += 1
        return n

    @ag.function
    def argument(dataset):
        return dataset

    hint = r"flat_map\(lambda w: w.batch\(n\)\)"
    with pytest.raises(TypeError, match="A dataset over datasets cannot be iterated inside an "
                                        "ag.function: .*" + hint):
        count_windows()
    with pytest.raises(TypeError, match="A dataset over datasets cannot be an argument of an "
                                        "ag.function: .*" + hint):
        argument(ds)
    with pytest.raises(TypeError, match="An iterator over datasets cannot be an argument"):
        argument(iter(ds))


def test_an_iterator_over_windows_saves_its_position(tmp_path):
    ds = D.range(10).window(3, shift=1)
    iterator = iter(ds)
    next(iterator)
    checkpoint = ag.train.Checkpoint(iterator=iterator)
    path = checkpoint.save(str(tmp_path / "ckpt"))
    assert [int(v) for v in next(iterator)] == [1, 2, 3]
    checkpoint.restore(path)
    assert [int(v) for v in next(iterator)] == [1, 2, 3]
