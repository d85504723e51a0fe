"""`ag.keras.preprocessing.image`'s `NumpyArrayIterator` (what `ImageDataGenerator.flow`
returns) at its edges: epoch boundaries, empty and one-sample inputs, extra inputs, subsets,
saving augmented images, and Keras's errors and warnings.

The expected values were recorded with TensorFlow 2.21.0 (Keras 3.15.1, NumPy 2.4.6, Pillow
13.0.0, scipy 1.17.1) by making the same calls through `tf.keras.preprocessing.image`
(`/tmp/tfenv/bin/python`).
"""

import os
import warnings

import numpy as np
import pytest

pytest.importorskip("PIL")
pytest.importorskip("scipy")

from PIL import Image  # noqa: E402

import autograph as ag  # noqa: E402

im = ag.keras.preprocessing.image
X = (np.arange(5 * 6 * 7 * 3) % 251).reshape(5, 6, 7, 3).astype("float32")


def test_next_reshuffles_when_an_epoch_ends_on_a_batch_boundary():
    batches = im.ImageDataGenerator().flow(X[:4], np.arange(4), batch_size=2, seed=1)
    labels = [next(batches)[1].tolist() for _ in range(5)]
    assert labels == [[3, 2], [0, 1], [3, 1], [0, 2], [0, 1]]


def test_next_without_shuffle_starts_over_after_the_last_batch():
    batches = im.ImageDataGenerator().flow(X[:4], np.arange(4), batch_size=2, shuffle=False)
    assert [next(batches)[1].tolist() for _ in range(3)] == [[0, 1], [2, 3], [0, 1]]
    assert (batches.batch_index, batches.total_batches_seen) == (1, 3)


def test_an_empty_input_gives_empty_batches():
    batches = im.ImageDataGenerator().flow(X[:0], np.arange(0), batch_size=2)
    x, y = next(batches)
    assert (x.shape, y.shape, len(batches)) == ((0, 6, 7, 3), (0,), 0)


def test_one_sample_repeats_every_batch():
    batches = im.ImageDataGenerator().flow(X[:1], np.arange(1), batch_size=2, seed=0)
    assert [next(batches)[1].tolist() for _ in range(2)] == [[0], [0]]


def test_iter_of_an_iterator_is_itself():
    batches = im.ImageDataGenerator().flow(X, batch_size=2)
    assert iter(batches) is batches


def test_the_base_iterator_needs_a_batch_method():
    with pytest.raises(NotImplementedError, match="_get_batches_of_transformed_samples"):
        im.Iterator(3, 2, False, None)[0]


@pytest.mark.parametrize("args, kwargs, message", [
    (((X, np.arange(4)),), {}, r"^All of the arrays in `x` should have the same length. Found "
                               r"a pair with: len\(x\[0\]\) = 5, len\(x\[\?\]\) = 4$"),
    ((X, np.arange(4)), {}, r"^`x` \(images tensor\) and `y` \(labels\) should have the same "
                            r"length. Found: x.shape = \(5, 6, 7, 3\), y.shape = \(4,\)$"),
    ((X, np.arange(5)), {"sample_weight": np.ones(4)},
     r"^`x` \(images tensor\) and `sample_weight` should have the same length. Found: "
     r"x.shape = \(5, 6, 7, 3\), sample_weight.shape = \(4,\)$"),
    ((X,), {"subset": "test"},
     r'^Invalid subset name: test; expected "training" or "validation".$'),
])
def test_flow_refuses_inputs_of_different_lengths_as_keras(args, kwargs, message):
    with pytest.raises(ValueError, match=message):
        im.ImageDataGenerator(validation_split=0.4).flow(*args, **kwargs)


def test_flow_warns_of_a_channel_count_that_is_not_an_images():
    message = ('NumpyArrayIterator is set to use the data format convention "channels_last" '
               "(channels on axis 3), i.e. expected either 1, 3, or 4 channels on axis 3. "
               "However, it was passed an array with shape (5, 6, 7, 2) (2 channels).")
    with pytest.warns(UserWarning) as caught:
        im.ImageDataGenerator().flow(X[..., :2])
    assert [str(w.message) for w in caught] == [message]
    assert caught[0].filename == __file__  # the line that called flow


