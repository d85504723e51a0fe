"""`Dataset.group_by_window`, `bucket_by_sequence_length` and their `ag.data.experimental`
functions: each expected value is what TensorFlow 2.21's tf.data answered for the same
program."""

import numpy as np
import pytest

import autograph as ag

D = ag.data.Dataset


def values(ds):
    def plain(x):
        return tuple(plain(v) for v in x) if isinstance(x, tuple) else x.tolist()
    return [plain(x) for x in ds.as_numpy_iterator()]


def int64s(items):
    return D.from_tensor_slices(np.array(items, dtype=np.int64))


def test_full_groups_come_out_when_full_the_rest_at_the_end():
    ds = D.range(10).group_by_window(lambda x: x % 3, lambda key, w: w.batch(4), window_size=4)
    assert values(ds) == [[0, 3, 6, 9], [1, 4, 7], [2, 5, 8]]
    assert ds.element_spec == ag.TensorSpec([None], ag.int64)
    assert repr(ds) == ("<_GroupByWindowDataset element_spec=TensorSpec(shape=(None,), "
                        "dtype=ag.int64, name=None)>")


def test_groups_left_at_the_end_come_in_order_of_key():
    by_value = int64s([5, 1, 3, 7, 2]).group_by_window(lambda x: x, lambda k, w: w.batch(10),
                                                       window_size=3)
    assert values(by_value) == [[1], [2], [3], [5], [7]]
    signed = int64s([50, 10, 30, 70, 20, 10**12, -3]).group_by_window(
        lambda x: x, lambda k, w: w.batch(10), window_size=3)
    assert values(signed) == [[-3], [10], [20], [30], [50], [70], [10**12]]


def test_window_size_func_sizes_each_keys_groups_and_reduce_func_gets_the_key():
    ds = D.range(10).group_by_window(lambda x: x % 2,
                                     lambda key, w: w.batch(10).map(lambda b: (key, b)),
                                     window_size_func=lambda key: key + 2)
    assert ds.element_spec == (ag.TensorSpec([], ag.int64), ag.TensorSpec([None], ag.int64))
    assert values(ds) == [(0, [0, 2]), (1, [1, 3, 5]), (0, [4, 6]), (0, [8]), (1, [7, 9])]


def test_tuple_elements_are_two_arguments_of_key_func():
    ds = D.from_tensor_slices(([1, 2, 3, 4, 5], [10.0, 20.0, 30.0, 40.0, 50.0]))
    grouped = ds.group_by_window(lambda a, b: ag.cast(a % 2, ag.int64),
                                 lambda key, w: w.batch(2), window_size=2)
    assert grouped.element_spec == (ag.TensorSpec([None], ag.int32),
                                    ag.TensorSpec([None], ag.float32))
    assert values(grouped) == [([1, 3], [10.0, 30.0]), ([2, 4], [20.0, 40.0]), ([5], [50.0])]


def test_a_python_int_key_is_an_int64_and_a_key_func_may_branch():
    constant = D.range(10).group_by_window(lambda x: 0, lambda k, w: w.batch(3), window_size=3)
    assert values(constant) == [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9]]

    # key_func is converted by AutoGraph, as a `map` function is, so the `if` on a tensor is a
    # cond; TensorFlow 2.21 does not convert it (its wrapper hides it from AutoGraph) and
    # refuses the `if` on a symbolic tensor.
    def key(x):
        if x > 5:
            return x % 2
        return ag.constant(7, ag.int64)
    assert values(D.range(10).group_by_window(key, lambda k, w: w.batch(3), window_size=3)) == [
        [0, 1, 2], [3, 4, 5], [6, 8], [7, 9]]


def test_the_cardinality_is_unknown_unless_the_input_is_infinite():
    def grouped(ds):
        return ds.group_by_window(lambda x: x % 2, lambda k, w: w, window_size=2)
    assert int(grouped(D.range(10)).cardinality()) == ag.data.UNKNOWN_CARDINALITY
    assert int(grouped(D.range(10).repeat()).cardinality()) == ag.data.INFINITE_CARDINALITY


