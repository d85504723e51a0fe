"""`ag.gradients` in graph mode, tapes inside `ag.function`, `ag.custom_gradient`; expected
values are TensorFlow 2.21's answers."""

import re

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag


def test_gradients_in_a_graph_run_by_a_session():
    with ag.Graph().as_default() as g:
        p = ag.placeholder(ag.float32, [None, 3])
        q = ag.reduce_sum(p * p, axis=1)
        (gq,) = ag.gradients(q, p, grad_ys=ag.constant([1.0, 2.0]))
    result = ag.Session(graph=g).run(gq, {p: [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]})
    npt.assert_allclose(result, [[2.0, 4.0, 6.0], [16.0, 20.0, 24.0]])


def test_gradients_of_a_graph_variable():
    with ag.Graph().as_default() as g:
        v = ag.Variable(3.0)
        (gv,) = ag.gradients(v * v, [v])
        init = ag.compat.v1.global_variables_initializer()
    with ag.Session(graph=g) as sess:
        sess.run(init)
        assert sess.run(gv) == 6.0


def test_gradients_stop_at_stop_gradients():
    with ag.Graph().as_default() as g:
        x = ag.placeholder(ag.float32, [])
        y = x * x
        (gx,) = ag.gradients(y * x, [x], stop_gradients=[y])
    assert ag.Session(graph=g).run(gx, {x: 3.0}) == 9.0


def test_a_source_held_by_stop_gradients_still_gets_its_gradient():
    # TensorFlow 2.21: tf.gradients(z, [x], stop_gradients=[x]) gives 12.0 at x = 2, and
    # tf.gradients(z, [x, y], stop_gradients=[y]) gives [None, 3.0]: the gradient reaches a
    # held tensor but goes no further.
    with ag.Graph().as_default() as g:
        x = ag.placeholder(ag.float32, [])
        y = x * x
        z = y * 3.0
        (gx,) = ag.gradients(z, [x], stop_gradients=[x])
        none, gy = ag.gradients(z, [x, y], stop_gradients=[y])
    assert none is None
    assert ag.Session(graph=g).run([gx, gy], {x: 2.0}) == [12.0, 3.0]


def test_unconnected_gradients_zero_fills_only_the_unconnected_sources():
    with ag.Graph().as_default() as g:
        x = ag.placeholder(ag.float32, [])
        w = ag.placeholder(ag.float32, [2])
        grads = ag.gradients(x * x * 3.0, [x, w], unconnected_gradients="zero")
    gx, gw = ag.Session(graph=g).run(grads, {x: 2.0, w: [1.0, 1.0]})
    assert gx == 12.0
    npt.assert_array_equal(gw, [0.0, 0.0])


def test_a_gradient_function_giving_none_adds_nothing_to_the_other_paths():
    @ag.custom_gradient
    def product_with_no_gradient_for_a(a, b):
        def grad(dy):
            return None, dy * a
        return a * b, grad

    with ag.Graph().as_default() as g:
        x = ag.placeholder(ag.float32, [])
        (gx,) = ag.gradients(product_with_no_gradient_for_a(x, 3.0) + 2.0 * x, [x])
    assert ag.Session(graph=g).run(gx, {x: 5.0}) == 2.0  # from `2 * x` alone, as TensorFlow 2.21


def test_gradients_eagerly_is_an_error():
    with pytest.raises(RuntimeError, match="Use ag.GradientTape instead"):
        ag.gradients(ag.constant(1.0), [ag.constant(1.0)])


def test_a_tape_inside_a_function_trains_a_linear_model():
    w = ag.Variable(np.ones((3, 2), np.float32))
    b = ag.Variable(np.zeros(2, np.float32))

    @ag.function(autograph=False)
    def step(x, y):
        with ag.GradientTape() as tape:
            loss = ag.reduce_mean((ag.matmul(x, w) + b - y) ** 2)
        gw, gb = tape.gradient(loss, [w, b])
        w.assign_sub(0.1 * gw)
        b.assign_sub(0.1 * gb)
        return loss

    x = ag.constant(np.arange(12, dtype=np.float32).reshape(4, 3) / 10)
    y = ag.constant(np.ones((4, 2), np.float32))
    losses = [float(step(x, y)) for _ in range(3)]
    xs, ys = x.numpy(), y.numpy()
    wn, bn = np.ones((3, 2), np.float32), np.zeros(2, np.float32)
    for loss in losses:
        error = xs @ wn + bn - ys
        npt.assert_allclose(loss, np.mean(error ** 2), rtol=1e-5)
        wn = wn - 0.1 * xs.T @ (2 * error / error.size)
        bn = bn - 0.1 * (2 * error / error.size).sum(0)
    npt.assert_allclose(w.numpy(), wn, rtol=1e-5)


