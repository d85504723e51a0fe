"""Sparse tensors as dataset elements: held whole, as TensorFlow 2.21's datasets hold them
(element specs and values recorded there), sliced, batched and unbatched as it does; what
cannot take them refuses them clearly; functions iterate them with iterator ops that give
their component tensors."""

import pytest

import autograph as ag


def _sparse():
    return ag.SparseTensor(indices=[[0, 0], [1, 2]], values=[1, 2], dense_shape=[3, 4])


def test_from_tensors_of_a_sparse_tensor_has_its_spec():
    ds = ag.data.Dataset.from_tensors(_sparse())
    assert ds.element_spec == ag.SparseTensorSpec([3, 4], ag.int32)
    assert ds.element_spec.value_type is ag.SparseTensor


def test_iterating_gives_sparse_tensors():
    (element,) = list(ag.data.Dataset.from_tensors(_sparse()))
    assert isinstance(element, ag.SparseTensor)
    assert element.values.numpy().tolist() == [1, 2]


def test_as_numpy_iterator_gives_sparse_tensor_values():
    (element,) = list(ag.data.Dataset.from_tensors(_sparse()).as_numpy_iterator())
    assert isinstance(element, ag.compat.v1.SparseTensorValue)
    assert element.indices.tolist() == [[0, 0], [1, 2]] and element.dense_shape.tolist() == [3, 4]


def test_a_map_may_return_sparse_tensors_of_different_shapes():
    ds = ag.data.Dataset.range(3).map(lambda i: ag.SparseTensor(
        [[0]], ag.reshape(ag.cast(i, ag.float32), [1]), ag.reshape(i + 1, [1])))
    assert ds.element_spec == ag.SparseTensorSpec([None], ag.float32)
    assert [ag.sparse.to_dense(x).numpy().tolist() for x in ds] == [[0.0], [1.0, 0.0],
                                                                   [2.0, 0.0, 0.0]]


def test_a_map_to_dense_tensors_takes_sparse_elements():
    dense = ag.data.Dataset.from_tensors(_sparse()).map(ag.sparse.to_dense)
    assert [x.tolist() for x in dense.as_numpy_iterator()] == [[[1, 0, 0, 0], [0, 0, 2, 0],
                                                                [0, 0, 0, 0]]]


def _growing():
    return ag.data.Dataset.range(3).map(lambda i: ag.SparseTensor(
        [[0]], ag.reshape(ag.cast(i, ag.float32), [1]), ag.reshape(i + 1, [1])))


def test_a_batch_of_sparse_tensors_is_one_of_one_more_dimension():
    batched = _growing().batch(2)
    assert batched.element_spec == ag.SparseTensorSpec([None, None], ag.float32)
    first, last = list(batched)
    assert first.indices.numpy().tolist() == [[0, 0], [1, 0]]
    assert first.values.numpy().tolist() == [0.0, 1.0]
    assert first.dense_shape.numpy().tolist() == [2, 2]  # the largest shape in each dim
    assert last.dense_shape.numpy().tolist() == [1, 3]
    assert _growing().batch(2, drop_remainder=True).element_spec == ag.SparseTensorSpec(
        [2, None], ag.float32)


def test_unbatching_keeps_the_batchs_dense_shape_as_tensorflow_does():
    rows = list(_growing().batch(2).unbatch())
    assert [r.dense_shape.numpy().tolist() for r in rows] == [[2], [2], [3]]
    assert [r.values.numpy().tolist() for r in rows] == [[0.0], [1.0], [2.0]]


def test_padded_batch_refuses_sparse_elements_as_tensorflow_does():
    with pytest.raises(TypeError, match="Dataset.padded_batch cannot take elements holding a "
                                        "SparseTensor"):
        _growing().padded_batch(2)


def test_slices_of_a_sparse_tensor_are_sparse_tensors_of_its_rows():
    ds = ag.data.Dataset.from_tensor_slices(_sparse())
    assert ds.element_spec == ag.SparseTensorSpec([4], ag.int32)
    assert int(ds.cardinality()) == 3
    rows = list(ds)
    assert [r.indices.numpy().tolist() for r in rows] == [[[0]], [[2]], []]
    assert [r.values.numpy().tolist() for r in rows] == [[1], [2], []]
    assert [r.dense_shape.numpy().tolist() for r in rows] == [[4], [4], [4]]


def test_sparse_slices_beside_dense_ones_batch_together():
    ds = ag.data.Dataset.from_tensor_slices({"s": _sparse(), "y": [7, 8, 9]}).batch(2)
    assert [(ag.sparse.to_dense(d["s"]).numpy().tolist(), d["y"].numpy().tolist())
            for d in ds] == [([[1, 0, 0, 0], [0, 0, 2, 0]], [7, 8]), ([[0, 0, 0, 0]], [9])]


def test_slicing_sparse_and_dense_tensors_of_different_lengths_is_an_error():
    with pytest.raises(ValueError, match=r"different first dimensions \[3, 2\]"):
        ag.data.Dataset.from_tensor_slices((_sparse(), [1, 2]))


def test_slicing_a_rank_1_sparse_tensor_is_refused_as_tensorflow_does():
    # TensorFlow: InvalidArgumentError "Rank of input SparseTensor should be > 1".
    with pytest.raises(ValueError, match="A SparseTensor of rank 1 cannot be split into rows: "
                                         "it needs rank 2"):
        ag.data.Dataset.from_tensor_slices(ag.SparseTensor([[0]], [1.0], [3]))


def _rows_dataset():
    st = ag.SparseTensor(indices=[[0, 0], [1, 2], [3, 1]], values=[1.0, 2.0, 3.0],
                         dense_shape=[4, 3])
    return ag.data.Dataset.from_tensor_slices(st)


def test_a_function_loops_over_a_dataset_argument_of_sparse_tensors():
    @ag.function
    def total(ds):
        t = ag.constant(0.0)
        for x in ds:
            t += ag.sparse.reduce_sum(x) * ag.cast(x.dense_shape[0], ag.float32)
        return t

    assert float(total(_rows_dataset())) == 18.0


def test_a_function_loops_over_batches_of_sparse_tensors():
    ds = _rows_dataset()

    @ag.function
    def column_sums():
        out = ag.TensorArray(ag.float32, size=0, dynamic_size=True)
        i = 0
        for x in ds.batch(3):
            out = out.write(i, ag.reduce_sum(ag.sparse.to_dense(x), axis=0))
            i += 1
        return out.concat()

    assert column_sums().numpy().tolist() == [1.0, 0.0, 2.0, 0.0, 3.0, 0.0]


def test_reduce_inside_a_function_takes_sparse_elements():
    @ag.function
    def total(ds):
        return ds.reduce(ag.constant(0.0), lambda s, x: s + ag.sparse.reduce_sum(x))

    assert float(total(_rows_dataset())) == 6.0


def test_next_inside_a_function_gives_a_sparse_tensor():
    ds = _rows_dataset()

    @ag.function
    def first():
        return next(iter(ds))

    value = first()
    assert isinstance(value, ag.SparseTensor)
    assert value.indices.numpy().tolist() == [[0]] and value.dense_shape.numpy().tolist() == [3]
