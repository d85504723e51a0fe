"""GradientTape: recording, variables, nesting, persistence and jacobians; expected values are
TensorFlow 2.21's answers to the same programs."""

import re
import threading
import warnings

import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag


def test_gradient_of_a_variable_read_while_recording():
    x = ag.constant([[1.0, 2.0], [3.0, 4.0]])
    w = ag.Variable([[0.5], [0.25]])
    with ag.GradientTape() as tape:
        y = ag.reduce_sum(ag.nn.relu(ag.matmul(x, w) - 1.0) * 2.0)
    npt.assert_allclose(tape.gradient(y, w).numpy(), [[6.0], [8.0]])


def test_variables_read_are_watched():
    w = ag.Variable(2.0)
    with ag.GradientTape() as tape:
        _ = w * w
    assert tape.watched_variables() == (w,)


def test_unread_variables_are_not_watched_without_watch_accessed_variables():
    w = ag.Variable(2.0)
    with ag.GradientTape(watch_accessed_variables=False) as tape:
        y = w * w
    assert tape.watched_variables() == ()
    assert tape.gradient(y, w) is None


def test_gradient_of_a_watched_tensor():
    x = ag.constant([[1.0, 2.0], [3.0, 4.0]])
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = ag.reduce_mean(ag.exp(x) / (1.0 + x))
    npt.assert_allclose(tape.gradient(y, x).numpy(),
                        [[0.16989261, 0.41050315], [0.94150954, 2.1839261]], rtol=1e-6)


def test_broadcast_inputs_get_gradients_of_their_own_shape():
    a = ag.constant([1.0, 2.0, 3.0])
    b = ag.constant([[1.0], [2.0]])
    with ag.GradientTape() as tape:
        tape.watch([a, b])
        y = a * b + a / b - b
    ga, gb = tape.gradient(y, [a, b])
    npt.assert_allclose(ga.numpy(), [4.5, 4.5, 4.5])
    npt.assert_allclose(gb.numpy(), [[-3.0], [1.5]])


def test_an_input_broadcast_to_more_dimensions_sums_its_gradient_over_them():
    x = ag.constant([[1.0], [2.0], [3.0]])  # [3, 1] broadcast to [1, 3, 4]
    y = ag.ones([1, 3, 4])
    with ag.GradientTape() as tape:
        tape.watch(x)
        z = x * y
    npt.assert_array_equal(tape.gradient(z, x).numpy(), [[4.0], [4.0], [4.0]])


def test_nested_tapes_give_the_second_derivative():
    x = ag.constant(2.0)
    with ag.GradientTape() as outer:
        outer.watch(x)
        with ag.GradientTape() as inner:
            inner.watch(x)
            y = x * x * x
        dy = inner.gradient(y, x)
    assert float(dy) == 12.0
    assert float(outer.gradient(dy, x)) == 12.0


def test_output_gradients_weight_the_targets():
    a = ag.constant([1.0, 2.0, 3.0])
    with ag.GradientTape() as tape:
        tape.watch(a)
        y = ag.nn.softmax(a * 2.0)
    g = tape.gradient(y, a, output_gradients=ag.constant([1.0, 0.0, 0.0]))
    npt.assert_allclose(g.numpy(), [0.031248365, -0.0037248961, -0.027523467], rtol=1e-5)


def test_stop_gradient_holds_its_input_constant():
    a = ag.constant([1.0, 2.0, 3.0])
    with ag.GradientTape() as tape:
        tape.watch(a)
        y = a * ag.stop_gradient(a)
    npt.assert_allclose(tape.gradient(y, a).numpy(), [1.0, 2.0, 3.0])


def test_power_gradient():
    a = ag.constant([1.0, 2.0, 3.0])
    with ag.GradientTape() as tape:
        tape.watch(a)
        y = ag.reduce_sum(a ** 3.0)
    npt.assert_allclose(tape.gradient(y, a).numpy(), [3.0, 12.0, 27.0])


