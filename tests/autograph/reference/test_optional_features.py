"""TensorFlow's reference tests that turn on an optional feature
(`tf.autograph.experimental.Feature`), ported: `call_to_print_function_test.py`
(BUILTIN_FUNCTIONS), `assertion_test.py` (ASSERT_STATEMENTS) and `basic_list_test.py` (LISTS).
TensorFlow 2.21 passes all of them but `basic_list_test`'s `test_basic`, which is not ported:
it fails there too (its first case, an `append` to `[]` before `set_element_type`, makes a
TensorListPushBack on a list "of type INVALID"), and it calls `stack` and `set_element_type`
of `tensorflow.python.autograph`, a private module with nothing public to port them to."""

from __future__ import annotations

import numpy as np
import pytest

import autograph as ag
from tests.autograph.reference import reference_test_base


def lone_print(x):
    print(x)


def print_multiple_values(x):
    print('x is', x)


def multiple_prints(x, y):
    ag.print('x is', x)
    ag.print('y is', y)


def print_with_nontf_values(x):
    print('x is', x, {'foo': 'bar'})


def print_in_cond(x):
    if x == 0:
        print(x)


def tf_print(x):
    ag.print(x)


class TestCallToPrintFunction(reference_test_base.TestCase):
    autograph_opts = ag.autograph.experimental.Feature.BUILTIN_FUNCTIONS

    def test_lone_print(self):
        self.assertFunctionMatchesEager(lone_print, 1)
        self.assertFunctionMatchesEager(lone_print, np.array([1, 2, 3]))

    def test_print_multiple_values(self):
        self.assertFunctionMatchesEager(print_multiple_values, 1)
        self.assertFunctionMatchesEager(print_multiple_values, np.array([1, 2, 3]))

    def test_multiple_prints(self):
        self.assertFunctionMatchesEager(multiple_prints, 1, 2)
        self.assertFunctionMatchesEager(multiple_prints, np.array([1, 2, 3]), 4)

    def test_print_with_nontf_values(self):
        self.assertFunctionMatchesEager(print_with_nontf_values, 1)
        self.assertFunctionMatchesEager(print_with_nontf_values, np.array([1, 2, 3]))

    def test_print_in_cond(self):
        self.assertFunctionMatchesEager(print_in_cond, 0)
        self.assertFunctionMatchesEager(print_in_cond, 1)

    def test_tf_print(self):
        self.assertFunctionMatchesEager(tf_print, 0)


def simple_assertion(x):
    assert x > 0
    return x


class TestAssertion(reference_test_base.TestCase):
    autograph_opts = ag.autograph.experimental.Feature.ASSERT_STATEMENTS

    def test_basic(self):
        self.assertFunctionMatchesEager(simple_assertion, 1)
        self.assertFunctionMatchesEager(simple_assertion, ag.constant(1))
        with pytest.raises(AssertionError):
            self.function(simple_assertion)(0)
        with pytest.raises(ag.errors.InvalidArgumentError):
            self.function(simple_assertion)(ag.constant(0))


def mutation(t, n):
    for i in range(n):
        t[i] = i
    return t


class TestBasicList(reference_test_base.TestCase):
    autograph_opts = ag.autograph.experimental.Feature.LISTS

    def test_tensor_mutation(self):
        self.assertConvertedMatchesNative(mutation, [0] * 10, 10)
