"""Optimizer and schedule edge cases: the ignored `decay` argument, a callable learning rate,
a custom optimizer with no slots, the base class's errors, `minimize` with a tape, and the
base `LearningRateSchedule`. Expected values come from TensorFlow 2.21 (Keras 3.15)."""

import re
import warnings

import pytest
from numpy.testing import assert_allclose

import autograph as ag
from autograph.runtime.train.optimizers.schedules import deserialize

optimizers = ag.keras.optimizers


def _quarter():
    return 0.25


def test_the_decay_argument_is_ignored_with_a_warning():
    # TensorFlow 2.21: keras.optimizers.SGD(0.1, decay=0.5) warns (UserWarning) "Argument
    # `decay` is no longer supported and will be ignored."
    with pytest.warns(UserWarning, match="^" + re.escape(
            "Argument `decay` is no longer supported and will be ignored; use a "
            "learning-rate schedule (ag.optimizers.schedules).") + "$"):
        optimizer = optimizers.SGD(0.1, decay=0.5)
    v = ag.Variable([1.0])
    optimizer.apply_gradients([(ag.constant([1.0]), v)])
    assert_allclose(v.numpy(), [0.9])


def test_decay_none_gives_no_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        optimizers.SGD(0.1, decay=None)


def test_a_callable_learning_rate_is_called_at_each_step():
    # TensorFlow 2.21: SGD(learning_rate=lambda: 0.25).learning_rate -> 0.25; one step with
    # the gradient [1, -2] takes [1, 2] to [0.75, 2.5]; iterations 1.
    optimizer = optimizers.SGD(learning_rate=_quarter)
    assert_allclose(optimizer.learning_rate, 0.25)
    v = ag.Variable([1.0, 2.0])
    optimizer.apply_gradients([(ag.constant([1.0, -2.0]), v)])
    assert_allclose(v.numpy(), [0.75, 2.5])
    assert optimizer.iterations.numpy() == 1


def test_get_config_keeps_a_callable_learning_rate_itself():
    # Keras 3 serialises the function (as a `__lambda__` or by name); here get_config keeps
    # the callable, and from_config rebuilds an optimizer that calls it.
    optimizer = optimizers.SGD(learning_rate=_quarter)
    config = optimizer.get_config()
    assert config["learning_rate"] is _quarter
    assert_allclose(optimizers.SGD.from_config(config).learning_rate, 0.25)


def test_an_optimizer_repr_names_its_class_and_name():
    assert repr(optimizers.SGD(0.1, name="plain")) == "<SGD name='plain'>"
    assert repr(optimizers.Adam(name="tuned")) == "<Adam name='tuned'>"


def test_a_custom_optimizer_with_only_an_update_step_keeps_no_slots():
    # TensorFlow 2.21: a keras.optimizers.Optimizer subclass defining only update_step
    # (variable -= lr * gradient) with learning rate 0.5 takes [1, 2] to [0.5, 1.5]; its
    # variables are [iterations, learning_rate] = [1, 0.5].
    class Plain(optimizers.Optimizer):
        def update_step(self, gradient, variable, learning_rate):
            variable.assign_sub(ag.cast(learning_rate, variable.dtype) * gradient)

    optimizer = Plain(0.5)
    v = ag.Variable([1.0, 2.0])
    optimizer.apply_gradients([(ag.constant([1.0, 1.0]), v)])
    assert_allclose(v.numpy(), [0.5, 1.5])
    assert [float(x.numpy()) for x in optimizer.variables] == [1.0, 0.5]
    assert len(optimizer._trackable_children()["_variables"]) == 2


def test_an_optimizer_without_an_update_step_says_it_must_define_one():
    # TensorFlow 2.21 raises a bare NotImplementedError; the message is ours.
    class NoRule(optimizers.Optimizer):
        pass

    v = ag.Variable([1.0, 2.0])
    with pytest.raises(NotImplementedError, match="^" + re.escape(
            "NoRule must define update_step.") + "$"):
        NoRule(0.1).apply_gradients([(ag.constant([1.0, 1.0]), v)])


