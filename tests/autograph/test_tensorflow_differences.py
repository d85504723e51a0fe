"""Where `ag.function` answers differently from `tf.function`, on purpose: Python's answer.

Each program is one of TensorFlow's own AutoGraph reference tests
(tensorflow/python/autograph/tests/*_test.py) that TensorFlow passes and we do not. The test
runs it under `ag.function`, asserts what plain Python gives (a value, or the error Python
raises, where our graph raises it when it runs), and records TensorFlow 2.21's answer next to
it (`TF`, recorded from /tmp/tfenv, with `AUTOGRAPH_STRICT_CONVERSION=1` as its reference tests
run) and why we differ. Mostly TensorFlow refuses, while tracing, a program whose meaning a
graph can keep.
"""

import numpy as np
import pytest

import autograph as ag


def _constants(*values):
    return lambda: tuple(ag.constant(v) for v in values)


# ---------------------------------------------------------------- TensorFlow refuses, we run it
def if_creates_var(c):
    if c:
        i = 1
    return i  # noqa: F821 - unbound when `c` is false, as in TensorFlow's test


def else_creates_var(c):
    if c:
        pass
    else:
        i = 2
    return i  # noqa: F821


def loop_initializing_variant_variable(n):
    for i in range(n):
        if i == 0:
            a = 1
        else:
            a = a + 1  # noqa: F821
    return a  # noqa: F821


def for_defines_iterate(n, fn):
    s = 0
    for i in fn(n):
        s = s * 10 + i
    return i, s  # noqa: F821


def if_else_returns_none(c):
    if c:
        i = None
        j = 1
    else:
        i = None
        j = 2
    return i, j


def nested_if_temporarily_undefined_return(c1, c2):
    if c1:
        if c2:
            return 1
    return 2


def dataset_loop_with_return(ds):
    y = ag.constant(0, dtype=ag.int64)
    for e in ds:
        y = e
        return y
    return y


def iterator_loop_with_return(ds):
    y = ag.constant(0, dtype=ag.int64)
    for e in iter(ds):
        y = e
        return y
    return y


def for_else(l1, l2):
    s = 0
    for c in l1:
        if c in l2:
            break
        s = s * 10 + c
    else:
        s = -1000
    return s


def while_else(x, y):
    s = 0
    while x > 0:
        x -= 1
        if x > y:
            break
        s += x
    else:
        s = -100
    return s


def unconditional_return_in_single_for(xs):
    s = 0
    for c in xs:
        s += c
        return s
    return s


def unconditional_return_in_single_while(x):
    s = 0
    while x > 0:
        x -= 1
        s += x
        return s
    return s


def for_with_variable_shape(xs):
    t = ag.constant([1])
    for _ in xs:
        t = ag.constant([1, 1])
    return t


def for_with_shape_erasure(xs):
    t = ag.constant([1])
    for _ in xs:
        t = ag.range(ag.random.uniform((), 2, 3, dtype=ag.int32))
    return t


def for_with_shape_invariant_violation(xs):
    t = ag.constant([1])
    for _ in xs:
        ag.autograph.experimental.set_loop_options(shape_invariants=((t, ag.TensorShape([1])),))
        t = ag.range(ag.random.uniform((), 2, 3, dtype=ag.int32))
    return t


def _iterator(values):
    return lambda: (iter(ag.data.Dataset.from_tensor_slices(values)),)


_NO_RETURN_IN_LOOP = ("NotImplementedError: a return statement cannot be placed inside this "
                      "TensorFlow loop")
_NOT_YET = "UnsupportedLanguageElementError (a NotImplementedError): {}/else statement not yet "
_MUST_ITERATE = ("InvalidArgumentError: assertion failed: [loop must iterate at least once to "
                 "initialize the function return value]")

