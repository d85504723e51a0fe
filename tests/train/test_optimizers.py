"""The optimizers' update rules, eagerly: each against its formula written in NumPy, and against
values recorded from TensorFlow 2.21's `tf.keras` (Keras 3.15)."""

import re
import warnings

import numpy as np
import pytest
from numpy.testing import assert_allclose

import autograph as ag

W0 = np.array([[0.5, -1.0], [2.0, 0.25]], np.float32)
B0 = np.array([0.1, -0.3], np.float32)
_rng = np.random.default_rng(0)
GW = _rng.normal(size=(4, 2, 2)).astype(np.float32)
GB = _rng.normal(size=(4, 2)).astype(np.float32)


def run(optimizer, steps=4):
    """Applies the recorded gradient sequence to a (2, 2) and a (2,) variable."""
    w, b = ag.Variable(W0, name="w"), ag.Variable(B0, name="b")
    for step in range(steps):
        optimizer.apply_gradients([(ag.constant(GW[step]), w), (ag.constant(GB[step]), b)])
    return w.numpy(), b.numpy()


def reference(update, state, steps=4):
    """Runs `update(step, grad, value, slots) -> value` in NumPy over both variables."""
    values = [W0.astype(np.float64), B0.astype(np.float64)]
    slots = [state(v) for v in values]
    for step in range(steps):
        for i, grad in enumerate((GW[step], GB[step])):
            values[i] = update(step, grad.astype(np.float64), values[i], slots[i])
    return values


def check(optimizer, update, state=lambda v: {}, rtol=1e-5):
    got = run(optimizer)
    want = reference(update, state)
    for g, w in zip(got, want):
        assert_allclose(g, w, rtol=rtol, atol=1e-6)


def test_sgd_is_plain_gradient_descent():
    check(ag.optimizers.SGD(0.1), lambda t, g, x, s: x - 0.1 * g)


def test_sgd_momentum():
    def update(t, g, x, s):
        s["m"] = 0.9 * s.get("m", 0.0) - 0.1 * g
        return x + s["m"]
    check(ag.optimizers.SGD(0.1, momentum=0.9), update)


def test_sgd_nesterov_momentum():
    def update(t, g, x, s):
        s["m"] = 0.9 * s.get("m", 0.0) - 0.1 * g
        return x + 0.9 * s["m"] - 0.1 * g
    check(ag.optimizers.SGD(0.1, momentum=0.9, nesterov=True), update)


def _adam(lr, b1=0.9, b2=0.999, eps=1e-7, amsgrad=False, decay=None):
    def update(t, g, x, s):
        if decay is not None:
            x = x - x * decay * lr
        s["m"] = s.get("m", 0.0) + (g - s.get("m", 0.0)) * (1 - b1)
        s["v"] = s.get("v", 0.0) + (g * g - s.get("v", 0.0)) * (1 - b2)
        v = s["v"]
        if amsgrad:
            s["vhat"] = v = np.maximum(s.get("vhat", 0.0), s["v"])
        alpha = lr * np.sqrt(1 - b2 ** (t + 1)) / (1 - b1 ** (t + 1))
        return x - s["m"] * alpha / (np.sqrt(v) + eps)
    return update


def test_adam():
    check(ag.optimizers.Adam(0.01), _adam(0.01))


def test_adam_amsgrad_keeps_the_running_maximum_of_v():
    check(ag.optimizers.Adam(0.01, amsgrad=True), _adam(0.01, amsgrad=True))


def test_adam_amsgrad_divides_by_the_maximum_once_v_shrinks():
    # A large first gradient, then small ones, with beta_2 = 0.5: v falls below its running
    # maximum, so the step must use v_hat, not v (with GW above, v only grows).
    grads = np.array([3.0, 0.1, 0.1, 0.1], np.float32)
    w = ag.Variable(np.float32(1.0))
    optimizer = ag.optimizers.Adam(0.1, beta_2=0.5, amsgrad=True)
    for g in grads:
        optimizer.apply_gradients([(ag.constant(g), w)])
    x, m, v, v_hat = 1.0, 0.0, 0.0, 0.0
    for t, g in enumerate(grads.astype(np.float64)):
        m += (g - m) * 0.1
        v += (g * g - v) * 0.5
        v_hat = max(v_hat, v)
        x -= m * 0.1 * np.sqrt(1 - 0.5 ** (t + 1)) / (1 - 0.9 ** (t + 1)) / (np.sqrt(v_hat)
                                                                             + 1e-7)
    assert v_hat > 4 * v  # the case tells v_hat from v
    assert_allclose(w.numpy(), x, rtol=1e-5)


