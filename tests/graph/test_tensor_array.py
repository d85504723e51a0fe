"""`TensorArray` eagerly, in graph loops and branches; the persistent `TensorList` behind it."""


import re

import numpy as np
import pytest

import autograph as ag
import autograph.kernels.list_kernels  # noqa: F401
from autograph.runtime import execute
from autograph.runtime.core import dtypes
from autograph.runtime.core.errors import InvalidArgumentError
from autograph.runtime.ops.control_flow.ops import cond, while_loop
from autograph.runtime.ops.list.tensor_array import TensorArray, TensorList, variant_tensor
from tests.graph.graph_testing import run


# TensorList: persistent, O(1) writes to the newest version ----------------------------------
def test_writing_the_newest_version_reuses_its_backing_list():
    first = TensorList(dtypes.float32, (), [None] * 3)
    backing = first._items
    second = first.set(0, "a")
    third = second.set(1, "b")
    assert third._items is backing and first._items is None and second._items is None


def test_older_versions_keep_their_values():
    v0 = TensorList(dtypes.float32, (), ["a", "b"])
    v1 = v0.set(0, "A")
    v2 = v1.push("c")
    v3 = v2.resize(1)
    assert [v.to_list() for v in (v0, v1, v2, v3)] == [
        ["a", "b"], ["A", "b"], ["A", "b", "c"], ["A"]]
    assert (v0.get(0), v1.get(0), v2.get(2), v0.length(), v2.length()) == ("a", "A", "c", 2, 3)


def test_deriving_from_an_older_version_copies_it():
    v0 = TensorList(dtypes.float32, (), ["a", "b"])
    v1 = v0.set(0, "x")
    branch = v0.set(1, "y")
    assert (v0.to_list(), v1.to_list(), branch.to_list()) == (
        ["a", "b"], ["x", "b"], ["a", "y"])
    assert branch._items is not v1._items


def test_growing_writes_fill_the_gap_with_unset_elements():
    grown = TensorList(dtypes.float32, (), []).set_many([2, 0], ["c", "a"])
    assert grown.to_list() == ["a", None, "c"]


# Eagerly ---------------------------------------------------------------------------------------
def test_write_read_stack(device):
    ta = TensorArray(ag.float32, size=3)
    for i in range(3):
        ta = ta.write(i, [float(i), 10.0 * i])
    np.testing.assert_array_equal(ta.read(1).numpy(), [1.0, 10.0])
    np.testing.assert_array_equal(ta.stack().numpy(), [[0, 0], [1, 10], [2, 20]])
    assert int(ta.size()) == 3 and ta.element_shape == ag.TensorShape([2])


def test_write_returns_a_new_array_and_keeps_the_old_one(device):
    empty = TensorArray(ag.int32, size=1, element_shape=[])
    written = empty.write(0, 7)
    assert int(written.read(0)) == 7
    assert int(empty.read(0)) == 0  # never written: zeros of the known element shape


def test_dynamic_size_grows_on_write(device):
    ta = TensorArray(ag.float32, size=0, dynamic_size=True)
    ta = ta.write(0, 1.0).write(3, 4.0)
    np.testing.assert_array_equal(ta.stack().numpy(), [1.0, 0.0, 0.0, 4.0])


def test_fixed_size_refuses_a_write_past_the_end(device):
    ta = TensorArray(ag.float32, size=2)
    with pytest.raises(InvalidArgumentError, match=r"Index 2 is out of range for a list of 2 "
                                                   r"elements; it must be in \[0, 2\)"):
        ta.write(2, 1.0)


def test_unstack_gather_scatter_concat(device):
    values = np.arange(8, dtype=np.float32).reshape(4, 2)
    ta = TensorArray(ag.float32, size=4).unstack(values)
    np.testing.assert_array_equal(ta.gather([3, 0]).numpy(), values[[3, 0]])
    ta = ta.scatter([1, 2], np.zeros((2, 2), np.float32))
    np.testing.assert_array_equal(ta.stack().numpy(), [[0, 1], [0, 0], [0, 0], [6, 7]])
    np.testing.assert_array_equal(ta.concat().numpy(), [0, 1, 0, 0, 0, 0, 6, 7])


def test_concat_joins_elements_of_different_lengths(device):
    ta = TensorArray(ag.int32, size=2, infer_shape=False)
    ta = ta.write(0, [1]).write(1, [2, 3, 4])
    np.testing.assert_array_equal(ta.concat().numpy(), [1, 2, 3, 4])


