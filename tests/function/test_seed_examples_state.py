"""The examples on state of the guide "Better performance with tf.function" (seed 004).

Globals and free variables, Python objects as arguments, creating variables, `init_scope`
and `ag.Module`, with our names (`tf.Variable` -> `ag.Variable`, `tf.Module` -> `ag.Module`).
The guide's Keras optimizers are written here as a small momentum optimizer that, like
them, makes its slot variables the first time it applies gradients.
"""

import numpy.testing as npt
import pytest

import autograph as ag

# Depending on Python global and free variables ------------------------------------------------
foo = 1


@ag.function
def buggy_add():
    return 1 + foo


@ag.function
def recommended_add(foo):
    return 1 + foo


@ag.function
def variable_add():
    return 1 + foo


@pytest.fixture
def global_foo():
    """Restores the module's `foo` after a test that rebinds it."""
    yield
    globals()["foo"] = 1


def test_buggy_add_keeps_the_global_it_traced_with(global_foo):
    global foo
    foo = 1
    assert int(buggy_add()) == 2 and int(recommended_add(foo)) == 2
    foo = 100
    assert int(buggy_add()) == 2  # Did not change!
    assert int(recommended_add(foo)) == 101


def test_buggy_add_prints_tensors_as_the_guide_shows(global_foo, capsys):
    global foo
    f, g = ag.function(buggy_add.python_function), ag.function(recommended_add.python_function)
    foo = 1
    print("Buggy:", f())
    print("Correct:", g(foo))
    foo = 100
    print("Buggy:", f())
    print("Correct:", g(foo))
    tensor = "ag.Tensor({}, shape=(), dtype=int32)"
    assert capsys.readouterr().out == (
        f"Buggy: {tensor.format(2)}\nCorrect: {tensor.format(2)}\n"
        f"Buggy: {tensor.format(2)}\nCorrect: {tensor.format(101)}\n")


def test_variable_add_reads_the_variable_on_every_call(global_foo, capsys):
    global foo
    foo = ag.Variable(1)
    print("Variable:", variable_add())
    foo.assign(100)
    print("Variable:", variable_add())
    assert capsys.readouterr().out == (
        "Variable: ag.Tensor(2, shape=(), dtype=int32)\n"
        "Variable: ag.Tensor(101, shape=(), dtype=int32)\n")


# Depending on Python objects ------------------------------------------------------------------
class SimpleModel(ag.Module):
    def __init__(self):
        super().__init__()
        # These values are *not* ag.Variables.
        self.bias = 0.
        self.weight = 2.


def evaluate(model, x):
    return model.weight * x + model.bias


def test_evaluate_does_not_see_changed_attributes_of_the_same_object(capsys):
    f = ag.function(evaluate)
    simple_model = SimpleModel()
    x = ag.constant(10.)
    print(f(simple_model, x))
    simple_model.bias += 5.0
    print(f(simple_model, x))  # Didn't change :(
    assert capsys.readouterr().out == "ag.Tensor(20.0, shape=(), dtype=float32)\n" * 2


def test_new_function_per_model_change_sees_the_change(capsys):
    new_model = SimpleModel()
    x = ag.constant(10.)
    evaluate_no_bias = ag.function(evaluate).get_concrete_function(new_model, x)
    print(evaluate_no_bias(x))
    new_model.bias += 5.0
    evaluate_with_bias = ag.function(evaluate).get_concrete_function(new_model, x)
    print(evaluate_with_bias(x))
    assert capsys.readouterr().out == (
        "ag.Tensor(20.0, shape=(), dtype=float32)\nag.Tensor(25.0, shape=(), dtype=float32)\n")


class BetterModel:
    def __init__(self):
        self.bias = ag.Variable(0.)
        self.weight = ag.Variable(2.)


def test_better_model_with_variables_sees_assign_add(capsys):
    f = ag.function(evaluate)
    better_model = BetterModel()
    x = ag.constant(10.)
    print(f(better_model, x))
    better_model.bias.assign_add(5.0)
    print(f(better_model, x))  # This works!
    assert capsys.readouterr().out == (
        "ag.Tensor(20.0, shape=(), dtype=float32)\nag.Tensor(25.0, shape=(), dtype=float32)\n")
    assert f.experimental_get_tracing_count() == 1


