"""`model.save("m.keras")` and `ag.keras.models.load_model`: round trips of Sequential,
functional and subclassed models, the file's layout (Keras 3's, recorded from TensorFlow 2.21),
fine-tuning a loaded model, and one clear error for each bad file."""

import io
import json
import os
import re
import sys
import zipfile

import h5py
import numpy as np
import numpy.testing as npt
import pytest

import autograph as ag
from autograph.runtime.train.keras import saving

keras = ag.keras
layers = ag.keras.layers
load_model = ag.keras.models.load_model

_X = np.random.RandomState(0).rand(6, 4).astype(np.float32)
_Y = (_X.sum(axis=1, keepdims=True) > 2).astype(np.float32)


def _mlp():
    model = keras.Sequential([keras.Input((4,)), layers.Dense(5, activation="relu"),
                              layers.Dropout(0.2), layers.Dense(1, activation="sigmoid")])
    model.compile(optimizer=keras.optimizers.Adam(0.05), loss="binary_crossentropy",
                  metrics=["accuracy"])
    return model


def _raised(error, call):
    """The message `call` raises: a library's own reason, which a test does not pin."""
    with pytest.raises(error) as raised:
        call()
    return str(raised.value)


def _read_zip(path):
    """Reads every member, as load_model does: zipfile's error for a damaged file."""
    with zipfile.ZipFile(path) as zf:
        for name in zf.namelist():
            zf.read(name)


def _members(path):
    with zipfile.ZipFile(path) as zf:
        config = json.loads(zf.read("config.json"))
        metadata = json.loads(zf.read("metadata.json"))
        groups = []
        with h5py.File(io.BytesIO(zf.read("model.weights.h5")), "r") as f:
            f.visititems(lambda name, item: groups.append(name) if name.endswith("vars") else None)
    return config, metadata, sorted(groups)


def _load_error(path):
    """The message of the ValueError load_model raises for `path`."""
    with pytest.raises(ValueError) as raised:
        load_model(path)
    return str(raised.value)