def test_a_non_persistent_tape_computes_gradients_once():
    x = ag.constant(1.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    tape.gradient(y, x)
    with pytest.raises(RuntimeError, match=r"^A non-persistent GradientTape can only be used to "
                       r"compute one set of gradients \(or jacobians\)$"):
        tape.gradient(y, x)


def test_a_persistent_tape_computes_gradients_again():
    x = ag.constant(3.0)
    with ag.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
        z = y * x
    assert float(tape.gradient(y, x)) == 6.0
    assert float(tape.gradient(z, x)) == 27.0


def test_a_persistent_tape_records_the_gradient_it_computes_inside_its_context():
    # TensorFlow 2.21: 2.0 and 12.0 (the gradient's ops are recorded: higher-order gradients)
    x = ag.constant(3.0)
    with ag.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
        g = tape.gradient(y, x)
        z = g * x
    assert float(tape.gradient(g, x)) == 2.0
    assert float(tape.gradient(z, x)) == 12.0


def test_a_persistent_tape_keeps_recording_after_a_gradient_inside_its_context():
    # TensorFlow 2.21: 27.0
    x = ag.constant(3.0)
    with ag.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
        tape.gradient(y, x)
        w = y * x
    assert float(tape.gradient(w, x)) == 27.0


@pytest.mark.parametrize("method", ["jacobian", "batch_jacobian"])
def test_unconnected_gradients_of_jacobians_say_zero(method):
    # TensorFlow 2.21: zeros of shape (2, 1) for jacobian, (1, 2, 1) for batch_jacobian
    x, u = ag.constant([[1.0, 2.0]]), ag.constant([[5.0]])
    with ag.GradientTape() as tape:
        tape.watch([x, u])
        y = x * 2.0
    result = getattr(tape, method)(ag.reshape(y, [2]) if method == "jacobian" else y,
                                   ag.reshape(u, [1]) if method == "jacobian" else u,
                                   unconnected_gradients="zero")
    npt.assert_array_equal(result.numpy(), np.zeros((2, 1) if method == "jacobian" else (1, 2, 1)))


@pytest.mark.parametrize("method", ["jacobian", "batch_jacobian"])
def test_jacobians_reject_an_unknown_unconnected_gradients_value(method):
    # TensorFlow 2.21: ValueError
    x = ag.constant([[1.0, 2.0]])
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = x * 2.0
    with pytest.raises(ValueError, match="'bogus' is not a valid UnconnectedGradients"):
        getattr(tape, method)(y, x, unconnected_gradients="bogus")


def test_stop_recording_records_nothing():
    x = ag.constant(3.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        with tape.stop_recording():
            y = x * x
    assert tape.gradient(y, x) is None


def test_stop_recording_outside_the_tape_is_an_error():
    tape = ag.GradientTape()  # TF 2.21: RuntimeError, this message
    with pytest.raises(RuntimeError, match="^Trying to stop recording a tape which is not "
                                           "recording\\.$"):
        with tape.stop_recording():
            pass


def test_output_gradients_of_a_variable_target_replace_its_ones():
    v = ag.Variable([1.0, 2.0])
    with ag.GradientTape(persistent=True) as tape:
        y = v * 1.0
    np.testing.assert_array_equal(  # TF 2.21: [3. 4.]
        tape.gradient(v, v, output_gradients=[ag.constant([3.0, 4.0])]).numpy(), [3.0, 4.0])
    # A None among them: the variable's ones (TF 2.21 aborts the process here).
    np.testing.assert_array_equal(
        tape.gradient([v, y], v, output_gradients=[None, ag.constant([5.0, 6.0])]).numpy(),
        [6.0, 7.0])


def test_integer_targets_and_sources_warn_and_get_none():
    x = ag.constant(3)
    with ag.GradientTape() as tape:
        tape.watch(x)
        z = x * 2
    with pytest.warns(UserWarning) as record:
        assert tape.gradient(z, x) is None
    assert [str(w.message).split(" tensor ")[0] for w in record] == [
        "The dtype of the target", "The dtype of the source"]
    assert {w.filename for w in record} == {__file__}  # the user's line that asked


def test_float_targets_and_sources_do_not_warn():
    x = ag.constant(3.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        z = x * 2.0
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert float(tape.gradient(z, x)) == 2.0


def test_reset_forgets_what_was_recorded():
    x = ag.constant(3.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = x * x
        tape.reset()
        tape.watch(x)
        z = x * 2.0
    assert tape.gradient([y, z], x).numpy() == 2.0


def test_unconnected_sources_get_none_or_zeros():
    x, c = ag.constant(2.0), ag.constant(1.0)
    with ag.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * 2.0
    assert tape.gradient(y, [x, c])[1] is None
    g = tape.gradient(y, [x, c], unconnected_gradients=ag.UnconnectedGradients.ZERO)
    assert [float(t) for t in g] == [2.0, 0.0]


def test_gradients_come_back_in_the_structure_of_the_sources():
    v = ag.Variable(2.0)
    with ag.GradientTape() as tape:
        y = v * v
    g = tape.gradient(y, {"a": v, "b": [v]})
    assert float(g["a"]) == 4.0 and float(g["b"][0]) == 4.0


def test_a_list_of_targets_is_summed():
    x = ag.constant(3.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = [x * 2.0, x * 3.0]
    assert float(tape.gradient(y, x)) == 5.0


def test_integer_sources_get_no_gradient():
    x = ag.constant(3)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    with pytest.warns(UserWarning) as caught:
        assert tape.gradient(y, x) is None
    assert [str(w.message) for w in caught] == [
        f"The dtype of the {kind} tensor must be floating (e.g. ag.float32) when calling "
        f"GradientTape.gradient, got int32: its gradient is None." for kind in ("target",
                                                                              "source")]


def test_a_python_number_is_not_a_source():
    x = ag.constant(3.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    with pytest.raises(TypeError, match=r"^GradientTape.gradient: a source must be a tensor or "
                       r"variable, got float 3.0; watch a tensor \(x = ag.constant\(value\); "
                       r"tape.watch\(x\)\) and use it.$"):
        tape.gradient(y, 3.0)


def test_jacobian_of_an_elementwise_product():
    m = ag.constant([[1.0, 2.0], [3.0, 4.0]])
    with ag.GradientTape() as tape:
        tape.watch(m)
        y = m * m
    expected = np.zeros((2, 2, 2, 2), np.float32)
    for i in range(2):
        for j in range(2):
            expected[i, j, i, j] = 2 * m.numpy()[i, j]
    npt.assert_allclose(tape.jacobian(y, m).numpy(), expected)


def test_batch_jacobian_keeps_examples_apart():
    x = ag.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = x * x * ag.constant([1.0, 2.0])
    npt.assert_allclose(tape.batch_jacobian(y, x).numpy(),
                        [[[2.0, 0.0], [0.0, 8.0]], [[6.0, 0.0], [0.0, 16.0]],
                         [[10.0, 0.0], [0.0, 24.0]]])


def test_batch_jacobian_of_an_unconnected_source_is_zeros_and_jacobian_none():
    # TensorFlow 2.21: zeros of shape (1, 2, 2) for batch_jacobian, None for jacobian
    x = ag.constant([[1.0, 2.0]])
    with ag.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * 2.0
    other = ag.constant([[1.0, 2.0]])
    npt.assert_array_equal(tape.batch_jacobian(y, other).numpy(), np.zeros((1, 2, 2)))
    assert tape.jacobian(y, other) is None


def test_no_recorder_is_installed_without_a_recording_tape():
    from autograph.runtime.graph.recording import recorder

    x = ag.constant(1.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        assert recorder[0] is not None
    assert recorder[0] is None


def test_jacobian_with_respect_to_a_variable_has_the_variable_shape():
    w = ag.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    x = ag.constant([[1.0, -1.0, 2.0]])
    with ag.GradientTape(persistent=True) as tape:
        y = ag.matmul(x, w)
    j = tape.jacobian(y, w)
    assert j.shape == (1, 2, 3, 2)
    npt.assert_allclose(j.numpy()[0, 1, :, 1], [1.0, -1.0, 2.0])
    assert tape.batch_jacobian(y, x).shape == (1, 2, 3)


def test_a_known_shape_converts_to_a_tensor():
    assert ag.reduce_prod(ag.Variable(ag.zeros([5, 8])).shape).numpy() == 40
    with pytest.raises(ValueError, match="partially known TensorShape"):
        ag.convert_to_tensor(ag.TensorShape([None, 3]))


# Answers recorded from TensorFlow 2.21 where it gives one -----------------------------------------
def test_reads_of_a_non_trainable_variable_are_not_watched():
    v = ag.Variable(2.0, trainable=False)
    with ag.GradientTape() as tape:
        y = v * 3.0
    assert tape.gradient(y, v) is None


def test_a_non_trainable_variable_watched_explicitly_gets_its_gradient():
    v = ag.Variable(4.0, trainable=False)
    with ag.GradientTape() as tape:
        tape.watch(v)
        y = v * 2.0
    assert float(tape.gradient(y, v)) == 2.0


def test_the_gradient_of_a_variable_with_respect_to_itself_is_one():
    v = ag.Variable(2.0)
    with ag.GradientTape() as tape:
        pass
    assert float(tape.gradient(v, v)) == 1.0


def test_a_variable_watched_explicitly_gets_its_gradient():
    v = ag.Variable(2.0)
    with ag.GradientTape(watch_accessed_variables=False) as tape:
        tape.watch(v)
        y = v * 4.0
    assert float(tape.gradient(y, v)) == 4.0


def test_stop_recording_leaves_what_it_computes_out_of_the_gradient():
    x = ag.constant(3.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = x * x
        with tape.stop_recording():
            z = x * 5.0
        total = y + z
    assert float(tape.gradient(total, x)) == 6.0


def test_entering_a_tape_that_is_recording_is_an_error():
    tape = ag.GradientTape()
    with tape:
        with pytest.raises(ValueError, match="^This GradientTape is recording already; a tape "
                                             "cannot be entered twice at once.$"):
            with tape:
                pass


def test_watching_what_is_not_a_tensor_is_an_error():
    with ag.GradientTape() as tape:
        with pytest.raises(ValueError, match=r"^GradientTape.watch takes tensors and variables, "
                                             r"got str 'a'; pass ag.constant\(value\).$"):
            tape.watch("a")


def test_output_gradients_of_another_length_than_the_targets_is_an_error():
    # Deliberately unlike TensorFlow 2.21, which gives an answer for the targets it pairs.
    x = ag.constant(3.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = x * 2.0
    with pytest.raises(ValueError, match=r"^output_gradients has 1 tensors for 2 targets; give "
                                         r"one per target \(or None\).$"):
        tape.gradient([y, y], x, output_gradients=[ag.constant(1.0)])


def test_a_target_that_is_not_a_tensor_is_an_error():
    x = ag.constant(3.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
    with pytest.raises(TypeError, match="^GradientTape.gradient: a target must be a tensor "
                                        "computed while the tape recorded, got float 3.0"):
        tape.gradient(3.0, x)


def test_an_integer_target_before_a_float_one_leaves_the_float_ones_gradient():
    x = ag.constant(3.0)
    with ag.GradientTape() as tape:
        tape.watch(x)
        targets = [ag.cast(x, ag.int32), x * 2.0]
    with pytest.warns(UserWarning, match=re.escape(
            "The dtype of the target tensor must be floating (e.g. ag.float32) when calling "
            "GradientTape.gradient, got int32: its gradient is None.")):
        assert float(tape.gradient(targets, x)) == 2.0


def test_unconnected_gradients_may_be_given_by_tensorflows_names():
    x, z = ag.constant(3.0), ag.constant([1.0, 2.0])
    with ag.GradientTape() as tape:
        tape.watch([x, z])
        y = x * 3.0
    npt.assert_array_equal(tape.gradient(y, z, unconnected_gradients="zero").numpy(), [0, 0])
    assert [u.value for u in ag.UnconnectedGradients] == ["none", "zero"]


def test_a_tensor_the_tape_does_not_watch_gets_no_gradient():
    v, x = ag.Variable(1.0), ag.constant(3.0)
    with ag.GradientTape() as tape:
        y = x * v
    dv, dx = tape.gradient(y, [v, x])
    assert (float(dv), dx) == (3.0, None)


def test_a_tensor_the_tape_does_not_watch_gets_no_gradient_inside_a_function():
    v = ag.Variable(1.0)

    @ag.function
    def grads(x):
        with ag.GradientTape() as tape:
            y = x * v
        return tape.gradient(y, [v, x])
    dv, dx = grads(ag.constant(3.0))
    assert (float(dv), dx) == (3.0, None)


def test_an_unwatched_source_that_is_the_target_gets_the_target_gradient():
    x = ag.constant([3.0, 4.0])
    with ag.GradientTape() as tape:
        pass
    npt.assert_array_equal(tape.gradient(x, x).numpy(), [1.0, 1.0])


def test_an_unwatched_source_gets_zeros_when_unconnected_gradients_say_zero():
    v, x = ag.Variable([1.0, 2.0]), ag.constant([3.0, 4.0])
    with ag.GradientTape() as tape:
        y = x * v
    npt.assert_array_equal(tape.gradient(y, x, unconnected_gradients="zero").numpy(), [0.0, 0.0])


def test_the_jacobian_of_an_unwatched_source_is_none():
    v, x = ag.Variable([1.0, 2.0]), ag.constant([3.0, 4.0])
    with ag.GradientTape(persistent=True) as tape:
        y = x * v
    assert tape.jacobian(y, x) is None
    npt.assert_array_equal(tape.jacobian(y, v).numpy(), [[3.0, 0.0], [0.0, 4.0]])


def test_the_batch_jacobian_of_an_unwatched_source_is_zeros():
    v, x = ag.Variable([[1.0], [2.0]]), ag.constant([[3.0], [4.0]])
    with ag.GradientTape() as tape:
        y = x * v
    npt.assert_array_equal(tape.batch_jacobian(y, x).numpy(), [[[0.0]], [[0.0]]])


def test_an_update_that_reads_the_variable_watches_it():
    v, w = ag.Variable(2.0), ag.Variable(3.0)
    with ag.GradientTape() as tape:
        v.assign_add(1.0)
        w.assign(1.0, read_value=False)
    assert tape.watched_variables() == (v,)


def test_an_update_that_reads_the_variable_watches_it_inside_a_function():
    v, w = ag.Variable(2.0), ag.Variable(3.0)

    @ag.function
    def watched():
        with ag.GradientTape() as tape:
            v.assign_sub(1.0)
            w.assign_add(1.0, read_value=False)
        return len(tape.watched_variables())
    assert watched() == 1


def test_the_jacobians_of_several_sources_after_an_unconnected_one_are_all_given():
    x, z = ag.constant([1.0, 2.0]), ag.constant([3.0])
    with ag.GradientTape() as tape:
        tape.watch([x, z])
        y = x * 2.0
    unconnected, found = tape.jacobian(y, [z, x])
    assert unconnected is None
    npt.assert_array_equal(found.numpy(), [[2.0, 0.0], [0.0, 2.0]])


def test_the_jacobian_of_an_empty_target_has_no_rows():
    x = ag.constant([1.0, 2.0])
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = x[:0] * 3.0
    assert tape.jacobian(y, x).shape == (0, 2)


def test_the_jacobian_of_a_source_of_unknown_shape_is_shaped_from_the_target():
    @ag.function(input_signature=[ag.TensorSpec([None], ag.float32)])
    def jacobian(x):
        with ag.GradientTape() as tape:
            tape.watch(x)
            y = ag.reshape(ag.reduce_sum(x) * ag.constant([1.0, 2.0, 3.0, 4.0]), [2, 2])
        return tape.jacobian(y, x)
    npt.assert_array_equal(jacobian(ag.constant([5.0, 6.0])).numpy(),
                           [[[1.0, 1.0], [2.0, 2.0]], [[3.0, 3.0], [4.0, 4.0]]])


def test_the_jacobian_wrt_a_partly_known_source_keeps_every_source_dimension():
    # TensorFlow 2.21: shape (2, 2, 2, 3), all ones (dims of the source were once merged)
    @ag.function(input_signature=[ag.TensorSpec([None, 3], ag.float32)])
    def jacobian(x):
        with ag.GradientTape() as tape:
            tape.watch(x)
            y = ag.reshape(ag.reduce_sum(x), [1, 1]) * ag.ones([2, 2])
        return tape.jacobian(y, x)
    npt.assert_array_equal(jacobian(ag.ones([2, 3])).numpy(), np.ones((2, 2, 2, 3)))


@pytest.mark.parametrize("spec, target, expected", [
    (ag.TensorSpec(None, ag.float32), [0], (0, 3)),
    (ag.TensorSpec([None, 3], ag.float32), [0, 2], (0, 2, 2, 3)),
])
def test_the_jacobian_of_an_empty_target_wrt_a_source_of_unknown_shape(spec, target, expected):
    # TensorFlow 2.21 gives these shapes, the source's taken when the graph runs
    @ag.function(input_signature=[spec])
    def jacobian(x):
        with ag.GradientTape() as tape:
            tape.watch(x)
            y = ag.zeros(target) * ag.reshape(x, [-1])[0]
        return tape.jacobian(y, x)
    source = ag.ones([3]) if spec.shape.rank is None else ag.ones([2, 3])
    assert jacobian(source).shape == expected


def test_the_jacobian_of_a_vector_wrt_a_source_of_unknown_shape():
    @ag.function(input_signature=[ag.TensorSpec([None], ag.float32)])
    def jacobian(x):
        with ag.GradientTape() as tape:
            tape.watch(x)
            y = ag.reduce_sum(x) * ag.constant([1.0, 2.0])
        return tape.jacobian(y, x)
    npt.assert_array_equal(jacobian(ag.constant([5.0, 6.0, 7.0])).numpy(),
                           [[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]])


@pytest.mark.parametrize("method", ["jacobian", "batch_jacobian"])
def test_a_jacobian_needs_the_target_shape_known(method):
    @ag.function(input_signature=[ag.TensorSpec([None, 2], ag.float32)])
    def jacobian(x):
        with ag.GradientTape() as tape:
            tape.watch(x)
            y = x * 2.0
        return getattr(tape, method)(y, x)
    with pytest.raises(ValueError, match=re.escape(
            f"GradientTape.{method} needs the target's shape known, got (None, 2).") + "$"):
        jacobian(ag.constant([[1.0, 2.0]]))


def test_batch_jacobian_needs_the_source_shape_known():
    @ag.function(input_signature=[ag.TensorSpec([2, None], ag.float32)])
    def jacobian(x):
        with ag.GradientTape() as tape:
            tape.watch(x)
            y = ag.reshape(ag.reduce_sum(x, axis=1), [2, 1])
        return tape.batch_jacobian(y, x)
    with pytest.raises(ValueError, match=re.escape(
            "GradientTape.batch_jacobian needs the source's shape known, got (2, None).")
            + "$"):
        jacobian(ag.constant([[1.0, 2.0], [3.0, 4.0]]))


def test_batch_jacobian_of_a_scalar_target_is_an_error():
    x = ag.constant([[1.0, 2.0]])
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = ag.reduce_sum(x)
    with pytest.raises(ValueError, match=re.escape(
            "batch_jacobian needs a target with a batch dimension, got a scalar.") + "$"):
        tape.batch_jacobian(y, x)


def test_batch_jacobian_of_a_target_with_more_outputs_than_inputs():
    w = ag.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    x = ag.constant([[1.0, 1.0], [2.0, 0.5]])
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = ag.matmul(x, w)
    expected = [[[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]]] * 2  # TensorFlow 2.21's answer
    npt.assert_array_equal(tape.batch_jacobian(y, x).numpy(), expected)


def test_batch_jacobian_of_a_target_of_rank_one_is_per_example_gradients():
    # TensorFlow 2.21 refuses a target of rank 1 ("must have rank at least 2"); here it is
    # [batch] + source.shape[1:], the gradient of each example's value.
    x = ag.constant([[1.0, 1.0], [2.0, 0.5]])
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = ag.reduce_sum(x * x, axis=1)
    npt.assert_array_equal(tape.batch_jacobian(y, x).numpy(), [[2.0, 2.0], [4.0, 1.0]])


def test_batch_jacobian_of_a_target_without_inner_elements_is_empty():
    # TensorFlow 2.21 gives shape (2, 0); here it is [batch] + target.shape[1:] +
    # source.shape[1:], as for any other target.
    x = ag.constant([[1.0, 1.0], [2.0, 0.5]])
    with ag.GradientTape() as tape:
        tape.watch(x)
        y = x[:, :0] * 2.0
    assert tape.batch_jacobian(y, x).shape == (2, 0, 2)


def test_output_gradients_given_for_a_variable_target_are_used():
    v = ag.Variable(2.0)
    with ag.GradientTape() as tape:
        pass
    assert float(tape.gradient(v, v, output_gradients=ag.constant(5.0))) == 5.0  # TensorFlow


def test_a_tape_does_not_record_the_ops_of_another_thread():
    x = ag.Variable(2.0)
    entered, other_done = threading.Event(), threading.Event()

    def other_thread():
        entered.wait()
        x.assign_add(1.0)  # not recorded: the tape belongs to the main thread
        ag.identity(x * 10.0)
        other_done.set()

    worker = threading.Thread(target=other_thread)
    worker.start()
    with ag.GradientTape() as tape:
        entered.set()
        other_done.wait()
        y = x * x
    worker.join()
    assert [r.op_type for r in tape._records if r.op_type == "Mul"] == ["Mul"]
    np.testing.assert_allclose(tape.gradient(y, x), 6.0)


def test_tapes_of_two_threads_each_give_their_own_gradient():
    x = ag.Variable(3.0)
    barrier = threading.Barrier(2)
    grads = {}

    def step(power):
        with ag.GradientTape() as tape:
            barrier.wait()  # both tapes record at once
            y = x ** power
            barrier.wait()
        grads[power] = float(tape.gradient(y, x))

    threads = [threading.Thread(target=step, args=(p,)) for p in (2.0, 3.0)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert grads == {2.0: 6.0, 3.0: 27.0}


def test_ops_pay_no_recorder_once_every_threads_tape_is_done():
    from autograph.runtime.graph.recording import recorder
    entered, done = threading.Event(), threading.Event()

    def record_in_a_thread():
        with ag.GradientTape():
            entered.set()
            done.wait()

    worker = threading.Thread(target=record_in_a_thread)
    worker.start()
    entered.wait()
    assert recorder[0] is not None
    done.set()
    worker.join()
    assert recorder[0] is None
