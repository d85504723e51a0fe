# make_data (examples/sequence_lstm.py:29)
def make_data(count: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """`count` zero-padded sequences and whether each is sorted (over half are: a short
    shuffled sequence may come out sorted)."""
    ids = np.zeros((count, LENGTH), np.int32)
    labels = np.zeros((count, 1), np.float32)

    def loop_body(row):
        length = ag__.converted_call(rng.integers, 3, LENGTH + 1)
        digits = np.sort(ag__.converted_call(rng.integers, 1, DIGITS, size=length))

        def if_body():

            def if_body_1():
                ag__.converted_call(rng.shuffle, digits)

            def else_body():
                i = ag__.converted_call(rng.integers, 0, length - 1)
                digits[i], digits[i + 1] = (digits[i + 1], digits[i])
            ag__.if_stmt(ag__.converted_call(rng.random) < 0.5, if_body_1, else_body, (), ())
        ag__.if_stmt(row % 2, if_body, None, (), ())
        ids[row, :length] = digits
        labels[row] = ag__.float(np.all(digits[1:] >= digits[:-1]))
    ag__.for_stmt(ag__.range(count), loop_body, (), ())
    return (ids, labels)

# make_model (examples/sequence_lstm.py:48)
def make_model() -> ag.keras.Sequential:
    return ag.keras.Sequential([ag.keras.Input((LENGTH,), dtype='int32'), ag.keras.layers.Embedding(DIGITS, 8, mask_zero=True), ag.keras.layers.LSTM(32), ag.keras.layers.Dense(1, activation='sigmoid')])

# main (examples/sequence_lstm.py:57)
def main() -> None:
    parser = argparse.ArgumentParser(description=ag__.converted_call(__doc__.splitlines)[0])
    ag__.converted_call(parser.add_argument, '--epochs', type=int, default=20)
    ag__.converted_call(parser.add_argument, '--samples', type=int, default=4000, help='training sequences')
    args = ag__.converted_call(parser.parse_args)
    start = time.perf_counter()
    rng = np.random.default_rng(0)
    x_train, y_train = ag__.converted_call(make_data, args.samples, rng)
    x_val, y_val = ag__.converted_call(make_data, 1000, rng)
    x_test, y_test = ag__.converted_call(make_data, 2000, rng)
    ag__.print(f'{ag__.len(x_train)} training sequences, {ag__.float(ag__.converted_call(y_train.mean)):.2f} of them sorted')
    ag.random.set_seed(0)
    model = ag__.converted_call(make_model)
    ag__.converted_call(model.compile, optimizer=ag.keras.optimizers.Adam(0.01), loss='binary_crossentropy', metrics=['accuracy'])
    with tempfile.TemporaryDirectory(prefix='sequence-lstm-') as directory:
        best = os.path.join(directory, 'best.keras')
        history = ag__.converted_call(model.fit, x_train, y_train, batch_size=64, epochs=args.epochs, verbose=0, shuffle=False, validation_data=(x_val, y_val), callbacks=[ag.keras.callbacks.EarlyStopping(patience=3, restore_best_weights=True), ag.keras.callbacks.ModelCheckpoint(best, save_best_only=True)])
        losses = history.history['val_loss']
        ag__.print(f'trained {ag__.len(losses)} epochs; best validation loss {ag__.min(losses):.4f} (epoch {ag__.int(np.argmin(losses)) + 1})')
        _, accuracy = ag__.converted_call(model.evaluate, x_test, y_test, verbose=0)
        ag__.print(f'test accuracy: {accuracy:.3f}')
        restored = ag.keras.saving.load_model(best)
        _, restored_accuracy = ag__.converted_call(restored.evaluate, x_test, y_test, verbose=0)
        ag__.print(f"best checkpoint's test accuracy: {restored_accuracy:.3f}")
    ag__.print(f'total {time.perf_counter() - start:.1f} s')
