"""`Dataset.apply`: a chain of steps as one function, as TensorFlow 2.21 runs it."""

import pytest

import autograph as ag


def test_apply_runs_the_transformation_on_the_dataset():
    ds = ag.data.Dataset.range(6).apply(
        lambda d: d.filter(lambda x: x % 2 == 0).map(lambda x: x * 10))
    assert [int(x) for x in ds.as_numpy_iterator()] == [0, 20, 40]  # TensorFlow's


def test_a_transformation_that_returns_no_dataset_is_refused():
    with pytest.raises(TypeError) as e:
        ag.data.Dataset.range(2).apply(lambda d: 3)
    assert str(e.value) == ("`transformation_func` must return a `ag.data.Dataset` object. "
                            "Got <class 'int'>.")