def test_adam_with_other_betas_and_epsilon():
    check(ag.optimizers.Adam(0.05, beta_1=0.5, beta_2=0.9, epsilon=1e-3),
          _adam(0.05, b1=0.5, b2=0.9, eps=1e-3))


def test_adamw_decays_weights_before_the_adam_step():
    check(ag.optimizers.AdamW(0.01, weight_decay=0.1), _adam(0.01, decay=0.1))


def test_rmsprop():
    def update(t, g, x, s):
        s["v"] = 0.9 * s.get("v", 0.0) + 0.1 * g * g
        return x - 0.01 * g / np.sqrt(s["v"] + 1e-7)
    check(ag.optimizers.RMSprop(0.01), update)


def test_rmsprop_centered_with_momentum():
    def update(t, g, x, s):
        s["v"] = 0.8 * s.get("v", 0.0) + 0.2 * g * g
        s["a"] = 0.8 * s.get("a", 0.0) + 0.2 * g
        s["m"] = 0.5 * s.get("m", 0.0) + 0.01 * g / np.sqrt(s["v"] - s["a"] ** 2 + 1e-7)
        return x - s["m"]
    check(ag.optimizers.RMSprop(0.01, rho=0.8, momentum=0.5, centered=True), update)


def test_adagrad_accumulates_squares_from_its_initial_value():
    def update(t, g, x, s):
        s["acc"] = s.get("acc", 0.1) + g * g
        return x - 0.1 * g / np.sqrt(s["acc"] + 1e-7)
    check(ag.optimizers.Adagrad(0.1), update)


def test_weight_decay_applies_to_every_optimizer():
    check(ag.optimizers.SGD(0.1, weight_decay=0.5),
          lambda t, g, x, s: (x - x * 0.5 * 0.1) - 0.1 * g)


# Recorded from tf.keras (TensorFlow 2.21, Keras 3.15.1): the same variables, gradients, steps.
TF_RESULTS = {
    "sgd_nesterov": (lambda: ag.optimizers.SGD(0.1, momentum=0.9, nesterov=True),
                     [[1.2651970386505127, -0.6857545971870422],
                      [1.6949254274368286, 0.009272683411836624]],
                     [0.3425396680831909, -0.966090738773346]),
    "adam_amsgrad": (lambda: ag.optimizers.Adam(0.01, amsgrad=True),
                     [[0.5111693143844604, -0.9845994710922241],
                      [1.9768650531768799, 0.22459052503108978]],
                     [0.11778963357210159, -0.3098275065422058]),
    "adamw": (lambda: ag.optimizers.AdamW(0.01, weight_decay=0.1),
              [[0.5091831088066101, -0.9806311130523682],
               [1.9689306020736694, 0.22364482283592224]],
              [0.11735672503709793, -0.3086414337158203]),
    "rmsprop_centered_momentum": (
        lambda: ag.optimizers.RMSprop(0.01, momentum=0.5, centered=True),
        [[0.5674986243247986, -0.9380645751953125], [1.9234882593154907, 0.14708693325519562]],
        [0.16202396154403687, -0.3403357267379761]),
    "adagrad": (lambda: ag.optimizers.Adagrad(0.1),
                [[0.7143277525901794, -0.9251013398170471],
                 [1.922440528869629, 0.17896422743797302]],
                [0.21429386734962463, -0.4175378680229187]),
    "sgd_clipnorm": (lambda: ag.optimizers.SGD(0.1, clipnorm=1.0),
                     [[0.6475639343261719, -0.9194014072418213],
                      [1.9457511901855469, 0.20901022851467133]],
                     [0.1935850977897644, -0.49609363079071045]),
    "sgd_clipvalue": (lambda: ag.optimizers.SGD(0.1, clipvalue=0.5),
                      [[0.6374269723892212, -0.9510698318481445],
                       [2.0, 0.23537738621234894]],
                      [0.1716904193162918, -0.40352103114128113]),
    "sgd_global_clipnorm": (lambda: ag.optimizers.SGD(0.1, global_clipnorm=1.0),
                            [[0.6286601424217224, -0.9360717535018921],
                             [1.946431040763855, 0.217424213886261]],
                            [0.1640179306268692, -0.3965207636356354]),
    "sgd_exponential_decay": (
        lambda: ag.optimizers.SGD(ag.optimizers.schedules.ExponentialDecay(0.1, 2, 0.5)),
        [[0.6426935195922852, -0.9413517117500305], [1.9189643859863281, 0.19636450707912445]],
        [0.15526415407657623, -0.4228377640247345]),
}