# (program, arguments, Python's value, TensorFlow 2.21's answer). Why we differ: TensorFlow
# refuses these programs while tracing (or, for the loop returns, when the graph runs), though a
# graph keeps their meaning: a variable or return value set on one path is checked when it is
# read (below), a loop `else` is the `if` after it, a return inside a loop over a dataset ends
# it, and a loop over an iterator lets its variables' shapes change, as TensorFlow's loops over
# a dataset do (ignoring a shape invariant, as those do; Python's `set_loop_options` is a no-op).
RUNS = [
    (if_creates_var, _constants(True), 1, "ValueError: 'i' must also be initialized in the else "
                                          "branch"),
    (else_creates_var, _constants(False), 2, "ValueError: 'i' must also be initialized in the "
                                             "main branch"),
    (loop_initializing_variant_variable, _constants(1), 1,
     "ValueError: 'a' must be defined before the loop"),
    (loop_initializing_variant_variable, _constants(2), 2,
     "ValueError: 'a' must be defined before the loop"),
    # None in both branches passes through the `if` (None in one only is a ValueError, as there)
    (if_else_returns_none, _constants(False), (None, 2), "ValueError: 'i' is None at the end of "
                                                         "the main branch."),
    (nested_if_temporarily_undefined_return, _constants(True, True), 1,
     "ValueError: the else branch must also have a return statement."),
    (nested_if_temporarily_undefined_return, _constants(False, True), 2,
     "ValueError: the else branch must also have a return statement."),
    (dataset_loop_with_return, lambda: (ag.data.Dataset.range(7),), 0, _NO_RETURN_IN_LOOP),
    (iterator_loop_with_return, lambda: (ag.data.Dataset.range(7),), 0, _NO_RETURN_IN_LOOP),
    (for_else, _constants([], []), -1000, _NOT_YET.format("for")),
    (for_else, lambda: ([1, 2], [1, 2]), 0, _NOT_YET.format("for")),
    (for_else, lambda: (ag.constant([1, 2]), ag.constant([], ag.int32)), -1000,
     _NOT_YET.format("for")),
    (while_else, _constants(2, 2), -100, _NOT_YET.format("while")),
    (while_else, _constants(2, 0), 0, _NOT_YET.format("while")),
    (unconditional_return_in_single_for, _constants([]), 0, _MUST_ITERATE),
    (unconditional_return_in_single_while, _constants(0), 0, _MUST_ITERATE),
    (for_with_variable_shape, _iterator([1, 2, 3]), [1, 1],
     "ValueError: 't' has shape (1,) before the loop, but shape (2,) after one iteration."),
    (for_with_shape_erasure, _iterator([1, 2, 3]), [0, 1],
     "ValueError: 't' has shape (1,) before the loop, but shape (None,) after one iteration."),
    (for_with_shape_invariant_violation, _iterator([1, 2, 3]), [0, 1],
     "ValueError: 't' has shape (None,) after one iteration, which does not conform with the "
     "shape invariant (1,)."),
]


@pytest.mark.parametrize("program, arguments, python, tf", RUNS,
                         ids=[f"{run[0].__name__}-{i}" for i, run in enumerate(RUNS)])
def test_we_give_pythons_value_where_tensorflow_refuses(program, arguments, python, tf):
    del tf  # TensorFlow 2.21's answer, recorded above
    result = ag.function(program)(*arguments())
    flat = result if isinstance(result, tuple) else (result,)
    expected = python if isinstance(python, tuple) else (python,)
    for got, want in zip(flat, expected, strict=True):
        if want is None:
            assert got is None
        else:
            np.testing.assert_array_equal(np.asarray(got), want)


