# conv_block (examples/digits_cnn.py:42)
def conv_block(filters: int) -> list:
    """A convolution without bias (the normalization's `beta` shifts), normalized, then ReLU."""
    return [ag.keras.layers.Conv2D(filters, 3, padding='same', use_bias=False), ag.keras.layers.BatchNormalization(momentum=0.9), ag.keras.layers.ReLU()]

# make_model (examples/digits_cnn.py:51)
def make_model() -> ag.keras.Sequential:
    model = ag.keras.Sequential([ag.keras.Input((8, 8, 1)), *ag__.converted_call(conv_block, 32), ag.keras.layers.MaxPooling2D(2), *ag__.converted_call(conv_block, 64), ag.keras.layers.MaxPooling2D(2), *ag__.converted_call(conv_block, 64), ag.keras.layers.Flatten(), ag.keras.layers.Dropout(0.3), ag.keras.layers.Dense(10)])
    ag__.converted_call(model.compile, optimizer=ag.keras.optimizers.Adam(0.003), loss=ag.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=['accuracy'])
    return model

# load_splits (examples/digits_cnn.py:69)
def load_splits() -> tuple:
    """`(x_train, x_test, y_train, y_test)`: images in [0, 1] with a channel axis."""
    digits = ag__.converted_call(load_digits)
    x = ag__.converted_call((digits.images / 16.0).astype, np.float32)[..., None]
    y = ag__.converted_call(digits.target.astype, np.int32)
    return ag__.converted_call(train_test_split, x, y, test_size=0.2, random_state=SEED, stratify=y)

# train (examples/digits_cnn.py:77)
def train(checkpoint: str, quick: bool) -> None:
    x_train, x_test, y_train, y_test = ag__.converted_call(load_splits)
    epochs = ag__.if_exp(quick, lambda: 4, lambda: 40, '4 if quick else 40')

    def if_body(x_train, y_train):
        x_train, y_train = (x_train[:480], y_train[:480])
        return (x_train, y_train)
    x_train, y_train = ag__.if_stmt(quick, if_body, None, (x_train, y_train), ('x_train', 'y_train'))
    ag.keras.utils.set_random_seed(SEED)
    model = ag__.converted_call(make_model)
    stop = ag.keras.callbacks.EarlyStopping(monitor='val_loss', patience=6, restore_best_weights=True)
    best = ag.keras.callbacks.ModelCheckpoint(checkpoint, monitor='val_loss', save_best_only=True)
    history = ag__.converted_call(model.fit, x_train, y_train, batch_size=32, epochs=epochs, validation_split=0.15, callbacks=[stop, best], verbose=2)
    ran = ag__.len(history.epoch)
    ag__.print(f'trained {ran} epochs; best validation loss {stop.best:.4f} at epoch {stop.best_epoch + 1}' + ag__.if_exp(stop.stopped_epoch, lambda: ', stopped early', lambda: '', "', stopped early' if stop.stopped_epoch else ''"))
    _, accuracy = ag__.converted_call(model.evaluate, x_test, y_test, batch_size=128, verbose=0)
    ag__.print(f'test accuracy: {accuracy:.4f} ({round(accuracy * ag__.len(y_test))}/{ag__.len(y_test)})')
    loaded = ag.keras.models.load_model(checkpoint)
    _, loaded_accuracy = ag__.converted_call(loaded.evaluate, x_test, y_test, batch_size=128, verbose=0)
    ag__.print(f'checkpoint {os.path.basename(checkpoint)}: test accuracy {loaded_accuracy:.4f}')

# main (examples/digits_cnn.py:101)
def main() -> None:
    parser = argparse.ArgumentParser(description=ag__.converted_call(__doc__.splitlines)[0])
    ag__.converted_call(parser.add_argument, '--quick', action='store_true', help='a third of the training images, 4 epochs')
    ag__.converted_call(parser.add_argument, '--checkpoint', default=None, help='where ModelCheckpoint saves the best model (a .keras file)')
    args = ag__.converted_call(parser.parse_args)
    start = time.perf_counter()

    def if_body():
        ag__.converted_call(train, args.checkpoint, args.quick)

    def else_body():
        with tempfile.TemporaryDirectory(prefix='digits-cnn-') as folder:
            ag__.converted_call(train, os.path.join(folder, 'best.keras'), args.quick)
    ag__.if_stmt(args.checkpoint, if_body, else_body, (), ())
    ag__.print(f'total {time.perf_counter() - start:.1f} s')
