"""`ag.keras.preprocessing.image.ImageDataGenerator` over NumPy arrays, and the transforms,
against Keras's own answers.

The expected numbers were recorded with TensorFlow 2.21.0 (Keras 3.15.1, NumPy 2.4.6, Pillow
13.0.0, scipy 1.17.1) by making the same calls through `tf.keras.preprocessing.image` on the
same inputs (`/tmp/tfenv/bin/python` running this file's calls with `im = tf.keras.
preprocessing.image`). A batch is recorded as its sum, its sum of squares and every 97th value
(`_summary`); augmentation draws from NumPy's global generator in Keras's order, so the
batches are equal to Keras's, not close.
"""

import warnings

import numpy as np
import pytest

pytest.importorskip("PIL")
pytest.importorskip("scipy")

import autograph as ag  # noqa: E402

im = ag.keras.preprocessing.image
X = (np.arange(5 * 6 * 7 * 3) % 251).reshape(5, 6, 7, 3).astype("float32")
Y = np.array([0, 1, 2, 1, 0])


def _summary(batch):
    batch = np.asarray(batch, np.float64)
    return batch.sum(), (batch * batch).sum(), batch.reshape(-1)[::97][:6]


def _check(batch, expected):
    total, squares, every_97th = _summary(batch)
    np.testing.assert_allclose([total, squares], expected[:2], rtol=1e-12)
    np.testing.assert_array_equal(every_97th, np.array(expected[2], np.float64))


def _augmenting():
    return im.ImageDataGenerator(
        rotation_range=30, width_shift_range=0.2, height_shift_range=0.1, shear_range=10,
        zoom_range=0.2, channel_shift_range=5.0, horizontal_flip=True, vertical_flip=True,
        brightness_range=(0.5, 1.5), rescale=1 / 255, fill_mode="reflect")


FLOW_NEXT = [  # (sum, sum of squares, every 97th value, labels) of four `next` batches
    (138.62745582684875, 111.62113696503002, [0.15294118225574493, 0.24705883860588074, 1.0],
     [0, 1]),
    (112.71765303611755, 55.879451966692855,
     [0.3921568989753723, 0.2392157018184662, 0.6274510025978088], [2, 1]),
    (23.737256072461605, 5.6933338521917785, [0.2549019753932953, 0.125490203499794], [0]),
    (110.24706444516778, 55.70465750152325,
     [0.7098039388656616, 0.15294118225574493, 0.5764706134796143], [2, 1]),
]


def test_flow_with_a_seed_gives_kerass_augmented_batches():
    batches = _augmenting().flow(X, Y, batch_size=2, seed=7)
    for expected in FLOW_NEXT:
        x, y = next(batches)
        assert x.dtype == np.float32 and x.shape[1:] == (6, 7, 3)
        _check(x, expected)
        assert y.tolist() == expected[3]


def test_flow_indexing_after_next_reseeds_by_the_batches_seen():
    batches = _augmenting().flow(X, Y, batch_size=2, seed=7)
    for _ in range(4):
        next(batches)
    x, y = batches[1]
    _check(x, (67.28627814725041, 23.884754527027358,
               [0.545098066329956, 0.1882353127002716, 0.22352942824363708]))
    assert y.tolist() == [0, 0]
    assert (batches.total_batches_seen, len(batches)) == (5, 3)


def test_reset_starts_next_over_in_a_new_order():
    batches = _augmenting().flow(X, Y, batch_size=2, seed=7)
    for _ in range(4):
        next(batches)
    batches[1]
    batches.on_epoch_end()
    batches.reset()
    assert next(batches)[1].tolist() == [0, 1]


def test_flow_without_shuffle_returns_the_samples_in_order_with_weights():
    batches = im.ImageDataGenerator().flow(X, Y, batch_size=3, shuffle=False,
                                           sample_weight=np.arange(5.0))
    x, y, w = batches[1]
    np.testing.assert_array_equal(x, X[3:])
    assert (y.tolist(), w.tolist()) == ([1, 0], [3.0, 4.0])


def test_flow_with_extra_inputs_and_no_labels_batches_them_along():
    x, extra = next(im.ImageDataGenerator().flow((X, np.arange(5)), batch_size=2,
                                                 shuffle=False))
    np.testing.assert_array_equal(x, X[:2])
    assert extra.tolist() == [0, 1]