@pytest.mark.parametrize("kwargs", [{}, {"window_size": 2, "window_size_func": lambda k: k}])
def test_exactly_one_of_the_two_sizes_is_needed(kwargs):
    with pytest.raises(ValueError, match="Either the `window_size` argument or the "
                                         "`window_size_func` argument must be specified."):
        D.range(3).group_by_window(lambda x: x, lambda k, w: w, **kwargs)


@pytest.mark.parametrize("key_func, returned", [
    (lambda x: ag.cast(x, ag.int32), "TensorSpec(shape=(), dtype=ag.int32, name=None)"),
    (lambda x: [x, x], "TensorSpec(shape=(2,), dtype=ag.int64, name=None)"),
])
def test_a_key_that_is_not_an_int64_scalar_is_refused_when_the_dataset_is_made(
        key_func, returned):
    with pytest.raises(ValueError) as e:
        D.range(3).group_by_window(key_func, lambda k, w: w, window_size=2)
    assert str(e.value) == ("Invalid `key_func`. `key_func` must return a single `ag.int64` "
                            f"scalar tensor but its return type is {returned}.")


def test_a_key_computed_from_values_is_checked_per_element():
    # A key_func that needs values runs eagerly on each element here (TensorFlow cannot trace
    # it), so its result is checked element by element.
    ds = D.range(3).group_by_window(lambda x: np.int32(x.numpy()), lambda k, w: w,
                                    window_size=2)
    with pytest.raises(ag.errors.InvalidArgumentError, match="`key_func` must return a single "
                                                             "`ag.int64` scalar tensor"):
        list(ds)


def test_a_reduce_func_that_returns_no_dataset_is_refused_when_the_dataset_is_made():
    with pytest.raises(TypeError) as e:
        D.range(3).group_by_window(lambda x: x, lambda k, w: 3, window_size=2)
    assert str(e.value) == ("Invalid `reduce_func`. `reduce_func` must return a single "
                            "`ag.data.Dataset` object but its return type is "
                            "TensorSpec(shape=(), dtype=ag.int32, name=None).")


def test_a_reduce_func_that_fails_on_an_empty_window_says_why_it_was_called():
    # TensorFlow traces reduce_func on a symbolic window; here it runs once on an empty one.
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match="calls reduce_func once on an empty window .* StopIteration"):
        D.range(3).group_by_window(lambda x: x, lambda k, w: D.from_tensors(next(iter(w))),
                                   window_size=2)


def test_a_window_size_func_that_returns_no_int64_is_refused_when_the_dataset_is_made():
    # TensorFlow: a ValueError too, from converting the float32 tensor to int64.
    with pytest.raises(ValueError, match="Invalid `window_size_func`. `window_size_func` must "
                                         "return a single `ag.int64` scalar tensor"):
        D.range(3).group_by_window(lambda x: x, lambda k, w: w,
                                   window_size_func=lambda k: ag.cast(k, ag.float32))


@pytest.mark.parametrize("sizes", [{"window_size": 0}, {"window_size_func": lambda k: k - k}])
def test_a_window_size_that_is_not_positive_fails_when_the_key_comes(sizes):
    ds = D.range(3).group_by_window(lambda x: x, lambda k, w: w, **sizes)
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match="^Window size must be greater than zero, but got 0.$"):
        list(ds)


def test_a_reduce_func_that_raises_names_the_key():
    # reduce_func runs on each window here (TensorFlow traces it once, with a symbolic key,
    # where `int(key)` fails when the dataset is made).
    def reduce_func(key, window):
        if int(key) == 1:
            raise RuntimeError("no ones")
        return window
    ds = D.range(4).group_by_window(lambda x: x % 2, reduce_func, window_size=2)
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match="The reduce_func of Dataset.group_by_window raised RuntimeError: "
                             "no ones, on the window of key 1."):
        list(ds)


def test_the_experimental_function_applies_the_same_grouping():
    ds = D.range(10).apply(ag.data.experimental.group_by_window(
        lambda x: x % 2, lambda k, w: w.batch(2), window_size=2))
    assert values(ds) == [[0, 2], [1, 3], [4, 6], [5, 7], [8], [9]]