def test_write_of_another_dtype_is_refused(device):
    ta = TensorArray(ag.int32, size=1)
    with pytest.raises(TypeError, match="TensorArray dtype is int32 but the value written is "
                                        "float32"):
        ta.write(0, 1.5)


def test_write_of_another_shape_is_refused(device):
    ta = TensorArray(ag.float32, size=2).write(0, [1.0, 2.0])
    with pytest.raises(ValueError, match=r"elements of shape \(3,\) do not fit the element "
                                         r"shape \(2,\)"):
        ta.write(1, [1.0, 2.0, 3.0])


def test_read_of_an_unwritten_element_of_unknown_shape_fails(device):
    ta = TensorArray(ag.float32, size=2).write(0, [1.0])
    ta_unknown = TensorArray(ag.float32, size=2)
    np.testing.assert_array_equal(ta.read(1).numpy(), [0.0])  # the shape was inferred
    with pytest.raises(InvalidArgumentError, match="Element 1 was never set, and the element "
                                                   "shape <unknown> is not fully known"):
        ta_unknown.read(1)


def test_stack_of_an_empty_array_uses_its_element_shape(device):
    assert TensorArray(ag.float32, element_shape=[2, 3]).stack().shape == (0, 2, 3)


@pytest.mark.parametrize("op, inputs, attrs, message", [
    ("TensorListGetItem", [3, np.array([2], np.int32)], {"element_dtype": ag.float32},
     r"Index 3 is out of range for a list of 2 elements"),
    ("TensorListGetItem", [0, np.array([2], np.int32)], {"element_dtype": ag.int32},
     "The list holds float32 elements but the op's element_dtype is int32"),
    ("TensorListPopBack", [np.array(-1, np.int32)], {"element_dtype": ag.float32}, None),
])
def test_list_op_errors(device, op, inputs, attrs, message):
    rows = variant_tensor(TensorList(dtypes.float32, (2,), [np.zeros(2, np.float32)] * 2))
    if message is None:  # pop from an empty list
        rows, message = variant_tensor(TensorList(dtypes.float32, (2,), [])), "empty list"
    with pytest.raises(InvalidArgumentError, match=message):
        execute(op, [rows] + inputs, attrs)


def test_a_list_made_with_max_num_elements_refuses_one_more_push(device):
    # TensorFlow 2.21: InvalidArgumentError "Tried to push item into a full list list size: 1
    # max_num_elements: 1"; no limit with -1
    empty = execute("EmptyTensorList", [np.int32(-1), np.int32(1)], {"element_dtype": ag.float32})
    one = execute("TensorListPushBack", [empty, np.float32(1.0)], {})
    with pytest.raises(InvalidArgumentError, match="^" + re.escape(
            "Tried to push an item into a full list: list size 1, max_num_elements 1. "
            "[Op:TensorListPushBack]") + "$"):
        execute("TensorListPushBack", [one, np.float32(2.0)], {})
    grown = execute("EmptyTensorList", [np.int32(-1), np.int32(-1)], {"element_dtype": ag.float32})
    for value in (1.0, 2.0):
        grown = execute("TensorListPushBack", [grown, np.float32(value)], {})
    assert int(execute("TensorListLength", [grown], {})) == 2


def test_an_element_shape_dimension_below_minus_one_is_refused(device):
    # TensorFlow 2.21: InvalidArgumentError "Dimension -2 must be >= -1"
    with pytest.raises(InvalidArgumentError, match="^" + re.escape(
            "Dimension -2 must be >= -1. [Op:EmptyTensorList]") + "$"):
        execute("EmptyTensorList", [np.array([-2], np.int32), np.int32(-1)],
                {"element_dtype": ag.float32})


def test_stack_of_elements_of_different_shapes_fails(device):
    rows = variant_tensor(TensorList(dtypes.float32, None, [np.zeros(2, np.float32),
                                                            np.zeros(3, np.float32)]))
    with pytest.raises(InvalidArgumentError, match=r"different shapes \(2,\) and \(3,\)"):
        execute("TensorListStack", [rows, np.array(-1, np.int32)],
                {"element_dtype": ag.float32})


