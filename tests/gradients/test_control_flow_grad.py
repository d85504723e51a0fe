"""Gradients through function calls and conditionals (`if` on tensors, `cond`, `switch_case`):
eagerly, around and inside `ag.function`, and in graphs; expected values are TensorFlow 2.21's
answers to the same programs."""

import numpy.testing as npt
import pytest

import autograph as ag


@ag.function
def _square_or_triple(x):
    if x > 0:
        y = x * x
    else:
        y = -3.0 * x
    return y


_v = ag.Variable(3.0)


@ag.function
def _reads_in_branches(x):
    if x > 0:
        y = _v * x
    else:
        y = _v * _v
    return y


@ag.function
def _tape_inside(x):
    with ag.GradientTape() as tape:
        if x > 0:
            y = _v * x
        else:
            y = _v * _v
    return tape.gradient(y, _v)


def test_a_tape_around_a_function_call_differentiates_it():
    w = ag.Variable([[1.0, 2.0], [3.0, 4.0]])

    @ag.function(autograph=False)
    def f(x):
        return ag.reduce_sum(ag.matmul(x, w) ** 2)

    x = ag.constant([[1.0, 1.0]])
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    gx, gw = tape.gradient(y, [x, w])
    npt.assert_allclose(gx.numpy(), [[32.0, 72.0]])
    npt.assert_allclose(gw.numpy(), [[8.0, 12.0], [8.0, 12.0]])


@pytest.mark.parametrize("value, expected", [(2.0, 4.0), (-2.0, -3.0)])
def test_gradient_of_the_branch_taken(value, expected):
    x = ag.constant(value)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = _square_or_triple(x)
    assert float(tape.gradient(y, x)) == expected


@pytest.mark.parametrize("value, expected", [(2.0, 2.0), (-2.0, 6.0)])
def test_a_tape_inside_a_function_differentiates_variables_read_in_branches(value, expected):
    assert float(_tape_inside(ag.constant(value))) == expected


def test_variables_read_in_branches_of_a_called_function_get_gradients():
    with ag.GradientTape() as tape:
        y = _reads_in_branches(ag.constant(-2.0))
    assert float(tape.gradient(y, _v)) == 6.0


def test_second_derivative_of_cond_in_a_graph():
    with ag.Graph().as_default() as g:
        p = ag.placeholder(ag.float32, [])
        y = ag.cond(p > 0, lambda: p * p, lambda: p * 5.0)
        (dp,) = ag.gradients(y, [p])
        (ddp,) = ag.gradients(dp, [p])
    session = ag.Session(graph=g)
    assert session.run([dp, ddp], {p: 3.0}) == [6.0, 2.0]
    assert session.run([dp, ddp], {p: -3.0}) == [5.0, 0.0]


def test_switch_case_gradient_eagerly():
    x = ag.constant(1.5)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = ag.switch_case(ag.constant(1), [lambda: x * 2.0, lambda: x * x * x,
                                            lambda: ag.sin(x)])
    assert float(tape.gradient(y, x)) == 6.75


def test_switch_case_gradient_in_a_function():
    @ag.function(autograph=False)
    def pick(i, x):
        return ag.switch_case(i, [lambda: x * 2.0, lambda: x * x * x, lambda: ag.sin(x)])

    x = ag.constant(1.5)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = pick(ag.constant(2), x)
    npt.assert_allclose(float(tape.gradient(y, x)), 0.0707372, rtol=1e-5)


@pytest.mark.parametrize("draw, op_type", [
    (lambda: ag.random.uniform([]), "RandomUniform"),
    (lambda: ag.random.normal([]), "RandomStandardNormal"),
    (lambda: ag.random.truncated_normal([]), "TruncatedNormal"),
    (lambda: ag.cast(ag.random.uniform([], maxval=5, dtype=ag.int32), ag.float32),
     "RandomUniformInt"),
])
def test_gradient_of_a_branch_drawing_random_numbers_is_refused(draw, op_type):
    with ag.Graph().as_default():
        p = ag.placeholder(ag.float32, [])
        y = ag.cond(p > 0, lambda: p * draw(), lambda: p)
        with pytest.raises(NotImplementedError, match=(
                rf"^The gradient of a conditional whose branch draws random numbers "
                rf"\({op_type} '[^']+'\) is not supported: its gradient would draw new ones\. "
                rf"Draw them before the conditional and pass them in\.$")):
            ag.gradients(y, [p])