class Sub(keras.Model):
    def __init__(self, units=2, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.first = layers.Dense(units)
        self.second = layers.Dense(1)
        self.w = ag.Variable(2.0)

    def call(self, inputs):
        return self.second(self.first(inputs)) * self.w


def _umask_mode():
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


def test_model_and_weights_files_get_the_mode_the_umask_gives_new_files(tmp_path):
    # As Keras's files (written with open()); a private temporary file's 0600 is renamed.
    model = _mlp()
    model.save(tmp_path / "m.keras")
    model.save_weights(tmp_path / "m.weights.h5")
    for name in ("m.keras", "m.weights.h5"):
        assert os.stat(tmp_path / name).st_mode & 0o777 == _umask_mode(), name
    assert sorted(os.listdir(tmp_path)) == ["m.keras", "m.weights.h5"]


# round trips -------------------------------------------------------------------------------
def test_a_sequential_model_round_trips_with_its_predictions(tmp_path):
    model = _mlp()
    model.fit(_X, _Y, epochs=2, batch_size=3, verbose=0)
    model.save(tmp_path / "m.keras")
    loaded = load_model(tmp_path / "m.keras")
    assert type(loaded) is keras.Sequential and loaded.name == model.name
    npt.assert_array_equal(loaded.predict(_X, verbose=0), model.predict(_X, verbose=0))


def test_a_functional_model_round_trips(tmp_path):
    inputs = keras.Input((8, 8, 1), name="img")
    x = layers.MaxPooling2D()(layers.Conv2D(3, 3, padding="same", activation="relu")(inputs))
    outputs = layers.Dense(2)(layers.Flatten()(x))
    model = keras.Model(inputs, outputs, name="net")
    model.save(str(tmp_path / "f.keras"))
    loaded = load_model(str(tmp_path / "f.keras"))
    images = np.random.RandomState(1).rand(2, 8, 8, 1).astype(np.float32)
    npt.assert_array_equal(loaded(images).numpy(), model(images).numpy())
    assert [type(layer).__name__ for layer in loaded.layers] == [
        "InputLayer", "Conv2D", "MaxPooling2D", "Flatten", "Dense"]


def test_a_subclassed_model_round_trips_with_custom_objects(tmp_path):
    model = Sub(3)
    model(_X)
    model.save(tmp_path / "s.keras")
    loaded = load_model(tmp_path / "s.keras", custom_objects={"Sub": Sub})
    assert loaded.units == 3
    npt.assert_array_equal(loaded(_X).numpy(), model(_X).numpy())


def test_a_subclassed_model_built_by_build_records_that_shape(tmp_path):
    model = Sub(3)
    model.build((None, 4))
    model(_X)
    model.save(tmp_path / "s.keras")
    # TensorFlow 2.21 (Keras 3.15) records the shape given to build, not the first call's
    assert _members(tmp_path / "s.keras")[0]["build_config"] == {"input_shape": [None, 4]}


def test_a_subclassed_model_built_for_a_tensor_shape_records_it(tmp_path):
    model = Sub(3)
    model.build(ag.TensorShape([None, 4]))
    model(_X)
    model.save(tmp_path / "s.keras")
    assert _members(tmp_path / "s.keras")[0]["build_config"] == {"input_shape": [None, 4]}


def test_building_a_subclassed_model_for_several_inputs_records_its_first_call():
    model = Sub(3)
    model.build([(None, 4), (None, 2)])  # not one shape: nothing recorded yet
    model(_X)
    assert model.get_build_config() == {"input_shape": list(_X.shape)}


def test_the_optimizer_state_round_trips(tmp_path):
    model = _mlp()
    model.fit(_X, _Y, epochs=1, batch_size=3, verbose=0)
    model.save(tmp_path / "m.keras")
    loaded = load_model(tmp_path / "m.keras")
    assert int(loaded.optimizer.iterations.numpy()) == 2
    for saved, restored in zip(model.optimizer.variables, loaded.optimizer.variables):
        npt.assert_array_equal(restored.numpy(), saved.numpy())


def test_a_loaded_model_predicts_the_same_and_trains_on(tmp_path):
    model = _mlp()
    model.fit(_X, _Y, epochs=3, batch_size=3, verbose=0)
    model.save(tmp_path / "m.keras")
    loaded = load_model(tmp_path / "m.keras")
    npt.assert_array_equal(loaded.predict(_X, verbose=0), model.predict(_X, verbose=0))
    before = loaded.evaluate(_X, _Y, verbose=0)[0]
    loaded.fit(_X, _Y, epochs=5, batch_size=3, verbose=0)
    assert loaded.evaluate(_X, _Y, verbose=0)[0] < before


def test_a_loaded_model_trains_with_a_gradient_tape(tmp_path):
    model = Sub()
    model(_X)
    model.save(tmp_path / "s.keras")
    loaded = load_model(tmp_path / "s.keras", custom_objects={"Sub": Sub})
    optimizer = keras.optimizers.SGD(0.05)
    losses = []
    for _ in range(3):
        with ag.GradientTape() as tape:
            loss = ag.reduce_mean(ag.square(loaded(_X) - _Y))
        variables = loaded.trainable_variables
        optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
        losses.append(float(loss))
    assert losses[2] < losses[0]


def test_compile_false_loads_the_model_uncompiled(tmp_path):
    _mlp().save(tmp_path / "m.keras")
    assert load_model(tmp_path / "m.keras", compile=False).optimizer is None


def test_save_model_and_load_model_are_in_keras_saving_too(tmp_path):
    model = _mlp()
    keras.saving.save_model(model, tmp_path / "m.keras")
    loaded = keras.saving.load_model(tmp_path / "m.keras")
    npt.assert_array_equal(loaded.predict(_X, verbose=0), model.predict(_X, verbose=0))


# the file ----------------------------------------------------------------------------------
def test_the_file_holds_keras_3s_members_and_config_keys(tmp_path):
    _mlp().save(tmp_path / "m.keras")
    config, metadata, groups = _members(tmp_path / "m.keras")
    # TensorFlow 2.21's file of the same model: these keys, compile config and groups
    assert sorted(config) == ["build_config", "class_name", "compile_config", "config",
                              "module", "registered_name"]
    assert (config["module"], config["class_name"], config["build_config"]) == (
        "keras", "Sequential", {"input_shape": [None, 4]})
    assert config["compile_config"]["loss"] == "binary_crossentropy"
    assert config["compile_config"]["optimizer"]["class_name"] == "Adam"
    assert metadata["keras_version"].startswith("3.")
    assert groups == ["layers/dense/vars", "layers/dense_1/vars", "layers/dropout/vars",
                      "optimizer/vars", "vars"]


def test_a_subclassed_models_weights_are_laid_out_as_keras_walks_it(tmp_path):
    model = Sub()
    model(_X)
    model.compile(optimizer="adam", loss="mse")
    model.fit(_X, _Y, verbose=0)
    model.save(tmp_path / "s.keras")
    config, _, groups = _members(tmp_path / "s.keras")
    # TensorFlow 2.21, the same model class: attributes in sorted order, then the layers not
    # yet met under "layers", by class name; the model's own variable in "vars"
    assert groups == ["first/vars", "layers/dense_1/vars", "optimizer/vars", "vars"]
    assert (config["module"], config["registered_name"]) == (None, "Sub")
    with zipfile.ZipFile(tmp_path / "s.keras") as zf:
        with h5py.File(io.BytesIO(zf.read("model.weights.h5")), "r") as f:
            # TensorFlow 2.21: Adam's 12 variables (iterations, learning rate, then the
            # momentum and velocity of w, the first kernel and bias, the second's)
            assert [f["optimizer/vars"][str(i)].shape for i in range(12)] == [
                (), (), (), (), (4, 2), (4, 2), (2,), (2,), (2, 1), (2, 1), (1,), (1,)]
            npt.assert_array_equal(f["vars/0"][()], np.float32(model.w.numpy()))


def test_writing_leaves_no_temporary_file(tmp_path):
    _mlp().save(tmp_path / "m.keras")
    _mlp().save(tmp_path / "m.keras")
    assert os.listdir(tmp_path) == ["m.keras"]


def test_overwrite_false_refuses_an_existing_file(tmp_path):
    (tmp_path / "m.keras").write_bytes(b"old")
    with pytest.raises(FileExistsError) as raised:
        _mlp().save(tmp_path / "m.keras", overwrite=False)
    assert str(raised.value) == (
        f"model.save: {str(tmp_path / 'm.keras')!r} exists already; pass overwrite=True to "
        f"replace it.")
    assert (tmp_path / "m.keras").read_bytes() == b"old"


def test_save_weights_with_overwrite_false_refuses_an_existing_file(tmp_path):
    path = tmp_path / "m.weights.h5"
    path.write_bytes(b"old")
    with pytest.raises(FileExistsError) as raised:
        _mlp().save_weights(path, overwrite=False)
    assert str(raised.value) == (
        f"save_weights: {str(path)!r} exists already; pass overwrite=True to replace it.")
    assert path.read_bytes() == b"old"


# errors ------------------------------------------------------------------------------------
_KERAS_2 = " Keras 2's HDF5 model files are not supported."


@pytest.mark.parametrize("name, hint", [("m.h5", _KERAS_2), ("m.hdf5", _KERAS_2), ("m", ""),
                                        ("m.zip", "")], ids=["m.h5", "m.hdf5", "m", "m.zip"])
def test_save_takes_only_a_keras_name(tmp_path, name, hint):
    with pytest.raises(ValueError) as raised:
        _mlp().save(tmp_path / name)
    assert str(raised.value) == (
        f"model.save: the file name must end in .keras (Keras 3's model file), got "
        f"{str(tmp_path / name)!r}.{hint} For weights alone use save_weights('name.weights.h5').")


def test_save_refuses_a_model_not_built(tmp_path):
    model = keras.Sequential([layers.Dense(2)])
    with pytest.raises(ValueError) as raised:
        model.save(tmp_path / "m.keras")
    assert str(raised.value) == (
        f"model.save: model {model.name!r} is not built yet, so it has no weights: call it on "
        f"data, build(input_shape) it or fit it first.")


def test_load_model_of_a_missing_file_says_so(tmp_path):
    path = tmp_path / "none.keras"
    with pytest.raises(FileNotFoundError) as raised:
        load_model(path)
    assert str(raised.value) == f"load_model: no such file: {str(path)!r}."


def test_load_model_takes_only_a_keras_name(tmp_path):
    path = tmp_path / "m.h5"
    assert _load_error(path) == (
        f"load_model: the file name must end in .keras (Keras 3's model file), got "
        f"{str(path)!r}; Keras 2's .h5 model files are not supported.")


def _not_a_keras_file(path):
    """load_model's message for a file zipfile cannot read, with zipfile's own reason."""
    return (f"load_model: {str(path)!r} is not a valid .keras file (a corrupt or truncated zip, "
            f"or not a zip at all): {_raised(zipfile.BadZipFile, lambda: _read_zip(path))}")


@pytest.mark.parametrize("cut", [0, 10, 500, -30])
def test_a_truncated_file_is_one_clear_error(tmp_path, cut):
    _mlp().save(tmp_path / "m.keras")
    data = (tmp_path / "m.keras").read_bytes()
    (tmp_path / "m.keras").write_bytes(data[:cut] if cut >= 0 else data[:len(data) + cut])
    assert _load_error(tmp_path / "m.keras") == _not_a_keras_file(tmp_path / "m.keras")


def test_a_file_that_is_not_a_zip_is_one_clear_error(tmp_path):
    (tmp_path / "m.keras").write_text("not a zip")
    assert _load_error(tmp_path / "m.keras") == _not_a_keras_file(tmp_path / "m.keras")


def test_a_corrupted_member_is_one_clear_error(tmp_path):
    _mlp().save(tmp_path / "m.keras")
    data = bytearray((tmp_path / "m.keras").read_bytes())
    start = data.index(b"config.json") + len(b"config.json")
    data[start + 5] ^= 0xFF  # inside the compressed config
    (tmp_path / "m.keras").write_bytes(bytes(data))
    assert _load_error(tmp_path / "m.keras") == _not_a_keras_file(tmp_path / "m.keras")


def _rewrite(path, **members):
    with zipfile.ZipFile(path) as zf:
        found = {name: zf.read(name) for name in zf.namelist()}
    found.update(members)
    with zipfile.ZipFile(path, "w") as zf:
        for name, data in found.items():
            if data is not None:
                zf.writestr(name, data)


def test_a_zip_without_weights_is_one_clear_error(tmp_path):
    _mlp().save(tmp_path / "m.keras")
    _rewrite(tmp_path / "m.keras", **{"model.weights.h5": None})
    assert _load_error(tmp_path / "m.keras") == (
        f"load_model: {str(tmp_path / 'm.keras')!r} is not a Keras 3 model file: it has no "
        f"model.weights.h5.")


def test_weights_that_are_not_hdf5_are_one_clear_error(tmp_path):
    _mlp().save(tmp_path / "m.keras")
    _rewrite(tmp_path / "m.keras", **{"model.weights.h5": b"garbage"})
    with pytest.raises(ValueError) as raised:
        load_model(tmp_path / "m.keras")
    reason = _raised(OSError, lambda: h5py.File(io.BytesIO(b"garbage"), "r"))  # h5py's words
    assert str(raised.value) == (
        f"load_model: the weights in {str(tmp_path / 'm.keras')!r} (model.weights.h5) are not "
        f"a valid HDF5 file: {reason}")


def test_a_keras_2_file_is_refused(tmp_path):
    _mlp().save(tmp_path / "m.keras")
    _rewrite(tmp_path / "m.keras", **{"metadata.json": b'{"keras_version": "2.15.0"}'})
    assert _load_error(tmp_path / "m.keras") == (
        f"load_model: {str(tmp_path / 'm.keras')!r} was written by Keras 2.15.0; only Keras 3 "
        f"files can be loaded (load it with Keras 3 and save it again).")


def test_a_lambda_layer_is_refused_without_running_it(tmp_path):
    _mlp().save(tmp_path / "m.keras")
    with zipfile.ZipFile(tmp_path / "m.keras") as zf:
        config = json.loads(zf.read("config.json"))
    config["config"]["layers"].insert(1, {
        "module": "keras.layers", "class_name": "Lambda", "registered_name": None,
        "config": {"name": "lambda", "function": {"class_name": "__lambda__", "config": {
            "code": "4wEAAAAAAAAA", "defaults": None, "closure": None}}}})
    _rewrite(tmp_path / "m.keras", **{"config.json": json.dumps(config).encode()})
    with pytest.raises(ValueError) as raised:
        load_model(tmp_path / "m.keras", safe_mode=False)
    assert str(raised.value) == (
        f"load_model: cannot make the model of {str(tmp_path / 'm.keras')!r} again: Cannot load "
        f"a Lambda layer: its code is stored in the file, and loading never runs stored code. "
        f"Rewrite it as a layer class and pass it in custom_objects.")


def test_weights_of_another_architecture_are_one_clear_error(tmp_path):
    _mlp().save(tmp_path / "m.keras")
    with zipfile.ZipFile(tmp_path / "m.keras") as zf:
        config = json.loads(zf.read("config.json"))
    config["config"]["layers"][1]["config"]["units"] = 7
    config["config"]["layers"][1].pop("build_config")
    _rewrite(tmp_path / "m.keras", **{"config.json": json.dumps(config).encode()})
    with pytest.raises(ValueError) as raised:
        load_model(tmp_path / "m.keras")
    name = config["config"]["layers"][1]["config"]["name"]  # the name the loaded layer takes
    assert str(raised.value) == (
        f"load_model({str(tmp_path / 'm.keras')!r}): layer {name!r} (Dense, at 'layers/dense' "
        f"in the file) has weights of shapes [(4, 7), (7,)], but the file holds [(4, 5), "
        f"(5,)]. Load it into a model of the same architecture.")


def test_an_unknown_optimizer_option_says_to_load_without_compiling(tmp_path):
    _mlp().save(tmp_path / "m.keras")
    with zipfile.ZipFile(tmp_path / "m.keras") as zf:
        config = json.loads(zf.read("config.json"))
    config["compile_config"]["optimizer"]["config"]["use_ema"] = True
    _rewrite(tmp_path / "m.keras", **{"config.json": json.dumps(config).encode()})
    assert _load_error(tmp_path / "m.keras") == (
        f"load_model: cannot compile the model of {str(tmp_path / 'm.keras')!r} as it was "
        f"compiled: Optimizer Adam: use_ema=True is not supported. Load it with compile=False "
        f"and compile it yourself.")


def test_a_registered_subclass_loads_without_custom_objects(tmp_path):
    registered = keras.saving.register_keras_serializable(package="tests")(
        type("RegisteredSub", (Sub,), {}))
    try:
        model = registered()
        model(_X)
        model.save(tmp_path / "s.keras")
        assert type(load_model(tmp_path / "s.keras")) is registered
    finally:
        saving._REGISTERED.pop("tests>RegisteredSub")


def test_load_model_of_a_directory_points_to_saved_model(tmp_path):
    assert _load_error(tmp_path) == (
        f"load_model: {str(tmp_path)!r} is a directory (a SavedModel?); only Keras 3 .keras "
        f"files can be loaded (ag.saved_model loads SavedModels).")


def test_a_config_that_is_not_a_model_is_one_clear_error(tmp_path):
    path = tmp_path / "m.keras"
    _mlp().save(path)
    _rewrite(path, **{"config.json": b"[1, 2]"})
    assert _load_error(path) == (
        f"load_model: {str(path)!r} has no model config (config.json holds list).")


def test_weights_in_an_npz_member_are_named_as_unsupported(tmp_path):
    path = tmp_path / "m.keras"
    _mlp().save(path)
    _rewrite(path, **{"model.weights.h5": None, "model.weights.npz": b"npz"})
    assert _load_error(path) == (
        f"load_model: {str(path)!r} is not a Keras 3 model file: it has no model.weights.h5 "
        f"(its weights are in model.weights.npz, which is not supported).")


class Holding(layers.Layer):
    def __init__(self, thing=None, **kwargs):
        super().__init__(**kwargs)
        self.thing = thing

    def get_config(self):
        return {**super().get_config(), "thing": self.thing}

    def call(self, inputs):
        return inputs


def test_a_config_value_json_cannot_hold_is_one_clear_error(tmp_path):
    thing = object()
    model = keras.Sequential([keras.Input((4,)), Holding(thing)])
    with pytest.raises(TypeError) as raised:
        model.save(tmp_path / "m.keras")
    assert str(raised.value) == (
        f"Cannot write {thing!r} (object) in a model's config: configs hold numbers, strings, "
        f"lists and dicts.")
    assert not (tmp_path / "m.keras").exists()


def test_weights_of_another_optimizer_skip_its_state_with_a_warning(tmp_path):
    path = str(tmp_path / "m.weights.h5")
    trained = _mlp()
    trained.fit(_X, _Y, epochs=1, verbose=0)
    trained.save_weights(path)
    other = _mlp()
    other.compile(optimizer=keras.optimizers.SGD(0.1, momentum=0.9), loss="mse")
    other.fit(_X, _Y, epochs=1, verbose=0)
    with pytest.warns(UserWarning) as warned:
        other.load_weights(path)
    assert [str(w.message) for w in warned] == [
        f"load_weights({path!r}): skipping the optimizer's state: optimizer "
        f"{other.optimizer.name!r} has 6 variables, the file holds 10 that do not fit them."]
    assert warned[0].filename == __file__  # the warning points at the caller's line
    npt.assert_array_equal(other.predict(_X, verbose=0), trained.predict(_X, verbose=0))


@keras.saving.register_keras_serializable(package="compile_config_test")
def halved_error(y_true, y_pred):
    return ag.reduce_mean(ag.abs(y_true - y_pred)) / 2


def mean_prediction(y_true, y_pred):
    return ag.reduce_mean(y_pred)


def test_the_compile_config_of_functions_and_metric_objects_is_keras_3s(tmp_path):
    model = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss=halved_error,
                  metrics=[mean_prediction, "mae", keras.metrics.Mean()])
    model.save(tmp_path / "m.keras")
    # TensorFlow 2.21 (Keras 3.15) writes this for the same compile call (its optimizer named
    # "adam": the first of its process, as ours would be)
    def function(name):
        return {"module": "builtins", "class_name": "function", "config": name,
                "registered_name": "function"}
    written = _members(tmp_path / "m.keras")[0]["compile_config"]
    assert json.dumps(written) == json.dumps({  # keys in Keras' order too
        "optimizer": {"module": "keras.optimizers", "class_name": "Adam", "config": {
            "name": model.optimizer.name, "learning_rate": 0.009999999776482582,
            "weight_decay": None,
            "clipnorm": None, "global_clipnorm": None, "clipvalue": None, "use_ema": False,
            "ema_momentum": 0.99, "ema_overwrite_frequency": None, "loss_scale_factor": None,
            "gradient_accumulation_steps": None, "beta_1": 0.9, "beta_2": 0.999,
            "epsilon": 1e-07, "amsgrad": False}, "registered_name": None},
        "loss": function("compile_config_test>halved_error"), "loss_weights": None,
        "metrics": [function("mean_prediction"), "mae", {
            "module": "keras.metrics", "class_name": "Mean",
            "config": {"name": "mean", "dtype": "float32"}, "registered_name": None}],
        "weighted_metrics": None, "run_eagerly": False, "steps_per_execution": 1,
        "jit_compile": False})


