"""The builtins of `ag__`: Python's for Python values, tensor ops for tensors."""

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag
import autograph.operators as ag__
from tests.autograph.operators.operators_testing import eager, graph_run, op_types


def test_python_values_use_the_builtins(capsys):
    assert ag__.len([1, 2, 3]) == 3
    assert ag__.range(1, 7, 2) == range(1, 7, 2)
    assert ag__.int("12") == 12 and ag__.int("ff", 16) == 255 and ag__.float("1.5") == 1.5
    assert ag__.abs(-3) == 3
    assert ag__.max(3, 8, 1) == 8 and ag__.min([4, 2]) == 2 and ag__.max([], default=0) == 0
    assert list(ag__.enumerate("ab", 1)) == [(1, "a"), (2, "b")]
    assert list(ag__.zip([1, 2], "ab")) == [(1, "a"), (2, "b")]
    ag__.print("a", 1, sep="-", end="!\n")
    assert capsys.readouterr().out == "a-1!\n"


def test_len_of_a_tensor_is_its_static_first_dimension():
    assert ag__.len(ag.convert_to_tensor(np.zeros((4, 2)))) == 4
    with ag.Graph().as_default():
        assert ag__.len(ag.placeholder(ag.float32, [5, None])) == 5


def test_len_of_a_tensor_of_unknown_length_is_a_tensor():
    result, graph = graph_run(ag__.len, np.zeros((6, 2), np.float32))
    assert result == 6 and "Shape" in op_types(graph)


def test_len_of_a_scalar_tensor_is_an_error():
    with pytest.raises(TypeError, match=r"^len\(\) of a scalar tensor is not defined \(shape "
                                        r"\(\)\)\.$"):
        ag__.len(ag.convert_to_tensor(1))


def test_len_of_a_tensor_array_is_its_size():
    array = ag.TensorArray(ag.int32, dynamic_size=True).write(0, 1).write(1, 2)
    assert int(ag__.len(array)) == 2


def test_range_with_a_tensor_bound_is_a_range_op():
    result, graph = graph_run(lambda n: ag__.range(1, n), np.int32(4))
    np.testing.assert_array_equal(result, [1, 2, 3])
    assert "Range" in op_types(graph)


def test_int_and_float_of_tensors_cast():
    assert eager(ag__.int, np.float32(-2.7)) == -2
    assert graph_run(ag__.int, np.float32(3.9))[0] == 3
    result = graph_run(ag__.float, np.int32(3))[0]
    assert result == 3.0 and result.dtype == np.float32


def test_abs_of_a_tensor():
    np.testing.assert_array_equal(graph_run(ag__.abs, np.array([-1, 2]))[0], [1, 2])


def test_max_and_min_of_a_vector_reduce_it():
    assert graph_run(ag__.max, np.array([3.0, 9.0, 4.0], np.float32))[0] == 9.0
    assert eager(ag__.min, np.array([3, 9, 4])) == 3


def test_max_and_min_of_scalars_with_a_tensor_among_them():
    assert graph_run(lambda x: ag__.max(x, 2.5, 1), np.float32(1.0))[0] == 2.5
    assert graph_run(lambda x: ag__.min(0, x), np.int32(-4))[0] == -4


@pytest.mark.parametrize("extreme, name", [(ag__.max, "max"), (ag__.min, "min")])
def test_max_and_min_of_a_matrix_are_errors_naming_the_reduction(extreme, name):
    with pytest.raises(ValueError, match=rf"^{name}\(x\) of a tensor needs a vector, got shape "
                                         rf"\(1, 2\); use ag\.reduce_{name} with an axis\.$"):
        extreme(ag.convert_to_tensor([[1, 2]]))


@pytest.mark.parametrize("extreme, name", [(ag__.max, "max"), (ag__.min, "min")])
def test_max_and_min_of_tensors_with_key_are_errors(extreme, name):
    with pytest.raises(TypeError, match=rf"^{name}\(\) of tensors does not take \['key'\]\.$"):
        extreme(ag.convert_to_tensor([1, 2]), key=abs)


@pytest.mark.parametrize("extreme, name, pairwise", [(ag__.max, "max", "maximum"),
                                                     (ag__.min, "min", "minimum")])
def test_max_and_min_of_a_vector_among_several_point_to_the_pairwise_op(extreme, name,
                                                                        pairwise):
    with pytest.raises(ValueError, match=rf"^{name}\(a, b, \.\.\.\) of tensors needs scalars, got "
                                         rf"shape \(2,\); use ag\.{pairwise}\.$"):
        extreme(ag.convert_to_tensor([1, 2]), 3)


def test_enumerate_and_zip_of_eager_tensors_iterate_rows():
    rows = list(ag__.enumerate(ag.convert_to_tensor([5, 6]), start=1))
    assert [(i, int(x)) for i, x in rows] == [(1, 5), (2, 6)]
    pairs = list(ag__.zip(ag.convert_to_tensor([1, 2]), "ab"))
    assert [(int(a), b) for a, b in pairs] == [(1, "a"), (2, "b")]


