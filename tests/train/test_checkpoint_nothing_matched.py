"""A restore that gives no value to any object is never silent: it warns at the `restore(...)`
line, at once when no waiting value can still find an object, or when the status is dropped.

TensorFlow 2.21 warns only when the restored objects are deleted ("Value in checkpoint could
not be found in the restored object: (root).a"), and `expect_partial()` silences that; here a
restore that matched nothing warns even then, since it is almost always a mistake (a checkpoint
of other names, another model) that would otherwise go on with initial values."""

import gc
import re
import warnings

import pytest

import autograph as ag


@pytest.fixture
def saved(tmp_path):
    nested = ag.Module()
    nested.x = ag.Variable(2.0)
    return ag.train.Checkpoint(a=ag.Variable(1.0), nested=nested).save(str(tmp_path / "c"))


def _nothing_matched(path, objects):
    return "^" + re.escape(
        f"Restoring checkpoint '{path}' matched nothing: none of its values (a, nested/x) has "
        f"an object at its path among the objects restored into ({objects}). Check that the "
        f"checkpoint was saved from objects with the same names (this warning is not "
        f"silenced by expect_partial()).") + "$"


def _restore_into_other_names(path):
    return ag.train.Checkpoint(b=ag.Variable(0.0)).restore(path)


def test_a_restore_into_other_names_warns_at_the_restore_line(saved):
    with pytest.warns(UserWarning, match=_nothing_matched(saved, "b")) as record:
        _restore_into_other_names(saved)
    restore_line = _restore_into_other_names.__code__.co_firstlineno + 1
    assert [(w.filename, w.lineno) for w in record] == [(__file__, restore_line)]


def test_expect_partial_does_not_silence_a_restore_that_matched_nothing(saved):
    with pytest.warns(UserWarning, match=_nothing_matched(saved, "b")):
        _restore_into_other_names(saved).expect_partial()
        gc.collect()


def test_it_warns_once(saved):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        status = _restore_into_other_names(saved)
        del status
        gc.collect()
    assert len(caught) == 1


def test_a_restore_that_matched_something_does_not_warn_that_nothing_matched(saved):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ag.train.Checkpoint(a=ag.Variable(0.0)).restore(saved).expect_partial()
        gc.collect()


def test_a_restore_into_nothing_yet_waits_for_objects_attached_later(saved):
    ckpt = ag.train.Checkpoint()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        status = ckpt.restore(saved)
    ckpt.a = ag.Variable(0.0)
    assert ckpt.a.numpy() == 1.0  # TensorFlow 2.21: 1.0, restored on attachment
    status.expect_partial()


def test_values_under_an_existing_object_wait_for_its_variables(saved):
    nested = ag.Module()  # no variable yet: x may be made later
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        status = ag.train.Checkpoint(nested=nested).restore(saved)
    nested.x = ag.Variable(0.0)
    assert nested.x.numpy() == 2.0
    status.expect_partial()


def test_dropping_the_status_warns_once_nothing_can_match_any_more(saved):
    ckpt = ag.train.Checkpoint(nested=ag.Module())
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        status = ckpt.restore(saved)
    ckpt.nested = ag.Variable(0.0)  # no longer an object that nested/x could be under
    with pytest.warns(UserWarning, match=_nothing_matched(saved, "nested")):
        del status
        gc.collect()


def test_assert_consumed_names_what_did_not_match_by_path(saved):
    # TensorFlow 2.21: "Found 1 Python objects that were not bound to checkpointed values,
    # likely due to changes in the Python program. Showing 1 of 1 unmatched objects:
    # [<tf.Variable 'Variable:0' ...>]" (the objects, not their paths nor the unused values).
    ckpt = ag.train.Checkpoint(b=ag.Variable(0.0))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        status = ckpt.restore(saved)
    with pytest.raises(AssertionError) as raised:
        status.assert_consumed()
    assert str(raised.value).splitlines() == [
        "Found 1 Python objects that were not bound to checkpointed values, likely due to "
        f"changes in the Python program. Checkpoint '{saved}' does not match the objects "
        "restored into it:",
        "  missing from the checkpoint: b",
        "  in the checkpoint, no such variable (yet): a",
        "  in the checkpoint, no such variable (yet): nested/x",
        "Restore into objects built as those that were saved (same attribute names, shapes "
        "and dtypes); status.expect_partial() accepts values that stay unused."]
    with pytest.raises(AssertionError, match="  missing from the checkpoint: b\n"):
        status.assert_existing_objects_matched()