@keras.saving.register_keras_serializable(package="compile_config_test")
class ScaledError(keras.losses.Loss):
    def __init__(self, scale=2.0, **kwargs):
        super().__init__(**kwargs)
        self.scale = scale

    def call(self, y_true, y_pred):
        return (y_true - y_pred) ** 2 * self.scale

    def get_config(self):
        return {**super().get_config(), "scale": self.scale}


# What TensorFlow 2.21 (Keras 3.15) writes for the compile call below, keys in its order
SCHEDULE_AND_LOSS_OBJECT = (
    '{"optimizer": {"module": "keras.optimizers", "class_name": "SGD", '
    '"config": {"name": "sgd", "learning_rate": {"module": "keras.optimizers.schedules", '
    '"class_name": "ExponentialDecay", "config": {"initial_learning_rate": 0.1, '
    '"decay_steps": 10, "decay_rate": 0.5, "staircase": false, '
    '"name": "ExponentialDecay"}, "registered_name": null}, "weight_decay": null, '
    '"clipnorm": null, "global_clipnorm": null, "clipvalue": null, "use_ema": false, '
    '"ema_momentum": 0.99, "ema_overwrite_frequency": null, "loss_scale_factor": null, '
    '"gradient_accumulation_steps": null, "momentum": 0.0, "nesterov": false}, '
    '"registered_name": null}, "loss": {"module": null, "class_name": "ScaledError", '
    '"config": {"name": "scaled_error", "reduction": "sum_over_batch_size", "scale": 3.0}, '
    '"registered_name": "compile_config_test>ScaledError"}, "loss_weights": null, '
    '"metrics": ["accuracy"], "weighted_metrics": null, "run_eagerly": false, '
    '"steps_per_execution": 1, "jit_compile": false}')


