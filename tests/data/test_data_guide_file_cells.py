"""The cells of TensorFlow's data guide (site/en/guide/data.ipynb, TensorFlow 2.21) that read
TFRecord and CSV files or wrap Keras's `ImageDataGenerator`, run on small local files in place
of the ones the guide downloads (the Titanic CSV, the FSNS TFRecord file, the credit card CSV,
the flower photos), compared with what TensorFlow 2.21 gave for the same files."""

import numpy as np
import pytest

import autograph as ag

TITANIC = """survived,sex,age,n_siblings_spouses,parch,fare,class,deck,embark_town,alone
0,male,22.0,1,0,7.25,Third,unknown,Southampton,n
1,female,38.0,1,0,71.2833,First,C,Cherbourg,n
1,female,26.0,0,0,7.925,Third,unknown,Southampton,y
1,female,35.0,1,0,53.1,First,C,Southampton,n
0,male,28.0,0,0,8.4583,Third,unknown,Queenstown,y
0,male,2.0,3,1,21.075,Third,unknown,Southampton,n
"""
FARES = [7.25, 71.2833023071289, 7.925000190734863, 53.099998474121094]  # float32, TensorFlow's


@pytest.fixture
def titanic_file(tmp_path):
    path = tmp_path / "train.csv"
    path.write_text(TITANIC)
    return str(path)


@pytest.fixture
def fsns_test_file(tmp_path):
    """Three Examples with the FSNS features the guide reads: an encoded image and its text."""
    path = str(tmp_path / "fsns.tfrec")
    with ag.io.TFRecordWriter(path) as writer:
        for i, text in enumerate([b"Avenue", b"Rue", b"Bd"]):
            feature = {
                "image/encoded": ag.train.Feature(bytes_list=ag.train.BytesList(
                    value=[b"\x89PNG" + bytes([i]) * 20])),
                "image/text": ag.train.Feature(bytes_list=ag.train.BytesList(value=[text]))}
            example = ag.train.Example(features=ag.train.Features(feature=feature))
            writer.write(example.SerializeToString(deterministic=True))
    return path


def test_make_csv_dataset_with_a_label(titanic_file):
    # shuffle=False here: the guide's batch is a random one.
    titanic_batches = ag.data.experimental.make_csv_dataset(
        titanic_file, batch_size=4,
        label_name="survived", shuffle=False)
    for feature_batch, label_batch in titanic_batches.take(1):
        assert label_batch.numpy().tolist() == [0, 1, 1, 1]
        assert {k: v.dtype.name for k, v in feature_batch.items()} == {
            "sex": "string", "age": "float32", "n_siblings_spouses": "int32", "parch": "int32",
            "fare": "float32", "class": "string", "deck": "string", "embark_town": "string",
            "alone": "string"}
        np.testing.assert_array_equal(feature_batch["fare"].numpy(),
                                      np.array(FARES, np.float32))
        assert feature_batch["embark_town"].numpy().tolist() == [
            b"Southampton", b"Cherbourg", b"Southampton", b"Southampton"]


def test_make_csv_dataset_with_select_columns(titanic_file):
    titanic_batches = ag.data.experimental.make_csv_dataset(
        titanic_file, batch_size=4,
        label_name="survived", select_columns=['class', 'fare', 'survived'], shuffle=False)
    for feature_batch, label_batch in titanic_batches.take(1):
        assert list(feature_batch) == ["fare", "class"]  # the file's order, as TensorFlow's
        assert label_batch.numpy().tolist() == [0, 1, 1, 1]


def test_csv_dataset_with_column_types(titanic_file):
    titanic_types = [ag.int32, ag.string, ag.float32, ag.int32, ag.int32, ag.float32, ag.string,
                     ag.string, ag.string, ag.string]
    dataset = ag.data.experimental.CsvDataset(titanic_file, titanic_types, header=True)
    lines = [[item.numpy() for item in line] for line in dataset.take(10)]
    assert len(lines) == 6
    assert lines[0] == [0, b"male", 22.0, 1, 0, 7.25, b"Third", b"unknown", b"Southampton", b"n"]
    assert lines[1][5] == np.float32(71.2833)


def test_csv_dataset_with_defaults_and_select_cols(tmp_path):
    (tmp_path / "missing.csv").write_text("1,2,3,4\n,2,3,4\n1,,3,4\n1,2,,4\n1,2,3,\n,,,\n")
    record_defaults = [999, 999, 999, 999]
    dataset = ag.data.experimental.CsvDataset(str(tmp_path / "missing.csv"), record_defaults)
    dataset = dataset.map(lambda *items: ag.stack(items))
    assert dataset.element_spec == ag.TensorSpec(shape=(4,), dtype=ag.int32)
    assert [line.numpy().tolist() for line in dataset] == [
        [1, 2, 3, 4], [999, 2, 3, 4], [1, 999, 3, 4], [1, 2, 999, 4], [1, 2, 3, 999],
        [999, 999, 999, 999]]
    record_defaults = [999, 999]  # Only provide defaults for the selected columns
    dataset = ag.data.experimental.CsvDataset(str(tmp_path / "missing.csv"), record_defaults,
                                              select_cols=[1, 3])
    dataset = dataset.map(lambda *items: ag.stack(items))
    assert [line.numpy().tolist() for line in dataset] == [
        [2, 4], [2, 4], [999, 4], [2, 4], [2, 999], [999, 999]]


