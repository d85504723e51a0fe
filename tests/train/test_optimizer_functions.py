"""Optimizers inside `ag.function`: slots made on the first trace, the singleton-variable rule
with several optimizers (the example of the Functions guide), and traced steps equal to eager
ones."""

import re

import numpy as np
import pytest
from numpy.testing import assert_allclose

import autograph as ag


def seed_train_step(w, x, y, optimizer):
    with ag.GradientTape() as tape:
        loss = ag.reduce_sum(ag.square(w * x - y))
    gradients = tape.gradient(loss, [w])
    optimizer.apply_gradients(zip(gradients, [w]))


def test_one_function_with_a_second_optimizer_raises_with_advice():
    opt1 = ag.optimizers.Adam(learning_rate=1e-2)
    opt2 = ag.optimizers.Adam(learning_rate=1e-3)
    train_step = ag.function(seed_train_step)
    w, x, y = ag.Variable(2.0), ag.constant([-1.0]), ag.constant([2.0])
    train_step(w, x, y, opt1)
    assert_allclose(w.numpy(), 1.9900001, rtol=1e-7)  # tf.keras: 1.9900001
    # The function puts the frames of user code before the message.
    with pytest.raises(ValueError, match=(
            r"(?s)^in user code:\n\n.*\n\n    ValueError: " + re.escape(
                "ag.function 'seed_train_step' created a variable (the slots of optimizer ")
            + r"adam(_\d+)?" + re.escape(
                ") on a trace after its first: a Function only supports variables created "
                "once, on its first trace, and reused by later calls. Create the variable "
                "outside the function (or guard its creation, e.g. `if self.v is None: "
                "self.v = ag.Variable(...)`) and use it inside. An optimizer creates its "
                "variables the first time it applies gradients, so a Function traced with one "
                "optimizer cannot be called with another: make a new Function for each "
                "optimizer (`train_step_1 = ag.function(train_step)`, `train_step_2 = "
                "ag.function(train_step)`), or call `optimizer.build(variables)` before the "
                "first call.") + "$")):
        train_step(w, x, y, opt2)
    assert not opt2.built  # opt2 stays usable elsewhere


def test_one_function_per_optimizer_works():
    opt1 = ag.optimizers.Adam(learning_rate=1e-2)
    opt2 = ag.optimizers.Adam(learning_rate=1e-3)
    w, x, y = ag.Variable(2.0), ag.constant([-1.0]), ag.constant([2.0])
    train_step_1 = ag.function(seed_train_step)
    train_step_2 = ag.function(seed_train_step)
    for i in range(10):
        if i % 2 == 0:
            train_step_1(w, x, y, opt1)
        else:
            train_step_2(w, x, y, opt2)
    assert_allclose(w.numpy(), 1.9450137615203857, rtol=1e-6)  # recorded from tf.keras
    assert int(opt1.iterations.numpy()) == int(opt2.iterations.numpy()) == 5


def test_building_the_second_optimizer_first_lets_one_function_serve_both():
    opt1, opt2 = ag.optimizers.SGD(0.1), ag.optimizers.SGD(0.1, momentum=0.5)
    w, x, y = ag.Variable(2.0), ag.constant([-1.0]), ag.constant([2.0])
    opt2.build([w])
    train_step = ag.function(seed_train_step)
    train_step(w, x, y, opt1)
    train_step(w, x, y, opt2)
    assert int(opt2.iterations.numpy()) == 1


def _model_and_data():
    rng = np.random.default_rng(3)
    x = ag.constant(rng.normal(size=(8, 3)).astype(np.float32))
    y = ag.constant(rng.normal(size=(8, 1)).astype(np.float32))
    params = [ag.Variable(rng.normal(size=(3, 1)).astype(np.float32), name="w"),
              ag.Variable(np.zeros(1, np.float32), name="b")]
    return x, y, params


def _step(x, y, params, optimizer):
    with ag.GradientTape() as tape:
        loss = ag.reduce_mean(ag.square(ag.matmul(x, params[0]) + params[1] - y))
    optimizer.apply_gradients(zip(tape.gradient(loss, params), params))
    return loss