def test_a_schedule_and_a_registered_loss_class_are_written_as_keras_3_writes_them(tmp_path):
    model = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.SGD(
        learning_rate=keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.5)),
        loss=ScaledError(3.0), metrics=["accuracy"])
    model.save(tmp_path / "m.keras")
    expected = json.loads(SCHEDULE_AND_LOSS_OBJECT)
    expected["optimizer"]["config"]["name"] = model.optimizer.name  # "sgd" in its process
    written = _members(tmp_path / "m.keras")[0]["compile_config"]
    assert json.dumps(written) == json.dumps(expected)


def test_a_schedule_and_a_registered_loss_class_compile_the_loaded_model_again(tmp_path):
    model = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.SGD(
        learning_rate=keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.5)),
        loss=ScaledError(3.0), metrics=["accuracy", mean_prediction])
    model.save(tmp_path / "m.keras")
    loaded = load_model(tmp_path / "m.keras", custom_objects={
        "mean_prediction": mean_prediction})
    schedule = loaded.optimizer.get_config()["learning_rate"]
    assert schedule["class_name"] == "ExponentialDecay"
    assert schedule == model.optimizer.get_config()["learning_rate"]
    assert type(loaded.loss) is ScaledError and loaded.loss.scale == 3.0
    x = np.ones((4, 3), np.float32)
    assert loaded.evaluate(x, x[:, :1], verbose=0) == model.evaluate(x, x[:, :1], verbose=0)