def test_custom_gradient_replaces_the_gradient():
    @ag.custom_gradient
    def clipped_identity(x):
        return ag.identity(x), lambda dy: ag.clip_by_value(dy, -1.0, 1.0)

    x = ag.constant(2.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = clipped_identity(x) * 5.0
    assert float(tape.gradient(y, x)) == 1.0


@pytest.mark.parametrize("takes", ["variables", "keyword arguments"])
def test_custom_gradient_of_a_function_reading_a_variable(takes):
    v = ag.Variable(3.0)

    @ag.custom_gradient
    def scaled(x):
        def grad_with_variables(dy, variables=None):
            return dy * v, [dy * x * 10.0 for _ in variables]

        def grad_with_keywords(dy, **kwargs):
            return grad_with_variables(dy, kwargs["variables"])
        return x * v, grad_with_variables if takes == "variables" else grad_with_keywords

    x = ag.constant(2.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = scaled(x)
    assert [float(g) for g in tape.gradient(y, [x, v])] == [3.0, 20.0]


def test_custom_gradient_reading_a_variable_needs_a_variables_argument():
    v = ag.Variable(3.0)

    @ag.custom_gradient
    def scaled(x):
        return x * v, lambda dy: dy

    with pytest.raises(TypeError, match=re.escape(
            "If using @custom_gradient with a function that uses variables, then grad_fn must "
            "accept a keyword argument 'variables'.") + "$"):
        scaled(ag.constant(1.0))


def test_custom_gradient_in_a_graph():
    @ag.custom_gradient
    def log1pexp(x):
        e = ag.exp(x)
        return ag.math.log(1 + e), lambda dy: dy * (1 - 1 / (1 + e))

    with ag.Graph().as_default() as g:
        x = ag.placeholder(ag.float32, [])
        (gx,) = ag.gradients(log1pexp(x), [x])
    npt.assert_allclose(ag.Session(graph=g).run(gx, {x: 100.0}), 1.0)


def test_a_custom_gradient_with_two_outputs_in_a_graph_uses_only_its_grad_fn():
    @ag.custom_gradient
    def pair(x):
        def grad(da, db):
            return da * 10.0 + db * 100.0
        return (x * x, x * 3.0), grad

    with ag.Graph().as_default() as g:
        x = ag.placeholder(ag.float32, [])
        a, b = pair(x)
        found = [ag.gradients(a, [x]), ag.gradients(b, [x]), ag.gradients(a + b, [x])]
    assert ag.Session(graph=g).run(found, {x: 2.0}) == [[10.0], [100.0], [110.0]]


def test_a_nested_custom_gradient_reports_its_variables_to_the_one_around_it():
    v, w = ag.Variable(3.0, name="v"), ag.Variable(5.0, name="w")
    seen = []

    @ag.custom_gradient
    def inner(x):
        return x * v, lambda dy, variables=None: (dy * v, [dy * x])

    @ag.custom_gradient
    def outer(x):
        def grad(dy, variables=None):
            seen.extend(u.name for u in variables)
            return dy * 100.0, [dy * 1000.0 for _ in variables]
        return inner(x) * w, grad

    x = ag.constant(2.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = outer(x)
    assert [u.name for u in tape.watched_variables()] == ["v:0", "w:0"]
    assert [float(g) for g in tape.gradient(y, [x, v, w])] == [100.0, 1000.0, 1000.0]
    assert seen == ["v:0", "w:0"]


@pytest.mark.parametrize("decorator", [ag.custom_gradient, ag.recompute_grad])
def test_a_decorated_function_keeps_its_name_and_docstring(decorator):
    def scaled(x):
        """Three times x."""
        return x * 3.0, lambda dy: dy * 3.0
    wrapped = decorator(scaled)
    assert (wrapped.__name__, wrapped.__doc__) == ("scaled", "Three times x.")


def test_recompute_grad_gives_the_same_gradients():
    w = ag.Variable([[0.5, -1.0], [2.0, 0.25]])

    def block(x):
        return ag.reduce_sum(ag.tanh(ag.matmul(x, w)) ** 2)

    x = ag.constant([[1.0, 2.0]])
    gradients = []
    for fn in (block, ag.recompute_grad(block)):
        with ag.GradientTape() as tape:
            tape.watch(x)
            y = fn(x)
        gradients.append([g.numpy() for g in tape.gradient(y, [x, w])])
    for plain, recomputed in zip(*gradients):
        npt.assert_allclose(recomputed, plain, rtol=1e-6)


def test_gradients_called_eagerly_says_to_use_a_tape():
    with pytest.raises(RuntimeError, match=re.escape(
            "ag.gradients is not supported when eager execution is enabled. Use "
            "ag.GradientTape instead.") + "$"):
        ag.gradients(ag.constant(1.0), [ag.constant(1.0)])


def test_gradients_with_one_grad_ys_per_ys_missing_is_an_error():
    with ag.Graph().as_default():
        x = ag.placeholder(ag.float32, [])
        with pytest.raises(ValueError, match=re.escape(
                "grad_ys has 1 tensors for 2 ys; give one per ys (or None).") + "$"):
            ag.gradients([x * 2.0, x * 3.0], [x], grad_ys=[1.0])


@pytest.mark.parametrize("argument", ["ys", "xs", "stop_gradients"])
def test_gradients_of_something_not_a_tensor_names_the_argument(argument):
    with ag.Graph().as_default():
        x = ag.placeholder(ag.float32, [])
        given = {"ys": x * 2.0, "xs": [x], argument: [3.0]}
        with pytest.raises(TypeError, match=re.escape(
                f"ag.gradients: {argument} must be tensors or variables of the graph being "
                f"built, got float 3.0.") + "$"):
            ag.gradients(**given)


@ag.function
def _cubed(x):
    return x * x * x


def test_a_tape_recording_the_gradient_of_a_function_call_differentiates_its_seed():
    x, seed = ag.constant(2.0), ag.constant(1.0)
    with ag.GradientTape() as inner:
        inner.watch(x)
        y = _cubed(x)
    with ag.GradientTape() as outer:
        outer.watch(seed)
        g = inner.gradient(y, x, output_gradients=seed)
    assert (float(g), float(outer.gradient(g, seed))) == (12.0, 12.0)  # TensorFlow 2.21
