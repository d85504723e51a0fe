"""A dataset's repr names TensorFlow 2.21's class for its last stage, as `tf.data` prints it
(`<_BatchDataset element_spec=...>`); each expected name is what TensorFlow printed."""

import pytest

import autograph as ag

D = ag.data.Dataset
R = D.range(5)


def _generator():
    yield 1


@pytest.mark.parametrize("make, name", [
    (lambda: R, "_RangeDataset"),
    (lambda: D.from_tensors(1), "_TensorDataset"),
    (lambda: D.from_tensor_slices([1]), "_TensorSliceDataset"),
    (lambda: D.from_generator(_generator, output_signature=ag.TensorSpec((), ag.int32)),
     "_FlatMapDataset"),
    (lambda: D.zip(R, R), "_ZipDataset"),
    (lambda: R.map(lambda x: x), "_MapDataset"),
    (lambda: R.filter(lambda x: True), "_FilterDataset"),
    (lambda: R.batch(2), "_BatchDataset"),
    (lambda: R.padded_batch(2), "_PaddedBatchDataset"),
    (lambda: R.batch(2).unbatch(), "_UnbatchDataset"),
    (lambda: R.take(1), "_TakeDataset"),
    (lambda: R.skip(1), "_SkipDataset"),
    (lambda: R.repeat(), "_RepeatDataset"),
    (lambda: R.enumerate(), "_ZipDataset"),
    (lambda: R.shuffle(2), "_ShuffleDataset"),
    (lambda: R.cache(), "CacheDataset"),
    (lambda: R.prefetch(1), "_PrefetchDataset"),
    (lambda: R.flat_map(lambda x: D.range(x)), "_FlatMapDataset"),
    (lambda: R.interleave(lambda x: D.range(x)), "_InterleaveDataset"),
    (lambda: R.window(2), "_WindowDataset"),
    (lambda: next(iter(R.window(2))), "_VariantDataset"),
    (lambda: R.group_by_window(lambda x: x, lambda k, w: w, window_size=2),
     "_GroupByWindowDataset"),
    (lambda: R.apply(lambda d: d), "_RangeDataset"),
])
def test_the_repr_names_tensorflows_class(make, name):
    dataset = make()
    assert repr(dataset) == f"<{name} element_spec={dataset.element_spec}>"