# In graphs -------------------------------------------------------------------------------------
def rnn(inputs, weights, batch):
    """A dynamic RNN: h = tanh(x_t @ W + h), every h written to a TensorArray."""
    steps = ag.shape(inputs)[0]
    inputs_ta = TensorArray(ag.float32, size=steps).unstack(inputs)

    def body(t, h, outputs):
        h = ag.tanh(ag.matmul(inputs_ta.read(t), weights) + h)
        return t + 1, h, outputs.write(t, h)
    _, h, outputs = while_loop(lambda t, h, outputs: t < steps, body,
                               (0, ag.zeros([batch, 3]), TensorArray(ag.float32, size=steps)))
    return h, outputs.stack()


def rnn_reference(xs, weights):
    h, outs = np.zeros((xs.shape[1], 3), np.float32), []
    for x in xs:
        h = np.tanh(x @ weights + h)
        outs.append(h)
    return h, np.stack(outs)


def test_dynamic_rnn_in_a_graph_matches_numpy_and_eager(graph):
    rng = np.random.default_rng(7)
    xs = rng.standard_normal((6, 2, 3)).astype(np.float32)
    weights = rng.standard_normal((3, 3)).astype(np.float32)
    with graph.as_default():
        x = ag.placeholder(ag.float32, [None, 2, 3])
        h, outputs = rnn(x, weights, 2)
    assert outputs.shape.as_list() == [None, 2, 3]
    got_h, got_outputs = run(graph, [h, outputs], {x: xs})
    want_h, want_outputs = rnn_reference(xs, weights)
    np.testing.assert_allclose(got_h, want_h, rtol=1e-5)
    np.testing.assert_allclose(got_outputs, want_outputs, rtol=1e-5)
    eager_h, eager_outputs = rnn(ag.convert_to_tensor(xs), weights, 2)
    np.testing.assert_array_equal(eager_outputs.numpy(), got_outputs)
    graph.lint()


def test_graph_loop_of_many_writes_keeps_every_write(graph):
    with graph.as_default():
        n = ag.placeholder(ag.int32, [])
        _, ta = while_loop(lambda i, ta: i < n, lambda i, ta: (i + 1, ta.write(i, i * 2)),
                           (0, TensorArray(ag.int32, size=0, dynamic_size=True)))
        total = ag.reduce_sum(ta.stack())
    with ag.Session(graph=graph) as sess:
        assert sess.run(total, {n: 10}) == 90
        assert sess.run(total, {n: 20_000}) == 20_000 * 19_999


def test_tensor_array_returned_by_cond_branches(graph):
    def f(p, x):
        ta = TensorArray(ag.float32, size=2)
        return cond(p, lambda: ta.write(0, x).write(1, x * 2.0),
                    lambda: ta.write(0, -x).write(1, x)).stack()
    with graph.as_default():
        p = ag.placeholder(ag.bool, [])
        x = ag.placeholder(ag.float32, [2])
        y = f(p, x)
    for value in (True, False):
        eager = f(ag.convert_to_tensor(value), ag.convert_to_tensor([1.0, 2.0]))
        np.testing.assert_array_equal(run(graph, y, {p: value, x: [1.0, 2.0]}), eager.numpy())


def test_branches_returning_tensor_arrays_of_other_dtypes_fail(graph):
    with graph.as_default():
        p = ag.placeholder(ag.bool, [])
        with pytest.raises(TypeError, match="the output is a TensorArray of float32 in true_fn "
                                            "and a TensorArray of int32 in false_fn"):
            cond(p, lambda: TensorArray(ag.float32, size=1),
                 lambda: TensorArray(ag.int32, size=1))


def test_graph_write_past_the_end_fails_when_run(graph):
    with graph.as_default():
        i = ag.placeholder(ag.int32, [])
        y = TensorArray(ag.float32, size=2).write(i, 1.0).stack()
    np.testing.assert_array_equal(run(graph, y, {i: 1}), [0.0, 1.0])
    with pytest.raises(InvalidArgumentError, match="Index 5 is out of range for a list of 2"):
        run(graph, y, {i: 5})


# The kernels' errors name their op ------------------------------------------------------------
def _list_of_two(element_shape=(2,)):
    return ag.TensorArray(ag.float32, size=2, element_shape=element_shape)


def _raw(op, inputs, attrs=None):
    from autograph.runtime.eager.dispatch import op_handle
    return op_handle(op).run(inputs, attrs)


def _shape(dims):
    from autograph.runtime.ops.list.tensor_array import encode_shape
    return encode_shape(dims)


