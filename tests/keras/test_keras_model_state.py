"""Models' trainable state, compile's loss and metrics, and the checkpointed optimizer, against
tf.keras (TensorFlow 2.21, Keras 3.15)."""

import numpy as np
import numpy.testing as npt

import autograph as ag

keras = ag.keras
layers = ag.keras.layers

_X = np.array([[1.0, -2.0], [3.0, 4.0], [-5.0, 6.0], [0.5, -0.5]], np.float32)
_Y = np.array([[1.0], [0.0], [1.0], [1.0]], np.float32)


def _sigmoid_unit():
    return keras.Sequential([layers.Dense(1, activation="sigmoid",
                                          kernel_initializer=keras.initializers.Constant(0.25))])


def _mean_abs_error(y_true, y_pred):
    return ag.reduce_mean(ag.abs(y_true - y_pred), axis=-1)


# compile -------------------------------------------------------------------------------------
def test_a_loss_function_gives_per_sample_losses_that_are_averaged():
    model = _sigmoid_unit()
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss=_mean_abs_error)
    # TensorFlow 2.21: 0.5879882, then fit losses [0.5879882, 0.5754696]
    npt.assert_allclose(model.evaluate(_X, _Y, verbose=0), 0.5879882, rtol=1e-6)
    history = model.fit(_X, _Y, epochs=2, batch_size=4, shuffle=False, verbose=0)
    npt.assert_allclose(history.history["loss"], [0.5879882, 0.5754696], rtol=1e-5)


def test_a_metric_by_name_other_than_accuracy():
    model = _sigmoid_unit()
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="binary_crossentropy",
                  metrics=["binary_accuracy"])
    logs = model.evaluate(_X, _Y, verbose=0, return_dict=True)
    # TensorFlow 2.21: {'binary_accuracy': 0.25, 'loss': 1.0013125}
    assert sorted(logs) == ["binary_accuracy", "loss"]
    npt.assert_allclose([logs["binary_accuracy"], logs["loss"]], [0.25, 1.0013125], rtol=1e-6)
    # tf.keras 2 names the metric; Keras 3.15 lists ['loss', 'compile_metrics']
    assert model.metrics_names == ["loss", "binary_accuracy"]


def test_loss_is_what_compile_was_given():
    model = _sigmoid_unit()
    # TensorFlow 2.21: None before compile; then "mse" for "mse", the object for an object
    assert model.loss is None
    model.compile(optimizer="sgd", loss="mse")
    assert model.loss == "mse"
    loss = keras.losses.MeanAbsoluteError()
    model.compile(optimizer="sgd", loss=loss)
    assert model.loss is loss
    model.compile(optimizer="sgd", loss=_mean_abs_error)
    assert model.loss is _mean_abs_error


def test_a_string_loss_still_trains_as_that_loss():
    model = _sigmoid_unit()
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="binary_crossentropy")
    # TensorFlow 2.21: 1.0013125 (as above)
    npt.assert_allclose(model.evaluate(_X, _Y, verbose=0), 1.0013125, rtol=1e-6)


def test_no_metrics_before_compile():
    # TensorFlow 2.21: [] and []
    model = _sigmoid_unit()
    assert model.metrics == [] and model.metrics_names == []