@pytest.mark.parametrize("case", sorted(TF_RESULTS))
def test_four_steps_match_tf_keras(case):
    make, w_want, b_want = TF_RESULTS[case]
    w, b = run(make())
    assert_allclose(w, w_want, rtol=2e-6, atol=1e-7)
    assert_allclose(b, b_want, rtol=2e-6, atol=1e-7)


def test_clipnorm_scales_each_gradient_to_the_norm():
    w = ag.Variable([0.0, 0.0])
    ag.optimizers.SGD(1.0, clipnorm=1.0).apply_gradients([(ag.constant([3.0, 4.0]), w)])
    assert_allclose(w.numpy(), [-0.6, -0.8], rtol=1e-6)


def test_global_clipnorm_scales_all_gradients_together():
    a, b = ag.Variable([0.0]), ag.Variable([0.0])
    ag.optimizers.SGD(1.0, global_clipnorm=1.0).apply_gradients(
        [(ag.constant([3.0]), a), (ag.constant([4.0]), b)])
    assert_allclose([a.numpy()[0], b.numpy()[0]], [-0.6, -0.8], rtol=1e-6)


def test_clipvalue_clips_each_element():
    w = ag.Variable([0.0, 0.0, 0.0])
    ag.optimizers.SGD(1.0, clipvalue=0.5).apply_gradients([(ag.constant([3.0, -4.0, 0.2]), w)])
    assert_allclose(w.numpy(), [-0.5, 0.5, -0.2], rtol=1e-6)


def test_only_one_clipping_argument_is_allowed():
    with pytest.raises(ValueError, match="^" + re.escape(
            "Only one of `clipnorm`, `clipvalue` and `global_clipnorm` can be set. "
            "Received: clipnorm=1.0, clipvalue=1.0, global_clipnorm=None") + "$"):
        ag.optimizers.Adam(clipnorm=1.0, clipvalue=1.0)


def test_defaults_follow_keras():
    config = ag.optimizers.Adam().get_config()
    assert config["epsilon"] == 1e-7 and config["beta_1"] == 0.9 and config["beta_2"] == 0.999
    assert_allclose(config["learning_rate"], 0.001, rtol=1e-7)
    assert ag.optimizers.SGD().get_config()["momentum"] == 0.0
    assert_allclose(ag.optimizers.SGD().get_config()["learning_rate"], 0.01, rtol=1e-7)
    assert ag.optimizers.AdamW().weight_decay == 0.004
    rms = ag.optimizers.RMSprop().get_config()
    assert (rms["rho"], rms["momentum"], rms["epsilon"], rms["centered"]) == (0.9, 0.0, 1e-7,
                                                                             False)
    assert_allclose(rms["learning_rate"], 0.001, rtol=1e-7)
    ada = ag.optimizers.Adagrad().get_config()
    assert (ada["initial_accumulator_value"], ada["epsilon"]) == (0.1, 1e-7)
    assert_allclose(ada["learning_rate"], 0.001, rtol=1e-7)


def test_adamw_defaults_follow_keras():
    config = ag.optimizers.AdamW().get_config()
    assert_allclose(config["learning_rate"], 0.001, rtol=1e-7)
    assert (config["weight_decay"], config["beta_1"], config["beta_2"], config["epsilon"],
            config["amsgrad"]) == (0.004, 0.9, 0.999, 1e-7, False)