# Creating tf.Variables ------------------------------------------------------------------------
def test_variable_made_on_every_call_is_value_error_in_user_code():
    @ag.function
    def f(x):
        v = ag.Variable(1.0)
        return v
    with pytest.raises(ValueError) as caught:
        f(1.0)
    message = str(caught.value)
    assert "in user code" in message and "v = ag.Variable(1.0)" in message
    assert "created once, on its first trace" in message


class Count(ag.Module):
    def __init__(self):
        self.count = None

    @ag.function
    def __call__(self):
        if self.count is None:
            self.count = ag.Variable(0)
        return self.count.assign_add(1)


def test_count_creates_its_variable_on_the_first_call_only(capsys):
    c = Count()
    print(c())
    print(c())
    assert capsys.readouterr().out == (
        "ag.Tensor(1, shape=(), dtype=int32)\nag.Tensor(2, shape=(), dtype=int32)\n")
    assert [v.numpy() for v in c.variables] == [2]


class Momentum:
    """Gradient descent with momentum; its slot variables are made on the first apply."""

    def __init__(self, learning_rate, momentum=0.9):
        self.learning_rate, self.momentum = learning_rate, momentum
        self.slots = None

    def apply_gradients(self, grads_and_vars):
        grads_and_vars = list(grads_and_vars)
        if self.slots is None:
            # A callable initial value, as Keras's slot initializers: it runs outside the
            # function's graph, where the variable is made.
            self.slots = [ag.Variable(lambda v=v: ag.zeros_like(v)) for _, v in grads_and_vars]
        for slot, (grad, var) in zip(self.slots, grads_and_vars):
            slot.assign(self.momentum * slot + grad)
            var.assign_sub(self.learning_rate * slot)


def train_step(w, x, y, optimizer):
    # The gradient of L = reduce_sum(square(w*x - y)) with respect to w, written out.
    gradients = [ag.reduce_sum(2.0 * (w * x - y) * x)]
    optimizer.apply_gradients(zip(gradients, [w]))


def test_train_step_with_a_second_optimizer_is_value_error():
    opt1, opt2 = Momentum(learning_rate=1e-2), Momentum(learning_rate=1e-3)
    step = ag.function(train_step)
    w = ag.Variable(2.)
    x = ag.constant([-1.])
    y = ag.constant([2.])
    step(w, x, y, opt1)
    npt.assert_allclose(w.numpy(), 2.0 - 1e-2 * 8.0, rtol=1e-6)
    with pytest.raises(ValueError, match="on a trace after its first"):
        step(w, x, y, opt2)


def test_train_step_with_one_function_per_optimizer():
    opt1, opt2 = Momentum(learning_rate=1e-2), Momentum(learning_rate=1e-3)
    w = ag.Variable(2.)
    x = ag.constant([-1.])
    y = ag.constant([2.])
    train_step_1 = ag.function(train_step)
    train_step_2 = ag.function(train_step)
    expected, slots = 2.0, [0.0, 0.0]
    for i in range(10):
        if i % 2 == 0:
            train_step_1(w, x, y, opt1)
        else:
            train_step_2(w, x, y, opt2)
        k = i % 2
        slots[k] = 0.9 * slots[k] + 2.0 * (expected * -1.0 - 2.0) * -1.0
        expected -= (1e-2, 1e-3)[k] * slots[k]
    npt.assert_allclose(w.numpy(), expected, rtol=1e-5)
    assert train_step_1.experimental_get_tracing_count() == 1
    assert train_step_2.experimental_get_tracing_count() == 1


# Changing Python global and free variables: the Model counter ---------------------------------
def test_model_counter_without_init_scope_adds_on_every_call(capsys):
    class Model(ag.Module):
        def __init__(self):
            self.v = ag.Variable(0)
            self.counter = 0

        @ag.function
        def __call__(self):
            if self.counter == 0:
                # A python side-effect
                self.v.assign_add(1)

            return self.v
    m = Model()
    for _ in range(3):
        print(m().numpy())  # prints 1, 2, 3
    assert capsys.readouterr().out == "1\n2\n3\n"


def test_model_counter_with_init_scope_adds_once(capsys):
    class Model(ag.Module):
        def __init__(self):
            self.v = ag.Variable(0)
            self.counter = 0

        @ag.function
        def __call__(self):
            if self.counter == 0:
                # Lifts ops out of function-building graphs
                with ag.init_scope():
                    self.counter += 1
                    self.v.assign_add(1)

            return self.v
    m = Model()
    for _ in range(3):
        print(m().numpy())  # prints 1, 1, 1
    assert capsys.readouterr().out == "1\n1\n1\n"
    assert m.counter == 1
