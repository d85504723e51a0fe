"""`check_numerics` and `enable_check_numerics`: the first op to make a NaN or an infinity is
named, with the user's line; TensorFlow 2.21's messages are the model."""

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag

d = ag.debugging


@pytest.fixture
def checking():
    d.enable_check_numerics()
    yield
    d.disable_check_numerics()


@pytest.mark.parametrize("values, found", [
    ([1.0, float("nan")], "NaN"), ([1.0, float("inf")], "Inf"),
    ([float("inf"), float("nan")], "Inf and NaN")])
def test_check_numerics_says_what_it_found(values, found):
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        d.check_numerics(ag.constant(values), "m")
    assert str(e.value) == f"m : Tensor had {found} values [Op:CheckNumerics]"


def test_check_numerics_passes_a_finite_tensor_on():
    npt.assert_equal(d.check_numerics(ag.constant([1.0, 2.0]), "m").numpy(), [1.0, 2.0])


def test_check_numerics_refuses_integers():
    with pytest.raises((TypeError, ag.errors.InvalidArgumentError), match="int32"):
        d.check_numerics(ag.constant([1, 2]), "m")


@ag.function
def checked_log(x):
    return d.check_numerics(ag.math.log(x), "logx")


def test_check_numerics_in_a_function_checks_each_call():
    npt.assert_allclose(checked_log(ag.constant([1.0])).numpy(), [0.0])
    with pytest.raises(ag.errors.InvalidArgumentError, match="logx : Tensor had NaN values"):
        checked_log(ag.constant([1.0, -1.0]))


def test_gradient_of_check_numerics_checks_the_gradient():
    x = ag.Variable([0.0, 1.0])
    with ag.GradientTape() as tape:
        y = ag.sqrt(d.check_numerics(x, "root"))  # sqrt's gradient at 0 is infinite
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match="Not a number \\(NaN\\) or infinity \\(Inf\\) values detected in "
                             "gradient. root : Tensor had Inf values"):
        tape.gradient(y, x)


def test_enabled_checks_name_the_eager_op_and_its_inputs(checking):
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        ag.math.log(ag.constant([0.0, -1.0]))
    text = str(e.value)
    assert text.startswith('!!! Detected Infinity or NaN in output 0 of eagerly-executing op '
                           '"Log" (# of outputs: 1) !!!\n  dtype: ag.float32\n  shape: (2,)\n'
                           '  # of -Inf elements: 1\n  # of NaN elements: 1\n\n  Input tensor: ')
    assert f"Made at: {__file__}:" in text
    assert text.endswith(" : Tensor had -Inf and NaN values")


def test_enabled_checks_see_the_fast_paths_of_eager_arithmetic(checking):
    with pytest.raises(ag.errors.InvalidArgumentError, match='(?s)op "RealDiv".*Input tensors '
                                                             r'\(2\).*\+Inf values'):
        ag.constant([1.0]) / 0.0


def log_of_double(x):
    y = x * 2.0
    z = ag.math.log(y)  # the line named
    return z + 1.0


def test_enabled_checks_name_the_graph_op_and_the_users_line(checking):
    f = ag.function(log_of_double)
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        f(ag.constant([0.0, -1.0]))
    text = str(e.value)
    line = log_of_double.__code__.co_firstlineno + 2
    assert text.startswith(f"{__file__}:{line}: !!! Detected Infinity or NaN in output 0 of "
                           'graph op "Log" (# of outputs: 1) !!!')
    assert 'Graph name: "log_of_double"' in text


def test_enabled_checks_apply_to_functions_traced_before(checking):
    f = ag.function(log_of_double)
    d.disable_check_numerics()
    npt.assert_equal(np.isnan(f(ag.constant([-1.0])).numpy()), [True])  # traced and run
    d.enable_check_numerics()
    with pytest.raises(ag.errors.InvalidArgumentError, match='graph op "Log"'):
        f(ag.constant([-1.0]))


def test_enabled_checks_see_each_op_even_where_the_plan_fuses_them(checking):
    @ag.function
    def chain(x):
        return ag.sqrt(x * 2.0 - 1.0) + 3.0
    with pytest.raises(ag.errors.InvalidArgumentError, match='graph op "Sqrt"'):
        chain(ag.fill([100_000], 0.25))


def test_finite_values_pass_and_disabling_stops_the_checks(checking):
    npt.assert_allclose(ag.math.log(ag.constant([1.0])).numpy(), [0.0])
    d.disable_check_numerics()
    npt.assert_equal(ag.math.log(ag.constant([-1.0])).numpy(), [np.nan])


def test_enabled_checks_see_each_op_of_a_jit_compiled_function(checking):
    pytest.importorskip("numba")

    @ag.function(jit_compile=True)
    def compiled(x):
        return ag.reduce_sum(ag.sqrt(x * 2.0 - 1.0))
    d.disable_check_numerics()
    assert np.isnan(compiled(ag.constant([0.25, 1.0])).numpy())  # compiled: one region
    d.enable_check_numerics()
    with pytest.raises(ag.errors.InvalidArgumentError, match='graph op "Sqrt"'):
        compiled(ag.constant([0.25, 1.0]))