def test_flow_subsets_split_off_the_first_part_for_validation():
    gen = im.ImageDataGenerator(validation_split=0.4)
    labels = np.array([0, 1, 0, 1, 1])
    validation = gen.flow(X, labels, subset="validation", shuffle=False)
    training = gen.flow(X, labels, subset="training", shuffle=False)
    assert (validation.n, training.n) == (2, 3)
    np.testing.assert_array_equal(validation[0][0], X[:2])


def test_flow_refuses_a_split_that_loses_a_class():
    gen = im.ImageDataGenerator(validation_split=0.4)
    with pytest.raises(ValueError, match="different number of classes"):
        gen.flow(X, np.array([0, 0, 1, 1, 1]), subset="training")


def test_get_random_transform_draws_list_and_int_shifts_as_keras():
    gen = im.ImageDataGenerator(width_shift_range=[1, 2, 3], height_shift_range=2,
                                zoom_range=[0.9, 1.1], data_format="channels_first",
                                fill_mode="constant", cval=0.5, interpolation_order=0)
    params = gen.get_random_transform((3, 6, 7), seed=3)
    assert (params["theta"], params["tx"], params["ty"], params["shear"]) == (0, 0, 2, 0)
    np.testing.assert_array_equal([params["zx"], params["zy"]],
                                  [0.9581809477825889, 1.0021655210395326])
    assert params["channel_shift_intensity"] is None and params["brightness"] is None
    _check(gen.apply_transform(X[0].transpose(2, 0, 1), params), (7035.0, 635064.5, [42, 83]))


def test_get_random_transform_scales_fractional_shifts_by_the_image_size():
    gen = im.ImageDataGenerator(width_shift_range=0.3, height_shift_range=0.4, rotation_range=15)
    params = gen.get_random_transform((6, 7, 3), seed=11)
    np.testing.assert_array_equal([params["theta"], params["tx"], params["ty"]],
                                  [-9.591909333696924, -2.306518840859402, -0.15448218870695257])
    assert not params["flip_horizontal"] and (params["zx"], params["zy"]) == (1, 1)


def test_random_transform_with_a_seed_is_kerass():
    gen = im.ImageDataGenerator(width_shift_range=0.3, height_shift_range=0.4, rotation_range=15)
    _check(gen.random_transform(X[1], seed=5),
           (21030.528030395508, 3607261.9191014143, [129.5199432373047, 192.32814025878906]))


def test_fit_computes_featurewise_mean_and_std_after_rescaling():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # std normalization implies centring: Keras warns
        gen = im.ImageDataGenerator(featurewise_center=True, featurewise_std_normalization=True,
                                    rescale=0.5)
    gen.fit(X)
    np.testing.assert_array_equal(gen.mean.ravel(),
                                  np.float32([56.349998474121094, 56.25238037109375,
                                              56.154762268066406]))
    np.testing.assert_array_equal(gen.std.ravel(),
                                  np.float32([35.716976165771484, 35.61310958862305,
                                              35.507286071777344]))
    _check(gen.standardize(X[2].copy()),
           (-86.68792381463572, 92.50139179910907, [-1.563682198524475, -0.2036435604095459]))


def test_fit_zca_whitening_on_augmented_rounds_is_kerass():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gen = im.ImageDataGenerator(zca_whitening=True, zca_epsilon=0.1)
        repeated = im.ImageDataGenerator(zca_whitening=True, zca_epsilon=0.1)
    small = X[:, :3, :3, :] / 100.0
    gen.fit(small, augment=True, rounds=2, seed=1)
    # With no random transform the two rounds repeat the images: of the ten singular values
    # five are zero, and which null vectors LAPACK returns (so the matrix's entries) depends
    # on the machine. Its action on the images is what is defined.
    repeated.fit(np.concatenate([small, small]))
    np.testing.assert_array_equal(gen.zca_whitening_matrix, repeated.zca_whitening_matrix)
    whitened = gen.standardize(small[1].copy())
    np.testing.assert_allclose(whitened.sum(), 6.259331712014229, rtol=1e-5)