def test_get_slot_of_an_unknown_slot_names_the_slots_kept():
    # Keras 3's optimizers have no get_slot (Keras 2's had); the KeyError is ours. TensorFlow
    # 2.21 holds [-0.1, -0.1] in the momentum slot after the step.
    v = ag.Variable([1.0, 2.0])
    optimizer = optimizers.SGD(0.1, momentum=0.9, name="heavy")
    optimizer.apply_gradients([(ag.constant([1.0, 1.0]), v)])
    assert_allclose(optimizer.get_slot(v, "momentum").numpy(), [-0.1, -0.1])
    # str() of a KeyError is the repr of its message: in quotes.
    with pytest.raises(KeyError, match="^" + re.escape(
            "\"heavy keeps no slot 'velocity' for Variable:0; it keeps ['momentum'].\"") + "$"):
        optimizer.get_slot(v, "velocity")


def test_a_slot_for_a_variable_of_unknown_shape_is_refused():
    # TensorFlow 2.21: SGD(0.1, momentum=0.9) on a variable of shape (None,) raises
    # ValueError ("Shapes used to initialize variables must be fully-defined"); the message
    # here is ours.
    v = ag.Variable([1.0, 2.0], shape=ag.TensorShape([None]))
    optimizer = optimizers.SGD(0.1, momentum=0.9, name="heavy")
    with pytest.raises(ValueError, match="^" + re.escape(
            "heavy cannot make the momentum slot of Variable:0: its shape (None,) is not "
            "fully defined.") + "$"):
        optimizer.apply_gradients([(ag.constant([1.0, 1.0]), v)])


def test_apply_gradients_refuses_a_tensor_in_place_of_a_variable():
    # TensorFlow 2.21 fails with AttributeError ("'EagerTensor' object has no attribute
    # '_unique_id'"); here a TypeError says what was expected.
    optimizer = optimizers.SGD(0.1, name="plain")
    with pytest.raises(TypeError, match="^" + re.escape(
            "plain.apply_gradients: expected (gradient, variable) pairs, got EagerTensor "
            "as a variable.") + "$"):
        optimizer.apply_gradients([(ag.constant(1.0), ag.constant(2.0))])
    assert optimizer.iterations.numpy() == 0


def test_minimize_runs_a_callable_loss_under_the_given_tape():
    # Keras 3 dropped minimize; this is Keras 2's. SGD(0.1) on v * v from v = 3: the
    # gradient is 6, so v becomes 3 - 0.1 * 6 = 2.4 (tf.compat.v1's GradientDescentOptimizer
    # gives 2.4 too).
    v = ag.Variable(3.0)
    optimizer = optimizers.SGD(0.1)
    tape = ag.GradientTape()
    optimizer.minimize(lambda: v * v, [v], tape=tape)
    assert_allclose(v.numpy(), 2.4)
    assert optimizer.iterations.numpy() == 1


def test_a_learning_rate_schedule_must_define_call_and_get_config():
    # TensorFlow 2.21: NotImplementedError "Learning rate schedule 'Bare' must override
    # `__call__(self, step)`." and "... must override `get_config()` in order to be
    # serializable."
    class Bare(optimizers.schedules.LearningRateSchedule):
        pass

    with pytest.raises(NotImplementedError, match="^" + re.escape(
            "Learning rate schedule 'Bare' must override `__call__(self, step)`.") + "$"):
        Bare()(1)
    with pytest.raises(NotImplementedError, match="^" + re.escape(
            "Learning rate schedule 'Bare' must override `get_config()` to be "
            "serializable.") + "$"):
        Bare().get_config()


def test_a_custom_schedule_drives_the_learning_rate():
    # A schedule defining only __call__: the rate at step 0 is 0.5, at step 1 0.25.
    # TensorFlow 2.21 gives [0.25] for the same schedule and gradients.
    class Halving(optimizers.schedules.LearningRateSchedule):
        def __call__(self, step):
            return 0.5 ** (ag.cast(step, ag.float32) + 1.0)

    v = ag.Variable([1.0])
    optimizer = optimizers.SGD(Halving())
    for _ in range(2):
        optimizer.apply_gradients([(ag.constant([1.0]), v)])
    assert_allclose(v.numpy(), [1.0 - 0.5 - 0.25])


