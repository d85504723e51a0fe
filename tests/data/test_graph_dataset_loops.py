"""`for` over a dataset inside `ag.function`: one `While` op whatever the number of elements,
taking each element from an iterator op; `break` and carried state as in Python.

The datasets here are the smallest objects the loop accepts (a class setting `_is_dataset`,
with an `element_spec` and Python iteration), so that the loop is tested apart from
`ag.data.Dataset`."""

import numpy as np
import pytest

import autograph as ag


class Pairs:
    """The elements (i, [i, i + 1]) for i below n."""

    _is_dataset = True
    element_spec = (ag.TensorSpec([], ag.float32), ag.TensorSpec([2], ag.int32))

    def __init__(self, n):
        self.n = n

    def __iter__(self):
        for i in range(self.n):
            yield np.float32(i), np.array([i, i + 1], np.int32)


@ag.function
def _totals(pairs):
    s = 0.0
    c = 0
    for x, v in pairs:
        s += x
        c += ag.reduce_sum(v)
    return s, c


@ag.function
def _until_over_100(pairs):
    s = 0.0
    for x, _ in pairs:
        s += x
        if s > 100.0:
            break
    return s


def test_a_loop_over_a_dataset_is_one_while_op_whatever_its_size():
    s, c = _totals(Pairs(5))
    assert (float(s), int(c)) == (10.0, 25)
    graph = _totals.get_concrete_function(Pairs(500)).graph
    types = [op.type for op in graph.get_operations()]
    assert types.count("While") == 1 and types.count("IteratorGetNextAsOptional") == 1


def test_break_ends_a_dataset_loop():
    assert float(_until_over_100(Pairs(50))) == 105.0
    assert float(_until_over_100(Pairs(5))) == 10.0


def test_each_call_iterates_the_dataset_from_its_start():
    pairs = Pairs(4)
    assert [float(_totals(pairs)[0]) for _ in range(2)] == [6.0, 6.0]


def test_an_empty_dataset_runs_no_iteration():
    assert float(_totals(Pairs(0))[0]) == 0.0


def test_a_session_runs_a_fresh_pass_each_run():
    from autograph.runtime.ops.iterator.ops import get_next_as_optional, make_iterator

    with ag.Graph().as_default() as g:
        iterator = make_iterator(Pairs(3))
        has_value, (x, v) = get_next_as_optional(iterator, Pairs.element_spec)
    session = ag.Session(graph=g)
    assert session.run([has_value, x]) == [True, 0.0]
    assert session.run([has_value, x]) == [True, 0.0]


class SpecPairs(Pairs):
    """Pairs traced by element spec, as `ag.data.Dataset`s are."""

    def __tf_tracing_type__(self, context):
        from autograph.runtime.data.dataset_type import DatasetType

        return DatasetType(self.element_spec)


@ag.function
def _sums(pairs):
    s = 0.0
    for x, _ in pairs:
        s += x
    return s


def test_a_dataset_argument_traces_by_its_element_spec_and_feeds_each_call():
    assert [float(_sums(SpecPairs(n))) for n in (3, 5, 10)] == [3.0, 10.0, 45.0]
    assert _sums.experimental_get_tracing_count() == 1


class PairIterator:
    """An iterator over Pairs that functions take by element spec, as dataset iterators."""

    def __init__(self, n):
        self._items = iter(Pairs(n))
        self.element_spec = Pairs.element_spec

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._items)

    def __tf_tracing_type__(self, context):
        from autograph.runtime.data.dataset_type import IteratorType

        return IteratorType(self.element_spec)


@ag.function
def _take(iterator):
    x, v = next(iterator)
    return x


def test_an_iterator_argument_advances_on_every_call():
    iterator = PairIterator(3)
    assert [float(_take(iterator)) for _ in range(3)] == [0.0, 1.0, 2.0]
    assert _take.experimental_get_tracing_count() == 1
    with pytest.raises(ag.errors.OutOfRangeError, match="End of sequence"):
        _take(iterator)


@ag.function
def _first_and_rest(pairs):
    iterator = iter(pairs)
    first, _ = next(iterator)
    rest = 0.0
    for x, _ in iterator:
        rest += x
    return first, rest


def test_iter_and_next_inside_a_function_then_a_loop_over_the_rest():
    first, rest = _first_and_rest(SpecPairs(4))
    assert (float(first), float(rest)) == (0.0, 6.0)


@ag.function
def _batch_totals(dataset):
    s = 0.0
    n = 0
    for x, y in dataset:
        s += ag.reduce_sum(x)
        n += ag.shape(y)[0]
    return s, n


def test_an_ag_data_pipeline_is_a_graph_loop_traced_once_per_element_spec():
    slices = ag.data.Dataset.from_tensor_slices(
        (np.arange(10, dtype=np.float32), np.arange(20).reshape(10, 2))).batch(4)
    mapped = ag.data.Dataset.range(5).map(
        lambda v: (ag.cast(v, ag.float32), ag.stack([v, v]))).batch(2)
    assert [(float(s), int(n)) for s, n in (_batch_totals(slices), _batch_totals(mapped))] == [
        (45.0, 10), (10.0, 5)]
    assert _batch_totals.experimental_get_tracing_count() == 1


@ag.function
def _times_ten(iterator):
    return next(iterator) * 10


def test_an_ag_data_iterator_argument_advances_on_every_call():
    iterator = iter(ag.data.Dataset.range(3))
    assert [int(_times_ten(iterator)) for _ in range(3)] == [0, 10, 20]


def test_a_map_function_is_traced_once_with_autograph():
    traces = []

    def signed(x):
        traces.append(x)
        if x % 2 == 0:  # a tensor `if`: converted to a cond, as TensorFlow's map does
            return x
        return -x

    values = list(ag.data.Dataset.range(5).map(signed).as_numpy_iterator())
    assert values == [0, -1, 2, -3, 4]
    assert len(traces) == 1


def test_a_dataset_loop_widens_the_shape_of_a_tensor_beside_a_python_number():
    # The pair's shapes widen where the body grows them; its Python number has none.
    @ag.function
    def collected(pairs):
        acc = (ag.zeros([0]), 0)
        for x, _ in pairs:
            acc = (ag.concat([acc[0], [x]], 0), acc[1] + 1)
        return acc
    values, count = collected(Pairs(3))
    np.testing.assert_array_equal(values.numpy(), [0.0, 1.0, 2.0])
    assert count.numpy() == 3