# A variable assigned on one path only: TensorFlow refuses it while tracing (ValueError); our
# graph gives Python's value where the path assigns it (above) and raises where Python raises
# UnboundLocalError, when the graph runs, as an InvalidArgumentError from a `CheckDefined` op
# (not also an UnboundLocalError or ValueError: one runtime error class, as TensorFlow's graph
# errors are). TensorFlow even returns (0, 0) for `for_defines_iterate(0, tf.range)`, deviating
# from Python on purpose (its test says so).
UNBOUND = [
    (if_creates_var, _constants(False), "ValueError: 'i' must also be initialized in the else "
                                        "branch"),
    (else_creates_var, _constants(True), "ValueError: 'i' must also be initialized in the main "
                                         "branch"),
    (loop_initializing_variant_variable, _constants(0),
     "ValueError: 'a' must be defined before the loop"),
    (for_defines_iterate, lambda: (0, ag.range), "returns (0, 0)"),
]


@pytest.mark.parametrize("program, arguments, tf", UNBOUND,
                         ids=[f"{run[0].__name__}-{i}" for i, run in enumerate(UNBOUND)])
def test_a_variable_python_leaves_unbound_fails_when_the_graph_runs(program, arguments, tf):
    del tf  # TensorFlow 2.21's answer, recorded above
    with pytest.raises(ag.errors.InvalidArgumentError, match="has no value"):
        ag.function(program)(*arguments())


def test_in_on_a_symbolic_tensor_is_a_type_error_as_in_tensorflow():
    # for_else with tensors l1, l2 = [], [1, 2]: Python gives -1000. TensorFlow 2.21 refuses the
    # for/else first (UnsupportedLanguageElementError); without strict conversion it converts
    # the loop and raises TypeError at `c in l2` ("argument of type 'SymbolicTensor' is not
    # iterable"), as we do: `in` on a tensor is not converted, and needs a value to compare.
    with pytest.raises(TypeError, match="as a Python bool"):
        ag.function(for_else)(ag.constant([], ag.int32), ag.constant([1, 2]))


def lone_print(x):
    print(x)


def test_print_of_a_tensor_prints_it_while_tracing_as_tensorflow_by_default(capsys):
    # TensorFlow 2.21's default tf.function prints the same line (recorded); its reference test
    # turns on Feature.BUILTIN_FUNCTIONS, which makes `print` a tf.print: "[1 2 3]" each call.
    # Python prints the value it has: while tracing, the symbolic tensor.
    ag.function(lone_print)(np.array([1, 2, 3]))
    assert capsys.readouterr().out == 'Tensor("x:0", shape=(3,), dtype=int64)\n'


def multiple_equality(x, y, z):
    return x == y == z


def test_a_chained_comparison_of_tensors_is_pythons_and():
    # TensorFlow 2.21 converts it the same way (recorded: False for 1, 1, 2).
    f = ag.function(multiple_equality)
    assert not f(*_constants(1, 1, 2)()).numpy()
    assert f(*_constants(1, 1, 1)()).numpy()


# ------------------------------------------ where our messages say TensorFlow refuses it too
def return_in_loop_or_none(n):
    for i in ag.range(n):
        if i > 2:
            return i


def while_becomes_a_tensor(n):
    i = 0
    while i < 3:
        i = i + n
    return i


def python_for_stopped_by_a_tensor(n):
    s = 0
    for i in [1, 2, 3]:
        if n > i:
            break
        s += i
    return s


# Recorded from TensorFlow 2.21 (tf.function(f)(tf.constant(5))): each raises
# NotImplementedError ("a return statement cannot be placed inside this TensorFlow loop";
# "... a break or return statement inside the loop depends on a Tensor condition"; "break and
# return statements which depend on a TF condition are not supported in Python for loops").
@pytest.mark.parametrize("program, message", [
    (return_in_loop_or_none, "refuses such a `return` too"),
    (while_becomes_a_tensor, "TensorFlow raises this error too"),
    (python_for_stopped_by_a_tensor, "TensorFlow raises this error too"),
])
def test_where_tensorflow_refuses_too_we_raise_its_class(program, message):
    with pytest.raises(NotImplementedError, match=message):
        ag.function(program)(ag.constant(5))