# Trainable state -------------------------------------------------------------------------------
class _Sub(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.first = layers.Dense(2, kernel_initializer="ones")
        self.second = layers.Dense(1, kernel_initializer="ones")

    def call(self, inputs):
        return self.second(self.first(inputs))


def _shapes(variables):
    return [v.shape.as_list() for v in variables]


def test_a_frozen_subclassed_model_has_only_non_trainable_weights():
    model = _Sub(trainable=False)
    model(np.ones((1, 3), np.float32))
    # TensorFlow 2.21: 0 trainable; non-trainable (3, 2), (2,), (2, 1), (1,)
    assert model.trainable_weights == []
    assert _shapes(model.non_trainable_weights) == [[3, 2], [2], [2, 1], [1]]


def test_a_frozen_layer_of_a_subclassed_model_is_not_trained():
    model = _Sub()
    model(np.ones((1, 3), np.float32))
    model.second.trainable = False
    # TensorFlow 2.21: trainable (3, 2), (2,); non-trainable (2, 1), (1,); the frozen layer
    # keeps its weights through fit
    assert _shapes(model.trainable_weights) == [[3, 2], [2]]
    assert _shapes(model.non_trainable_weights) == [[2, 1], [1]]
    model.compile(optimizer=keras.optimizers.SGD(0.01), loss="mse")
    model.fit(_X[:, :1].repeat(3, axis=1), _Y, epochs=1, verbose=0)
    npt.assert_array_equal(model.second.kernel.numpy(), [[1.0], [1.0]])
    npt.assert_array_equal(model.second.bias.numpy(), [0.0])
    # TensorFlow 2.21: the first kernel trained to -0.075 everywhere (one batch of 4)
    npt.assert_allclose(model.first.kernel.numpy(), np.full((3, 2), -0.075), rtol=1e-5)


def test_a_frozen_sequential_has_only_non_trainable_weights():
    model = keras.Sequential([layers.Dense(2)], trainable=False)
    model.build((None, 3))
    # TensorFlow 2.21: 0 trainable; non-trainable (3, 2), (2,)
    assert model.trainable_weights == []
    assert _shapes(model.non_trainable_weights) == [[3, 2], [2]]


def test_a_frozen_layer_of_a_sequential_is_non_trainable():
    model = keras.Sequential([layers.Dense(2), layers.Dense(1, trainable=False)])
    model.build((None, 3))
    # TensorFlow 2.21: trainable (3, 2), (2,); non-trainable (2, 1), (1,)
    assert _shapes(model.trainable_weights) == [[3, 2], [2]]
    assert _shapes(model.non_trainable_weights) == [[2, 1], [1]]


def test_build_without_a_shape_reuses_the_last_one_after_add():
    model = keras.Sequential([layers.Dense(4)])
    model.build((None, 3))
    model.add(layers.Dense(2))
    assert model.built  # TensorFlow 2.21: True, built again at once for (None, 3)
    model.build()
    # TensorFlow 2.21: (3, 4), (4,), (4, 2), (2,)
    assert model.built and _shapes(model.weights) == [[3, 4], [4], [4, 2], [2]]


# Checkpoints -----------------------------------------------------------------------------------
def test_a_compiled_models_checkpoint_names_its_optimizer_state_under_optimizer(tmp_path):
    model = _Sub()
    model.compile(optimizer=keras.optimizers.SGD(0.01, momentum=0.9), loss="mse")
    model.fit(_X[:, :1].repeat(3, axis=1), _Y, epochs=1, verbose=0)
    path = ag.train.Checkpoint(model=model).save(str(tmp_path / "c"))
    names = [name for name, _ in ag.train.list_variables(path)]
    # Keras 3's attribute names, as TensorFlow 2.21 writes them for an optimizer.
    suffix = "/.ATTRIBUTES/VARIABLE_VALUE"
    assert [n for n in names if n.startswith("model/optimizer/")] == [
        "model/optimizer/" + name + suffix for name in (
            "_iterations", "_learning_rate", "_variables/2", "_variables/3", "_variables/4",
            "_variables/5")]


def test_a_compiled_subclassed_model_checkpoints_its_optimizer(tmp_path):
    np.random.seed(0)
    model = _Sub()
    model.compile(optimizer=keras.optimizers.SGD(0.01, momentum=0.9), loss="mse")
    model.fit(_X[:, :1].repeat(3, axis=1), _Y, batch_size=2, epochs=1, verbose=0)
    model.save_weights(str(tmp_path / "sub"))
    fresh = _Sub()
    fresh.compile(optimizer=keras.optimizers.SGD(0.01, momentum=0.9), loss="mse")
    fresh.load_weights(str(tmp_path / "sub"))
    assert int(fresh.optimizer.iterations.numpy()) == 2
    assert _Sub()._trackable_children().keys() == {"first", "second"}


def test_an_optimizer_without_state_is_not_checkpointed():
    class HalfStep:
        def apply_gradients(self, grads_and_vars):
            for gradient, variable in grads_and_vars:
                variable.assign_sub(0.5 * gradient)

    model = _Sub()
    model.compile(optimizer=HalfStep(), loss="mse")
    assert "optimizer" not in model._trackable_children()


# The registry ----------------------------------------------------------------------------------
def test_an_unregistered_object_is_named_by_its_own_name():
    def plain(x):
        return x

    # TensorFlow 2.21 (keras.saving.get_registered_name): 'plain', then 'r>Alias' once
    # registered as package "r", name "Alias"
    assert keras.saving.get_registered_name(plain) == "plain"
    name = f"Alias{id(plain)}"  # a name of this run's own (the registry is per process)
    keras.saving.register_keras_serializable(package="tests_state", name=name)(plain)
    assert keras.saving.get_registered_name(plain) == f"tests_state>{name}"


class _Block(layers.Layer):
    """A plain layer (not a model) holding two one-unit dense layers of ones."""

    def __init__(self):
        super().__init__()
        self.inner = layers.Dense(1, kernel_initializer="ones", bias_initializer="zeros")
        self.outer = layers.Dense(1, kernel_initializer="ones", bias_initializer="zeros")

    def call(self, inputs):
        return self.outer(self.inner(inputs))


class _Outer(layers.Layer):
    def __init__(self):
        super().__init__()
        self.block = _Block()
        self.head = layers.Dense(1, kernel_initializer="ones", bias_initializer="zeros")

    def call(self, inputs):
        return self.head(self.block(inputs))


def test_a_frozen_layer_inside_a_plain_layer_is_not_trained():
    block = _Block()
    block(np.ones((4, 2), np.float32))
    block.inner.trainable = False
    # TensorFlow 2.21: trainable (1, 1), (1,); non-trainable (2, 1), (1,)
    assert _shapes(block.trainable_weights) == [[1, 1], [1]]
    assert _shapes(block.non_trainable_weights) == [[2, 1], [1]]
    model = keras.Sequential([keras.Input((2,)), block])
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
    model.fit(np.ones((4, 2), np.float32), np.zeros((4, 1), np.float32), epochs=1, verbose=0)
    # TensorFlow 2.21: the frozen kernel stays [1, 1]; the outer one trains to 0.2
    npt.assert_array_equal(block.inner.kernel.numpy(), [[1.0], [1.0]])
    npt.assert_allclose(block.outer.kernel.numpy(), [[0.2]], rtol=1e-6)


def test_a_layer_frozen_two_levels_down_is_non_trainable():
    outer = _Outer()
    outer(np.ones((4, 2), np.float32))
    outer.block.inner.trainable = False
    # TensorFlow 2.21: trainable (1, 1), (1,), (1, 1), (1,); non-trainable (2, 1), (1,)
    assert _shapes(outer.trainable_weights) == [[1, 1], [1], [1, 1], [1]]
    assert _shapes(outer.non_trainable_weights) == [[2, 1], [1]]


def test_a_frozen_plain_layer_freezes_the_layers_it_holds():
    outer = _Outer()
    outer(np.ones((4, 2), np.float32))
    outer.block.trainable = False
    # TensorFlow 2.21: trainable (1, 1), (1,); non-trainable (2, 1), (1,), (1, 1), (1,)
    assert _shapes(outer.trainable_weights) == [[1, 1], [1]]
    assert _shapes(outer.non_trainable_weights) == [[2, 1], [1], [1, 1], [1]]