@pytest.mark.parametrize("make", [
    lambda: ag.optimizers.SGD(0.1, momentum=0.9, nesterov=True),
    lambda: ag.optimizers.Adam(0.05, amsgrad=True, clipnorm=0.5),
    lambda: ag.optimizers.AdamW(0.05),
    lambda: ag.optimizers.RMSprop(0.01, momentum=0.3, centered=True, global_clipnorm=1.0),
    lambda: ag.optimizers.Adagrad(0.1, clipvalue=0.2),
    lambda: ag.optimizers.SGD(ag.optimizers.schedules.CosineDecay(
        0.0, 4, warmup_target=0.2, warmup_steps=2)),
], ids=["sgd", "adam", "adamw", "rmsprop", "adagrad", "sgd_cosine_warmup"])
def test_a_traced_training_step_equals_the_eager_one(make):
    x, y, eager_params = _model_and_data()
    _, _, traced_params = _model_and_data()
    eager_opt, traced_opt = make(), make()

    @ag.function
    def traced(x, y):
        return _step(x, y, traced_params, traced_opt)

    for _ in range(5):
        eager_loss = _step(x, y, eager_params, eager_opt)
        traced_loss = traced(x, y)
        assert_allclose(traced_loss.numpy(), eager_loss.numpy(), rtol=1e-6)
    for got, want in zip(traced_params, eager_params):
        assert_allclose(got.numpy(), want.numpy(), rtol=1e-6, atol=1e-7)
    assert traced.experimental_get_tracing_count() == 1
    assert int(traced_opt.iterations.numpy()) == 5


def test_setting_the_learning_rate_changes_an_already_traced_step():
    w = ag.Variable(1.0)
    opt = ag.optimizers.SGD(0.1)

    @ag.function
    def step():
        opt.apply_gradients([(ag.constant(1.0), w)])

    step()
    opt.learning_rate = 0.5
    step()
    assert_allclose(w.numpy(), 0.4, rtol=1e-6)
    assert step.experimental_get_tracing_count() == 1


def test_minimize_inside_a_function():
    w = ag.Variable(3.0)
    opt = ag.optimizers.SGD(0.1)

    @ag.function
    def step():
        opt.minimize(lambda: w * w, [w])

    step()
    step()
    assert_allclose(w.numpy(), 3.0 * 0.8 * 0.8, rtol=1e-6)


def test_none_gradient_warning_names_the_variable_while_tracing():
    w, unused = ag.Variable(1.0, name="w"), ag.Variable(1.0, name="frozen")
    opt = ag.optimizers.Adam()

    @ag.function
    def step():
        with ag.GradientTape() as tape:
            loss = w * 2.0
        opt.apply_gradients(zip(tape.gradient(loss, [w, unused]), [w, unused]))

    with pytest.warns(UserWarning, match=(
            "^" + re.escape("Gradients do not exist for variables ['frozen:0'] when minimizing "
                            "the loss; ") + r"adam(_\d+)?" + re.escape(" leaves them unchanged.")
            + "$")):
        step()
    step()
    assert int(opt.iterations.numpy()) == 2


@pytest.mark.parametrize("make", [lambda: ag.optimizers.Adam(0.1, amsgrad=True),
                                  lambda: ag.optimizers.RMSprop(0.05, momentum=0.5)],
                         ids=["adam", "rmsprop"])
def test_in_a_tf1_graph_apply_gradients_returns_the_step_op(make):
    start = np.array([1.0, 2.0], np.float32)
    feed = np.array([1.0, -3.0], np.float32)
    eager_w, eager_opt = ag.Variable(start), make()
    for _ in range(3):
        with ag.GradientTape() as tape:
            loss = ag.reduce_sum(eager_w * eager_w * feed)
        eager_opt.apply_gradients(zip(tape.gradient(loss, [eager_w]), [eager_w]))
    with ag.Graph().as_default():
        w = ag.Variable(start, name="w")
        x = ag.placeholder(ag.float32, [2])
        opt = make()
        train = opt.apply_gradients(zip(ag.gradients(ag.reduce_sum(w * w * x), [w]), [w]))
        with ag.Session() as session:
            session.run(ag.global_variables_initializer())
            for _ in range(3):
                session.run(train, {x: feed})
            got, steps = session.run([w, opt.iterations])
    assert_allclose(got, eager_w.numpy(), rtol=1e-6)
    assert steps == 3


def test_in_a_tf1_graph_minimize_returns_the_step_op_and_get_config_works():
    with ag.Graph().as_default():
        w = ag.Variable(3.0)
        opt = ag.optimizers.SGD(0.1)
        step = opt.minimize(lambda: w * w, [w])
        with ag.Session() as session:
            session.run(ag.global_variables_initializer())
            session.run(step)
            assert_allclose(session.run(w), 2.4, rtol=1e-6)
        assert_allclose(opt.get_config()["learning_rate"], 0.1, rtol=1e-7)


def test_in_a_tf1_graph_setting_the_learning_rate_says_to_run_an_assign():
    with ag.Graph().as_default():
        opt = ag.optimizers.SGD(0.1)
        with pytest.raises(ValueError, match=(
                r"^sgd(_\d+)?" + re.escape(
                    "'s learning rate is a variable of a TensorFlow 1 graph: setting it here "
                    "would only add an op that nothing runs. Run "
                    "`session.run(optimizer.learning_rate.assign(0.5))` instead.") + "$")):
            opt.learning_rate = 0.5