def test_tfrecord_dataset_and_example_from_string(fsns_test_file):
    dataset = ag.data.TFRecordDataset(filenames=[fsns_test_file])
    assert dataset.element_spec == ag.TensorSpec([], ag.string)
    raw_example = next(iter(dataset))
    parsed = ag.train.Example.FromString(raw_example.numpy())
    assert str(parsed.features.feature['image/text']) == 'bytes_list {\n  value: "Avenue"\n}\n'
    feature = parsed.features.feature
    raw_img = feature['image/encoded'].bytes_list.value[0]
    assert raw_img[:4] == b"\x89PNG"


def test_parse_example_in_a_map(fsns_test_file):
    dataset = ag.data.TFRecordDataset(filenames=[fsns_test_file])
    raw_example = next(iter(dataset))

    def tf_parse(eg):
        example = ag.io.parse_example(
            eg[ag.newaxis], {
                'image/encoded': ag.io.FixedLenFeature(shape=(), dtype=ag.string),
                'image/text': ag.io.FixedLenFeature(shape=(), dtype=ag.string)
            })
        return example['image/encoded'][0], example['image/text'][0]

    img, txt = tf_parse(raw_example)
    assert txt.numpy() == b"Avenue"
    assert img.numpy()[:20].hex() == "89504e4700000000000000000000000000000000"
    decoded = dataset.map(tf_parse)
    assert decoded.element_spec == (ag.TensorSpec([], ag.string), ag.TensorSpec([], ag.string))
    image_batch, text_batch = next(iter(decoded.batch(10)))
    assert image_batch.shape == (3,)
    assert text_batch.numpy().tolist() == [b"Avenue", b"Rue", b"Bd"]


def test_make_csv_dataset_with_column_defaults(tmp_path):
    header = ",".join([f"V{i}" for i in range(30)] + ["Class"])
    rows = [",".join([f"{i + r}.5" for i in range(30)] + [str(r % 2)]) for r in range(5)]
    csv_path = tmp_path / "creditcard.csv"
    csv_path.write_text(header + "\n" + "\n".join(rows) + "\n")
    creditcard_ds = ag.data.experimental.make_csv_dataset(
        str(csv_path), batch_size=4, label_name="Class",
        # Set the column types: 30 floats and an int.
        column_defaults=[float()] * 30 + [int()], shuffle=False)
    assert creditcard_ds.element_spec[1] == ag.TensorSpec([4], ag.int32)
    features, label = next(iter(creditcard_ds))
    assert label.numpy().tolist() == [0, 1, 0, 1]
    assert features["V0"].dtype == ag.float32
    assert features["V0"].numpy().tolist() == [0.5, 1.5, 2.5, 3.5]


@pytest.fixture
def flowers(tmp_path):
    """The flower photos' layout, small: 5 class folders of 7 random JPEG images each."""
    Image = pytest.importorskip("PIL.Image")
    pytest.importorskip("scipy")
    rng = np.random.RandomState(0)
    root = tmp_path / "flower_photos"
    for k, name in enumerate(["daisy", "dandelion", "roses", "sunflowers", "tulips"]):
        (root / name).mkdir(parents=True)
        for i in range(7):
            pixels = rng.randint(0, 256, (12 + k, 16 + i, 3)).astype("uint8")
            Image.fromarray(pixels).save(root / name / f"{i}.jpg")
    return str(root)


def test_image_data_generator_batch_from_the_flower_folders(flowers, capsys):
    # TensorFlow 2.21 (Keras 3.15.1) printed the same for the same folder, and with NumPy's
    # generator seeded with 0 drew the same batch (its sum and labels are recorded).
    np.random.seed(0)
    img_gen = ag.keras.preprocessing.image.ImageDataGenerator(rescale=1./255, rotation_range=20)
    images, labels = next(img_gen.flow_from_directory(flowers))
    print(images.dtype, images.shape)
    print(labels.dtype, labels.shape)
    assert capsys.readouterr().out == ("Found 35 images belonging to 5 classes.\n"
                                       "float32 (32, 256, 256, 3)\n"
                                       "float32 (32, 5)\n")
    np.testing.assert_allclose(images.sum(dtype=np.float64), 3158218.0808937876, rtol=1e-12)
    assert labels.sum(axis=0).tolist() == [5, 7, 7, 7, 6]


def test_image_data_generator_wrapped_with_from_generator(flowers, capsys):
    img_gen = ag.keras.preprocessing.image.ImageDataGenerator(rescale=1./255, rotation_range=20)
    ds = ag.data.Dataset.from_generator(
        lambda: img_gen.flow_from_directory(flowers),
        output_types=(ag.float32, ag.float32),
        output_shapes=([32,256,256,3], [32,5])
    )
    assert ds.element_spec == (ag.TensorSpec(shape=(32, 256, 256, 3), dtype=ag.float32),
                               ag.TensorSpec(shape=(32, 5), dtype=ag.float32))
    for images, labels in ds.take(1):
      print('images.shape: ', images.shape)
      print('labels.shape: ', labels.shape)
    assert capsys.readouterr().out == ("Found 35 images belonging to 5 classes.\n"
                                       "images.shape:  (32, 256, 256, 3)\n"
                                       "labels.shape:  (32, 5)\n")
