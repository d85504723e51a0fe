"""Which trace a call runs: trace types, input_signature, reduce_retracing, the retracing
warning, and methods."""

import warnings

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag
from autograph.runtime.function.function import RETRACE_WARNING_THRESHOLD, RetracingWarning
from autograph.runtime.graph.tensor_spec import TensorSpec


def _counting(fn=lambda x: x):
    return ag.function(fn)


def test_python_literals_trace_per_value_tensors_share_a_trace():
    train = _counting(lambda num_steps: num_steps)
    train(num_steps=10)
    train(num_steps=20)
    assert train.experimental_get_tracing_count() == 2
    train(num_steps=ag.constant(10))
    train(num_steps=ag.constant(20))
    assert train.experimental_get_tracing_count() == 3


def test_same_value_different_python_type_traces_again():
    f = _counting()
    f(1)
    f(1.0)
    f(True)
    assert f.experimental_get_tracing_count() == 3


def test_minus_zero_does_not_run_the_trace_made_for_zero():
    # Deliberately unlike TensorFlow 2.21, whose trace for `0.0` also serves `-0.0` (the
    # literals are equal): there `scale(x, -0.0)` after `scale(x, 0.0)` gives [0, 0].
    scale = ag.function(lambda x, s: x * s)
    x = ag.constant([1.0, 2.0])
    for _ in range(2):  # the second round takes the fast path of repeated calls
        assert not np.signbit(scale(x, 0.0).numpy()).any()
        assert np.signbit(scale(x, -0.0).numpy()).all()


def test_minus_zero_in_a_tuple_does_not_run_the_trace_made_for_zero():
    scale = ag.function(lambda x, s: x * s[0])
    x = ag.constant([1.0, 2.0])
    assert not np.signbit(scale(x, (0.0,)).numpy()).any()
    assert np.signbit(scale(x, (-0.0,)).numpy()).all()


def test_new_shape_traces_again():
    f = _counting()
    f(ag.constant([1, 2]))
    f(ag.constant([1, 2, 3]))
    f(ag.constant([4, 5, 6]))
    assert f.experimental_get_tracing_count() == 2


def test_dict_argument_order_does_not_matter():
    f = _counting(lambda d: d["a"] + d["b"])
    assert f({"a": 1, "b": 2}) == 3
    assert f({"b": 2, "a": 1}) == 3
    assert f.experimental_get_tracing_count() == 1


def test_list_argument_order_matters():
    f = _counting(lambda items: items[0])
    f([1, 2])
    f([2, 1])
    assert f.experimental_get_tracing_count() == 2


def test_most_specific_concrete_function_is_chosen():
    f = ag.function(lambda x: x.shape.as_list())  # a Python output: the traced shape
    f.get_concrete_function(TensorSpec([1, None], ag.int32))
    f.get_concrete_function(TensorSpec([None, None], ag.int32))
    assert f(ag.constant([[1, 2]])) == [1, None]
    assert f(ag.constant([[1, 2], [3, 4]])) == [None, None]
    assert f.experimental_get_tracing_count() == 2


def test_input_signature_accepts_matching_calls_with_one_trace():
    traces = []

    @ag.function(input_signature=(TensorSpec(shape=[None], dtype=ag.int32),))
    def g(x):
        traces.append(x.shape.as_list())
        return x
    npt.assert_array_equal(g(ag.constant([1, 2, 3])).numpy(), [1, 2, 3])
    npt.assert_array_equal(g(ag.constant([1, 2, 3, 4, 5])).numpy(), [1, 2, 3, 4, 5])
    assert traces == [[None]]


