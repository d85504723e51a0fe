"""Gradients through loops on tensors (`for`/`while` in functions, `while_loop`): eagerly,
around and inside `ag.function`, in graphs, nested; expected values are TensorFlow 2.21's
answers to the same programs."""

import numpy.testing as npt
import pytest

import autograph as ag


@ag.function
def _polynomial(x):
    y = x
    for _i in ag.range(3):
        y = y * x + 1.0
    return y


_v = ag.Variable(0.5)


@ag.function
def _reads_a_variable(x):
    y = x
    for _i in ag.range(4):
        y = y * _v + x
    return y


@ag.function
def _nested(x):
    y = x
    for _i in ag.range(2):
        for _j in ag.range(3):
            y = y * x
    return y


@ag.function
def _tape_inside(x):
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = x
        i = 0
        while i < 3:
            y = y * x + 1.0
            i += 1
    return tape.gradient(y, x)


def test_gradient_through_a_loop_in_a_called_function():
    x = ag.constant(2.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = _polynomial(x)
    assert float(y) == 23.0
    assert float(tape.gradient(y, x)) == 37.0


def test_gradient_through_a_loop_with_a_tape_inside_the_function():
    assert float(_tape_inside(ag.constant(2.0))) == 37.0


def test_gradient_through_an_eager_while_loop():
    x = ag.constant(2.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = ag.while_loop(lambda i, y: i < 3, lambda i, y: (i + 1, y * x + 1.0), (0, x))[1]
    assert float(tape.gradient(y, x)) == 37.0


def test_variables_read_in_a_loop_get_gradients():
    x = ag.constant(2.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = _reads_a_variable(x)
    gx, gv = tape.gradient(y, [x, _v])
    assert (float(y), float(gx), float(gv)) == (3.875, 1.9375, 6.5)


def test_gradient_of_a_loop_with_maximum_iterations_in_a_graph():
    with ag.Graph().as_default() as g:
        p = ag.placeholder(ag.float32, [])
        y = ag.while_loop(lambda i, y: i < 3, lambda i, y: (i + 1, y * p + 1.0), (0, p),
                          maximum_iterations=2)[1]
        (dp,) = ag.gradients(y, [p])
    assert ag.Session(graph=g).run([y, dp], {p: 2.0}) == [11.0, 13.0]


def test_gradient_through_nested_loops():
    x = ag.constant(1.5)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = _nested(x)
    npt.assert_allclose([float(y), float(tape.gradient(y, x))], [17.085938, 79.734375],
                        rtol=1e-6)


@ag.function
def _tensor_array(x):
    a = ag.TensorArray(ag.float32, size=3)
    for i in ag.range(3):
        a = a.write(i, x * ag.cast(i + 1, ag.float32))
    return ag.reduce_sum(a.stack() ** 2)


@ag.function
def _list_state(x):
    out = []
    for i in ag.range(3):
        out.append(x * ag.cast(i + 1, ag.float32))
    return ag.reduce_sum(ag.stack(out) ** 2)


def test_gradient_through_a_tensor_array_written_in_a_loop():
    x = ag.constant(1.5)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = _tensor_array(x)
    assert (float(y), float(tape.gradient(y, x))) == (31.5, 42.0)


def test_gradient_through_a_python_list_grown_in_a_loop():
    x = ag.constant(1.5)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = _list_state(x)
    assert (float(y), float(tape.gradient(y, x))) == (31.5, 42.0)


def test_gradient_through_eager_tensor_array_reads_and_stacks():
    x = ag.constant(1.5)
    with ag.GradientTape() as tape:
        tape.watch(x)
        written = ag.TensorArray(ag.float32, size=2).write(0, x * 2.0).write(1, x * x)
        y = [ag.reduce_sum(written.stack()), written.read(1)]
    assert float(tape.gradient(y, x)) == 8.0


def test_second_derivative_through_a_loop_in_a_graph():
    with ag.Graph().as_default() as g:
        p = ag.placeholder(ag.float32, [])
        y = ag.while_loop(lambda i, y: i < 3, lambda i, y: (i + 1, y * p), (0, p))[1]
        (dp,) = ag.gradients(y, [p])
        (ddp,) = ag.gradients(dp, [p])
    assert ag.Session(graph=g).run([y, dp, ddp], {p: 2.0}) == [16.0, 32.0, 48.0]


def _concatenated(x):
    written = ag.TensorArray(ag.float32, size=3, infer_shape=False)
    written = written.write(0, x[:1] * 2.0).write(1, x * x).write(2, x[1:])
    return ag.reduce_sum(ag.reshape(written.concat(), [6]) *
                         ag.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]))


def test_gradient_through_a_tensor_array_concat_eagerly_and_in_a_function():
    x = ag.constant([1.0, 2.0, 3.0])
    for fn in (_concatenated, ag.function(_concatenated, autograph=False)):
        with ag.GradientTape() as tape:
            tape.watch(x)
            y = fn(x)
        npt.assert_allclose(tape.gradient(y, x).numpy(), [6.0, 17.0, 30.0])


def test_the_forward_loop_records_what_the_backward_needs_instead_of_running_again():
    @ag.function
    def gradient_of_a_loop(x):
        with ag.GradientTape() as tape:
            tape.watch(x)
            y = x
            for _i in ag.range(5):
                y = y * x + 1.0
        return tape.gradient(y, x)

    assert float(gradient_of_a_loop(ag.constant(2.0))) == 241.0
    graph = gradient_of_a_loop.get_concrete_function(ag.constant(2.0)).graph
    assert [op.type for op in graph.get_operations()].count("While") == 2  # forward, backward


def test_a_session_runs_a_loop_before_and_after_its_gradient_is_added():
    with ag.Graph().as_default() as g:
        p = ag.placeholder(ag.float32, [])
        y = ag.while_loop(lambda i, y: i < 3, lambda i, y: (i + 1, y * p), (0, p))[1]
        session = ag.Session(graph=g)
        assert session.run(y, {p: 2.0}) == 16.0
        (dp,) = ag.gradients(y, [p])
    assert session.run([y, dp], {p: 2.0}) == [16.0, 32.0]


_inner_v = ag.Variable(2.0)


@ag.function
def _cond_in_a_loop(n, x):
    with ag.GradientTape() as tape:
        i, y = ag.constant(0), x
        while i < n:
            if i % 2 == 0:
                y = y * _inner_v
            i += 1
    return tape.gradient(y, _inner_v)


def test_a_variable_read_in_a_cond_inside_a_loop_gets_its_gradient():
    assert float(_cond_in_a_loop(ag.constant(3), ag.constant(1.0))) == 4.0


@ag.function
def _loop_in_a_cond(p, x):
    with ag.GradientTape() as tape:
        y = x
        if p:
            for _ in ag.range(3):
                y = y * _inner_v
    return tape.gradient(y, _inner_v)


def test_a_variable_read_in_a_loop_inside_a_cond_gets_its_gradient():
    assert float(_loop_in_a_cond(ag.constant(True), ag.constant(1.0))) == 12.0
    assert float(_loop_in_a_cond(ag.constant(False), ag.constant(1.0))) == 0.0


@pytest.mark.parametrize("touch", [lambda v: v.assign_add(1.0), lambda v: v * 3.0],
                         ids=["updated", "read for nothing"])
def test_a_variable_a_loop_touches_without_using_it_gets_zeros(touch):
    # TensorFlow 2.21 gives 0.0 for both (a conditional gives None: see test_control_flow_grad)
    v = ag.Variable(2.0)

    @ag.function
    def grad(n, x):
        with ag.GradientTape() as tape:
            y = x
            for _ in ag.range(n):
                touch(v)
                y = y * 2.0
        return tape.gradient(y, v)
    assert float(grad(ag.constant(3), ag.constant(1.0))) == 0.0