def _traced(fn):
    """`fn` as a function of a tensor argument, so that the kernel, not the trace, checks it."""
    return lambda argument: ag.function(fn, autograph=False)(ag.constant(argument))


_ERRORS = {
    "set_item_index": (lambda: _traced(lambda i: _list_of_two().write(i, [1.0, 2.0]).stack())(5),
                       "Index 5 is out of range for a list of 2 elements; it must be in [0, 2). "
                       "[Op:TensorListSetItem]"),
    "set_item_shape": (lambda: _raw("TensorListSetItem", [_list_of_two()._flow, 0,
                                                          np.zeros(3, np.float32)],
                                    {"resize_if_index_out_of_bounds": False}),
                       "An element of shape (3,) does not fit the list's element shape (2,). "
                       "[Op:TensorListSetItem]"),
    "get_item_dtype": (lambda: _raw("TensorListGetItem", [_list_of_two()._flow, 0,
                                                          _shape([2])],
                                    {"element_dtype": ag.int32}),
                       "The list holds float32 elements but the op's element_dtype is int32. "
                       "[Op:TensorListGetItem]"),
    "get_item_index": (lambda: _traced(lambda i: _list_of_two().read(i))(5),
                       "Index 5 is out of range for a list of 2 elements; it must be in [0, 2). "
                       "[Op:TensorListGetItem]"),
    "get_item_never_set": (lambda: _traced(lambda i: _list_of_two(None).read(i))(0),
                           "[Op:TensorListGetItem]"),
    "stack_dtype": (lambda: _raw("TensorListStack", [_list_of_two()._flow, _shape([2])],
                                 {"element_dtype": ag.int32}),
                    "The list holds float32 elements but the op's element_dtype is int32. "
                    "[Op:TensorListStack]"),
    "stack_num_elements": (lambda: _traced(lambda n: _raw(
        "TensorListStack", [ag.TensorArray(ag.float32, size=n, element_shape=[2])._flow,
                            _shape([2])], {"element_dtype": ag.float32, "num_elements": 0}))(2),
                           "The list has 2 elements but num_elements is 0. [Op:TensorListStack]"),
    "stack_never_set": (lambda: _traced(lambda n: ag.TensorArray(ag.float32, size=n).stack())(2),
                        "[Op:TensorListStack]"),
    "gather_dtype": (lambda: _raw("TensorListGather", [_list_of_two()._flow, [0],
                                                       _shape([2])],
                                  {"element_dtype": ag.int32}),
                     "The list holds float32 elements but the op's element_dtype is int32. "
                     "[Op:TensorListGather]"),
    "gather_index": (lambda: _traced(lambda i: _list_of_two().gather(i))([0, 3]),
                     "Index 3 is out of range for a list of 2 elements; it must be in [0, 2). "
                     "[Op:TensorListGather]"),
    "gather_never_set": (lambda: _traced(lambda i: _list_of_two(None).gather(i))([0]),
                         "[Op:TensorListGather]"),
    "concat_never_set": (lambda: _traced(lambda n: ag.TensorArray(ag.float32, size=n)
                                         .concat())(2), "[Op:TensorListConcatV2]"),
    "pop_back_never_set": (lambda: _traced(lambda n: _raw(
        "TensorListPopBack", [ag.TensorArray(ag.float32, size=n)._flow, _shape(None)],
        {"element_dtype": ag.float32})[1])(2), "[Op:TensorListPopBack]"),
    "scatter_negative_index": (lambda: _traced(lambda i: _list_of_two().scatter(
        i, [[1.0, 2.0]]).stack())([-1]),
        "Index -1 is out of range for a list of 2 elements; it must be in [0, 2). "
        "[Op:TensorListScatterIntoExistingList]"),
    "scatter_shape": (lambda: _raw("TensorListScatterIntoExistingList",
                                   [_list_of_two()._flow, np.zeros((1, 3), np.float32), [0]]),
                      "An element of shape (3,) does not fit the list's element shape (2,). "
                      "[Op:TensorListScatterIntoExistingList]"),
}


@pytest.mark.parametrize("case", list(_ERRORS))
def test_list_kernel_errors_say_what_and_name_the_op(case):
    call, message = _ERRORS[case]
    with pytest.raises(InvalidArgumentError) as info:
        call()
    assert str(info.value).endswith(message)


