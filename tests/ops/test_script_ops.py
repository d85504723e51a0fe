"""`ag.py_function` and `ag.numpy_function`: eagerly, in an `ag.function`, in a Session.

Expected values are TensorFlow 2.21's answers to the same calls. Where we differ on purpose
(a wrong count or dtype of results is always an error; the function's own exception leaves
the op as it is), the test says so.
"""

import gc
import traceback

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.core.held_objects import is_held as is_function_held
from tests.op_testing import assert_tensor


@pytest.fixture
def graph():
    """A fresh TensorFlow-1 graph (tests enter it with `graph.as_default()`)."""
    return ag.Graph()


def _double(x):
    return x * 2.0


def _raise_bad_value(x):
    raise ValueError("bad value")  # the line the traceback must show


# Eagerly -----------------------------------------------------------------------------------
def test_py_function_eagerly_returns_a_tensor():
    # TensorFlow: <tf.Tensor: shape=(2,), dtype=float32, numpy=array([2., 4.])>
    assert_tensor(ag.py_function(_double, [ag.constant([1.0, 2.0])], ag.float32), [2.0, 4.0],
                  ag.float32)


def test_py_function_with_a_list_of_dtypes_returns_a_list():
    out = ag.py_function(lambda x: [x, x + 1.0], [ag.constant(1.0)], [ag.float32, ag.float32])
    assert isinstance(out, list) and len(out) == 2
    assert_tensor(out[1], 2.0, ag.float32)


def test_py_function_passes_eager_tensors_and_numpy_function_arrays():
    seen = []
    ag.py_function(lambda x: seen.append(x) or x, [ag.constant(1.0)], ag.float32)
    ag.numpy_function(lambda x: seen.append(x) or x, [ag.constant(1.0)], ag.float32)
    assert isinstance(seen[0], ag.Tensor)  # TensorFlow: EagerTensor
    assert isinstance(seen[1], np.ndarray) and seen[1].dtype == np.float32  # TF: ndarray


def test_numpy_function_eagerly_returns_a_tensor():
    out = ag.numpy_function(lambda x: x * 2, [ag.constant([1.0, 2.0])], ag.float32)
    assert_tensor(out, [2.0, 4.0], ag.float32)


def test_python_numbers_take_the_dtype_of_tout():
    # TensorFlow: 3.0 -> float32 3.0, 3 -> float32 3.0 (py_function); numpy_function 3.0
    # -> float32 3.0 eagerly (in a graph TensorFlow rejects it as double; we accept it in both).
    assert_tensor(ag.py_function(lambda x: 3.0, [1.0], ag.float32), 3.0, ag.float32)
    assert_tensor(ag.py_function(lambda x: 3, [1.0], ag.float32), 3.0, ag.float32)
    assert_tensor(ag.py_function(lambda x: 3.0, [1.0], ag.float64), 3.0, ag.float64)
    assert_tensor(ag.numpy_function(lambda x: 3.0, [1.0], ag.float32), 3.0, ag.float32)


def test_an_empty_tout_with_none_returned_gives_an_empty_list():
    assert ag.py_function(lambda x: None, [ag.constant(1.0)], []) == []  # TensorFlow: []


# Wrong results -----------------------------------------------------------------------------
def test_a_tensor_of_another_dtype_is_an_error_naming_the_function():
    def int_result(x):
        return ag.constant(1, ag.int32)
    # TensorFlow: InvalidArgumentError (Tensor conversion requested dtype float32 ...)
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match="py_function 'int_result' returned int32 as result 0, but Tout "
                             "says float32"):
        ag.py_function(int_result, [ag.constant(1.0)], ag.float32)


def test_an_array_of_another_dtype_is_an_error():
    # TensorFlow raises in a graph ("0-th value returned by pyfunc_0 is double, but expects
    # float") but returns the float64 tensor eagerly; we raise in both.
    with pytest.raises(ag.errors.InvalidArgumentError, match="returned float64 as result 0"):
        ag.numpy_function(lambda x: np.float64(3), [ag.constant(1.0)], ag.float32)


def test_a_wrong_number_of_results_is_an_error():
    # TensorFlow's numpy_function raises in a graph ("pyfunc_1 returns 2 values, but expects
    # to see 1 values"); eagerly, and py_function everywhere, it keeps or drops values
    # silently. We raise in every case.
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match=r"returned 2 value\(s\), but Tout has 1 \(float32\)"):
        ag.py_function(lambda x: [x, x], [ag.constant(1.0)], [ag.float32])
    with pytest.raises(ag.errors.InvalidArgumentError, match="returned 2 value"):
        ag.numpy_function(lambda x: [x, x], [ag.constant(1.0)], [ag.float32])