@pytest.mark.parametrize("bad", [[[1, 2], [3, 4]], [1.0, 2.0]], ids=["rank", "dtype"])
def test_input_signature_mismatch_is_type_error_showing_both(bad):
    @ag.function(input_signature=(TensorSpec(shape=[None], dtype=ag.int32),))
    def next_collatz(x):
        return ag.where(x % 2 == 0, x // 2, 3 * x + 1)
    npt.assert_array_equal(next_collatz(ag.constant([1, 2])).numpy(), [4, 1])
    with pytest.raises(TypeError, match=r"input_signature[\s\S]*Call: +next_collatz\("):
        next_collatz(ag.constant(bad))


def test_input_signature_converts_python_values():
    f = ag.function(lambda x: x * 2, input_signature=[TensorSpec([None], ag.float32)])
    npt.assert_array_equal(f([1.0, 2.0]).numpy(), [2.0, 4.0])


def test_input_signature_must_hold_specs():
    with pytest.raises(TypeError, match="TensorSpec"):
        ag.function(lambda x: x, input_signature=[3])


def test_get_concrete_function_without_arguments_uses_input_signature():
    f = ag.function(lambda x: x, input_signature=[TensorSpec([2], ag.int32)])
    assert [t.shape.as_list() for t in f.get_concrete_function().inputs] == [[2]]


def test_reduce_retracing_relaxes_shapes_after_a_retrace():
    shapes = []

    @ag.function(reduce_retracing=True)
    def f(x):
        shapes.append(x.shape.as_list())
        return x
    for n in (1, 2, 3, 4):
        f(ag.zeros([n]))
    assert shapes == [[1], [None]]


def test_frequent_retracing_warns_once_naming_the_changed_argument():
    f = _counting(lambda x, n: x)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for n in range(RETRACE_WARNING_THRESHOLD + 2):
            f(1, n)
    found = [w for w in caught if issubclass(w.category, RetracingWarning)]
    assert len(found) == 1
    assert str(found[0].message) == (
        f"ag.function '<lambda>' has traced {RETRACE_WARNING_THRESHOLD} times; the last "
        "retrace because argument `n` changed from 3 to 4. Tracing is expensive: pass tensors "
        "instead of Python values that change (ag.constant(n)), or give an input_signature "
        "with None dimensions (or reduce_retracing=True) for tensors whose shapes change.")
    assert found[0].filename == __file__


def test_a_retrace_warning_for_two_changed_arguments_names_both():
    f = _counting(lambda m, n: m)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for n in range(RETRACE_WARNING_THRESHOLD + 1):
            f(n, n)
    found = [w for w in caught if issubclass(w.category, RetracingWarning)]
    assert "because argument `m` changed from 3 to 4; argument `n` changed from 3 to 4." in \
        str(found[0].message)


def test_method_traces_per_instance():
    class Scale:
        def __init__(self, factor):
            self.factor = factor

        @ag.function
        def __call__(self, x):
            return x * self.factor
    two, three = Scale(2), Scale(3)
    assert two(ag.constant(5)).numpy() == 10
    assert three(ag.constant(5)).numpy() == 15
    assert two(ag.constant(7)).numpy() == 14
    assert Scale.__call__.experimental_get_tracing_count() == 0
    assert two.__call__.experimental_get_tracing_count() == 1


def test_trace_type_is_public_as_types_experimental():
    from autograph.runtime.function.trace_type import TraceType
    assert ag.types.experimental.TraceType is TraceType


def test_objects_with_same_tracing_type_share_a_trace():
    class KindType(ag.types.experimental.TraceType):
        def __init__(self, value):
            self.kind, self.value = type(value), value

        def is_subtype_of(self, other):
            return type(other) is KindType and self.kind is other.kind

        def most_specific_common_supertype(self, others):
            return self if all(self == o for o in others) else None

        def placeholder_value(self, placeholder_context=None):
            return self.value

        def __eq__(self, other):
            return type(other) is KindType and self.kind is other.kind

        def __hash__(self):
            return hash(self.kind)

    class Apple:
        flavor = ag.constant([1, 2])

        def __tf_tracing_type__(self, context):
            return KindType(self)
    f = ag.function(lambda fruit: fruit.flavor * 2)
    npt.assert_array_equal(f(Apple()).numpy(), [2, 4])
    npt.assert_array_equal(f(Apple()).numpy(), [2, 4])
    assert f.experimental_get_tracing_count() == 1


def test_repeated_calls_with_python_and_tensor_arguments_give_right_results():
    f = ag.function(lambda x, n: x * n)
    for n in (2, 3):
        for value in (1, 5):
            assert f(ag.constant(value), n).numpy() == value * n
    assert f.experimental_get_tracing_count() == 2


def test_a_repeated_call_of_tensors_and_literals_skips_binding_and_lookup(monkeypatch):
    # The per-call key is inlined in Function.__call__; it must equal the one remembered.
    @ag.function
    def scale(x, factor):
        return x * factor
    scale(ag.constant([1.0, 2.0]), 3.0)

    def slow_path(*args):
        raise AssertionError("the call took the slow path")
    monkeypatch.setattr(scale, "_call", slow_path)
    npt.assert_allclose(scale(ag.constant([4.0, 5.0]), 3.0).numpy(), [12.0, 15.0])


def test_a_repeated_call_under_a_tape_is_differentiated():
    square = ag.function(lambda x: x * x)
    x = ag.constant(3.0)
    square(x)  # the second call of the same kind takes the fast path
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = square(x)
    assert float(tape.gradient(y, x)) == 6.0


def test_a_repeated_call_with_a_tensor_on_another_device_copies_it_to_the_host(sim_device):
    double = ag.function(lambda x: x * 2.0)
    with ag.device("/SIM:0"):
        x = ag.identity(ag.constant([1.0, 2.0]))
    assert "SIM" in x.device
    double(x)
    npt.assert_array_equal(double(x).numpy(), [2.0, 4.0])


def test_repeated_calls_with_several_tensors_and_literals_take_the_fast_path(monkeypatch):
    from autograph.runtime.function.concrete_function import ConcreteFunction

    scale = ag.function(lambda a, b, n: a * b + n)
    a, b = ag.constant(1.0), ag.constant([2.0, 3.0])
    scale(a, b, 2)
    fast = []
    call_positional = ConcreteFunction.call_positional
    monkeypatch.setattr(ConcreteFunction, "call_positional",
                        lambda self, *args: fast.append(args) or call_positional(self, *args))
    npt.assert_array_equal(scale(a, b, 2).numpy(), [4.0, 5.0])
    assert len(fast) == 1


def test_shapes_are_not_relaxed_unless_reduce_retracing_is_asked_for():
    # TensorFlow 2.21: reduce_retracing defaults to False, so each new shape traces again.
    total = ag.function(lambda x: ag.reduce_sum(x))
    for n in (2, 3, 4):
        total(ag.ones([n]))
    assert total.experimental_get_tracing_count() == 3


def test_a_function_of_a_callable_without_a_name_is_called_function():
    import functools

    def scaled(factor, x):
        return x * factor
    concrete = ag.function(functools.partial(scaled, 2.0)).get_concrete_function(
        ag.constant(1.0))
    assert concrete.name == "function"


def test_a_function_of_something_not_callable_is_a_type_error():
    with pytest.raises(TypeError) as raised:
        ag.function(3)
    assert str(raised.value) == "ag.function needs a callable, got 3."


def test_a_call_with_an_argument_the_fast_path_cannot_key_does_not_reuse_a_shorter_call():
    @ag.function
    def shifted(x, extra=None):
        return x if extra is None else x + extra[0]
    x = ag.constant(1.0)
    shifted(x)
    shifted(x)
    assert float(shifted(x, [5.0])) == 6.0


def test_a_python_number_converted_by_the_input_signature_is_fed_on_every_call():
    half = ag.function(lambda x: x / 2, input_signature=[TensorSpec([], ag.float32)])
    assert [float(half(3)) for _ in range(3)] == [1.5, 1.5, 1.5]


@ag.function
def _magnitude(x):
    if x > 0:
        return x
    return -x


def test_run_functions_eagerly_does_not_apply_while_a_graph_is_built():
    ag.config.run_functions_eagerly(True)
    try:
        with ag.Graph().as_default() as graph:
            y = _magnitude(ag.compat.v1.placeholder(ag.float32, []))
    finally:
        ag.config.run_functions_eagerly(False)
    assert y.graph is graph and "If" in {op.type for op in graph.get_operations()}


@ag.function(input_signature=[TensorSpec([], ag.float32)])
def _halved(x):
    return x / 2


def test_a_function_called_inside_another_checks_its_input_signature():
    @ag.function
    def outer(x, n):
        return _halved(x) + _halved(n)
    assert float(outer(ag.constant(3.0), 1)) == 2.0  # the Python 1 becomes a float32 tensor
    with pytest.raises(TypeError, match="do not match its input_signature"):
        outer(ag.constant(3), 1)


def test_a_call_outside_the_input_signature_is_written_in_full():
    with pytest.raises(TypeError) as raised:
        _halved(ag.constant(3))
    assert str(raised.value) == (
        "ag.function '_halved' was called with arguments that do not match its "
        "input_signature.\n"
        "  input_signature: (TensorSpec(shape=(), dtype=ag.float32, name=None),)\n"
        "  Call:            _halved(int32 Tensor, shape=())")


def test_an_input_signature_of_something_else_than_specs_is_refused():
    with pytest.raises(TypeError) as raised:
        ag.function(lambda x: x, input_signature=[ag.TensorSpec([]), 3])
    assert str(raised.value) == (
        "The input_signature of ag.function '<lambda>' must hold only ag.TensorSpec objects "
        "or other specs such as ag.SparseTensorSpec (possibly nested), got 3.")


def test_a_function_without_parameters_has_a_concrete_function_without_arguments():
    def seven():
        return ag.constant(7)
    assert int(ag.function(seven).get_concrete_function()()) == 7


def test_a_bound_method_with_an_input_signature_runs_as_a_function():
    class Scale:
        def times(self, x):
            return x * 3.0
    times = ag.function(Scale().times, input_signature=[TensorSpec([], ag.float32)])
    assert float(times(ag.constant(2.0))) == 6.0


def test_a_functions_repr_names_it_and_counts_its_traces():
    def named(x):
        return x
    f = ag.function(named)
    f(1)
    f(2)
    assert repr(f) == "<ag.Function named (2 traces)>"


def test_a_conversion_failure_of_any_kind_falls_back_to_running_unconverted(monkeypatch):
    from autograph.runtime.function import function as function_module

    def broken(fn):
        raise RuntimeError("converter bug")
    monkeypatch.setattr(function_module, "_hook", [broken])
    with pytest.warns(UserWarning, match="RuntimeError: converter bug"):
        assert int(ag.function(lambda x: x + 1)(ag.constant(1))) == 2