@pytest.mark.parametrize("loss, written", [
    # TensorFlow 2.21 (Keras 3.15) writes these for the same losses
    (keras.losses.mean_squared_error, {
        "module": "builtins", "class_name": "function", "config": "mean_squared_error",
        "registered_name": "function"}),
    (keras.losses.BinaryCrossentropy(from_logits=True), {
        "module": "keras.losses", "class_name": "BinaryCrossentropy", "config": {
            "name": "binary_crossentropy", "reduction": "sum_over_batch_size",
            "from_logits": True, "label_smoothing": 0.0, "axis": -1},
        "registered_name": None}),
], ids=["function", "object"])
def test_keras_own_losses_are_written_as_keras_3_writes_them(loss, written, tmp_path):
    model = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
    model.compile(optimizer="adam", loss=loss)
    model.save(tmp_path / "m.keras")
    assert json.dumps(_members(tmp_path / "m.keras")[0]["compile_config"]["loss"]) == \
        json.dumps(written)


@pytest.mark.parametrize("loss", [keras.losses.mean_squared_error, "mae",
                                  keras.losses.BinaryCrossentropy(from_logits=True)],
                         ids=["function", "name", "object"])
def test_keras_own_losses_and_metrics_compile_the_loaded_model_again(loss, tmp_path):
    model = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
    model.compile(optimizer="adam", loss=loss, metrics=[
        keras.metrics.BinaryAccuracy(threshold=0.2), "accuracy", mean_prediction])
    model.save(tmp_path / "m.keras")
    loaded = load_model(tmp_path / "m.keras", custom_objects={
        "mean_prediction": mean_prediction})
    x = np.linspace(-1, 1, 12, dtype=np.float32).reshape(4, 3)
    y = np.array([[0.0], [1.0], [1.0], [0.0]], np.float32)
    assert loaded.evaluate(x, y, verbose=0) == model.evaluate(x, y, verbose=0)
    assert loaded.metrics_names == model.metrics_names


