"""Gradients through an `ag.function` that reads a variable: called eagerly under a tape (its
graph is replayed op by op, the variable read through its own handle) and in a graph built for
`ag.gradients`. The oracle is the derivative worked out by hand."""

import autograph as ag


@ag.function
def _affine(x, v):
    return x * v.read_value() + v * v


def test_a_function_reading_a_variable_under_a_tape_gives_both_gradients():
    v = ag.Variable(3.0)
    x = ag.constant(2.0)
    with ag.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = _affine(x, v)
    assert (float(tape.gradient(y, x)), float(tape.gradient(y, v))) == (3.0, 2.0 + 2 * 3.0)


def test_a_function_reading_a_variable_in_a_graph_gives_both_gradients():
    with ag.Graph().as_default():
        x = ag.placeholder(ag.float32, [])
        v = ag.Variable(3.0)
        gx, gv = ag.gradients(_affine(x, v), [x, v])
        with ag.Session() as sess:
            sess.run(v.initializer)
            assert sess.run([gx, gv], {x: 2.0}) == [3.0, 8.0]


_SCALE = ag.Variable(3.0)


@ag.function
def _branchy(x):
    if x > 0:
        y = x * _SCALE * x
    else:
        y = x + _SCALE
    return y


def test_nested_tapes_over_a_function_with_a_tensor_if_reading_a_captured_variable():
    x = ag.constant(2.0)
    with ag.GradientTape(persistent=True) as outer:
        outer.watch(x)
        with ag.GradientTape() as inner:
            inner.watch(x)
            y = _branchy(x)
        dy_dx = inner.gradient(y, x)  # 2 * scale * x
    assert float(dy_dx) == 12.0
    assert float(outer.gradient(dy_dx, x)) == 6.0  # 2 * scale
    assert float(outer.gradient(y, _SCALE)) == 4.0  # x * x
