"""Gradients through loops on tensors (`for`/`while` in functions, `while_loop`): eagerly,
around and inside `ag.function`, in graphs, nested; expected values are TensorFlow 2.21's
answers to the same programs."""

import numpy.testing as npt
import pytest

import autograph as ag
from autograph.runtime.exec.executor import function_ops


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


@pytest.mark.xfail(strict=True, reason="an eager TensorArray argument is traced as a constant "
                   "(docs/limitations.md)")
def test_gradient_through_a_tensor_array_passed_to_a_function():
    @ag.function
    def read_one(ta, x):
        return ta.read(1) * x

    x = ag.constant(2.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        ta = ag.TensorArray(ag.float32, size=3).unstack(ag.stack([x, x * x, 3.0 * x]))
        y = read_one(ta, x)
    assert float(tape.gradient(y, x)) == 12.0  # TensorFlow 2.21's


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


def test_second_derivative_through_a_loop_whose_gradient_reads_recorded_values():
    with ag.Graph().as_default() as g:
        p = ag.placeholder(ag.float32, [])
        y = ag.while_loop(lambda i, y: i < 3,
                          lambda i, y: (i + 1, ag.sigmoid(y * p) * y), (0, p))[1]
        (dp,) = ag.gradients(y, [p])
        (ddp,) = ag.gradients(dp, [p])
    values = ag.Session(graph=g).run([y, dp, ddp], {p: 1.5})
    npt.assert_allclose(values, [1.0299997, 1.8995119, 0.39452285], rtol=1e-6)  # TensorFlow's


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


@ag.function
def _sigmoid_layers(x, w):
    with ag.GradientTape() as tape:
        tape.watch([x, w])
        y = x
        for _ in ag.range(3):
            y = ag.sigmoid(ag.matmul(y, w * 2.0)) * y  # w * 2.0: the same in every iteration
        loss = ag.reduce_sum(y)
    return loss, tape.gradient(loss, [x, w])


def test_the_backward_loop_reads_the_forward_values_instead_of_computing_them_again():
    x, w = ag.constant([[0.5, -1.0]]), ag.constant([[0.3, -0.2], [0.8, 0.1]])
    loss, (dx, dw) = _sigmoid_layers(x, w)
    npt.assert_allclose(float(loss), -0.07507915, rtol=1e-6)  # TensorFlow 2.21's
    npt.assert_allclose(dx.numpy(), [[0.07329799979925156, 0.11009407043457031]], rtol=1e-6)
    npt.assert_allclose(dw.numpy(), [[0.019127417355775833, -0.07163260132074356],
                                     [-0.04455885291099548, 0.1721641570329666]], rtol=1e-6)
    graph = _sigmoid_layers.get_concrete_function(x, w).graph
    forward, backward = [op for op in graph.get_operations() if op.type == "While"]
    backward_runs = [op.type for op in function_ops(backward.get_attr("body"))]
    assert "Sigmoid" not in backward_runs
    assert backward_runs.count("MatMul") == 2  # the gradients of the product, not the product
    pushed = [op.inputs[1].op.type for op in function_ops(forward.get_attr("body"))
              if op.type == "TensorListPushBack"]
    # The counter, y and the sigmoid; not w * 2.0, which the backward computes from w again.
    assert pushed == ["Placeholder", "Placeholder", "Sigmoid"]


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


def _overwritten(x0, z0):
    with ag.GradientTape() as tape:
        tape.watch([x0, z0])
        x, z = ag.while_loop(lambda x, z: x < 10.0,
                             lambda x, z: (x * 2.0, ag.constant(3.0)), (x0, z0))
        y = x + z
    return tape.gradient(y, [x0, z0])


def test_a_loop_variable_the_body_overwrites_gets_a_zero_gradient_in_a_function():
    # TensorFlow 2.21: [16.0, 0.0]
    dx, dz = ag.function(_overwritten)(ag.constant(1.0), ag.constant(5.0))
    npt.assert_array_equal([dx.numpy(), dz.numpy()], [16.0, 0.0])


def test_a_loop_variable_the_body_overwrites_gets_no_gradient_eagerly():
    # TensorFlow 2.21: [16.0, None]
    dx, dz = _overwritten(ag.constant(1.0), ag.constant(5.0))
    assert float(dx) == 16.0 and dz is None


def test_a_loop_over_integers_derived_from_the_source_passes_no_gradient():
    # TensorFlow 2.21: 12.0, from the float factor alone (the cast to int32 has no gradient)
    @ag.function
    def gradient(x):
        with ag.GradientTape() as tape:
            tape.watch(x)
            n = ag.cast(x, ag.int32)
            m = ag.while_loop(lambda m: m < 10, lambda m: m + n, [0])[0]
            y = ag.cast(m, ag.float32) * x
        return tape.gradient(y, x)
    assert float(gradient(ag.constant(3.0))) == 12.0


def test_gradients_through_a_loop_over_integers_in_a_graph_pass_none_through_it():
    # TensorFlow 2.21 (tf.compat.v1 graph, tf.gradients): [12.0]
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [])
        n = ag.cast(x, ag.int32)
        m = ag.while_loop(lambda m: m < 10, lambda m: m + n, [0])[0]
        gradient = ag.gradients(ag.cast(m, ag.float32) * x, x)
        with ag.Session() as session:
            assert session.run(gradient, {x: 3.0}) == [12.0]


