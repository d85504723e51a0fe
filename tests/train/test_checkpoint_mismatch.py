"""A checkpoint that does not fit the objects: one error listing every difference."""

import gc
import re
import warnings

import numpy as np
import pytest

import autograph as ag
from tests.train.helpers import Dense, mismatch

_SHAPE = ("dtype/shape: model/w: the checkpoint holds shape (2,), variable Variable:0 has "
          "shape (3,)")


@pytest.fixture
def saved(tmp_path):
    return ag.train.Checkpoint(model=Dense()).save(str(tmp_path / "ckpt"))


def test_a_shape_difference_is_an_error_naming_both_shapes(saved):
    # TensorFlow: ValueError "Received incompatible tensor with shape (2,) when attempting to
    # restore variable with shape (3,)".
    with pytest.raises(ValueError, match="^" + re.escape(mismatch(saved, _SHAPE)) + "$"):
        ag.train.Checkpoint(model=Dense(units=3)).restore(saved)


def test_a_dtype_difference_is_an_error_naming_both_dtypes(saved):
    # TensorFlow: InvalidArgumentError "expected dtype double does not equal original dtype
    # float"; here a ValueError listed with the other differences.
    with pytest.raises(ValueError, match="^" + re.escape(mismatch(
            saved, "dtype/shape: model/w: the checkpoint holds float32, variable Variable:0 is "
            "float64")) + "$"):
        ag.train.Checkpoint(model=Dense(dtype=np.float64)).restore(saved)


def test_a_failed_restore_assigns_nothing(saved):
    model = Dense(units=3)
    model.layers[0].assign(-1.0)
    with pytest.raises(ValueError, match="^" + re.escape(mismatch(saved, _SHAPE)) + "$"):
        ag.train.Checkpoint(model=model).restore(saved)
    assert model.layers[0].numpy() == -1.0


def test_one_error_lists_every_difference(saved):
    class Renamed(ag.Module):
        def __init__(self):
            super().__init__()
            self.w = ag.Variable([1.0, 2.0, 3.0])
            self.kernel = ag.Variable(1.0)

    with pytest.raises(ValueError) as raised:
        ag.train.Checkpoint(model=Renamed()).restore(saved)
    assert str(raised.value) == mismatch(
        saved, _SHAPE, "missing from the checkpoint: model/kernel",
        "in the checkpoint, no such variable (yet): model/layers/0",
        "in the checkpoint, no such variable (yet): model/layers/1/b")


def test_assert_consumed_lists_missing_and_unused(saved):
    # TensorFlow: AssertionError "Found 1 Python objects that were not bound to checkpointed
    # values" for the missing one; here the unused values are listed in the same message.
    class Partial(ag.Module):
        def __init__(self):
            super().__init__()
            self.w = ag.Variable([5.0, 6.0])
            self.c = ag.Variable(1.0)

    model = Partial()
    status = ag.train.Checkpoint(model=model).restore(saved).expect_partial()
    np.testing.assert_array_equal(model.w.numpy(), [1.0, 2.0])
    with pytest.raises(AssertionError) as raised:
        status.assert_consumed()
    found = ("Found 1 Python objects that were not bound to checkpointed values, likely due "
             "to changes in the Python program. ")  # TensorFlow 2.21's first sentence
    assert str(raised.value) == found + mismatch(
        saved, "missing from the checkpoint: model/c",
        "in the checkpoint, no such variable (yet): model/layers/0",
        "in the checkpoint, no such variable (yet): model/layers/1/b")
    with pytest.raises(AssertionError, match="^" + re.escape(found + mismatch(
            saved, "missing from the checkpoint: model/c")) + "$"):
        status.assert_existing_objects_matched()


def test_assert_existing_objects_matched_accepts_unused_values(saved):
    class OnlyW(ag.Module):
        def __init__(self):
            super().__init__()
            self.w = ag.Variable([0.0, 0.0])

    status = ag.train.Checkpoint(model=OnlyW()).restore(saved).expect_partial()
    assert status.assert_existing_objects_matched() is status


def _restore_only_w(saved):
    class OnlyW(ag.Module):
        def __init__(self):
            super().__init__()
            self.w = ag.Variable([0.0, 0.0])

    return ag.train.Checkpoint(model=OnlyW()).restore(saved)


def test_unused_values_warn_when_their_objects_go(saved):
    with pytest.warns(UserWarning, match="^" + re.escape(
            f"2 values of checkpoint '{saved}' were never restored (no variable appeared at "
            "model/layers/0, model/layers/1/b). Call expect_partial() on the restore status "
            "if that is intended.") + "$") as record:
        _restore_only_w(saved)
        gc.collect()
    restore_line = _restore_only_w.__code__.co_firstlineno + 6
    assert (record[0].filename, record[0].lineno) == (__file__, restore_line)


def test_expect_partial_silences_the_warning(saved):
    # recorded, not turned into errors: an error raised in a finalizer is only printed
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        _restore_only_w(saved).expect_partial()
        gc.collect()
    assert [str(w.message) for w in caught] == []


def test_a_failed_restore_leaves_no_values_waiting_to_warn_about(saved):
    model = Dense(units=3)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with pytest.raises(ValueError, match="^" + re.escape(mismatch(saved, _SHAPE)) + "$"):
            ag.train.Checkpoint(model=model).restore(saved)
        del model
        gc.collect()
    assert [str(w.message) for w in caught] == []


@pytest.mark.parametrize("count, shown", [
    (10, "vs/0, vs/1, vs/2, vs/3, vs/4, vs/5, vs/6, vs/7, vs/8, vs/9"),
    (11, "vs/0, vs/1, vs/10, vs/2, vs/3, vs/4, vs/5, vs/6, vs/7, vs/8, ...")])
def test_the_unused_values_warning_names_ten_at_most(tmp_path, count, shown):
    path = ag.train.Checkpoint(keep=ag.Variable(1.0),
                               vs=[ag.Variable(float(i)) for i in range(count)]).write(
        str(tmp_path / "c"))
    with pytest.warns(UserWarning, match="^" + re.escape(
            f"{count} values of checkpoint '{path}' were never restored (no variable appeared "
            f"at {shown}). Call expect_partial() on the restore status if that is "
            f"intended.") + "$"):
        ag.train.Checkpoint(keep=ag.Variable(0.0)).read(path)
        gc.collect()
