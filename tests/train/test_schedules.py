"""Learning-rate schedules against values recorded from tf.keras (TensorFlow 2.21)."""

import re

import pytest
from numpy.testing import assert_allclose

import autograph as ag

schedules = ag.optimizers.schedules
STEPS = [0, 1, 2, 3, 5, 10, 15, 100]

# tf.keras.optimizers.schedules.<Schedule>(...)(tf.constant(step, tf.int64)) for each step.
RECORDED = {
    "exponential": (lambda: schedules.ExponentialDecay(0.1, 4, 0.5),
                    [0.10000000149011612, 0.08408964425325394, 0.0707106813788414,
                     0.0594603531062603, 0.04204482212662697, 0.01767767034471035,
                     0.0074325441382825375, 2.9802322831784522e-09]),
    "exponential_staircase": (lambda: schedules.ExponentialDecay(0.1, 4, 0.5, staircase=True),
                              [0.10000000149011612, 0.10000000149011612, 0.10000000149011612,
                               0.10000000149011612, 0.05000000074505806, 0.02500000037252903,
                               0.012500000186264515, 2.9802322831784522e-09]),
    "piecewise": (lambda: schedules.PiecewiseConstantDecay([2, 5], [1.0, 0.5, 0.1]),
                  [1.0, 1.0, 1.0, 0.5, 0.5, 0.10000000149011612, 0.10000000149011612,
                   0.10000000149011612]),
    "exponential_one_step": (lambda: schedules.ExponentialDecay(0.1, 1, 0.5),
                             [0.10000000149011612, 0.05000000074505806, 0.02500000037252903,
                              0.012500000186264515, 0.0031250000465661287,
                              9.765625145519152e-05, 3.051757857974735e-06,
                              7.888609169759553e-32]),
    "piecewise_three": (lambda: schedules.PiecewiseConstantDecay([1, 3, 10],
                                                                 [0.4, 0.3, 0.2, 0.1]),
                        [0.4000000059604645, 0.4000000059604645, 0.30000001192092896,
                         0.30000001192092896, 0.20000000298023224, 0.20000000298023224,
                         0.10000000149011612, 0.10000000149011612]),
    "cosine": (lambda: schedules.CosineDecay(0.1, 10, alpha=0.1),
               [0.10000000149011612, 0.09779754281044006, 0.09140576422214508,
                0.08145033568143845, 0.05499999597668648, 0.010000000707805157,
                0.010000000707805157, 0.010000000707805157]),
    "cosine_warmup": (lambda: schedules.CosineDecay(0.0, 10, warmup_target=0.2, warmup_steps=4),
                      [0.0, 0.05000000074505806, 0.10000000149011612, 0.15000000596046448,
                       0.1951056569814682, 0.06909828633069992, 0.0, 0.0]),
}


@pytest.mark.parametrize("case", sorted(RECORDED))
def test_values_match_tf_keras(case):
    make, want = RECORDED[case]
    schedule = make()
    got = [float(schedule(ag.constant(step, ag.int64))) for step in STEPS]
    assert_allclose(got, want, rtol=1e-6, atol=1e-9)


@pytest.mark.parametrize("case", sorted(RECORDED))
def test_values_inside_a_function_equal_eager_ones(case):
    schedule = RECORDED[case][0]()

    @ag.function
    def traced(step):
        return schedule(step)

    for step in STEPS:
        assert_allclose(traced(ag.constant(step, ag.int64)).numpy(),
                        schedule(ag.constant(step, ag.int64)).numpy(), rtol=1e-6)


def test_a_schedule_evaluates_at_the_optimizers_iterations():
    opt = ag.optimizers.SGD(schedules.PiecewiseConstantDecay([1], [1.0, 0.5]))
    w = ag.Variable(0.0)
    rates = []
    for _ in range(3):
        rates.append(float(opt.learning_rate))
        opt.apply_gradients([(ag.constant(1.0), w)])
    assert rates == [1.0, 1.0, 0.5]
    assert_allclose(w.numpy(), -2.5)


@pytest.mark.parametrize("make", [
    lambda: schedules.ExponentialDecay(0.1, 3, 0.9, staircase=True, name="e"),
    lambda: schedules.PiecewiseConstantDecay([3, 7], [0.3, 0.2, 0.1], name="p"),
    lambda: schedules.CosineDecay(0.1, 5, alpha=0.2, warmup_target=0.3, warmup_steps=2),
])
def test_get_config_round_trips(make):
    schedule = make()
    again = type(schedule).from_config(schedule.get_config())
    assert again.get_config() == schedule.get_config()
    assert_allclose(float(again(4)), float(schedule(4)))


def test_get_config_names_keras_keys():
    assert schedules.CosineDecay(0.1, 10).get_config() == {
        "initial_learning_rate": 0.1, "decay_steps": 10, "alpha": 0.0, "name": "CosineDecay",
        "warmup_target": None, "warmup_steps": 0}


def test_piecewise_config_is_named_as_in_keras():
    # TensorFlow 2.21: {'boundaries': [1], 'values': [0.5, 0.1], 'name': 'PiecewiseConstant'}
    assert schedules.PiecewiseConstantDecay([1], [0.5, 0.1]).get_config() == {
        "boundaries": [1], "values": [0.5, 0.1], "name": "PiecewiseConstant"}


@pytest.mark.parametrize("make, steps", [(lambda: schedules.ExponentialDecay(0.1, 0, 0.5), "0"),
                                         (lambda: schedules.CosineDecay(0.1, -1), "-1")])
def test_decay_steps_must_be_positive(make, steps):
    with pytest.raises(ValueError, match="^" + re.escape(
            f"Argument `decay_steps` must be > 0. Received: decay_steps={steps}") + "$"):
        make()


def test_piecewise_needs_one_more_value_than_boundaries():
    with pytest.raises(ValueError, match="^" + re.escape(
            "The length of boundaries should be 1 less than the length of values. Received: "
            "boundaries=[1, 2] of length 2, and values=[0.1, 0.2] of length 2.") + "$"):
        schedules.PiecewiseConstantDecay([1, 2], [0.1, 0.2])