def test_gradient_of_a_variable_read_in_one_branch_only_is_zeros_in_the_other():
    # TensorFlow 2.21 gives [2, 4] and [0, 0].
    v = ag.Variable([1.0, 2.0])

    @ag.function
    def gradient(p):
        with ag.GradientTape() as tape:
            y = ag.cond(p > 0, lambda: ag.reduce_sum(v * v), lambda: ag.constant(0.0))
        return tape.gradient(y, v)
    npt.assert_array_equal(gradient(ag.constant(1.0)).numpy(), [2.0, 4.0])
    npt.assert_array_equal(gradient(ag.constant(-1.0)).numpy(), [0.0, 0.0])


_nested_v = ag.Variable(2.0)


@ag.function
def _read_in_a_nested_cond(p, q, x):
    with ag.GradientTape() as tape:
        y = ag.cond(p, lambda: ag.cond(q, lambda: x * _nested_v, lambda: x), lambda: x)
    return tape.gradient(y, _nested_v)


@pytest.mark.parametrize("p, q, expected", [(True, True, 3.0), (True, False, 0.0),
                                            (False, False, 0.0)])
def test_a_variable_read_in_a_nested_cond_gets_its_gradient(p, q, expected):
    found = _read_in_a_nested_cond(ag.constant(p), ag.constant(q), ag.constant(3.0))
    assert float(found) == expected


def test_a_variable_read_for_nothing_a_branch_returns_gets_no_gradient():
    v = ag.Variable(1.0)

    @ag.function
    def grad(p, x):
        with ag.GradientTape() as tape:
            def unused_read():
                v.read_value()
                return x * 2.0
            y = ag.cond(p, unused_read, lambda: x)
        return tape.gradient(y, v)
    assert grad(ag.constant(True), ag.constant(3.0)) is None


def test_a_variable_only_updated_in_a_branch_gets_no_gradient():
    v = ag.Variable(1.0)

    @ag.function
    def grad(p, x):
        with ag.GradientTape() as tape:
            def update():
                v.assign_add(1.0)
                return x * 2.0
            y = ag.cond(p, update, lambda: x)
        return tape.gradient(y, v)
    assert grad(ag.constant(True), ag.constant(1.0)) is None


def test_the_gradient_of_a_graph_conditional_is_named_after_it():
    with ag.Graph().as_default() as g:
        x = ag.placeholder(ag.float32, [])
        i = ag.placeholder(ag.int32, [])
        y = ag.cond(x > 0, lambda: x * x, lambda: x, name="pick")
        z = ag.switch_case(i, [lambda: x * x, lambda: x], name="choose")
        ag.gradients(y + z, [x])
    found = {op.name: op.type for op in g.get_operations() if op.name.endswith("_grad")}
    assert found == {"gradients/pick_grad": "If", "gradients/choose_grad": "Case"}


def test_a_conditional_whose_only_input_is_an_updated_variable_gives_it_no_gradient():
    v = ag.Variable(1.0)

    @ag.function
    def grad(p):
        with ag.GradientTape() as tape:
            def update():
                v.assign_add(1.0)
                return ag.constant(5.0)
            y = ag.cond(p, update, lambda: ag.constant(2.0))
        return tape.gradient(y, v)
    assert grad(ag.constant(True)) is None


