"""Trains an LSTM to tell whether a sequence of digits is sorted, on sequences of 3 to 12 digits
zero-padded to one length: `Embedding(mask_zero=True)` masks the padding, so the LSTM reads
each sequence only up to its end (counted, the padding zeros would make most sorted sequences
look unsorted).

Half of the generated sequences are sorted (non-decreasing digits 1-9), half mostly not; many of
those differ from sorted only by one pair of neighbours swapped, so the model must compare each
digit with the one before it. `Embedding` -> `LSTM` -> `Dense(1, sigmoid)` trains with Adam;
`EarlyStopping` stops when the validation loss has not improved for 3 epochs and restores the
best weights, and `ModelCheckpoint` keeps the best model in a `.keras` file (in a temporary
directory, removed at the end), which is loaded back and scored. Seeded: the same run gives the
same figures.

    python3 examples/sequence_lstm.py [--epochs N] [--samples N]
"""

import argparse
import os
import tempfile
import time

import numpy as np

import autograph as ag

LENGTH, DIGITS = 12, 10  # ids 1..9 are digits; 0 is padding


def make_data(count: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """`count` zero-padded sequences and whether each is sorted (over half are: a short
    shuffled sequence may come out sorted)."""
    ids = np.zeros((count, LENGTH), np.int32)
    labels = np.zeros((count, 1), np.float32)
    for row in range(count):
        length = rng.integers(3, LENGTH + 1)
        digits = np.sort(rng.integers(1, DIGITS, size=length))
        if row % 2:  # unsorted: a random order, or sorted with one neighbouring pair swapped
            if rng.random() < 0.5:
                rng.shuffle(digits)
            else:
                i = rng.integers(0, length - 1)
                digits[i], digits[i + 1] = digits[i + 1], digits[i]
        ids[row, :length] = digits
        labels[row] = float(np.all(digits[1:] >= digits[:-1]))
    return ids, labels


def make_model() -> ag.keras.Sequential:
    return ag.keras.Sequential([
        ag.keras.Input((LENGTH,), dtype="int32"),
        ag.keras.layers.Embedding(DIGITS, 8, mask_zero=True),
        ag.keras.layers.LSTM(32),
        ag.keras.layers.Dense(1, activation="sigmoid"),
    ])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--samples", type=int, default=4000, help="training sequences")
    args = parser.parse_args()
    start = time.perf_counter()

    rng = np.random.default_rng(0)
    x_train, y_train = make_data(args.samples, rng)
    x_val, y_val = make_data(1000, rng)
    x_test, y_test = make_data(2000, rng)
    print(f"{len(x_train)} training sequences, {float(y_train.mean()):.2f} of them sorted")

    ag.random.set_seed(0)  # initial weights
    model = make_model()
    model.compile(optimizer=ag.keras.optimizers.Adam(0.01), loss="binary_crossentropy",
                  metrics=["accuracy"])
    with tempfile.TemporaryDirectory(prefix="sequence-lstm-") as directory:
        best = os.path.join(directory, "best.keras")
        history = model.fit(
            x_train, y_train, batch_size=64, epochs=args.epochs, verbose=0, shuffle=False,
            validation_data=(x_val, y_val),
            callbacks=[ag.keras.callbacks.EarlyStopping(patience=3,
                                                        restore_best_weights=True),
                       ag.keras.callbacks.ModelCheckpoint(best, save_best_only=True)])
        losses = history.history["val_loss"]
        print(f"trained {len(losses)} epochs; best validation loss {min(losses):.4f} "
              f"(epoch {int(np.argmin(losses)) + 1})")
        _, accuracy = model.evaluate(x_test, y_test, verbose=0)
        print(f"test accuracy: {accuracy:.3f}")
        restored = ag.keras.saving.load_model(best)
        _, restored_accuracy = restored.evaluate(x_test, y_test, verbose=0)
        print(f"best checkpoint's test accuracy: {restored_accuracy:.3f}")
    print(f"total {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
