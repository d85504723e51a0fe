"""The edges of restoring (`runtime/train/restoration.py`): how keys are shown, objects
restored in one go with variables, the end of a wait, and when a restore may still match."""

import gc
import re
import warnings

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.train import restoration
from tests.train.helpers import LazyVariable

D = ag.data.Dataset


def test_a_variables_key_shows_as_its_path_and_another_attribute_beside_it():
    assert restoration.describe("model/w/.ATTRIBUTES/VARIABLE_VALUE") == "model/w"
    assert restoration.describe("it/.ATTRIBUTES/ITERATOR_STATE") == "it (ITERATOR_STATE)"
    assert restoration.describe("not/a/key") == "not/a/key"


def test_a_variable_listed_before_an_iterator_is_restored_with_it(tmp_path):
    it = iter(D.range(5))
    next(it)
    path = ag.train.Checkpoint(a=ag.Variable(4.0), it=it).save(str(tmp_path / "c"))
    a, fresh = ag.Variable(0.0), iter(D.range(5))
    ag.train.Checkpoint(a=a, it=fresh).restore(path).assert_consumed()
    assert a.numpy() == 4.0 and int(next(fresh)) == 1


def test_an_iterator_refused_on_attachment_leaves_the_next_one_restored(tmp_path):
    iterators = [iter(D.range(4)), iter(D.range(6))]
    for it in iterators:
        next(it)
    path = ag.train.Checkpoint(its=iterators).save(str(tmp_path / "c"))
    ckpt = ag.train.Checkpoint()
    status = ckpt.restore(path).expect_partial()
    attached = [iter(D.range(5)), iter(D.range(6))]
    with pytest.raises(ValueError, match=re.escape("  state: its/0: its ITERATOR_STATE was "
                                                   "saved from an iterator over another "
                                                   "pipeline")):
        ckpt.its = attached
    assert int(next(attached[1])) == 1 and int(next(attached[0])) == 0
    with pytest.raises(AssertionError, match="(?m)^  state: its/0: its ITERATOR_STATE"):
        status.assert_consumed()


def test_a_wait_ends_with_its_checkpoint_when_a_tuple_held_the_objects(tmp_path):
    lazy = LazyVariable()
    lazy()
    path = ag.train.Checkpoint(t=(lazy,)).save(str(tmp_path / "c"))
    ckpt = ag.train.Checkpoint(t=(LazyVariable(),))
    waiting = ckpt.read(path).expect_partial()._restoration  # read: no save counter either
    assert waiting in restoration._waiting
    del ckpt
    gc.collect()
    assert waiting not in restoration._waiting


def test_a_second_restore_of_a_checkpoint_stops_the_wait_of_the_first(tmp_path):
    lazy = LazyVariable()
    lazy()
    path = ag.train.Checkpoint(lazy=lazy).save(str(tmp_path / "c"))
    ckpt = ag.train.Checkpoint(lazy=LazyVariable())
    first = ckpt.restore(path).expect_partial()._restoration
    second = ckpt.restore(path).expect_partial()._restoration
    assert first not in restoration._waiting and second in restoration._waiting


def test_read_into_an_object_that_may_still_get_the_variable_does_not_warn(tmp_path):
    module = ag.Module()
    module.v = ag.Variable(1.0)
    path = ag.train.Checkpoint(x=module).save(str(tmp_path / "c"))  # save_counter sorts first
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # no save counter to match; expect_partial() would not silence "matched nothing"
        status = ag.train.Checkpoint(x=ag.Module()).read(path).expect_partial()
        del status
        gc.collect()


def test_a_restore_into_objects_without_variables_says_so(tmp_path):
    path = ag.train.Checkpoint(a=ag.Variable(1.0)).save(str(tmp_path / "c"))
    with pytest.warns(UserWarning, match=re.escape(
            "none of its values (a) has an object at its path among the objects restored "
            "into (no variables).")):
        ag.train.Checkpoint(model=ag.Module()).restore(path)


def test_the_restored_values_of_several_variables_are_exact(tmp_path):
    values = {"a": np.arange(3.0), "b": np.array([[1, 2]], np.int32)}
    path = ag.train.Checkpoint(**{k: ag.Variable(v) for k, v in values.items()}).save(
        str(tmp_path / "c"))
    fresh = {k: ag.Variable(np.zeros_like(v)) for k, v in values.items()}
    ag.train.Checkpoint(**fresh).restore(path).assert_consumed()
    for name, value in values.items():
        np.testing.assert_array_equal(fresh[name].numpy(), value)