def test_grouped_datasets_run_in_a_function_as_argument_closure_and_reduce():
    ds = D.range(10).group_by_window(lambda x: x % 3, lambda k, w: w.batch(4), window_size=4)

    @ag.function
    def total(dataset):
        result = ag.constant(0, ag.int64)
        for batch in dataset:
            result += ag.reduce_sum(batch)
        return result

    @ag.function
    def closure_total():
        return ds.reduce(np.int64(0), lambda s, b: s + ag.reduce_sum(b))

    @ag.function
    def take(iterator):
        return next(iterator)

    assert int(total(ds)) == int(closure_total()) == 45
    iterator = iter(ds)
    assert take(iterator).numpy().tolist() == [0, 3, 6, 9]
    assert take(iterator).numpy().tolist() == [1, 4, 7]


# bucket_by_sequence_length ----------------------------------------------------------------------

def rows(n):
    """Elements `[k] * k` for k in range(n): lengths 0 to n - 1."""
    return D.range(n).map(lambda x: ag.fill([x], x))


def length(row):
    return ag.shape(row)[0]


def test_buckets_batch_and_pad_elements_of_similar_lengths():
    ds = rows(8).bucket_by_sequence_length(length, [3, 5], [2, 2, 2])
    assert ds.element_spec == ag.TensorSpec([None, None], ag.int64)
    assert repr(ds).startswith("<_GroupByWindowDataset ")
    assert values(ds) == [[[0], [1]], [[3, 3, 3, 0], [4, 4, 4, 4]],
                          [[5, 5, 5, 5, 5, 0], [6, 6, 6, 6, 6, 6]], [[2, 2]],
                          [[7, 7, 7, 7, 7, 7, 7]]]


def test_padding_to_the_bucket_boundary():
    ds = rows(5).bucket_by_sequence_length(length, [3, 5], [2, 2, 2],
                                           pad_to_bucket_boundary=True)
    assert ds.element_spec == ag.TensorSpec([None, None], ag.int64)
    assert values(ds) == [[[0, 0], [1, 0]], [[3, 3, 3, 0], [4, 4, 4, 4]], [[2, 2]]]


def test_padding_to_the_bucket_boundary_needs_lengths_below_the_last_boundary():
    ds = rows(8).bucket_by_sequence_length(length, [3, 5], [2, 2, 2],
                                           pad_to_bucket_boundary=True)
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match="When pad_to_bucket_boundary=True, elements must have length < "
                             r"max\(bucket_boundaries\)"):
        list(ds)


def test_padded_shapes_padding_values_and_drop_remainder():
    ds = rows(8).bucket_by_sequence_length(length, [3, 5], [2, 2, 3], padded_shapes=[8],
                                           padding_values=np.int64(-1), drop_remainder=True)
    assert ds.element_spec == ag.TensorSpec([None, 8], ag.int64)
    assert values(ds) == [[[-1] * 8, [1] + [-1] * 7], [[3, 3, 3] + [-1] * 5, [4] * 4 + [-1] * 4],
                          [[5] * 5 + [-1] * 3, [6] * 6 + [-1] * 2, [7] * 7 + [-1]]]


def test_no_padding_batches_as_batch_does():
    ds = D.range(8).bucket_by_sequence_length(lambda x: ag.cast(x, ag.int32), [3, 5], [2, 2, 3],
                                              no_padding=True)
    assert ds.element_spec == ag.TensorSpec([None], ag.int64)
    assert values(ds) == [[0, 1], [3, 4], [5, 6, 7], [2]]


def test_one_batch_size_per_bucket_is_needed():
    with pytest.raises(ValueError) as e:
        rows(3).bucket_by_sequence_length(length, [3, 5], [2, 2])
    assert str(e.value) == ("`len(bucket_batch_sizes)` must equal `len(bucket_boundaries) + 1` "
                            "but `len(bucket_batch_sizes)=2` and `len(bucket_boundaries)=2`.")


def test_the_experimental_bucketing_function_is_the_same():
    ds = rows(8).apply(ag.data.experimental.bucket_by_sequence_length(length, [3, 5], [2, 2, 2]))
    assert values(ds)[0] == [[0], [1]]
