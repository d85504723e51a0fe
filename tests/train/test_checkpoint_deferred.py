"""Deferred restoration: values for variables made after the restore reach them."""

import gc
import re
import weakref

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.state import variables
from tests.train.helpers import Dense, LazyVariable, MomentumSGD, mismatch


def _saved_lazy(tmp_path):
    lazy = LazyVariable()
    lazy()
    lazy.v.assign([7.0, 8.0])
    return ag.train.Checkpoint(lazy=lazy).save(str(tmp_path / "lazy"))


def test_a_variable_made_after_restore_gets_its_value(tmp_path):
    # TensorFlow 2.21: assert_consumed fails ("Unresolved object in checkpoint
    # (root).lazy.v") until the variable exists; its first use then reads [7, 8].
    path = _saved_lazy(tmp_path)
    lazy = LazyVariable()
    status = ag.train.Checkpoint(lazy=lazy).restore(path)
    with pytest.raises(AssertionError, match="^" + re.escape(mismatch(
            path, "in the checkpoint, no such variable (yet): lazy/v")) + "$"):
        status.assert_consumed()
    np.testing.assert_array_equal(lazy().numpy(), [7.0, 8.0])
    status.assert_consumed()


def test_a_module_attribute_set_later_gets_its_value(tmp_path):
    model = Dense()
    model.extra = ag.Variable(9.0)
    path = ag.train.Checkpoint(model=model).save(str(tmp_path / "ckpt"))
    fresh = Dense()
    status = ag.train.Checkpoint(model=fresh).restore(path)
    fresh.extra = ag.Variable(0.0)
    assert fresh.extra.numpy() == 9.0
    status.assert_consumed()


def test_a_variable_made_inside_a_function_gets_its_value(tmp_path):
    path = _saved_lazy(tmp_path)
    lazy = LazyVariable()
    ag.train.Checkpoint(lazy=lazy).restore(path)
    np.testing.assert_array_equal(ag.function(lazy)().numpy(), [7.0, 8.0])


def test_training_resumes_bit_for_bit(tmp_path):
    rng = np.random.default_rng(0)
    data = [(rng.normal(size=(4, 3)).astype(np.float32), rng.normal(size=(4,)).astype(
        np.float32)) for _ in range(6)]

    def step(w, optimizer, x, y):
        with ag.GradientTape() as tape:
            loss = ag.reduce_mean(ag.square(ag.linalg.matvec(x, w) - y))
        optimizer.apply_gradients([(tape.gradient(loss, w), w)])

    w, optimizer = ag.Variable(np.ones(3, np.float32)), MomentumSGD()
    ckpt = ag.train.Checkpoint(w=w, optimizer=optimizer)
    for x, y in data[:3]:
        step(w, optimizer, x, y)
    path = ckpt.save(str(tmp_path / "ckpt"))
    for x, y in data[3:]:
        step(w, optimizer, x, y)

    resumed_w, resumed = ag.Variable(np.zeros(3, np.float32)), MomentumSGD()
    status = ag.train.Checkpoint(w=resumed_w, optimizer=resumed).restore(path)
    assert resumed.iterations.numpy() == 3 and resumed.slots == {}
    for x, y in data[3:]:
        step(resumed_w, resumed, x, y)
    status.assert_consumed()
    np.testing.assert_array_equal(resumed_w.numpy(), w.numpy())
    np.testing.assert_array_equal(resumed.slots["0"]["momentum"].numpy(),
                                  optimizer.slots["0"]["momentum"].numpy())
    assert resumed.iterations.numpy() == 6


def test_a_save_before_first_use_writes_the_restored_value(tmp_path):
    path = _saved_lazy(tmp_path)
    lazy = LazyVariable()
    ckpt = ag.train.Checkpoint(lazy=lazy)
    ckpt.restore(path)
    lazy.v = ag.Variable([0.0, 0.0])  # made and held, never used yet
    again = ckpt.write(str(tmp_path / "again"))
    with np.load(again + ".npz", allow_pickle=False) as archive:
        np.testing.assert_array_equal(archive["lazy/v/.ATTRIBUTES/VARIABLE_VALUE"], [7.0, 8.0])


def test_a_later_variable_of_the_wrong_shape_is_an_error_at_first_use(tmp_path):
    path = _saved_lazy(tmp_path)
    lazy = LazyVariable(initial=(0.0, 0.0, 0.0))
    status = ag.train.Checkpoint(lazy=lazy).restore(path)
    shape = ("dtype/shape: lazy/v: the checkpoint holds shape (2,), variable Variable:0 "
             "has shape (3,)")
    with pytest.raises(ValueError, match="^" + re.escape(mismatch(path, shape)) + "$"):
        lazy()
    with pytest.raises(AssertionError, match="^" + re.escape(mismatch(path, shape)) + "$"):
        status.assert_consumed()


def test_a_second_restore_replaces_the_first(tmp_path):
    first = _saved_lazy(tmp_path)
    other = LazyVariable()
    other()
    other.v.assign([1.0, 1.0])
    second = ag.train.Checkpoint(lazy=other).write(str(tmp_path / "second"))
    lazy = LazyVariable()
    ckpt = ag.train.Checkpoint(lazy=lazy)
    ckpt.restore(first).expect_partial()
    ckpt.read(second)
    np.testing.assert_array_equal(lazy().numpy(), [1.0, 1.0])


def test_waiting_values_do_not_keep_objects_alive(tmp_path):
    path = _saved_lazy(tmp_path)
    lazy = LazyVariable()
    ag.train.Checkpoint(lazy=lazy).restore(path).expect_partial()
    gone = weakref.ref(lazy)
    del lazy
    gc.collect()
    assert gone() is None
    assert variables.creation_watcher[0] is None


def test_nothing_waits_once_every_value_is_restored(tmp_path):
    path = ag.train.Checkpoint(model=Dense()).save(str(tmp_path / "ckpt"))
    ag.train.Checkpoint(model=Dense()).restore(path).assert_consumed()
    assert variables.creation_watcher[0] is None


class _ThreeLazy:
    """Makes three variables at its first call, then reads them all."""

    def __init__(self):
        self.vs = None

    def _trackable_children(self):
        return {"vs": self.vs}

    def __call__(self):
        if self.vs is None:
            self.vs = [ag.Variable(0.0) for _ in range(3)]
        return [v.numpy() for v in self.vs]


def test_several_variables_made_at_once_after_restore_each_get_their_value(tmp_path):
    saved = _ThreeLazy()
    saved()
    for i, v in enumerate(saved.vs):
        v.assign(float(i + 1))
    path = ag.train.Checkpoint(m=saved).save(str(tmp_path / "three"))
    restored = _ThreeLazy()
    status = ag.train.Checkpoint(m=restored).restore(path)
    assert restored() == [1.0, 2.0, 3.0]
    status.assert_consumed()


def test_restoring_twice_with_one_checkpoint_object_restores_twice(tmp_path):
    path = _saved_lazy(tmp_path)
    lazy = LazyVariable()
    lazy()
    ckpt = ag.train.Checkpoint(lazy=lazy)
    ckpt.restore(path).assert_consumed()
    lazy.v.assign([0.0, 0.0])
    ckpt.restore(path).assert_consumed()
    np.testing.assert_array_equal(lazy.v.numpy(), [7.0, 8.0])
