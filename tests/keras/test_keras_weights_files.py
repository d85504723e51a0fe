"""`save_weights` / `load_weights` on every model: Keras 3's `.weights.h5` files, TensorFlow
checkpoints for other names, one clear error for a mismatch or a bad name."""

import json
import os
import warnings

import h5py
import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag

keras = ag.keras
layers = ag.keras.layers
_X = np.random.RandomState(0).rand(5, 3).astype(np.float32)


def _model(input_layer=True, last=2):
    stack = [layers.Dense(4, activation="relu"), layers.Dense(last)]
    return keras.Sequential(([keras.Input((3,))] if input_layer else []) + stack)


def _load_weights_error(model, path):
    """The message of the ValueError model.load_weights(path) raises."""
    with pytest.raises(ValueError) as raised:
        model.load_weights(path)
    return str(raised.value)


class Sub(keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = layers.Dense(4)
        self.scale = ag.Variable(1.5)

    def call(self, inputs):
        return self.hidden(inputs) * self.scale


def test_a_sequential_models_weights_round_trip(tmp_path):
    model = _model()
    model.save_weights(tmp_path / "m.weights.h5")
    fresh = _model()
    fresh.load_weights(tmp_path / "m.weights.h5")
    npt.assert_array_equal(fresh(_X).numpy(), model(_X).numpy())


def test_weights_load_into_a_model_not_built_yet(tmp_path):
    model = _model()
    model.save_weights(str(tmp_path / "m.weights.h5"))
    fresh = _model(input_layer=False)
    assert not fresh.built
    fresh.load_weights(str(tmp_path / "m.weights.h5"))
    assert fresh.built
    npt.assert_array_equal(fresh(_X).numpy(), model(_X).numpy())


def test_a_subclassed_models_weights_round_trip_into_an_unbuilt_copy(tmp_path):
    model = Sub()
    model(_X)
    model.scale.assign(3.0)
    model.save_weights(tmp_path / "s.weights.h5")
    fresh = Sub()
    fresh.load_weights(tmp_path / "s.weights.h5")
    npt.assert_array_equal(fresh(_X).numpy(), model(_X).numpy())


def test_a_functional_models_weights_round_trip(tmp_path):
    def make():
        inputs = keras.Input((3,))
        return keras.Model(inputs, layers.Dense(2)(layers.Dense(4)(inputs)))
    model = make()
    model.save_weights(tmp_path / "f.weights.h5")
    fresh = make()
    fresh.load_weights(tmp_path / "f.weights.h5")
    npt.assert_array_equal(fresh(_X).numpy(), model(_X).numpy())


def test_a_model_with_other_shapes_is_one_clear_error_and_keeps_its_weights(tmp_path):
    _model().save_weights(tmp_path / "m.weights.h5")
    other = _model(last=5)
    before = [w.numpy() for w in other.weights]
    assert _load_weights_error(other, tmp_path / "m.weights.h5") == (
        f"load_weights({str(tmp_path / 'm.weights.h5')!r}): layer {other.layers[1].name!r} "
        f"(Dense, at 'layers/dense_1' in the file) has weights of shapes [(4, 5), (5,)], but the "
        f"file holds [(4, 2), (2,)]. Load it into a model of the same architecture.")
    for weight, value in zip(other.weights, before):
        npt.assert_array_equal(weight.numpy(), value)


def test_a_model_with_fewer_layers_than_the_file_is_one_clear_error(tmp_path):
    _model().save_weights(tmp_path / "m.weights.h5")
    shorter = keras.Sequential([keras.Input((3,)), layers.Dense(4)])
    # Keras 3.15 loads such a file without a word (the second layer's weights are dropped)
    assert _load_weights_error(shorter, tmp_path / "m.weights.h5") == (
        f"load_weights({str(tmp_path / 'm.weights.h5')!r}): the file holds weights for 1 more "
        f"layer(s) than the model has (layers/dense_1/vars). Load it into a model of the same "
        f"architecture.")


def test_a_model_with_more_layers_than_the_file_is_one_clear_error(tmp_path):
    keras.Sequential([keras.Input((3,)), layers.Dense(4)]).save_weights(
        tmp_path / "m.weights.h5")
    longer = _model()
    assert _load_weights_error(longer, tmp_path / "m.weights.h5") == (
        f"load_weights({str(tmp_path / 'm.weights.h5')!r}): layer {longer.layers[1].name!r} "
        f"(Dense, at 'layers/dense_1' in the file) has weights of shapes [(4, 2), (2,)], but the "
        f"file holds [none]. Load it into a model of the same architecture.")


def test_an_unbuilt_model_and_a_file_without_a_shape_says_to_build_it(tmp_path):
    with h5py.File(tmp_path / "k.weights.h5", "w") as f:  # as Keras writes one
        f.create_group("vars")
    model = _model(input_layer=False)
    assert _load_weights_error(model, tmp_path / "k.weights.h5") == (
        f"load_weights: model {model.name!r} is not built yet and "
        f"{str(tmp_path / 'k.weights.h5')!r} does not record an input shape: build it first "
        f"(call it on data or build(input_shape)).")


def test_a_file_that_is_not_hdf5_is_one_clear_error(tmp_path):
    path = tmp_path / "m.weights.h5"
    path.write_bytes(b"not hdf5")
    with pytest.raises(ValueError) as raised:
        _model().load_weights(path)
    with pytest.raises(OSError) as reason:  # h5py's own words, not pinned here
        h5py.File(path, "r")
    assert str(raised.value) == (
        f"load_weights: {str(path)!r} is not a valid HDF5 weights file: {reason.value}")


@pytest.mark.parametrize("name", ["m.h5", "m.hdf5"])
def test_an_hdf5_name_must_end_in_weights_h5(tmp_path, name):
    # TensorFlow 2.21: "The filename must end in `.weights.h5`. Received: filepath=m.h5"
    for method, verb in (("save_weights", "writes"), ("load_weights", "reads")):
        with pytest.raises(ValueError) as raised:
            getattr(_model(), method)(tmp_path / name)
        assert str(raised.value) == (
            f"{method}: the file name must end in .weights.h5 (Keras 3's weights file), got "
            f"{str(tmp_path / name)!r}; Keras 2's HDF5 layout is not supported. A name without "
            f"a suffix {verb} a TensorFlow checkpoint.")


def test_a_keras_name_says_to_use_save(tmp_path):
    path = str(tmp_path / "m.keras")
    with pytest.raises(ValueError) as raised:
        _model().save_weights(path)
    assert str(raised.value) == (
        f"save_weights: {path!r} is a model file name; use model.save({path!r}) and "
        f"ag.keras.models.load_model, or a name ending in .weights.h5.")


def test_a_name_without_a_suffix_still_writes_a_checkpoint(tmp_path):
    model = _model()
    model.save_weights(str(tmp_path / "ckpt"))
    assert sorted(os.listdir(tmp_path))[0].startswith("ckpt")
    fresh = _model()
    fresh.load_weights(str(tmp_path / "ckpt"))
    npt.assert_array_equal(fresh(_X).numpy(), model(_X).numpy())


def test_saving_the_weights_of_an_unbuilt_model_says_to_build_it(tmp_path):
    model = _model(input_layer=False)
    with pytest.raises(ValueError) as raised:
        model.save_weights(tmp_path / "m.weights.h5")
    assert str(raised.value) == (
        f"save_weights: model {model.name!r} is not built yet, so it has no weights: call it on "
        f"data, build(input_shape) it or fit it first.")


def test_writing_weights_leaves_no_temporary_file(tmp_path):
    _model().save_weights(tmp_path / "m.weights.h5")
    assert os.listdir(tmp_path) == ["m.weights.h5"]


class DenseX(layers.Dense):  # Keras writes dense_x
    pass


class HTTPBlock2D(layers.Layer):  # a class name whose snake case Keras writes: http_block2d
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.stack = [layers.Dense(3), DenseX(2, use_bias=False)]
        self.by_name = {"zeta": layers.Dense(2), "alpha": layers.Dense(2)}
        self._hidden = layers.Dense(2)

    def call(self, x):
        y = self.stack[1](self.stack[0](x))
        return self.by_name["alpha"](y) + self.by_name["zeta"](y) + self._hidden(y)


class NestedNet(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.block = HTTPBlock2D()
        self.blocks = [HTTPBlock2D(), HTTPBlock2D()]
        self.head = layers.Dense(1)
        self.scale = ag.Variable(2.0, name="scale")

    def call(self, x):
        y = self.blocks[1](self.blocks[0](self.block(x)))
        return self.head(y) * self.scale


# The weights file TensorFlow 2.21 (Keras 3.15) writes for NestedNet: each group of
# variables and their shapes, as h5py lists them (list and dict entries named by class).
NESTED_NET_LAYOUT = [
    ("block/_hidden", [(2, 2), (2,)]), ("block/by_name/dense", [(2, 2), (2,)]),
    ("block/by_name/dense_1", [(2, 2), (2,)]), ("block/stack/dense", [(4, 3), (3,)]),
    ("block/stack/dense_x", [(3, 2)]),
    *((f"blocks/{block}/{path}", shapes) for block in ("http_block2d", "http_block2d_1")
      for path, shapes in (("_hidden", [(2, 2), (2,)]), ("by_name/dense", [(2, 2), (2,)]),
                           ("by_name/dense_1", [(2, 2), (2,)]),
                           ("stack/dense", [(2, 3), (3,)]), ("stack/dense_x", [(3, 2)]))),
    ("head", [(2, 1), (1,)]), ("", [()])]


def test_a_nested_subclassed_model_writes_keras_3s_layout(tmp_path):
    model = NestedNet()
    model(np.ones((1, 4), np.float32))
    model.save_weights(tmp_path / "n.weights.h5")
    found = {}
    with h5py.File(tmp_path / "n.weights.h5", "r") as f:
        f.visititems(lambda name, item: found.setdefault(name.rpartition("vars/")[0].rstrip(
            "/"), []).append(item.shape) if isinstance(item, h5py.Dataset) else None)
        zeta = f["block/by_name/dense/vars/0"][()]
    assert list(found.items()) == NESTED_NET_LAYOUT
    npt.assert_array_equal(zeta, model.block.by_name["zeta"].kernel.numpy())


def test_the_build_shape_is_a_root_attribute_of_the_weights_file(tmp_path):
    model = keras.Sequential([layers.Dense(2)])
    model.build((None, 5))
    model.save_weights(tmp_path / "m.weights.h5")
    with h5py.File(tmp_path / "m.weights.h5", "r") as f:  # the name files written before use
        assert json.loads(f.attrs["autograph_build_input_shape"]) == [None, 5]


class Wrapper(layers.Layer):
    def __init__(self, inner, **kwargs):
        super().__init__(**kwargs)
        self._inner = inner  # also among the arguments __init__ took

    def call(self, x):
        return self._inner(x)


def test_a_layer_given_to_init_is_written_under_its_attribute(tmp_path):
    model = keras.Sequential([keras.Input((3,)), Wrapper(layers.Dense(2))])
    model(np.ones((1, 3), np.float32))
    model.save_weights(tmp_path / "w.weights.h5")
    names = []
    with h5py.File(tmp_path / "w.weights.h5", "r") as f:
        f.visit(names.append)
    # TensorFlow 2.21 (Keras 3.15) writes these
    assert names == ["layers", "layers/wrapper", "layers/wrapper/_inner",
                     "layers/wrapper/_inner/vars", "layers/wrapper/_inner/vars/0",
                     "layers/wrapper/_inner/vars/1", "layers/wrapper/vars", "vars"]


def test_a_functional_model_writes_its_input_layer_as_keras_3_does(tmp_path):
    inputs = keras.Input((3,), name="features")
    model = keras.Model(inputs, layers.Dense(2, name="out")(layers.Dense(4, name="hidden")(
        inputs)))
    model.save_weights(tmp_path / "f.weights.h5")
    names = []
    with h5py.File(tmp_path / "f.weights.h5", "r") as f:
        f.visit(names.append)
    # TensorFlow 2.21 (Keras 3.15) writes these: entries named by class, the Input's too
    assert names == ["layers", "layers/dense", "layers/dense/vars", "layers/dense/vars/0",
                     "layers/dense/vars/1", "layers/dense_1", "layers/dense_1/vars",
                     "layers/dense_1/vars/0", "layers/dense_1/vars/1", "layers/input_layer",
                     "layers/input_layer/vars", "vars"]
    with h5py.File(tmp_path / "f.weights.h5", "r") as f:  # each layer's name, on its group
        named = {name: f[name].attrs["name"] for name in names if name.endswith("vars")}
    assert named == {"layers/dense/vars": "hidden", "layers/dense_1/vars": "out",
                     "layers/input_layer/vars": "features", "vars": model.name}


def test_a_layer_a_model_also_holds_as_an_attribute_is_written_once_under_layers(tmp_path):
    model = keras.Sequential([keras.Input((3,)), layers.Dense(2)])
    model.aux = model.layers[0]  # sorts before "layers", which Keras walks first all the same
    model.save_weights(tmp_path / "a.weights.h5")
    names = []
    with h5py.File(tmp_path / "a.weights.h5", "r") as f:
        f.visit(names.append)
    # TensorFlow 2.21 (Keras 3.15) writes these
    assert names == ["layers", "layers/dense", "layers/dense/vars", "layers/dense/vars/0",
                     "layers/dense/vars/1", "vars"]


class Boxes(layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._alias = layers.Dense(2)
        self.inner = self._alias  # Keras walks private attributes last
        self.box = [[layers.Dense(1)], {"k": layers.Dense(1)}, [layers.Dense(1)]]

    def call(self, x):
        return self.inner(x) + self.box[0][0](x) + self.box[1]["k"](x) + self.box[2][0](x)


def test_nested_containers_and_a_private_alias_are_written_as_keras_3_writes_them(tmp_path):
    model = keras.Sequential([keras.Input((3,)), Boxes()])
    model(np.ones((1, 3), np.float32))
    model.save_weights(tmp_path / "b.weights.h5")
    groups = []
    with h5py.File(tmp_path / "b.weights.h5", "r") as f:
        f.visit(lambda name: groups.append(name) if name.endswith("/vars") else None)
    # TensorFlow 2.21 (Keras 3.15) writes these groups of variables
    assert groups == [*(f"layers/boxes/box/{c}/dense/vars"
                        for c in ("container", "container_1", "container_2")),
                      "layers/boxes/inner/vars", "layers/boxes/vars"]


def test_metrics_state_in_a_weights_file_is_left_alone(tmp_path):
    path = tmp_path / "m.weights.h5"
    model = _model()
    model.save_weights(path)
    with h5py.File(path, "a") as f:  # Keras 3 may write its metrics' variables there
        f.create_dataset("metrics/mean/vars/0", data=np.float32(3.0))
    fresh = _model()
    fresh.load_weights(path)
    npt.assert_array_equal(fresh(np.ones((1, 3), np.float32)).numpy(),
                           model(np.ones((1, 3), np.float32)).numpy())


def test_a_file_with_two_more_layers_names_both(tmp_path):
    path = tmp_path / "m.weights.h5"
    keras.Sequential([keras.Input((3,)), layers.Dense(4), layers.Dense(4),
                      layers.Dense(2)]).save_weights(path)
    shorter = keras.Sequential([keras.Input((3,)), layers.Dense(4)])
    assert _load_weights_error(shorter, path) == (
        f"load_weights({str(path)!r}): the file holds weights for 2 more layer(s) than the model "
        f"has (layers/dense_1/vars, layers/dense_2/vars). Load it into a model of the same "
        f"architecture.")


class Dense(layers.Layer):  # a layer of no weights at the path of Keras' Dense
    def call(self, inputs):
        return inputs


def test_a_layer_without_weights_where_the_file_has_some_says_none(tmp_path):
    path = tmp_path / "m.weights.h5"
    keras.Sequential([keras.Input((3,)), layers.Dense(2)]).save_weights(path)
    other = keras.Sequential([keras.Input((3,)), Dense()])
    assert _load_weights_error(other, path) == (
        f"load_weights({str(path)!r}): layer {other.layers[0].name!r} (Dense, at 'layers/dense' "
        f"in the file) has weights of shapes [none], but the file holds [(3, 2), (2,)]. Load it "
        f"into a model of the same architecture.")


@pytest.mark.parametrize("learning_rate", [0.01, keras.optimizers.schedules.ExponentialDecay(
    0.01, 10, 0.5)], ids=["variable", "schedule"])
def test_the_state_of_an_optimizer_never_stepped_loads_without_a_word(learning_rate, tmp_path):
    path = tmp_path / "m.weights.h5"
    model = _model()
    model.compile(optimizer=keras.optimizers.Adam(learning_rate), loss="mse")
    model.save_weights(path)  # iterations (and the rate), no slots yet
    fresh = _model()
    fresh.compile(optimizer=keras.optimizers.Adam(learning_rate), loss="mse")
    fresh.fit(np.ones((2, 3), np.float32), np.ones((2, 2), np.float32), verbose=0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fresh.load_weights(path)
    assert int(fresh.optimizer.iterations.numpy()) == 0
