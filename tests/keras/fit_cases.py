"""The small fits the callback and fit-input tests compare with TensorFlow 2.21 (Keras 3.15).

Each test's expected values were recorded by running the same fit there: the same model
(`Dense(1)` on 2 inputs, kernel `[[0.5], [-0.25]]`, bias 0, set with `set_weights`), SGD, the
same data, `shuffle=False`.
"""

import numpy as np

import autograph as ag

keras = ag.keras

X = np.arange(20, dtype=np.float32).reshape(10, 2) / 10
Y = (X[:, :1] * 2 - X[:, 1:] + 0.5).astype(np.float32)
MAE = keras.losses.mean_absolute_error  # as Keras names it: "mean_absolute_error"


def model(lr=0.1, loss="mse", metrics=None, weighted_metrics=None, activation=None):
    """The recorded runs' model: compiled, weights set."""
    made = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, activation=activation)])
    made.set_weights([np.array([[0.5], [-0.25]], np.float32), np.zeros(1, np.float32)])
    made.compile(keras.optimizers.SGD(lr), loss, metrics=metrics,
                 weighted_metrics=weighted_metrics)
    return made


def assert_history(history, expected):
    """`history.history` equals TensorFlow's (recorded rounded to 6 decimals)."""
    got = history.history if hasattr(history, "history") else history
    assert sorted(got) == sorted(expected)
    for name, values in expected.items():
        np.testing.assert_allclose(got[name], values, rtol=1e-4, atol=3e-6, err_msg=name)


def assert_weights(made, expected):
    for got, want in zip(made.get_weights(), expected):
        np.testing.assert_allclose(got, np.array(want), rtol=1e-4, atol=3e-6)


class CountBatches(keras.callbacks.Callback):
    """The number of training batches of each epoch."""

    def on_train_begin(self, logs=None):
        self.counts = []

    def on_epoch_begin(self, epoch, logs=None):
        self.counts.append(0)

    def on_train_batch_end(self, batch, logs=None):
        self.counts[-1] += 1