def test_inp_must_be_a_list():
    # TensorFlow: TypeError (Cannot iterate over a scalar tensor.)
    with pytest.raises(TypeError, match="inp to be a list"):
        ag.py_function(_double, ag.constant(1.0), ag.float32)


def test_func_must_be_callable():
    # TensorFlow: TypeError ('int' object is not callable)
    with pytest.raises(TypeError, match="expects a callable"):
        ag.numpy_function(3, [1.0], ag.float32)


# In an ag.function -------------------------------------------------------------------------
def test_in_a_function_it_runs_on_every_call_with_unknown_shapes():
    calls = []
    shapes = []

    def count(v):
        calls.append(1)
        return v + 1.0

    @ag.function
    def f(x):
        y = ag.py_function(count, [x], ag.float32)
        shapes.append(y.shape)
        return y

    assert_tensor(f(ag.constant([1.0])), [2.0])
    assert_tensor(f(ag.constant([2.0])), [3.0])
    assert len(calls) == 2  # TensorFlow: 2
    assert shapes[0].rank is None  # TensorFlow: <unknown>
    assert f.experimental_get_tracing_count() == 1


def test_twin_calls_on_constants_are_neither_folded_nor_merged():
    calls = []

    def count(v):
        calls.append(1)
        return v + 1.0

    @ag.function
    def f():
        a = ag.py_function(count, [1.0], ag.float32)
        b = ag.py_function(count, [1.0], ag.float32)
        return a + b + ag.numpy_function(count, [1.0], ag.float32)

    assert_tensor(f(), 6.0)
    assert_tensor(f(), 6.0)
    assert len(calls) == 6


def test_in_a_loop_it_runs_every_iteration():
    calls = []

    def count(v):
        calls.append(1)
        return v + 1.0

    @ag.function
    def f(x):
        i = ag.constant(0)
        while i < 3:
            x = ag.py_function(count, [x], ag.float32)
            x.set_shape([])  # the loop variable keeps its shape
            i += 1
        return x

    assert_tensor(f(ag.constant(1.0)), 4.0)
    assert len(calls) == 3


def test_numpy_function_in_a_function():
    @ag.function
    def f(x):
        return ag.numpy_function(lambda v: v + 1, [x], ag.float32)
    assert_tensor(f(ag.constant([1.0])), [2.0])  # TensorFlow: [2.]


def test_an_unused_py_function_still_runs_in_a_function():
    calls = []

    @ag.function
    def f(x):
        ag.py_function(lambda v: calls.append(1), [x], [])
        return x + 1.0
    f(ag.constant(1.0))
    f(ag.constant(1.0))
    assert len(calls) == 2


def test_its_ops_run_eagerly_inside_the_graph_run():
    @ag.function
    def f(x):
        return ag.py_function(lambda v: ag.constant(float(v.numpy()) * 3.0), [x], ag.float32)
    assert_tensor(f(ag.constant(2.0)), 6.0)


def test_wrong_results_in_a_function_name_the_line_and_the_function():
    @ag.function
    def f(x):
        return ag.py_function(lambda v: [v, v], [x], [ag.float32])
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match=r"test_script_ops\.py:\d+: py_function '<lambda>' returned 2 "
                             r"value"):
        f(ag.constant(1.0))


# Errors of the function --------------------------------------------------------------------
def _user_frames(error):
    return [(frame.name, frame.line) for frame in traceback.extract_tb(error.__traceback__)
            if frame.filename == __file__]


def test_its_exception_leaves_a_function_as_it_is_with_its_traceback():
    # Recorded from TensorFlow 2.21: it raises an error of its own with the traceback as text
    # (InvalidArgumentError "ValueError: bad value" here; UnknownError for a ZeroDivisionError);
    # we raise the exception as it is.
    @ag.function
    def f(x):
        return ag.py_function(_raise_bad_value, [x], ag.float32)
    with pytest.raises(ValueError, match="^bad value$") as info:
        f(ag.constant(1.0))
    assert ("_raise_bad_value", 'raise ValueError("bad value")  # the line the traceback must '
            "show") in _user_frames(info.value)


def test_its_exception_leaves_a_session_run_as_it_is_with_its_traceback(graph):
    with graph.as_default():
        x = ag.placeholder(ag.float32, [2])
        y = ag.numpy_function(_raise_bad_value, [x], ag.float32)
        with ag.Session() as sess, pytest.raises(ValueError, match="^bad value$") as info:
            sess.run(y, {x: [1.0, 2.0]})
    assert "_raise_bad_value" in [name for name, _ in _user_frames(info.value)]