def test_amsgrad_survives_a_config_round_trip():
    config = ag.optimizers.Adam(amsgrad=True).get_config()
    assert config["amsgrad"] is True
    assert ag.optimizers.Adam.from_config(config).amsgrad is True


def test_names_are_snake_case_class_names_as_in_keras():
    # tf.keras names them adam, adam_w and rm_sprop (with _1, _2 ... for later ones).
    assert ag.optimizers.AdamW().name.startswith("adam_w")
    assert ag.optimizers.RMSprop().name.startswith("rm_sprop")
    assert ag.optimizers.SGD(name="mine").name == "mine"


def test_get_config_and_from_config_round_trip():
    opt = ag.optimizers.RMSprop(0.05, rho=0.8, momentum=0.2, centered=True, clipnorm=2.0,
                                name="rms")
    again = ag.optimizers.RMSprop.from_config(opt.get_config())
    assert again.get_config() == opt.get_config()
    assert again is not opt and again.iterations is not opt.iterations


def test_get_config_serialises_a_schedule():
    schedule = ag.optimizers.schedules.ExponentialDecay(0.1, 2, 0.5)
    config = ag.optimizers.SGD(schedule).get_config()
    assert config["learning_rate"] == {"class_name": "ExponentialDecay", "config": {
        "initial_learning_rate": 0.1, "decay_steps": 2, "decay_rate": 0.5, "staircase": False,
        "name": "ExponentialDecay"}}
    again = ag.optimizers.SGD.from_config(config)
    assert_allclose(float(again.learning_rate), 0.1)


def test_from_config_accepts_tf_keras_schedule_serialisation():
    config = {"learning_rate": {"module": "keras.optimizers.schedules",
                                "class_name": "PiecewiseConstantDecay",
                                "config": {"boundaries": [2], "values": [1.0, 0.5],
                                           "name": "PiecewiseConstant"},
                                "registered_name": None}}
    opt = ag.optimizers.SGD.from_config(config)
    assert isinstance(opt._learning_rate, ag.optimizers.schedules.PiecewiseConstantDecay)


def test_unknown_argument_is_an_error():
    with pytest.raises(ValueError, match="^" + re.escape(
            "SGD: argument(s) not recognized: ['learning_rat'].") + "$"):
        ag.optimizers.SGD(learning_rat=0.1)


def test_iterations_counts_steps_and_apply_returns_it():
    opt, w = ag.optimizers.SGD(), ag.Variable(1.0)
    assert opt.iterations.dtype == ag.int64 and int(opt.iterations.numpy()) == 0
    for _ in range(3):
        result = opt.apply_gradients([(ag.constant(1.0), w)])
    assert result is opt.iterations and int(opt.iterations.numpy()) == 3


def test_learning_rate_is_settable_between_steps():
    opt, w = ag.optimizers.SGD(0.1), ag.Variable(1.0)
    opt.apply_gradients([(ag.constant(1.0), w)])
    opt.learning_rate = 0.5
    opt.apply_gradients([(ag.constant(1.0), w)])
    assert_allclose(w.numpy(), 1.0 - 0.1 - 0.5, rtol=1e-6)
    assert_allclose(opt.learning_rate.numpy(), 0.5)


def test_learning_rate_may_be_a_variable():
    rate = ag.Variable(0.25)
    opt, w = ag.optimizers.SGD(rate), ag.Variable(1.0)
    opt.apply_gradients([(ag.constant(1.0), w)])
    rate.assign(0.5)
    opt.apply_gradients([(ag.constant(1.0), w)])
    assert_allclose(w.numpy(), 0.25, rtol=1e-6)
    assert opt.variables[1] is rate


def test_int_learning_rate_is_accepted_unlike_keras():
    # Keras 3 raises ValueError for learning_rate=1; an int means the same float here.
    assert_allclose(ag.optimizers.SGD(1).learning_rate.numpy(), 1.0)


def test_bad_learning_rate_is_an_error():
    with pytest.raises(ValueError, match="^" + re.escape(
            "Adam: `learning_rate` should be a float, a LearningRateSchedule, a float "
            "variable, or a callable returning the rate; received 'fast'.") + "$"):
        ag.optimizers.Adam(learning_rate="fast")


