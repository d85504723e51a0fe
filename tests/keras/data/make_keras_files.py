"""Writes the `.keras` fixtures of tests/keras/test_keras_files_from_tensorflow.py with Keras 3
(TensorFlow 2.21.0, Keras 3.15.1, h5py 3.14) and prints the predictions the tests expect.

Run by hand with TensorFlow's interpreter, never by the suite:
    /path/to/tensorflow/python tests/keras/data/make_keras_files.py
"""

import io
import pathlib
import zipfile

import keras
import numpy as np

HERE = pathlib.Path(__file__).parent


@keras.saving.register_keras_serializable(package="fixtures")
class Scale(keras.layers.Layer):
    """Multiplies its inputs by one trained scalar per feature."""

    def __init__(self, initial=1.0, **kwargs):
        super().__init__(**kwargs)
        self.initial = initial

    def build(self, input_shape):
        self.factor = self.add_weight(shape=(input_shape[-1],), name="factor",
                                      initializer=keras.initializers.Constant(self.initial))

    def call(self, inputs):
        return inputs * self.factor

    def get_config(self):
        return {**super().get_config(), "initial": self.initial}


def inputs(shape):
    """The fixed inputs of the tests: evenly spaced in [-1, 1]."""
    return np.linspace(-1.0, 1.0, int(np.prod(shape)), dtype=np.float32).reshape(shape)


def mlp():
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                              keras.layers.Dense(3, activation="softmax")], name="mlp")
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss="sparse_categorical_crossentropy",
                  metrics=["accuracy"])
    x = np.random.RandomState(1).rand(16, 4).astype(np.float32)
    model.fit(x, (x.sum(axis=1) > 2).astype(np.int32), epochs=2, batch_size=8, verbose=0)
    return model, inputs((3, 4))


def cnn():
    model = keras.Sequential([
        keras.Input((8, 8, 1)), keras.layers.Conv2D(4, 3, activation="relu"),
        keras.layers.MaxPooling2D(), keras.layers.Flatten(), keras.layers.Dropout(0.25),
        keras.layers.Dense(3, activation="softmax")], name="cnn")
    model.compile(optimizer="sgd", loss="categorical_crossentropy")
    return model, inputs((2, 8, 8, 1))


def functional():
    features = keras.Input((5,), name="features")
    hidden = keras.layers.Dense(6, activation="tanh", kernel_initializer="he_normal")(features)
    hidden = Scale(0.5)(keras.layers.Dropout(0.1)(hidden))
    outputs = keras.layers.Dense(2, name="out")(hidden)
    return keras.Model(features, outputs, name="small_functional"), inputs((3, 5))


def deflate(path: pathlib.Path) -> None:
    """Keras stores the zip's members uncompressed; the same members deflated are a tenth of
    the size (mostly the HDF5 file's empty space), and Keras reads them all the same."""
    with zipfile.ZipFile(path) as stored:
        members = [(info.filename, stored.read(info.filename)) for info in stored.infolist()]
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for name, data in members:
            out.writestr(name, data)
    path.write_bytes(packed.getvalue())


def main() -> None:
    keras.utils.set_random_seed(0)
    for name, make in (("mlp", mlp), ("cnn", cnn), ("functional", functional)):
        model, x = make()
        path = HERE / f"{name}.keras"
        model.save(path)
        deflate(path)
        predictions = model.predict(x, verbose=0)
        again = keras.models.load_model(path).predict(x, verbose=0)
        np.testing.assert_array_equal(again, predictions)
        print(f"{name} ({path.stat().st_size} bytes):")
        print(np.array2string(predictions, precision=8, separator=", ",
                              floatmode="maxprec_equal"))


if __name__ == "__main__":
    main()