def test_a_list_scatter_at_index_zero_is_in_range_and_a_negative_index_is_not():
    scatter = ag.function(lambda indices: _list_of_two().scatter(indices, [[1.0, 2.0]]).stack())
    np.testing.assert_array_equal(scatter(ag.constant([0])).numpy(), [[1, 2], [0, 0]])
    np.testing.assert_array_equal(
        ag.function(lambda i: _list_of_two().scatter(i, np.zeros((0, 2), np.float32)).stack())(
            ag.constant([], ag.int32)).numpy(), [[0, 0], [0, 0]])
    with pytest.raises(InvalidArgumentError, match=r"Index -1 is out of range for a list of 2 "
                                                   r"elements"):
        scatter(ag.constant([-1]))


def test_concat_of_an_empty_list_has_no_rows_of_the_element_shape():
    concat = _traced(lambda n: ag.TensorArray(ag.float32, size=n, element_shape=[None, 3])
                     .concat())
    assert concat(0).shape == (0, 3)


def _pop_back(n):
    flow = ag.TensorArray(ag.float32, size=n, element_shape=[2])._flow
    return _raw("TensorListPopBack", [flow, _shape([2])], {"element_dtype": ag.float32})


def test_pop_back_gives_the_last_element_and_a_shorter_list():
    length = _traced(lambda n: _raw("TensorListLength", [_pop_back(n)[0]]))
    last = _traced(lambda n: _pop_back(n)[1])
    assert length(2).numpy() == 1
    np.testing.assert_array_equal(last(2).numpy(), [0, 0])  # never set: zeros


def test_pop_back_from_an_empty_list_is_an_error_naming_the_op():
    with pytest.raises(InvalidArgumentError) as info:
        _traced(lambda n: _pop_back(n)[1])(0)
    assert str(info.value).endswith("Cannot pop from an empty list. [Op:TensorListPopBack]")


@pytest.mark.parametrize("element_shape, expected", [([None, 3], [-1, 3]), (None, -1)])
def test_element_shape_gives_minus_one_for_what_is_unknown(element_shape, expected):
    shape = _traced(lambda n: _raw("TensorListElementShape", [ag.TensorArray(
        ag.float32, size=n, element_shape=element_shape)._flow], {"shape_type": ag.int32}))
    np.testing.assert_array_equal(shape(1).numpy(), expected)


def test_resize_to_zero_empties_a_list_and_below_zero_is_an_error():
    def resized(n):
        flow = _list_of_two()._flow
        return _raw("TensorListLength", [_raw("TensorListResize", [flow, n])])
    assert _traced(resized)(0).numpy() == 0
    with pytest.raises(InvalidArgumentError) as info:
        _traced(resized)(-1)
    assert str(info.value).endswith("size must be >= 0, got -1. [Op:TensorListResize]")


def test_gradients_of_reads_of_one_list_are_summed_element_by_element():
    x = ag.Variable(2.0)
    with ag.GradientTape() as tape:
        array = ag.TensorArray(ag.float32, size=3).write(0, x * 1.0).write(1, x * x)
        y = array.read(0) * 2.0 + array.read(0) * 3.0 + array.read(1)
    assert tape.gradient(y, x).numpy() == 2.0 + 3.0 + 2 * 2.0


def test_adding_lists_of_different_lengths_is_an_error():
    def added(n):
        one = ag.TensorArray(ag.float32, size=1, element_shape=[2])._flow
        other = ag.TensorArray(ag.float32, size=n, element_shape=[2])._flow
        return _raw("TensorListLength", [_raw("AddN", [[one, other]])])
    assert _traced(added)(1).numpy() == 1
    with pytest.raises(InvalidArgumentError, match=re.escape(
            "AddN of tensor lists needs lists of one length, got [1, 2].")):
        _traced(added)(2)


def test_a_string_element_never_set_reads_as_the_empty_string():
    read = _traced(lambda n: ag.TensorArray(ag.string, size=n, element_shape=[]).read(0))
    assert read(2).numpy() == b""


def test_a_scatter_into_an_empty_growing_list_at_index_zero_adds_the_element():
    scatter = _traced(lambda n: ag.TensorArray(ag.float32, size=n, dynamic_size=True)
                      .scatter([0], [[1.0, 2.0]]).stack())
    np.testing.assert_array_equal(scatter(0).numpy(), [[1, 2]])