def test_from_config_refuses_an_unknown_schedule():
    # Keras 3 raises TypeError ("Could not locate class 'NoSuchDecay'") and also needs a
    # `module` key that this format ignores; the ValueError and its message are ours.
    config = {"learning_rate": {"class_name": "NoSuchDecay", "config": {}}}
    with pytest.raises(ValueError, match="^" + re.escape(
            "Unknown learning-rate schedule 'NoSuchDecay': expected one of "
            "['CosineDecay', 'ExponentialDecay', 'PiecewiseConstantDecay'].") + "$"):
        optimizers.SGD.from_config(config)
    with pytest.raises(ValueError, match="^" + re.escape(
            "Unknown learning-rate schedule None: expected one of ['CosineDecay', "
            "'ExponentialDecay', 'PiecewiseConstantDecay'].") + "$"):
        deserialize({"class_name": None, "config": {}})



def test_optimizers_of_a_new_class_are_named_in_turn():
    # TensorFlow 2.21 (Keras 3): freshly_named_rule, freshly_named_rule_1, freshly_named_rule_2
    class FreshlyNamedRule(ag.optimizers.SGD):
        pass
    assert [FreshlyNamedRule().name for _ in range(3)] == [
        "freshly_named_rule", "freshly_named_rule_1", "freshly_named_rule_2"]


def test_an_optimizers_variables_are_not_trainable():
    # TensorFlow 2.21 (Keras 3): Adam has 4 variables after one step, none of them trainable
    v = ag.Variable([1.0, 2.0])
    opt = ag.optimizers.Adam(learning_rate=0.1)
    opt.apply_gradients([(ag.constant([1.0, 1.0]), v)])
    assert [x.trainable for x in opt.variables] == [False] * 4


def test_slot_names_follow_the_variables_path_as_keras_names_them():
    # TensorFlow 2.21 (Keras 3) paths: adam/iteration, adam/learning_rate,
    # adam/layer_w_0_momentum, adam/layer_w_0_velocity
    v = ag.Variable([1.0], name="layer/w")
    opt = ag.optimizers.Adam(learning_rate=0.1, name="adam")
    opt.apply_gradients([(ag.constant([1.0]), v)])
    assert [x.name for x in opt.variables] == [
        "adam/iteration:0", "adam/learning_rate:0", "adam/layer_w_0_momentum:0",
        "adam/layer_w_0_velocity:0"]


def test_the_decay_warning_points_at_the_users_line():
    with pytest.warns(UserWarning, match="^Argument `decay` is no longer supported") as record:
        ag.optimizers.SGD(learning_rate=0.1, decay=0.1)
    assert record[0].filename == __file__


def test_the_missing_gradient_warning_points_at_the_users_line():
    w, unused = ag.Variable(1.0), ag.Variable(2.0, name="unused")
    opt = ag.optimizers.SGD(learning_rate=0.1)
    with pytest.warns(UserWarning, match="^Gradients do not exist") as record:
        opt.apply_gradients([(ag.constant(1.0), w), (None, unused)])
    assert record[0].filename == __file__


def _makes_an_optimizer(x):
    ag.optimizers.SGD(0.1)
    return x * 2.0


def test_an_optimizer_made_inside_a_function_is_refused():
    # TensorFlow 2.21: ValueError "in user code: ..." on the first call: a trace that makes
    # variables is traced again, and that trace makes them anew.
    step = ag.function(_makes_an_optimizer)
    with pytest.raises(ValueError, match=(
            r"(?s)^in user code:\n\n.*\n\n    ValueError: " + re.escape(
                "ag.function '_makes_an_optimizer' created a variable (an optimizer variable of ")
            + r"sgd(_\d+)?" + re.escape(") on a trace after its first: ") + ".*$")):
        step(ag.constant(1.0))