@keras.saving.register_keras_serializable(package="compile_config_test")
class MeanSquaredError(keras.losses.Loss):  # a class of its own, named as Keras' one
    def call(self, y_true, y_pred):
        return ag.reduce_mean((y_true - y_pred) ** 2, axis=-1) * 10.0


def test_a_loss_class_named_as_a_keras_one_is_written_as_registered(tmp_path):
    model = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
    model.compile(optimizer="adam", loss=MeanSquaredError())
    model.save(tmp_path / "m.keras")
    loss = _members(tmp_path / "m.keras")[0]["compile_config"]["loss"]
    assert (loss["module"], loss["registered_name"]) == (
        None, "compile_config_test>MeanSquaredError")
    assert type(load_model(tmp_path / "m.keras").loss) is MeanSquaredError


@keras.saving.register_keras_serializable(package="compile_config_test")
class HalvedSGD(keras.optimizers.SGD):
    def __init__(self, learning_rate=0.01, **kwargs):
        super().__init__(learning_rate=learning_rate / 2, **kwargs)


def test_a_registered_optimizer_class_compiles_the_loaded_model_again(tmp_path):
    model = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
    model.compile(optimizer=HalvedSGD(0.2), loss="mse")
    model.save(tmp_path / "m.keras")
    assert type(load_model(tmp_path / "m.keras").optimizer) is HalvedSGD


