"""`ag.keras.preprocessing.image.DirectoryIterator` (what `flow_from_directory` returns) at
its edges: which file kinds it lists, links, its properties, no generator, saving augmented
images, chosen classes with subsets, and Keras's errors.

The expected values were recorded with TensorFlow 2.21.0 (Keras 3.15.1, NumPy 2.4.6, Pillow
13.0.0, scipy 1.17.1) by making the same calls through `tf.keras.preprocessing.image` on a
folder made as `kinds` makes it (`/tmp/tfenv/bin/python`).
"""

import os

import numpy as np
import pytest

pytest.importorskip("PIL")
pytest.importorskip("scipy")

from PIL import Image  # noqa: E402

import autograph as ag  # noqa: E402

im = ag.keras.preprocessing.image
LISTED = ["a/f0.bmp", "a/f1.ppm", "a/f2.tif", "a/f3.tiff", "a/f4.jpeg", "a/f6.JPG", "b/g.png"]


@pytest.fixture
def kinds(tmp_path):
    """Class `a` with one image of each kind Pillow writes (a GIF and a text file among
    them), class `b` with one PNG and a link to a folder outside holding another."""
    rng = np.random.RandomState(0)
    root = tmp_path / "kinds"
    (root / "a").mkdir(parents=True)
    (root / "b").mkdir()
    for i, ext in enumerate(["bmp", "ppm", "tif", "tiff", "jpeg", "gif", "JPG", "txt"]):
        pixels = rng.randint(0, 256, (5, 4, 3)).astype("uint8")
        if ext == "txt":
            (root / "a" / f"f{i}.txt").write_text("x")
        else:
            Image.fromarray(pixels).save(root / "a" / f"f{i}.{ext}",
                                         format={"JPG": "jpeg", "tif": "tiff"}.get(ext, ext))
    Image.fromarray(rng.randint(0, 256, (6, 6, 3)).astype("uint8")).save(root / "b" / "g.png")
    (tmp_path / "linked").mkdir()
    Image.fromarray(rng.randint(0, 256, (6, 6, 3)).astype("uint8")).save(
        tmp_path / "linked" / "h.png")
    os.symlink(tmp_path / "linked", root / "b" / "link")
    return str(root)


def test_lists_kerass_image_kinds_and_warns_of_tiff(kinds):
    with pytest.warns(UserWarning) as caught:
        batches = im.ImageDataGenerator().flow_from_directory(kinds, target_size=(4, 4),
                                                              shuffle=False, batch_size=20)
    assert batches.filenames == LISTED
    assert [str(w.message) for w in caught] == [
        'Using ".tiff" files with multiple bands will cause distortion. Please verify your '
        "output."]
    assert caught[0].filename == __file__  # the user's line, not the package's


def test_properties_give_the_paths_labels_and_no_weights(kinds):
    with pytest.warns(UserWarning, match="tiff"):
        batches = im.ImageDataGenerator().flow_from_directory(kinds, target_size=(4, 4),
                                                              shuffle=False, batch_size=20)
    assert batches.filepaths == [os.path.join(kinds, name) for name in LISTED]
    assert batches.labels.tolist() == [0, 0, 0, 0, 0, 0, 1] and batches.sample_weight is None
    x, y = next(batches)
    assert x.shape == (7, 4, 4, 3) and x.dtype == np.float32
    assert y.tolist() == [[1.0, 0.0]] * 6 + [[0.0, 1.0]]


def test_follow_links_lists_a_linked_folders_images(kinds, capsys):
    with pytest.warns(UserWarning, match="tiff"):
        batches = im.ImageDataGenerator().flow_from_directory(kinds, target_size=(4, 4),
                                                              follow_links=True, shuffle=False)
    assert batches.filenames == [*LISTED, "b/link/h.png"]
    assert capsys.readouterr().out == "Found 8 images belonging to 2 classes.\n"


def test_without_a_generator_the_images_are_only_read(kinds):
    with pytest.warns(UserWarning, match="tiff") as caught:
        batches = im.DirectoryIterator(kinds, None, target_size=(3, 5), shuffle=False,
                                       batch_size=3, class_mode="sparse", dtype="float64",
                                       data_format="channels_first", color_mode="rgba")
    assert caught[0].filename == __file__  # the line that made the iterator
    x, y = next(batches)
    assert (x.shape, x.dtype, y.dtype, y.tolist()) == ((3, 4, 3, 5), np.float64, np.float64,
                                                       [0.0, 0.0, 0.0])
    np.testing.assert_array_equal([x.sum(), (x * x).sum()], [27759.0, 5554559.0])
    np.testing.assert_array_equal(x.reshape(-1)[::97], [172.0, 174.0])