def test_fit_with_augmentation_draws_each_round():
    gen = im.ImageDataGenerator(featurewise_center=True, rotation_range=40)
    gen.fit(X[:, :3, :3, :] / 100.0, augment=True, rounds=3, seed=2)
    np.testing.assert_array_equal(gen.mean.ravel(), np.float32(
        [0.752000093460083, 0.7619999647140503, 0.7719997763633728]))


def test_standardize_runs_the_function_then_samplewise_normalization():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gen = im.ImageDataGenerator(samplewise_center=True, samplewise_std_normalization=True,
                                    preprocessing_function=lambda a: a + 1)
    _check(gen.standardize(X[3].copy()),
           (1.1473894119262695e-05, 125.9999932562931,
            [-1.3742680549621582, 0.9038148522377014]))


def test_standardize_before_fit_warns_as_keras():
    gen = im.ImageDataGenerator(featurewise_center=True)
    with pytest.warns(UserWarning, match="hasn't been fit on any training data"):
        gen.standardize(X[0].copy())


def test_a_warning_while_batching_points_at_the_users_next():
    batches = im.ImageDataGenerator(featurewise_center=True).flow(X, batch_size=1)
    with pytest.warns(UserWarning, match="hasn't been fit on any training data") as caught:
        next(batches)
    assert caught[0].filename == __file__


def test_std_normalization_implies_centring_with_a_warning():
    with pytest.warns(UserWarning, match="overrides setting of `featurewise_center`"):
        gen = im.ImageDataGenerator(featurewise_std_normalization=True)
    assert gen.featurewise_center


def test_random_transforms_draw_in_kerass_order():
    np.random.seed(0)
    image = X[0].transpose(2, 0, 1)  # the functions' default axes are channels first
    _check(im.random_rotation(image, 25),
           (7929.865120172501, 662890.8436908717, [0.39006805419921875, 44.168094635009766]))
    _check(im.random_shift(image, 0.2, 0.3),
           (8760.457918167114, 762425.3562951277, [8.366531372070312, 47.04248809814453]))
    _check(im.random_shear(image, 20),
           (7880.724809885025, 658146.0766746888, [0.3128887414932251, 41.0206184387207]))
    _check(im.random_zoom(image, (0.7, 1.2)),
           (7838.096073210239, 655659.3171625161, [0.6612945199012756, 39.11041259765625]))
    _check(im.random_channel_shift(image, 30.0),
           (7412.138472557068, 601636.7067453202, [0.0, 37.25523376464844]))
    _check(im.random_brightness(X[0], (0.3, 0.9)), (13305.0, 1887975.0, [0.0, 164.0]))


def test_brightness_shift_without_scale_maps_back_to_the_values_range():
    _check(im.apply_brightness_shift(X[0] * 3 - 100, 1.3, scale=False),
           (16282.353267669678, 4058408.377049462, [-100.0, 275.0]))


def test_apply_affine_transform_composes_every_part_about_the_centre():
    out = im.apply_affine_transform(X[1], theta=12, tx=1.5, ty=-2, shear=5, zx=0.8, zy=1.1,
                                    row_axis=0, col_axis=1, channel_axis=2, fill_mode="wrap",
                                    order=3)
    _check(out, (24289.41571044922, 4788410.591172496, [194.7821044921875, 198.81893920898438]))


def test_apply_channel_shift_clips_to_the_images_range():
    _check(im.apply_channel_shift(X[2], -40.0, 2), (3781.0, 215771.0, [1.0, 58.0]))


def test_apply_affine_transform_refuses_channels_in_the_middle():
    with pytest.raises(ValueError, match="Channels are allowed and the first and last"):
        im.apply_affine_transform(X[0], theta=10, row_axis=0, col_axis=2, channel_axis=1)


@pytest.mark.parametrize("kwargs, message", [
    ({"data_format": "channels_middle"}, "`data_format` should be"),
    ({"validation_split": 1.5}, "strictly between 0 and 1"),
    ({"zoom_range": (0.1, 0.2, 0.3)}, "`zoom_range` should be a float"),
    ({"brightness_range": 0.5}, "`brightness_range should be tuple"),
])
def test_bad_constructor_arguments_raise_kerass_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        im.ImageDataGenerator(**kwargs)