def test_an_optimizer_we_do_not_have_says_to_load_without_compiling(tmp_path):
    path = tmp_path / "m.keras"
    _mlp().save(path)
    with zipfile.ZipFile(path) as zf:
        config = json.loads(zf.read("config.json"))
    config["compile_config"]["optimizer"]["class_name"] = "Lion"
    _rewrite(path, **{"config.json": json.dumps(config).encode()})
    with pytest.raises(ValueError) as raised:
        load_model(path)
    message = str(raised.value)
    assert message.startswith(f"load_model: cannot compile the model of {str(path)!r} as it "
                              f"was compiled: Unknown class 'Lion'")
    assert message.endswith(" Load it with compile=False and compile it yourself.")


def _with_compile_config(path, **changes):
    _mlp().save(path)
    with zipfile.ZipFile(path) as zf:
        config = json.loads(zf.read("config.json"))
    for key, value in changes.items():
        if value is None:
            config["compile_config"].pop(key)
        else:
            config["compile_config"][key] = value
    _rewrite(path, **{"config.json": json.dumps(config).encode()})


def test_per_output_losses_weights_and_metrics_round_trip_in_a_keras_file(tmp_path):
    inputs = ag.keras.Input((3,))
    model = ag.keras.Model(inputs, [layers.Dense(1, name="reg")(inputs),
                                    layers.Dense(3, activation="softmax", name="cls")(inputs)])
    model.compile("sgd", loss={"reg": "mse",
                               "cls": ag.keras.losses.SparseCategoricalCrossentropy()},
                  loss_weights={"reg": 0.5, "cls": 2.0}, metrics=[["mae"], ["accuracy"]])
    model.save(tmp_path / "m.keras")
    config = load_model(tmp_path / "m.keras").get_compile_config()
    # the entries as TensorFlow 2.21 writes them for the same compile call
    assert config["loss"]["reg"] == "mse"
    assert config["loss"]["cls"]["class_name"] == "SparseCategoricalCrossentropy"
    assert (config["loss_weights"], config["metrics"]) == ({"reg": 0.5, "cls": 2.0},
                                                           [["mae"], ["accuracy"]])