def test_save_to_dir_writes_the_augmented_images_with_kerass_names(kinds, tmp_path):
    saved = tmp_path / "saved"
    saved.mkdir()
    with pytest.warns(UserWarning, match="tiff"):
        batches = im.ImageDataGenerator(rotation_range=30).flow_from_directory(
            kinds, target_size=(4, 4), seed=5, batch_size=2, save_to_dir=str(saved),
            save_prefix="p", save_format="jpg")
    next(batches)
    assert sorted(os.listdir(saved)) == ["p_2_1515725.jpg", "p_6_683088.jpg"]


def test_chosen_classes_take_their_order_and_the_training_part_of_each(kinds):
    with pytest.warns(UserWarning, match="tiff"):
        batches = im.ImageDataGenerator(validation_split=0.5).flow_from_directory(
            kinds, target_size=(4, 4), subset="training", classes=["b", "a"], shuffle=False)
    assert batches.filenames == ["b/g.png", "a/f3.tiff", "a/f4.jpeg", "a/f6.JPG"]
    assert batches.classes.tolist() == [0, 1, 1, 1]
    assert batches.class_indices == {"b": 0, "a": 1}


def test_validation_part_without_labels_gives_the_images_alone(kinds):
    with pytest.warns(UserWarning, match="tiff"):
        batches = im.ImageDataGenerator(validation_split=0.5).flow_from_directory(
            kinds, target_size=(4, 4), subset="validation", shuffle=False, class_mode=None)
    assert batches.filenames == ["a/f0.bmp", "a/f1.ppm", "a/f2.tif"]
    assert (batches.num_classes, batches.split) == (2, (0, 0.5))
    assert isinstance(next(batches), np.ndarray)


def test_an_unknown_subset_or_class_mode_gives_kerass_message(kinds):
    generator = im.ImageDataGenerator(validation_split=0.5)
    with pytest.raises(ValueError, match='^Invalid subset name: x;expected "training" or '
                                         '"validation"$'):
        generator.flow_from_directory(kinds, subset="x")
    with pytest.raises(ValueError) as raised:
        generator.flow_from_directory(kinds, class_mode="raw")
    message = str(raised.value)  # the allowed modes are a set: their order varies
    assert message.startswith("Invalid class_mode: raw; expected one of: {")
    assert all(mode in message for mode in ["'categorical'", "'binary'", "'sparse'", "'input'",
                                            "None"])


@pytest.mark.parametrize("make", [
    lambda root, saved: im.ImageDataGenerator().flow_from_directory(root, seed=1,
                                                                    save_to_dir=saved),
    lambda root, saved: im.DirectoryIterator(root, im.ImageDataGenerator(), seed=1,
                                             save_to_dir=saved),
], ids=["flow_from_directory", "DirectoryIterator"])
def test_the_defaults_are_kerass(kinds, tmp_path, make):
    # 256 x 256 RGB by nearest neighbours, one-hot labels, shuffled batches of up to 32, links
    # not followed, and the augmented images saved as PNG files without a prefix.
    saved = tmp_path / "saved"
    saved.mkdir()
    with pytest.warns(UserWarning, match="tiff"):
        batches = make(kinds, str(saved))
    assert batches.batch_size == 32
    x, y = next(batches)
    assert (x.shape, x.dtype, y.argmax(axis=1).tolist()) == ((7, 256, 256, 3), np.float32,
                                                             [1, 0, 0, 0, 0, 0, 0])
    wide = x.astype(np.float64)
    np.testing.assert_allclose([wide.sum(), (wide * wide).sum()],
                               [168241803.0, 27161956317.0], rtol=1e-12)
    np.testing.assert_array_equal(x.reshape(-1)[::97][:6], [4.0, 167.0, 74.0, 52.0, 51.0, 227.0])
    assert sorted(os.listdir(saved)) == [
        "_0_4839401.png", "_1_4490326.png", "_2_6991326.png", "_3_3969343.png",
        "_4_8487943.png", "_5_3935766.png", "_6_4342513.png"]