def test_its_exception_eagerly_is_raised_as_it_is():
    # TensorFlow: numpy_function raises ZeroDivisionError itself; py_function UnknownError.
    with pytest.raises(ZeroDivisionError):
        ag.numpy_function(lambda x: 1 / 0, [ag.constant(1.0)], ag.float32)
    with pytest.raises(ZeroDivisionError):
        ag.py_function(lambda x: 1 / 0, [ag.constant(1.0)], ag.float32)


# TensorFlow 1 graphs and a Session ---------------------------------------------------------
def test_in_a_session_it_runs_on_every_run(graph):
    calls = []

    def times_ten(v):
        calls.append(1)
        return v * 10.0

    with graph.as_default():
        x = ag.placeholder(ag.float32, [2])
        y = ag.py_function(times_ten, [x], ag.float32)
        z = ag.numpy_function(lambda v: v + 1, [x], ag.float32)
        with ag.Session() as sess:
            np.testing.assert_allclose(sess.run(y, {x: [1, 2]}), [10.0, 20.0])
            np.testing.assert_allclose(sess.run(y, {x: [3, 4]}), [30.0, 40.0])
            np.testing.assert_allclose(sess.run(z, {x: [1, 2]}), [2.0, 3.0])
    assert len(calls) == 2  # TensorFlow: 2


def test_the_ops_are_tensorflows_and_stateful(graph):
    with graph.as_default():
        x = ag.placeholder(ag.float32, [2])
        y = ag.py_function(_double, [x], ag.float32)
        z = ag.numpy_function(_double, [x], ag.float32)
        w = ag.numpy_function(_double, [x], ag.float32, stateful=False)
    # TensorFlow: EagerPyFunc PyFunc PyFuncStateless, shapes <unknown>, stateful True True
    assert (y.op.type, z.op.type, w.op.type) == ("EagerPyFunc", "PyFunc", "PyFuncStateless")
    assert y.shape.rank is None and z.shape.rank is None
    assert y.op.op_def.is_stateful and z.op.op_def.is_stateful
    assert not w.op.op_def.is_stateful


def test_a_set_shape_tells_the_shape(graph):
    with graph.as_default():
        x = ag.placeholder(ag.float32, [2])
        y = ag.py_function(_double, [x], ag.float32)
        y.set_shape([2])
        assert y.shape.as_list() == [2]


# Token release ------------------------------------------------------------------------------
def test_the_function_is_released_when_its_graph_dies():
    graph = ag.Graph()
    with graph.as_default():
        y = ag.py_function(_double, [ag.constant(1.0)], ag.float32)
    token = y.op.get_attr("token")
    assert is_function_held(token)
    del graph, y
    gc.collect()
    assert not is_function_held(token)


def test_the_function_is_released_with_its_ag_function():
    tokens = []

    @ag.function
    def f(x):
        y = ag.py_function(_double, [x], ag.float32)
        tokens.append(y.op.get_attr("token"))
        return y

    f(ag.constant(1.0))
    assert is_function_held(tokens[0])
    del f
    gc.collect()
    assert not is_function_held(tokens[0])


def test_py_function_as_a_decorator_runs_eagerly_and_in_functions():
    @ag.py_function(Tout=ag.float32)
    def py_log(x):
        return ag.math.log(x)
    assert py_log.__name__ == "py_log"
    np.testing.assert_allclose(py_log(ag.constant(2.0)).numpy(), np.log(2.0), rtol=1e-6)
    np.testing.assert_allclose(ag.function(lambda x: py_log(x), autograph=False)(
        ag.constant(3.0)).numpy(), np.log(3.0), rtol=1e-6)  # TensorFlow 2.21: 1.0986123


def test_numpy_function_as_a_decorator_takes_several_arguments():
    @ag.numpy_function(Tout=ag.float32)
    def add(a, b):
        return a + b
    assert add(ag.constant(1.0), ag.constant(2.0)).numpy() == 3.0


def test_a_missing_tout_or_inp_says_how_to_use_the_decorator():
    with pytest.raises(TypeError) as e:
        ag.py_function()
    assert str(e.value) == ("Missing required argument: 'Tout'\n  If using ag.py_function as a "
                            "decorator, set `Tout`\n  **by name** above the function:\n  "
                            "`@ag.py_function(Tout=tout)`")
    with pytest.raises(TypeError, match=r"Missing argument `inp`:\n  You must set the `inp` "):
        ag.py_function(func=lambda x: x * 2, Tout=ag.int32)