def test_an_integer_input_of_a_graph_conditional_gets_no_gradient():
    with ag.Graph().as_default():
        x = ag.placeholder(ag.float32, [])
        n = ag.placeholder(ag.int32, [])
        y = ag.cond(x > 0, lambda: x * ag.cast(n, ag.float32), lambda: x)
        dx, dn = ag.gradients(y, [x, n])
    assert dx is not None and dn is None


@ag.function
def _branch_with_control_dependencies(x):
    with ag.GradientTape() as tape:
        tape.watch(x)

        def checked():
            tripled = x * 3.0
            check = ag.Assert(x > 0, [x])
            with ag.control_dependencies([check, tripled]):
                squared = x * x
            return squared + tripled
        y = ag.cond(x > 0, checked, lambda: x)
    return tape.gradient(y, x)


def test_the_gradient_of_a_branch_with_control_dependencies():
    assert float(_branch_with_control_dependencies(ag.constant(2.0))) == 7.0


_nested_w = ag.Variable(2.0)


@ag.function
def _read_in_a_case_in_a_cond(p, i, x):
    with ag.GradientTape() as tape:
        y = ag.cond(p, lambda: ag.switch_case(i, [lambda: x * _nested_w, lambda: x]), lambda: x)
    return tape.gradient(y, _nested_w)


@pytest.mark.parametrize("p, i, expected", [(True, 0, 3.0), (True, 1, 0.0), (False, 0, 0.0)])
def test_a_variable_read_in_a_switch_case_in_a_cond_gets_its_gradient(p, i, expected):
    # TensorFlow 2.21's answers
    found = _read_in_a_case_in_a_cond(ag.constant(p), ag.constant(i), ag.constant(3.0))
    assert float(found) == expected


@ag.function
def _read_in_a_loop_in_a_cond(p, x):
    with ag.GradientTape() as tape:
        def loop():
            return ag.while_loop(lambda k, s: k < 3, lambda k, s: (k + 1, s + x * _nested_w),
                                 (0, 0.0))[1]
        y = ag.cond(p, loop, lambda: x)
    return tape.gradient(y, _nested_w)


@pytest.mark.parametrize("p, expected", [(True, 9.0), (False, 0.0)])
def test_a_variable_read_in_a_loop_in_a_cond_gets_its_gradient(p, expected):
    # TensorFlow 2.21's answers
    assert float(_read_in_a_loop_in_a_cond(ag.constant(p), ag.constant(3.0))) == expected


@pytest.mark.parametrize("update", ["assign", "assign_add", "assign_sub"])
def test_a_variable_only_updated_in_a_loop_in_a_cond_gets_zeros(update):
    # TensorFlow 2.21: 0.0 for each update
    v = ag.Variable(2.0)

    @ag.function
    def gradient(p, x):
        with ag.GradientTape() as tape:
            def loop():
                def step(k, s):
                    getattr(v, update)(1.0)
                    return k + 1, s + x
                return ag.while_loop(lambda k, s: k < 3, step, (0, 0.0))[1]
            y = ag.cond(p, loop, lambda: x)
        return tape.gradient(y, v)
    npt.assert_array_equal(gradient(ag.constant(True), ag.constant(3.0)).numpy(), 0.0)


@pytest.mark.parametrize("update", ["assign", "assign_add", "assign_sub"])
def test_a_watched_variable_only_updated_in_a_loop_gets_zeros(update):
    # TensorFlow 2.21: 0.0 for each update (None without the watch, as here)
    v = ag.Variable(2.0)

    @ag.function
    def gradient(x):
        with ag.GradientTape() as tape:
            tape.watch(v)

            def step(k, s):
                getattr(v, update)(1.0, read_value=False)
                return k + 1, s + x
            y = ag.while_loop(lambda k, s: k < 3, step, (0, 0.0))[1]
        return tape.gradient(y, v)
    npt.assert_array_equal(gradient(ag.constant(3.0)).numpy(), 0.0)


def _unused_read_of(v, x):
    def branch():
        v.read_value()
        return x * 2.0
    return branch


