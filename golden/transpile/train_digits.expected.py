# make_model (examples/train_digits.py:28)
def make_model() -> ag.keras.Sequential:
    return ag.keras.Sequential([ag.keras.Input((8, 8, 1)), ag.keras.layers.Conv2D(16, 3, padding='same', activation='relu'), ag.keras.layers.MaxPooling2D(2), ag.keras.layers.Flatten(), ag.keras.layers.Dense(64, activation='relu'), ag.keras.layers.Dropout(0.2), ag.keras.layers.Dense(10)])

# compile_model (examples/train_digits.py:40)
def compile_model(model: ag.keras.Sequential) -> None:
    ag__.converted_call(model.compile, optimizer=ag.keras.optimizers.Adam(0.001), loss=ag.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=['accuracy'])

# save_and_restore (examples/train_digits.py:46)
def save_and_restore(model: ag.keras.Sequential, directory: str, test_batches) -> None:
    """Saves `model` in `directory`, restores it into a fresh model, and evaluates that."""
    manager = ag.train.CheckpointManager(ag.train.Checkpoint(model=model), directory, max_to_keep=2)
    path = ag__.converted_call(manager.save)
    restored = ag__.converted_call(make_model)
    ag__.converted_call(compile_model, restored)
    status = ag__.converted_call(ag.train.Checkpoint(model=restored).restore, ag.train.latest_checkpoint(directory))
    ag__.converted_call(status.expect_partial)
    _, restored_accuracy = ag__.converted_call(restored.evaluate, test_batches, verbose=0)
    ag__.print(f"saved {path}; restored model's test accuracy: {restored_accuracy:.3f}")

# main (examples/train_digits.py:59)
def main() -> None:
    parser = argparse.ArgumentParser(description=ag__.converted_call(__doc__.splitlines)[0])
    ag__.converted_call(parser.add_argument, '--epochs', type=int, default=15)
    ag__.converted_call(parser.add_argument, '--checkpoint-dir', default=None)
    args = ag__.converted_call(parser.parse_args)
    start = time.perf_counter()
    digits = ag__.converted_call(load_digits)
    x = ag__.converted_call((digits.images / 16.0).astype, np.float32)[..., None]
    y = ag__.converted_call(digits.target.astype, np.int32)
    x_train, x_test, y_train, y_test = ag__.converted_call(train_test_split, x, y, test_size=0.2, random_state=0)
    train_batches = ag__.converted_call(ag__.converted_call(ag__.converted_call(ag.data.Dataset.from_tensor_slices((x_train, y_train)).shuffle, ag__.len(x_train), seed=0).batch, 32).prefetch, ag.data.AUTOTUNE)
    test_batches = ag__.converted_call(ag.data.Dataset.from_tensor_slices((x_test, y_test)).batch, 128)
    ag.random.set_seed(0)
    model = ag__.converted_call(make_model)
    ag__.converted_call(compile_model, model)
    ag__.converted_call(model.fit, train_batches, epochs=args.epochs, verbose=2)
    _, accuracy = ag__.converted_call(model.evaluate, test_batches, verbose=0)
    ag__.print(f'test accuracy: {accuracy:.3f}')

    def if_body():
        ag__.converted_call(save_and_restore, model, args.checkpoint_dir, test_batches)

    def else_body():
        with tempfile.TemporaryDirectory(prefix='digits-') as directory:
            ag__.converted_call(save_and_restore, model, directory, test_batches)
    ag__.if_stmt(args.checkpoint_dir, if_body, else_body, (), ())
    ag__.print(f'total {time.perf_counter() - start:.1f} s')
