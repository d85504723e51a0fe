"""Trains a small CNN on scikit-learn's handwritten digits, saves it, and restores it.

The 1797 8x8 images ship inside scikit-learn (`pip install ".[examples]"`). An `ag.data`
pipeline shuffles and batches them (prefetching on a background thread); a Keras-style
`Sequential` model (convolution, pooling, two dense layers) trains on it with Adam for 15
epochs, reports its test accuracy, saves a checkpoint, restores it into a fresh model, and
checks that the restored model scores the same.

    python3 examples/train_digits.py [--epochs N] [--checkpoint-dir DIR]
"""

import argparse
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


def make_model() -> ag.keras.Sequential:
    return ag.keras.Sequential([
        ag.keras.Input((8, 8, 1)),
        ag.keras.layers.Conv2D(16, 3, padding="same", activation="relu"),
        ag.keras.layers.MaxPooling2D(2),
        ag.keras.layers.Flatten(),
        ag.keras.layers.Dense(64, activation="relu"),
        ag.keras.layers.Dropout(0.2),
        ag.keras.layers.Dense(10),
    ])


def compile_model(model: ag.keras.Sequential) -> None:
    model.compile(optimizer=ag.keras.optimizers.Adam(1e-3),
                  loss=ag.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])


def save_and_restore(model: ag.keras.Sequential, directory: str, test_batches) -> None:
    """Saves `model` in `directory`, restores it into a fresh model, and evaluates that."""
    manager = ag.train.CheckpointManager(ag.train.Checkpoint(model=model), directory,
                                         max_to_keep=2)
    path = manager.save()
    restored = make_model()
    compile_model(restored)
    status = ag.train.Checkpoint(model=restored).restore(ag.train.latest_checkpoint(directory))
    status.expect_partial()  # the optimizer state is not needed to evaluate
    _, restored_accuracy = restored.evaluate(test_batches, verbose=0)
    print(f"saved {path}; restored model's test accuracy: {restored_accuracy:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=15)
    parser.add_argument("--checkpoint-dir", default=None)
    args = parser.parse_args()
    start = time.perf_counter()

    digits = load_digits()
    x = (digits.images / 16.0).astype(np.float32)[..., None]
    y = digits.target.astype(np.int32)
    x_train, x_test, y_train, y_test = train_test_split(x, y, test_size=0.2, random_state=0)

    train_batches = (ag.data.Dataset.from_tensor_slices((x_train, y_train))
                     .shuffle(len(x_train), seed=0)  # a new order every epoch
                     .batch(32)
                     .prefetch(ag.data.AUTOTUNE))
    test_batches = ag.data.Dataset.from_tensor_slices((x_test, y_test)).batch(128)

    ag.random.set_seed(0)  # initial weights and dropout
    model = make_model()
    compile_model(model)
    model.fit(train_batches, epochs=args.epochs, verbose=2)
    _, accuracy = model.evaluate(test_batches, verbose=0)
    print(f"test accuracy: {accuracy:.3f}")

    if args.checkpoint_dir:
        save_and_restore(model, args.checkpoint_dir, test_batches)
    else:  # a checkpoint only to show the round trip: removed when the example ends
        with tempfile.TemporaryDirectory(prefix="digits-") as directory:
            save_and_restore(model, directory, test_batches)
    print(f"total {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