def test_flow_refuses_images_that_are_not_rank_4():
    with pytest.raises(ValueError, match="should have rank 4"):
        im.ImageDataGenerator().flow(X[0])


def test_indexing_past_the_last_batch_says_the_length():
    with pytest.raises(ValueError, match="Asked to retrieve element 3, but the Sequence has "
                                         "length 3"):
        im.ImageDataGenerator().flow(X, batch_size=2)[3]


def test_flow_from_dataframe_says_what_to_use_instead():
    with pytest.raises(NotImplementedError, match="use flow_from_directory"):
        im.ImageDataGenerator().flow_from_dataframe(None)


def test_zca_whitening_with_std_normalization_warns_three_times_as_keras():
    with pytest.warns(UserWarning) as caught:
        gen = im.ImageDataGenerator(zca_whitening=True, featurewise_std_normalization=True)
    assert [str(w.message) for w in caught] == [
        "This ImageDataGenerator specifies `zca_whitening`, which overrides setting of "
        "`featurewise_center`.",
        "This ImageDataGenerator specifies `zca_whitening` which overrides setting "
        "of`featurewise_std_normalization`.",
        "This ImageDataGenerator specifies `featurewise_std_normalization`, which overrides "
        "setting of `featurewise_center`."]
    assert {w.filename for w in caught} == {__file__}  # the caller's line
    assert gen.featurewise_center and not gen.featurewise_std_normalization


def test_samplewise_std_normalization_implies_centring_with_a_warning():
    with pytest.warns(UserWarning) as caught:
        gen = im.ImageDataGenerator(samplewise_std_normalization=True)
    assert [str(w.message) for w in caught] == [
        "This ImageDataGenerator specifies `samplewise_std_normalization`, which overrides "
        "setting of `samplewise_center`."]
    assert caught[0].filename == __file__ and gen.samplewise_center