def test_setting_a_number_on_a_schedule_is_a_type_error():
    opt = ag.optimizers.SGD(ag.optimizers.schedules.ExponentialDecay(0.1, 2, 0.5))
    with pytest.raises(TypeError, match="^" + re.escape(
            "This optimizer was created with a LearningRateSchedule (ExponentialDecay) "
            "as its learning_rate, so its learning rate cannot be set to a number: "
            "create the optimizer with a float learning_rate to make it settable, or set "
            "another schedule.") + "$"):
        opt.learning_rate = 0.1


def test_sgd_momentum_out_of_range_is_an_error():
    with pytest.raises(ValueError, match="^" + re.escape(
            "`momentum` must be a float between [0, 1]. Received: momentum=1.5") + "$"):
        ag.optimizers.SGD(momentum=1.5)


def test_adamw_needs_a_weight_decay():
    # Keras 3's message, word for word.
    with pytest.raises(ValueError) as raised:
        ag.optimizers.AdamW(weight_decay=None)
    assert str(raised.value) == ("Argument `weight_decay` must be a float. Received: "
                                 "weight_decay=None")


def test_none_gradients_are_skipped_with_a_warning_naming_the_variable():
    opt = ag.optimizers.SGD(0.1)
    w, u = ag.Variable(1.0, name="w"), ag.Variable(2.0, name="unused")
    with pytest.warns(UserWarning, match=(
            "^" + re.escape("Gradients do not exist for variables ['unused:0'] when "
                            "minimizing the loss; ") + r"sgd(_\d+)?"
            + re.escape(" leaves them unchanged.") + "$")):
        opt.apply_gradients([(ag.constant(1.0), w), (None, u)])
    assert_allclose([w.numpy(), u.numpy()], [0.9, 2.0], rtol=1e-6)


def test_all_none_gradients_are_an_error():
    with pytest.raises(ValueError, match=(
            "^" + re.escape("No gradients provided for any variable: every gradient passed "
                            "to ") + r"sgd(_\d+)?" + re.escape(
                " is None (['Variable:0']). Check that the loss depends on the variables "
                "and was computed under the tape.") + "$")):
        ag.optimizers.SGD().apply_gradients([(None, ag.Variable(1.0))])


def test_no_pairs_is_an_error():
    with pytest.raises(ValueError, match=(
            r"^sgd(_\d+)?" + re.escape(
                ".apply_gradients got no (gradient, variable) pairs: pass e.g. "
                "zip(tape.gradient(loss, variables), variables).") + "$")):
        ag.optimizers.SGD().apply_gradients([])


def test_a_variable_not_seen_on_the_first_apply_is_an_error():
    opt = ag.optimizers.Adam()
    opt.apply_gradients([(ag.constant(1.0), ag.Variable(1.0, name="a"))])
    with pytest.raises(ValueError, match=(
            "^" + re.escape("Unknown variable 'b:0': optimizer ") + r"adam(_\d+)?" + re.escape(
                " was built for ['a:0'] (the variables of its first apply_gradients) and "
                "can only update those. Use a new optimizer for a new set of "
                "variables.") + "$")):
        opt.apply_gradients([(ag.constant(1.0), ag.Variable(1.0, name="b"))])


def test_gradient_shape_mismatch_is_an_error():
    with pytest.raises(ValueError, match=(
            r"^sgd(_\d+)?" + re.escape(
                ": the gradient of w:0 has shape (2,), incompatible with the variable's "
                "(3,).") + "$")):
        ag.optimizers.SGD().apply_gradients([(ag.constant([1.0, 2.0]),
                                              ag.Variable([1.0, 2.0, 3.0], name="w"))])


def test_minimize_with_a_callable_loss():
    w = ag.Variable(3.0)
    opt = ag.optimizers.SGD(0.1)
    opt.minimize(lambda: w * w, [w])
    assert_allclose(w.numpy(), 3.0 - 0.1 * 6.0, rtol=1e-6)


def test_minimize_with_a_tensor_loss_and_its_tape():
    w = ag.Variable(3.0)
    with ag.GradientTape() as tape:
        loss = w * w
    ag.optimizers.SGD(0.1).minimize(loss, lambda: [w], tape=tape)
    assert_allclose(w.numpy(), 2.4, rtol=1e-6)