def test_a_variable_read_for_nothing_in_a_nested_cond_gets_no_gradient():
    v = ag.Variable(1.0)

    @ag.function
    def gradient(p, q, x):
        with ag.GradientTape() as tape:
            y = ag.cond(p, lambda: ag.cond(q, _unused_read_of(v, x), lambda: x), lambda: x)
        return tape.gradient(y, v)
    # TensorFlow 2.21: None
    assert gradient(ag.constant(True), ag.constant(True), ag.constant(3.0)) is None


def test_a_variable_read_for_nothing_in_a_switch_case_in_a_cond_gets_no_gradient():
    v = ag.Variable(1.0)

    @ag.function
    def gradient(p, i, x):
        with ag.GradientTape() as tape:
            y = ag.cond(p, lambda: ag.switch_case(i, [_unused_read_of(v, x), lambda: x]),
                        lambda: x)
        return tape.gradient(y, v)
    # TensorFlow 2.21: None
    assert gradient(ag.constant(True), ag.constant(0), ag.constant(3.0)) is None


def test_a_watched_variable_only_updated_in_a_cond_in_a_loop_gets_zeros():
    v = ag.Variable(1.0)

    @ag.function
    def gradient(x):
        with ag.GradientTape() as tape:
            tape.watch(v)

            def step(k, s):
                def update():
                    v.assign_add(1.0, read_value=False)
                    return s + x
                return k + 1, ag.cond(k > 0, update, lambda: s)
            y = ag.while_loop(lambda k, s: k < 3, step, (0, 0.0))[1]
        return tape.gradient(y, v)
    # TensorFlow 2.21: 0.0
    npt.assert_array_equal(gradient(ag.constant(3.0)).numpy(), 0.0)


def test_a_variable_of_unknown_shape_read_in_one_branch_gets_its_gradient_or_zeros():
    # Deliberately unlike TensorFlow 2.21, which cannot build this gradient ("Cannot convert a
    # partially known TensorShape <unknown> to a Tensor"): the branch not taken gives zeros of
    # the variable's shape when the graph runs. (It once gave None in both branches.)
    v = ag.Variable([1.0, 2.0], shape=ag.TensorShape(None))

    @ag.function
    def gradient(p, x):
        with ag.GradientTape() as tape:
            y = ag.cond(p, lambda: ag.reduce_sum(v * x), lambda: x)
        return tape.gradient(y, v)
    npt.assert_array_equal(gradient(ag.constant(True), ag.constant(3.0)).numpy(), [3.0, 3.0])
    npt.assert_array_equal(gradient(ag.constant(False), ag.constant(3.0)).numpy(), [0.0, 0.0])


def test_a_watched_variable_of_unknown_shape_only_updated_in_a_loop_gets_zeros():
    # TensorFlow 2.21: [0.0, 0.0]
    v = ag.Variable([1.0, 2.0], shape=ag.TensorShape(None))

    @ag.function
    def gradient(x):
        with ag.GradientTape() as tape:
            tape.watch(v)

            def step(k, s):
                v.assign_add([1.0, 1.0], read_value=False)
                return k + 1, s + x
            y = ag.while_loop(lambda k, s: k < 3, step, (0, 0.0))[1]
        return tape.gradient(y, v)
    npt.assert_array_equal(gradient(ag.constant(3.0)).numpy(), [0.0, 0.0])


def test_a_variable_read_in_one_branch_gets_a_gradient_of_its_static_shape():
    # TensorFlow 2.21: shape [2] while tracing, [0.0, 0.0] for the branch not taken
    v = ag.Variable([1.0, 2.0])
    shapes = []

    @ag.function
    def gradient(p, x):
        with ag.GradientTape() as tape:
            y = ag.cond(p, lambda: ag.reduce_sum(v * x), lambda: x)
        g = tape.gradient(y, v)
        shapes.append(g.shape.as_list())
        return g
    npt.assert_array_equal(gradient(ag.constant(False), ag.constant(3.0)).numpy(), [0.0, 0.0])
    assert shapes == [[2]]