def _written_before(x):
    return ag.TensorArray(ag.float32, size=1).write(0, x * 2.0)


def test_a_tensor_array_passed_through_a_loop_keeps_its_gradient():
    # TensorFlow 2.21: 2.0 (it was None)
    @ag.function
    def gradient(x):
        with ag.GradientTape() as tape:
            tape.watch(x)
            _, ta = ag.while_loop(lambda i, ta: i < 3, lambda i, ta: (i + 1, ta),
                                  (0, _written_before(x)))
            y = ta.read(0)
        return tape.gradient(y, x)
    assert float(gradient(ag.constant(3.0))) == 2.0


def test_a_tensor_array_passed_through_a_loop_keeps_its_gradient_eagerly():
    # TensorFlow 2.21: 2.0
    x = ag.constant(3.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        _, ta = ag.while_loop(lambda i, ta: i < 3, lambda i, ta: (i + 1, ta),
                              (0, _written_before(x)))
        y = ta.read(0)
    assert float(tape.gradient(y, x)) == 2.0


def test_a_tensor_array_passed_through_nested_loops_keeps_its_gradient():
    # TensorFlow 2.21: 12.0 (it was 6.0: the path through the array was lost)
    @ag.function
    def gradient(x):
        with ag.GradientTape() as tape:
            tape.watch(x)

            def outer(i, ta):
                _, ta = ag.while_loop(lambda j, ta: j < 2, lambda j, ta: (j + 1, ta), (0, ta))
                return i + 1, ta
            _, ta = ag.while_loop(lambda i, ta: i < 3, outer, (0, _written_before(x)))
            y = ta.read(0) * x
        return tape.gradient(y, x)
    assert float(gradient(ag.constant(3.0))) == 12.0


def test_a_tensor_array_passed_through_a_loop_beside_one_written_in_it():
    # TensorFlow 2.21: 9.0
    @ag.function
    def gradient(x):
        with ag.GradientTape() as tape:
            tape.watch(x)
            kept = ag.TensorArray(ag.float32, size=1).write(0, x * 3.0)
            out = ag.TensorArray(ag.float32, size=3)
            _, kept, out = ag.while_loop(
                lambda i, k, o: i < 3,
                lambda i, k, o: (i + 1, k, o.write(i, x * ag.cast(i, ag.float32))),
                (0, kept, out))
            y = kept.read(0) * 2.0 + ag.reduce_sum(out.stack())
        return tape.gradient(y, x)
    assert float(gradient(ag.constant(3.0))) == 9.0


def test_a_tensor_array_read_in_the_loop_body_gets_every_reads_gradient():
    # TensorFlow 2.21: 38.0
    @ag.function
    def gradient(x):
        with ag.GradientTape() as tape:
            tape.watch(x)
            _, ta, s = ag.while_loop(lambda i, ta, s: i < 3,
                                     lambda i, ta, s: (i + 1, ta, s + ta.read(0) * x),
                                     (0, _written_before(x), 0.0))
            y = s + ta.read(0)
        return tape.gradient(y, x)
    assert float(gradient(ag.constant(3.0))) == 38.0


def test_gradients_through_a_tensor_array_passed_through_a_loop_in_a_graph():
    # TensorFlow 2.21 (tf.compat.v1 graph, tf.gradients): [12.0]
    g = ag.Graph()
    with g.as_default():
        x = ag.placeholder(ag.float32, [])
        _, ta = ag.while_loop(lambda i, ta: i < 3, lambda i, ta: (i + 1, ta),
                              (0, _written_before(x)))
        gradient = ag.gradients(ta.read(0) * x, x)
        with ag.Session() as session:
            assert session.run(gradient, {x: 3.0}) == [12.0]


def test_a_tensor_array_passed_through_nested_loops_beside_a_float():
    # TensorFlow 2.21: 810.0 (y = 2x * x**4)
    @ag.function
    def gradient(x):
        with ag.GradientTape() as tape:
            tape.watch(x)

            def outer(i, ta, s):
                _, ta, s = ag.while_loop(lambda j, ta, s: j < 2,
                                         lambda j, ta, s: (j + 1, ta, s * x), (0, ta, s))
                return i + 1, ta, s
            _, ta, s = ag.while_loop(lambda i, ta, s: i < 2, outer, (0, _written_before(x), 1.0))
            y = ta.read(0) * s
        return tape.gradient(y, x)
    assert float(gradient(ag.constant(3.0))) == 810.0


def test_a_tensor_array_passed_through_a_loop_then_nested_loops_keeps_its_gradient():
    # TensorFlow 2.21: 12.0 (the array's dtype is found through the first loop)
    @ag.function
    def gradient(x):
        with ag.GradientTape() as tape:
            tape.watch(x)
            _, ta = ag.while_loop(lambda i, ta: i < 2, lambda i, ta: (i + 1, ta),
                                  (0, _written_before(x)))

            def outer(i, ta):
                _, ta = ag.while_loop(lambda j, ta: j < 2, lambda j, ta: (j + 1, ta), (0, ta))
                return i + 1, ta
            _, ta = ag.while_loop(lambda i, ta: i < 2, outer, (0, ta))
            y = ta.read(0) * x
        return tape.gradient(y, x)
    assert float(gradient(ag.constant(3.0))) == 12.0


@pytest.mark.parametrize("shape", [None, [None]], ids=["unknown_rank", "unknown_dim"])
def test_a_loop_variable_of_unknown_shape_gets_its_gradient(shape):
    # TensorFlow 2.21: [4.0, 32.0] (y = x**4)
    @ag.function(input_signature=[ag.TensorSpec(shape, ag.float32)])
    def gradient(x):
        with ag.GradientTape() as tape:
            tape.watch(x)
            _, y = ag.while_loop(lambda i, y: i < 3, lambda i, y: (i + 1, y * x), (0, x))
        return tape.gradient(y, x)
    npt.assert_array_equal(gradient(ag.constant([1.0, 2.0])).numpy(), [4.0, 32.0])


def test_a_float_loop_variable_read_from_a_list_in_the_body_is_not_taken_for_a_list():
    # TensorFlow 2.21: 54.0 (y = 2x * x * x; s, read from the array, gets no gradient)
    @ag.function
    def gradient(x):
        with ag.GradientTape() as tape:
            tape.watch(x)
            _, ta, _ = ag.while_loop(
                lambda i, ta, s: i < 2,
                lambda i, ta, s: (i + 1, ta.write(0, ta.read(0) * x), ta.read(0)),
                (0, _written_before(x), 0.0))
            y = ta.read(0)
        return tape.gradient(y, x)
    assert float(gradient(ag.constant(3.0))) == 54.0


def test_a_float_loop_variable_first_read_from_a_list_is_not_taken_for_a_list():
    # TensorFlow 2.21: 2.0 (y = t * x with t = 2; the body overwrites s)
    @ag.function
    def gradient(x):
        with ag.GradientTape() as tape:
            tape.watch(x)
            s0 = _written_before(x).read(0)
            _, _, t = ag.while_loop(lambda i, s, t: i < 2,
                                    lambda i, s, t: (i + 1, x * 2.0, t + 1.0), (0, s0, 0.0))
            y = t * x
        return tape.gradient(y, x)
    assert float(gradient(ag.constant(3.0))) == 2.0


def test_a_tensor_array_unused_after_nested_loops_gets_no_gradient_through_them():
    # TensorFlow 2.21: 108.0 (s = x**4; the array is unused)
    @ag.function
    def gradient(x):
        with ag.GradientTape() as tape:
            tape.watch(x)

            def outer(i, ta, s):
                _, ta, s = ag.while_loop(lambda j, ta, s: j < 2,
                                         lambda j, ta, s: (j + 1, ta, s * x), (0, ta, s))
                return i + 1, ta, s
            _, _, s = ag.while_loop(lambda i, ta, s: i < 2, outer, (0, _written_before(x), 1.0))
        return tape.gradient(s, x)
    assert float(gradient(ag.constant(3.0))) == 108.0