def test_minimize_a_tensor_without_its_tape_is_an_error():
    w = ag.Variable(3.0)
    with pytest.raises(ValueError, match="^" + re.escape(
            "minimize: `tape` is required when the loss is a tensor; pass the "
            "GradientTape that recorded it, or pass the loss as a callable taking no "
            "argument.") + "$"):
        ag.optimizers.SGD().minimize(w * w, [w])


def test_slots_are_made_on_the_first_apply_with_keras_names_and_order():
    opt = ag.optimizers.Adam(amsgrad=True, name="adam_slots")
    w, b = ag.Variable(W0, name="w"), ag.Variable(B0, name="b")
    assert [v.name for v in opt.variables] == ["adam_slots/iteration:0",
                                                "adam_slots/learning_rate:0"]
    opt.apply_gradients([(ag.constant(GW[0]), w), (ag.constant(GB[0]), b)])
    # tf.keras: iteration, learning_rate, w_0_momentum, w_0_velocity, b_0_momentum,
    # b_0_velocity, w_0_velocity_hat, b_0_velocity_hat.
    assert [v.name.split("/")[1] for v in opt.variables][2:] == [
        "w_0_momentum:0", "w_0_velocity:0", "b_0_momentum:0", "b_0_velocity:0",
        "w_0_velocity_hat:0", "b_0_velocity_hat:0"]
    assert opt.get_slot(w, "velocity").shape == (2, 2)


def test_build_makes_the_slots_before_any_step():
    opt, w = ag.optimizers.Adagrad(initial_accumulator_value=0.5), ag.Variable([1.0, 2.0])
    opt.build([w])
    assert_allclose(opt.get_slot(w, "accumulator").numpy(), [0.5, 0.5])
    assert int(opt.iterations.numpy()) == 0


def test_trackable_children_are_keras_3s_attributes_with_slots_in_creation_order():
    # TensorFlow 2.21 + Keras 3 checkpoint an Adam as optimizer/_iterations,
    # optimizer/_learning_rate and optimizer/_variables/<i>, i its position in variables.
    opt = ag.optimizers.Adam()
    w, b = ag.Variable(W0, name="w"), ag.Variable(B0, name="b")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        opt.apply_gradients([(ag.constant(GW[0]), w), (None, b)])
    children = opt._trackable_children()
    assert list(children) == ["_iterations", "_learning_rate", "_variables"]
    assert children["_iterations"] is opt.iterations
    assert children["_learning_rate"] is opt.variables[1]
    assert [v is u for v, u in zip(children["_variables"], opt.variables)] == [True] * 6
    assert children["_variables"][4] is opt.get_slot(b, "momentum")


def test_trackable_children_leave_out_a_schedule():
    opt = ag.optimizers.SGD(ag.optimizers.schedules.CosineDecay(0.1, 10), momentum=0.5)
    assert list(opt._trackable_children()) == ["_iterations", "_variables"]


def test_float64_variables_get_float64_slots_and_cast_gradients():
    opt, w = ag.optimizers.SGD(0.5, momentum=0.5), ag.Variable(np.array([1.0, 2.0]))
    opt.apply_gradients([(np.array([1.0, 1.0], np.float32), w)])
    assert opt.get_slot(w, "momentum").dtype == ag.float64 and w.dtype == ag.float64
    assert_allclose(w.numpy(), [0.5, 1.5])


def test_sgd_takes_a_momentum_of_one_and_keeps_the_whole_velocity():
    # TensorFlow 2.21: 0.7 (velocity -0.1, then -0.2)
    opt, w = ag.optimizers.SGD(0.1, momentum=1.0), ag.Variable(1.0)
    for _ in range(2):
        opt.apply_gradients([(ag.constant(1.0), w)])
    assert_allclose(w.numpy(), 0.7, rtol=1e-6)


def test_rmsprop_without_momentum_keeps_no_momentum_slot():
    opt, w = ag.optimizers.RMSprop(0.1), ag.Variable([1.0, 2.0])
    opt.apply_gradients([(ag.constant([1.0, 1.0]), w)])
    assert opt.get_slot(w, "velocity").shape == (2,)
    with pytest.raises(KeyError, match="keeps no slot 'momentum'"):
        opt.get_slot(w, "momentum")