@pytest.mark.parametrize("kwargs", [
    {"zca_whitening": True, "featurewise_center": True},
    {"samplewise_std_normalization": True, "samplewise_center": True},
    {"featurewise_std_normalization": True, "featurewise_center": True},
])
def test_asking_for_the_implied_centring_too_warns_nothing(kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        im.ImageDataGenerator(**kwargs)


@pytest.mark.parametrize("split", [1.0, -0.5, 1])
def test_a_validation_split_of_one_or_below_zero_is_refused(split):
    with pytest.raises(ValueError, match=rf"^`validation_split` must be strictly between 0 and "
                                         rf"1.  Received: {split}$"):
        im.ImageDataGenerator(validation_split=split)


@pytest.mark.parametrize("zoom, expected", [([0.5, 0.9], [0.5, 0.9]), (0.3, [0.7, 1.3]),
                                            (2, [-1, 3])])
def test_zoom_range_is_a_pair_or_one_number_either_side_of_one(zoom, expected):
    np.testing.assert_allclose(im.ImageDataGenerator(zoom_range=zoom).zoom_range, expected)


def test_zoom_and_brightness_ranges_must_be_numbers_in_a_list_or_tuple():
    with pytest.raises(ValueError, match=r"^`zoom_range` should be a float or a tuple or list of "
                                         r"two floats. Received: \('a', 1\)$"):
        im.ImageDataGenerator(zoom_range=("a", 1))
    with pytest.raises(ValueError, match=r"^`brightness_range should be tuple or list of two "
                                         r"floats. Received: \[0.5 0.9\]$"):
        im.ImageDataGenerator(brightness_range=np.array([0.5, 0.9]))
    assert im.ImageDataGenerator(brightness_range=[0.5, 0.9]).brightness_range == [0.5, 0.9]


def test_fit_zca_whitening_with_the_default_epsilon_is_kerass():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gen = im.ImageDataGenerator(zca_whitening=True)
    gen.fit(np.random.RandomState(0).rand(8, 2, 2, 1))
    np.testing.assert_allclose(gen.zca_whitening_matrix.sum(), 21.529411257776367, rtol=1e-6)
    np.testing.assert_allclose(np.diag(gen.zca_whitening_matrix),
                               [3.4900287147363604, 5.530469736345259, 3.6899419380033867,
                                3.903306211744294], rtol=1e-6)


def test_constant_fill_uses_the_generators_cval_zero_by_default():
    gen = im.ImageDataGenerator(rotation_range=60, fill_mode="constant")
    _check(gen.random_transform(X[2], seed=3),
           (5663.9719581604, 439050.5726582959, [0.0, 100.88224029541016]))
    gen = im.ImageDataGenerator(rotation_range=60, fill_mode="constant", cval=9.0)
    _check(gen.random_transform(X[2], seed=3),
           (5987.9719581604, 441966.5726582959, [9.0, 100.88224029541016]))


@pytest.mark.parametrize("kwargs, tx, ty", [
    ({"height_shift_range": 1.0}, -0.12801019571599248, 0),  # 1.0 is pixels, not a fraction
    ({"width_shift_range": [0.5, 1]}, 0, 0.5),
    ({"width_shift_range": 1}, 0, 0),  # an int n draws from range(n)
    ({"width_shift_range": [0.2, 0.4]}, 0, 1.4000000000000001),
])
def test_shift_ranges_reaching_one_are_pixels_below_one_fractions(kwargs, tx, ty):
    params = im.ImageDataGenerator(**kwargs).get_random_transform((6, 7, 3), seed=2)
    assert (params["tx"], params["ty"]) == (tx, ty)


def test_flow_defaults_to_batches_of_32_shuffled():
    assert len(im.ImageDataGenerator().flow(np.zeros((33, 1, 1, 1)))) == 2
    assert next(im.ImageDataGenerator().flow(X, np.arange(5), seed=4))[1].tolist() == [
        0, 3, 1, 4, 2]


def test_fit_leaves_its_input_unchanged():
    images = X.copy()
    im.ImageDataGenerator(rescale=0.5, featurewise_center=True).fit(images)
    np.testing.assert_array_equal(images, X)


def test_fit_refuses_an_input_that_is_not_rank_4():
    with pytest.raises(ValueError, match=r"^Input to `.fit\(\)` should have rank 4. Got array "
                                         r"with shape: \(6, 7, 3\)$"):
        im.ImageDataGenerator().fit(X[0])


def test_fit_warns_of_a_channel_count_that_is_not_an_images():
    with pytest.warns(UserWarning) as caught:
        im.ImageDataGenerator(featurewise_center=True).fit(X[..., :2])
    assert [str(w.message) for w in caught] == [
        'Expected input to be images (as Numpy array) following the data format convention '
        '"channels_last" (channels on axis 3), i.e. expected either 1, 3 or 4 channels on axis '
        "3. However, it was passed an array with shape (5, 6, 7, 2) (2 channels)."]
    assert caught[0].filename == __file__


def test_fit_and_standardize_channels_first():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gen = im.ImageDataGenerator(featurewise_center=True, featurewise_std_normalization=True,
                                    data_format="channels_first")
    gen.fit(X.transpose(0, 3, 1, 2))
    assert gen.mean.shape == (3, 1, 1)
    np.testing.assert_array_equal(gen.mean.ravel(), np.float32(
        [112.69999694824219, 112.5047607421875, 112.30952453613281]))
    np.testing.assert_array_equal(gen.std.ravel(), np.float32(
        [71.43395233154297, 71.2262191772461, 71.01457214355469]))
    _check(gen.standardize(X[1].transpose(2, 0, 1).copy()),
           (130.90935412049294, 175.01572951414164, [0.1861860156059265, 0.7701303362846375]))


def test_random_transform_channels_first_flips_and_shifts_channels_as_keras():
    gen = im.ImageDataGenerator(rotation_range=30, horizontal_flip=True, vertical_flip=True,
                                data_format="channels_first", channel_shift_range=10)
    params = gen.get_random_transform((3, 6, 7), seed=12)
    assert params == {"theta": -20.750229457219657, "tx": 0, "ty": 0, "shear": 0, "zx": 1,
                      "zy": 1, "flip_horizontal": 0, "flip_vertical": 1,
                      "channel_shift_intensity": 0.6747878676059553, "brightness": None}
    _check(gen.apply_transform(X[1].transpose(2, 0, 1), params),
           (23444.138122558594, 4505857.288773105, [234.28704833984375, 203.2719268798828]))


@pytest.mark.parametrize("kwargs, unfit", [
    ({"featurewise_std_normalization": True, "featurewise_center": True},
     ["featurewise_center", "featurewise_std_normalization"]),
    ({"zca_whitening": True, "featurewise_center": True}, ["featurewise_center", "zca_whitening"]),
])
def test_standardize_before_fit_warns_of_each_statistic_and_leaves_the_image(kwargs, unfit):
    gen = im.ImageDataGenerator(**kwargs)
    with pytest.warns(UserWarning) as caught:
        assert gen.standardize(X[0].copy()).sum() == 7875.0
    assert [str(w.message) for w in caught] == [
        f"This ImageDataGenerator specifies `{name}`, but it hasn't been fit on any training "
        "data. Fit it first by calling `.fit(numpy_data)`." for name in unfit]
    assert {w.filename for w in caught} == {__file__}


def test_a_brightness_range_of_three_numbers_is_refused():
    with pytest.raises(ValueError, match=r"^`brightness_range should be tuple or list of two "
                                         r"floats. Received: \(0.5, 0.6, 0.7\)$"):
        im.ImageDataGenerator(brightness_range=(0.5, 0.6, 0.7))


@pytest.mark.parametrize("zoom, expected", [
    ([0.8, 1], [0.8443986342179479, 0.9741464612354753]),
    ([1, 1.2], [1.0443986342179479, 1.1741464612354753]),
])
def test_a_zoom_range_with_one_bound_at_one_still_draws(zoom, expected):
    params = im.ImageDataGenerator(zoom_range=zoom).get_random_transform((6, 7, 3), seed=5)
    assert [params["zx"], params["zy"]] == expected


def test_samplewise_std_normalization_adds_kerass_epsilon_to_a_small_std():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gen = im.ImageDataGenerator(samplewise_std_normalization=True)
    _check(gen.standardize(X[3] * 1e-5),
           (2.5848858058452606e-05, 125.41023564314759, [-1.371047854423523, 0.9016969799995422]))


def test_featurewise_std_normalization_adds_kerass_epsilon_to_a_small_std():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gen = im.ImageDataGenerator(featurewise_std_normalization=True)
    gen.fit(X * 1e-5)
    np.testing.assert_array_equal(gen.std.ravel(), np.float32(
        [0.0007143394905142486, 0.0007122621173039079, 0.000710145803168416]))
    _check(gen.standardize(X[3] * 1e-5),
           (128.9733528792858, 176.93327200474556, [0.1999051421880722, 1.5631731748580933]))


def test_zca_whitening_standardizes_a_batch():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gen = im.ImageDataGenerator(zca_whitening=True, zca_epsilon=0.1)
    small = X[:, :3, :3, :] / 100.0
    gen.fit(small)
    whitened = gen.standardize(small[1:4].copy())
    assert whitened.shape == (3, 3, 3, 3)
    np.testing.assert_allclose([whitened.sum(), (whitened * whitened).sum()],
                               [8.367593533801035, 6.288484397562187], rtol=1e-5)


def test_apply_transform_does_only_what_the_parameters_name():
    gen = im.ImageDataGenerator()
    np.testing.assert_array_equal(gen.apply_transform(X[1], {}), X[1])
    np.testing.assert_array_equal(gen.apply_transform(X[1], {"flip_vertical": 1}), X[1][::-1])
    np.testing.assert_array_equal(gen.apply_transform(X[1], {"flip_horizontal": 1}),
                                  X[1][:, ::-1])


def test_fit_augments_only_when_asked_and_once_by_default():
    gen = im.ImageDataGenerator(featurewise_center=True, rotation_range=40, fill_mode="constant")
    small = X[:, :3, :3, :] / 100.0
    gen.fit(small, seed=2)
    np.testing.assert_array_equal(gen.mean.ravel(), np.float32(
        [0.7519999742507935, 0.7620000243186951, 0.7720000147819519]))
    gen.fit(small, augment=True, seed=2)
    np.testing.assert_array_equal(gen.mean.ravel(), np.float32(
        [0.41777774691581726, 0.4233333170413971, 0.4288889169692993]))