def test_enumerate_of_a_symbolic_tensor_counts_from_start():
    def f(xs):
        return ag__.for_stmt(ag__.enumerate(xs, start=10), lambda item, s: s + item[0] * item[1],
                             (0,), ("s",))
    assert graph_run(f, np.array([1, 2, 3], np.int32))[0] == 10 * 1 + 11 * 2 + 12 * 3


def test_zip_of_symbolic_tensors_stops_at_the_shortest():
    def f(a, b):
        return ag__.for_stmt(ag__.zip(a, b), lambda pair, n: n + 1, (0,), ("n",))
    assert graph_run(f, np.zeros(5), np.zeros(3))[0] == 3


def test_tensor_iterables_only_iterate_in_converted_loops():
    with ag.Graph().as_default():
        pairs = ag__.zip(ag.placeholder(ag.int32, [None]), [1, 2])
    with pytest.raises(TypeError, match="can only be iterated by a `for` loop"):
        iter(pairs)


def test_print_of_a_tensor_prints_when_run(capsys):
    graph = ag.Graph()
    with graph.as_default():
        x = ag.placeholder(ag.int32, [None])
        op = ag__.print("x:", x, sep=" = ", end=";\n")
    assert capsys.readouterr().out == ""
    with ag.Session(graph=graph) as sess:
        sess.run(op, {x: [1, 2]})
        sess.run(op, {x: [3]})
    assert capsys.readouterr().out == "x: = [1 2];\nx: = [3];\n"


def test_print_of_an_eager_tensor_prints_at_once(capsys):
    ag__.print("value", ag.convert_to_tensor([[1.5, 2.0]]))
    assert capsys.readouterr().out == "value [[1.5 2]]\n"


def test_print_of_a_tensor_while_a_function_traces_is_a_python_print(capsys):
    seen = []

    def f(x):
        seen.append(x)
        ag__.print("Tracing with", x)
        return x + 1
    concrete = ag.function(f, autograph=False).get_concrete_function(ag.TensorSpec([], ag.int32))
    assert capsys.readouterr().out == f"Tracing with {seen[0]}\n"
    assert "PrintV2" not in [op.type for op in concrete.graph.get_operations()]


def test_print_in_a_converted_function_prints_once_per_trace(capsys):
    @ag.function
    def f(x):
        print("Tracing with", x.dtype.name)
        return x + x
    f(ag.constant(1))
    f(ag.constant(2))
    assert capsys.readouterr().out == "Tracing with int32\n"


def test_print_in_a_graph_loop_of_a_function_prints_once_while_tracing(capsys):
    @ag.function
    def f(n):
        total = ag.constant(0)
        for i in ag.range(n):
            print("Tracing the body with", i.dtype.name)
            total += i
        return total
    assert f(ag.constant(4)).numpy() == 6
    assert f(ag.constant(5)).numpy() == 10
    assert capsys.readouterr().out == "Tracing the body with int32\n"


def test_print_in_a_converted_function_in_a_tf1_graph_prints_when_run(capsys):
    def f(x):
        print("x is", x)
        return x * 2
    graph = ag.Graph()
    with graph.as_default():
        x = ag.placeholder(ag.int32, [])
        y = ag.to_graph(f)(x)
    assert capsys.readouterr().out == ""
    (printer,) = [op for op in graph.get_operations() if op.type == "PrintV2"]
    with ag.Session(graph=graph) as sess:
        npt.assert_array_equal(sess.run([y, printer], {x: 3})[0], 6)
        npt.assert_array_equal(sess.run([y, printer], {x: 4})[0], 8)
    assert capsys.readouterr().out == "x is 3\nx is 4\n"


def test_zip_of_a_symbolic_scalar_is_the_tensorflow_error():
    # ValueError, as TensorFlow's loops over a scalar tensor raise.
    with ag.Graph().as_default():
        with pytest.raises(ValueError, match=r"^Cannot iterate over the scalar tensor \S+: a "
                                             r"`for` loop over a tensor runs over its first "
                                             r"dimension, and a scalar has none\. Loop over "
                                             r"ag\.range\(n\), or reshape it to a vector\.$"):
            ag__.zip(ag.placeholder(ag.int32, []), [1, 2])


def test_iter_outside_a_graph_is_pythons_iterator():
    assert type(ag__.iter_([1, 2])) is type(iter([1, 2]))


def test_iter_of_an_iterator_made_while_tracing_is_that_iterator():
    with ag.Graph().as_default():
        made = ag__.iter_([1, 2])
        assert ag__.iter_(made) is made


def test_an_iterator_made_for_one_graph_can_be_taken_while_another_is_built():
    with ag.Graph().as_default():
        made = ag__.iter_([1, 2])
    with ag.Graph().as_default():
        assert next(made) == 1


def test_int_and_float_without_an_argument_are_zero_as_in_python():
    assert ag__.int() == 0 and ag__.float() == 0.0


def test_int_of_a_tensor_in_a_base_is_not_supported():
    with pytest.raises(NotImplementedError, match=r"^int\(tensor, base\) is not supported\.$"):
        ag__.int(ag.convert_to_tensor("7"), 8)


def test_print_of_a_tensor_with_none_for_sep_and_end_uses_pythons_defaults(capsys):
    ag__.print("value", ag.convert_to_tensor(2), sep=None, end=None)
    assert capsys.readouterr().out == "value 2\n"