def test_a_compile_config_without_optimizer_or_run_eagerly_takes_the_defaults(tmp_path):
    path = tmp_path / "m.keras"
    _with_compile_config(path, optimizer=None, run_eagerly=None)
    loaded = load_model(path)
    assert type(loaded.optimizer).__name__ == "RMSprop"
    assert loaded.get_compile_config()["run_eagerly"] is False


def test_a_model_compiled_to_run_eagerly_loads_so(tmp_path):
    model = _mlp()
    model.compile(optimizer="adam", loss="mse", run_eagerly=True)
    model.save(tmp_path / "m.keras")
    assert load_model(tmp_path / "m.keras").get_compile_config()["run_eagerly"] is True


def test_the_file_is_written_beside_its_target_and_renamed_over_it(tmp_path, monkeypatch):
    renamed = []
    replace = os.replace

    def spy(source, target):
        renamed.append((os.path.dirname(source), os.path.dirname(target)))
        return replace(source, target)
    monkeypatch.setattr(os, "replace", spy)
    _mlp().save(tmp_path / "m.keras")
    assert renamed == [(str(tmp_path), str(tmp_path))]  # one rename within the folder


def test_save_model_replaces_an_existing_file_by_default(tmp_path):
    (tmp_path / "m.keras").write_bytes(b"old")
    keras.models.save_model(_mlp(), tmp_path / "m.keras")
    assert zipfile.is_zipfile(tmp_path / "m.keras")


class Scaling(layers.Layer):
    def __init__(self, scale=1.0, offsets=(0.0,), **kwargs):
        super().__init__(**kwargs)
        self.scale, self.offsets = scale, offsets

    def get_config(self):
        return {**super().get_config(), "scale": self.scale, "offsets": self.offsets}

    def call(self, inputs):
        return inputs * self.scale


def test_numpy_values_in_a_config_are_written_as_numbers(tmp_path):
    model = keras.Sequential([keras.Input((2,)), Scaling(np.float32(2.5),
                                                         np.array([1, 2], np.int64))])
    model.save(tmp_path / "m.keras")
    config = _members(tmp_path / "m.keras")[0]["config"]["layers"][1]["config"]
    assert (config["scale"], config["offsets"]) == (2.5, [1, 2])


def test_a_config_without_a_class_name_is_one_clear_error(tmp_path):
    path = tmp_path / "m.keras"
    _mlp().save(path)
    _rewrite(path, **{"config.json": b'{"config": {}}'})
    assert _load_error(path) == (
        f"load_model: {str(path)!r} has no model config (config.json names no class_name).")


@pytest.mark.parametrize("metadata", [b"{}", b"[]", None], ids=["no version", "a list", "none"])
def test_metadata_without_a_version_reads_as_keras_3(metadata, tmp_path):
    path = tmp_path / "m.keras"
    model = _mlp()
    model.save(path)
    _rewrite(path, **{"metadata.json": metadata})
    npt.assert_array_equal(load_model(path).predict(_X, verbose=0),
                           model.predict(_X, verbose=0))


def test_a_zip_of_neither_member_names_both(tmp_path):
    path = tmp_path / "m.keras"
    _mlp().save(path)
    _rewrite(path, **{"config.json": None, "model.weights.h5": None})
    assert _load_error(path) == (f"load_model: {str(path)!r} is not a Keras 3 model file: it "
                                 f"has no config.json or model.weights.h5.")


def test_the_metadata_holds_the_version_and_the_date_as_keras_writes_them(tmp_path):
    _mlp().save(tmp_path / "m.keras")
    metadata = _members(tmp_path / "m.keras")[1]
    assert list(metadata) == ["keras_version", "date_saved"]
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}@\d{2}:\d{2}:\d{2}", metadata["date_saved"])


def test_without_h5py_saving_says_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "h5py", None)
    with pytest.raises(ImportError) as raised:
        _mlp().save(tmp_path / "m.keras")
    assert str(raised.value) == ('Keras weight files (.keras, .weights.h5) need h5py: pip '
                                 'install "autograph-dataflow[keras]" (or pip install h5py).')