def test_flow_reads_channels_on_axis_1_for_channels_first():
    generator = im.ImageDataGenerator(data_format="channels_first")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        generator.flow(X.transpose(0, 3, 1, 2))
    with pytest.warns(UserWarning, match=r"channels on axis 1.*\(6 channels\)"):
        generator.flow(X)


def test_flow_batches_a_list_of_extra_inputs_with_the_labels():
    x, y = next(im.ImageDataGenerator().flow((X, [np.arange(5), np.arange(5) * 10]),
                                             np.arange(5) + 100, batch_size=2, shuffle=False))
    assert isinstance(x, list) and len(x) == 3 and x[0].shape == (2, 6, 7, 3)
    assert (x[1].tolist(), x[2].tolist(), y.tolist()) == ([0, 1], [0, 10], [100, 101])


def test_ignore_class_split_takes_the_training_part_with_its_extras():
    batches = im.ImageDataGenerator(validation_split=0.4).flow(
        (X, np.arange(5) * 10), np.array([0, 0, 1, 1, 1]), subset="training",
        ignore_class_split=True, shuffle=False)
    (x, extra), y = batches[0]
    assert batches.n == 3 and (extra.tolist(), y.tolist()) == ([20, 30, 40], [1, 1, 1])
    np.testing.assert_array_equal(x, X[2:])


def test_a_subset_without_labels_splits_the_images_alone():
    batches = im.ImageDataGenerator(validation_split=0.4).flow(X, subset="validation",
                                                               shuffle=False)
    assert batches.n == 2
    np.testing.assert_array_equal(batches[0], X[:2])


def test_the_generators_dtype_is_the_batches():
    assert next(im.ImageDataGenerator(dtype="float64").flow(X, batch_size=2)).dtype == np.float64


def test_save_to_dir_writes_each_augmented_image_with_kerass_names(tmp_path):
    batches = im.ImageDataGenerator(rotation_range=20).flow(
        X, np.arange(5), batch_size=2, seed=3, save_to_dir=str(tmp_path), save_prefix="aug",
        save_format="jpeg")
    next(batches)
    assert sorted(os.listdir(tmp_path)) == ["aug_3_1447.jpeg", "aug_4_6542.jpeg"]


def test_save_to_dir_writes_channels_first_grayscale_as_png_by_default(tmp_path):
    batches = im.ImageDataGenerator(data_format="channels_first").flow(
        X.transpose(0, 3, 1, 2)[:, :1], batch_size=2, seed=3, save_to_dir=str(tmp_path))
    next(batches)
    assert sorted(os.listdir(tmp_path)) == ["_3_7161.png", "_4_1705.png"]
    for name in os.listdir(tmp_path):
        with Image.open(tmp_path / name) as img:
            assert (img.mode, img.size, np.asarray(img).sum()) == ("L", (7, 6), 5335)


def test_numpy_array_iterators_defaults_are_kerass(tmp_path):
    # Batches of 32 in order, channels last, float32, saved as PNG files without a prefix,
    # and a class split checked.
    generator = im.ImageDataGenerator(validation_split=0.4)
    assert len(im.NumpyArrayIterator(np.zeros((33, 1, 1, 1)), None, generator)) == 2
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        batches = im.NumpyArrayIterator(X.astype("float64"), np.arange(5), generator,
                                        save_to_dir=str(tmp_path), seed=0)
    x, y = next(batches)
    assert (x.dtype, y.tolist()) == (np.float32, [0, 1, 2, 3, 4])
    assert sorted(os.listdir(tmp_path)) == ["_0_2599.png", "_1_2222.png", "_2_7768.png",
                                            "_3_2897.png", "_4_9893.png"]
    with pytest.raises(ValueError, match="^Training and validation subsets have different "
                                         "number of classes after the split. If your numpy "
                                         "arrays are sorted by the label, you might want to "
                                         "shuffle them.$"):
        im.NumpyArrayIterator(X, np.array([0, 0, 1, 1, 1]), generator, subset="training")
