"""Trains a CNN with batch normalization on scikit-learn's digits, stopping early at its best.

The 1797 8x8 images ship inside scikit-learn (`pip install ".[examples]"`); a fifth is held
out for the test. A Keras-style `Sequential` model (three convolutions, each followed by
`BatchNormalization` and a ReLU, two max-poolings, `Dropout` and a `Dense` layer) trains with
Adam on the rest, of which `validation_split` keeps the last 15% to watch: `EarlyStopping`
stops when the validation loss has not improved for a few epochs and puts back the best
epoch's weights, and `ModelCheckpoint` saves the model whenever the validation loss improves.
The example then evaluates the model on the test images, and loads the checkpoint and
evaluates it too: it holds the best epoch's weights, which the model has been given back.

    python3 examples/digits_cnn.py [--quick] [--checkpoint PATH.keras]

`--quick` trains on a third of the training images for a few epochs: a smoke test that runs
in seconds. Without `--checkpoint` the checkpoint goes to a temporary folder, removed at the
end.
"""

import argparse
import importlib.util
import os
import tempfile
import time

import numpy as np

import autograph as ag

try:
    from sklearn.datasets import load_digits
    from sklearn.model_selection import train_test_split
except ImportError:
    raise SystemExit("This example reads scikit-learn's digits: pip install \".[examples]\" "
                     "(or pip install scikit-learn).") from None
if importlib.util.find_spec("h5py") is None:  # checked now, not after training
    raise SystemExit("This example saves .keras files, which hold HDF5 weights: pip install "
                     "\".[examples]\" (or pip install h5py).")

SEED = 0


def conv_block(filters: int) -> list:
    """A convolution without bias (the normalization's `beta` shifts), normalized, then ReLU."""
    return [ag.keras.layers.Conv2D(filters, 3, padding="same", use_bias=False),
            # With Keras's momentum 0.99 the moving statistics, used at inference, need
            # several epochs of these 39 batches to come near the data's; 0.9 needs one.
            ag.keras.layers.BatchNormalization(momentum=0.9),
            ag.keras.layers.ReLU()]


def make_model() -> ag.keras.Sequential:
    model = ag.keras.Sequential([
        ag.keras.Input((8, 8, 1)),
        *conv_block(32),
        ag.keras.layers.MaxPooling2D(2),  # 4x4
        *conv_block(64),
        ag.keras.layers.MaxPooling2D(2),  # 2x2
        *conv_block(64),
        ag.keras.layers.Flatten(),
        ag.keras.layers.Dropout(0.3),
        ag.keras.layers.Dense(10),
    ])
    model.compile(optimizer=ag.keras.optimizers.Adam(3e-3),
                  loss=ag.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])
    return model


def load_splits() -> tuple:
    """`(x_train, x_test, y_train, y_test)`: images in [0, 1] with a channel axis."""
    digits = load_digits()
    x = (digits.images / 16.0).astype(np.float32)[..., None]
    y = digits.target.astype(np.int32)
    return train_test_split(x, y, test_size=0.2, random_state=SEED, stratify=y)


def train(checkpoint: str, quick: bool) -> None:
    x_train, x_test, y_train, y_test = load_splits()
    epochs = 4 if quick else 40
    if quick:
        x_train, y_train = x_train[:480], y_train[:480]
    ag.keras.utils.set_random_seed(SEED)  # initial weights, dropout and fit's shuffling
    model = make_model()
    stop = ag.keras.callbacks.EarlyStopping(monitor="val_loss", patience=6,
                                            restore_best_weights=True)
    best = ag.keras.callbacks.ModelCheckpoint(checkpoint, monitor="val_loss",
                                              save_best_only=True)
    history = model.fit(x_train, y_train, batch_size=32, epochs=epochs, validation_split=0.15,
                        callbacks=[stop, best], verbose=2)
    ran = len(history.epoch)
    print(f"trained {ran} epochs; best validation loss {stop.best:.4f} at epoch "
          f"{stop.best_epoch + 1}" + (", stopped early" if stop.stopped_epoch else ""))

    _, accuracy = model.evaluate(x_test, y_test, batch_size=128, verbose=0)
    print(f"test accuracy: {accuracy:.4f} ({round(accuracy * len(y_test))}/{len(y_test)})")
    loaded = ag.keras.models.load_model(checkpoint)
    _, loaded_accuracy = loaded.evaluate(x_test, y_test, batch_size=128, verbose=0)
    print(f"checkpoint {os.path.basename(checkpoint)}: test accuracy {loaded_accuracy:.4f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="a third of the training images, 4 epochs")
    parser.add_argument("--checkpoint", default=None,
                        help="where ModelCheckpoint saves the best model (a .keras file)")
    args = parser.parse_args()
    start = time.perf_counter()
    if args.checkpoint:
        train(args.checkpoint, args.quick)
    else:
        with tempfile.TemporaryDirectory(prefix="digits-cnn-") as folder:
            train(os.path.join(folder, "best.keras"), args.quick)
    print(f"total {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
